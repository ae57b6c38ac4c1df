// Base64 of UTF-8 text made of fixed pieces and short variable parts, without encoding the fixed
// pieces again for every answer (offer-template.ts: a group's internalData is some kilobytes of
// catalog text around a few numbers; encoding all of it per answer was a fifth of an answer's cost).
//
// Base64 turns each 3 bytes into 4 characters, so a piece's encoding depends only on how many bytes
// (0, 1 or 2) are left over before it: each fixed piece is encoded once for each of the three, its
// first 0–2 bytes kept aside to complete the bytes left over, its last 0–2 bytes carried to what
// follows. An answer then encodes only the variable parts and those few bytes at the seams.
//
// Each piece and each variable part is encoded on its own, as Buffer.from(part, 'utf8') would: a lone
// surrogate is written as U+FFFD (so a pair must not be cut between two parts; JSON text never is).

/** Where text is encoded by Buffer (writers are used synchronously: one scratch serves them all). */
const SCRATCH = Buffer.allocUnsafe(16 * 1024);

/** Text longer than this is encoded by Buffer. */
const NATIVE_FROM = 24;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A fixed piece as written after 0, 1 or 2 bytes left over. */
interface Seam {
  /** Bytes that complete the left-over ones to 3 (or the whole piece, when it is shorter than that). */
  head: number[];
  /** Whether the piece is shorter than `head` needs: then it is only carried on. */
  short: boolean;
  /** The base64 of the piece's bytes after `head`, whole groups of 3. */
  middle: string;
  /** The last 0–2 bytes, carried to what follows. */
  tail: number[];
}

/** A fixed piece of text, encoded once for each number of bytes that may be left over before it. */
export interface Base64Piece {
  readonly seams: readonly [Seam, Seam, Seam];
  /** Its UTF-8 length, for caches that count bytes. */
  readonly bytes: number;
}

export function base64Piece(text: string): Base64Piece {
  const bytes = Buffer.from(text, 'utf8');
  const seam = (leftOver: number): Seam => {
    const need = (3 - leftOver) % 3;
    if (bytes.length < need) return { head: [...bytes], short: true, middle: '', tail: [] };
    const whole = need + Math.floor((bytes.length - need) / 3) * 3;
    return {
      head: [...bytes.subarray(0, need)],
      short: false,
      middle: bytes.subarray(need, whole).toString('base64'),
      tail: [...bytes.subarray(whole)],
    };
  };
  return { seams: [seam(0), seam(1), seam(2)], bytes: bytes.length };
}

/** Base64 written up to a point: its whole groups, and the 0–2 bytes left over. */
export interface Base64Cut {
  base64: string;
  left: number;
  b0: number;
  b1: number;
}

/** Writes base64 of a sequence of fixed pieces and variable text; `end()` gives it, padded. */
export class Base64Writer {
  private out = '';
  /** Bytes left over (at most 2), and how many. */
  private b0 = 0;
  private b1 = 0;
  private left = 0;

  /** Appends a fixed piece. */
  piece(piece: Base64Piece): this {
    const seam = piece.seams[this.left]!;
    for (const byte of seam.head) this.byte(byte);
    if (seam.short) return this;
    this.out += seam.middle;
    const tail = seam.tail;
    this.left = tail.length;
    if (tail.length > 0) this.b0 = tail[0]!;
    if (tail.length > 1) this.b1 = tail[1]!;
    return this;
  }

  /**
   * Appends text encoded as UTF-8: a short part byte by byte in JavaScript, a longer one by Buffer
   * (a native call costs about what a few dozen bytes cost here).
   */
  text(text: string): this {
    if (text.length > NATIVE_FROM) return this.native(text);
    for (let i = 0; i < text.length; i += 1) {
      let code = text.charCodeAt(i);
      if (code < 0x80) {
        this.byte(code);
        continue;
      }
      if (code < 0x800) {
        this.byte(0xc0 | (code >> 6));
        this.byte(0x80 | (code & 0x3f));
        continue;
      }
      if (code >= 0xd800 && code <= 0xdfff) {
        const next = text.charCodeAt(i + 1);
        if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          i += 1;
          this.byte(0xf0 | (code >> 18));
          this.byte(0x80 | ((code >> 12) & 0x3f));
          this.byte(0x80 | ((code >> 6) & 0x3f));
          this.byte(0x80 | (code & 0x3f));
          continue;
        }
        // A lone surrogate: U+FFFD, as Buffer writes it.
        code = 0xfffd;
      }
      this.byte(0xe0 | (code >> 12));
      this.byte(0x80 | ((code >> 6) & 0x3f));
      this.byte(0x80 | (code & 0x3f));
    }
    return this;
  }

  /**
   * What was written so far, cut: the whole groups of base64, and the bytes left over to go on with
   * later (resume); the writer is empty again.
   */
  cut(): Base64Cut {
    const cut: Base64Cut = { base64: this.out, left: this.left, b0: this.b0, b1: this.b1 };
    this.reset();
    return cut;
  }

  /** Goes on from a cut, in place of what was written. */
  resume(cut: Base64Cut): this {
    this.out = '';
    this.left = cut.left;
    this.b0 = cut.b0;
    this.b1 = cut.b1;
    return this;
  }

  /** Forgets what was written (after an error part-way). */
  reset(): void {
    this.out = '';
    this.left = 0;
  }

  /** The base64 written, padded with `=`; the writer is empty again. */
  end(): string {
    let out = this.out;
    if (this.left === 1) out += `${ALPHABET[this.b0 >> 2]}${ALPHABET[(this.b0 & 3) << 4]}==`;
    else if (this.left === 2) {
      out += `${ALPHABET[this.b0 >> 2]}${ALPHABET[((this.b0 & 3) << 4) | (this.b1 >> 4)]}${ALPHABET[(this.b1 & 15) << 2]}=`;
    }
    this.out = '';
    this.left = 0;
    return out;
  }

  private native(text: string): this {
    const left = this.left;
    // UTF-8 takes at most 3 bytes per UTF-16 unit: the shared scratch holds most parts without a length scan.
    const bytes = left + 3 * text.length <= SCRATCH.length ? SCRATCH : Buffer.allocUnsafe(left + Buffer.byteLength(text, 'utf8'));
    if (left > 0) bytes[0] = this.b0;
    if (left > 1) bytes[1] = this.b1;
    const length = left + bytes.write(text, left, 'utf8');
    const whole = length - (length % 3);
    this.out += bytes.toString('base64', 0, whole);
    this.left = length - whole;
    if (this.left > 0) this.b0 = bytes[whole]!;
    if (this.left > 1) this.b1 = bytes[whole + 1]!;
    return this;
  }

  private byte(byte: number): void {
    if (this.left === 0) {
      this.b0 = byte;
      this.left = 1;
    } else if (this.left === 1) {
      this.b1 = byte;
      this.left = 2;
    } else {
      const b0 = this.b0;
      const b1 = this.b1;
      this.out += `${ALPHABET[b0 >> 2]}${ALPHABET[((b0 & 3) << 4) | (b1 >> 4)]}${ALPHABET[((b1 & 15) << 2) | (byte >> 6)]}${ALPHABET[byte & 63]}`;
      this.left = 0;
    }
  }
}
