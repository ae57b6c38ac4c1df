// An answer's bytes written from pieces already encoded as UTF-8 and the few texts of this answer,
// to be sent as they are (offer-template.ts: group retrieval's answers).
//
// Why: a string body is encoded to UTF-8 by Node for every answer, and a string built with `+` is a
// tree that must be flattened first. For a 5 KB answer of Nordic text (å, ä, ö are two bytes each)
// that was 3.5–5 µs a request, measured; copying the same bytes from pieces encoded once, about a quarter of it.
//
// Answers are written into a slab shared by all writers of the process (writing is synchronous, so
// one answer is written at a time), each a view of its own part: Node's own pool does the same, but
// only for buffers under 4 KB, and an answer of its own memory (an ArrayBuffer each) cost about 1 µs.
// A slab lives as long as any answer written in it (until the socket has written them): kept
// answers, which live in caches, must be copies (Buffer.from), never views of the slab.

/** A slab's size: a dozen answers of the demo store's size. */
const SLAB_BYTES = 64 * 1024;

let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
/** Where the next answer starts in the slab (8-byte aligned, as Node's pool aligns). */
let used = 0;

/** Writes one answer at a time: begin(), then pieces and texts, then end(). */
export class ByteWriter {
  /** Where this answer starts in the slab, and where its next byte goes. */
  private start = 0;
  private at = 0;

  /** Begins an answer (forgetting one left unfinished). */
  begin(): this {
    this.start = used;
    this.at = used;
    return this;
  }

  /** Appends bytes already encoded. */
  bytes(bytes: Uint8Array): this {
    this.room(bytes.length);
    slab.set(bytes, this.at);
    this.at += bytes.length;
    return this;
  }

  /** Appends one byte (an ASCII character's code). */
  byte(byte: number): this {
    this.room(1);
    slab[this.at++] = byte;
    return this;
  }

  /** Appends text as UTF-8 (a lone surrogate as U+FFFD, as Buffer.from writes it). */
  text(text: string): this {
    // At most 3 bytes for each UTF-16 unit: no length scan before writing.
    this.room(3 * text.length);
    this.at += slab.write(text, this.at, 'utf8');
    return this;
  }

  /** How many bytes of this answer are written. */
  get length(): number {
    return this.at - this.start;
  }

  /** The answer: a view of the slab, valid for as long as it is referenced. */
  end(): Buffer {
    const answer = slab.subarray(this.start, this.at);
    // Slabs are multiples of 8 bytes long: the next answer's start stays within this one.
    used = (this.at + 7) & ~7;
    this.start = used;
    this.at = used;
    return answer;
  }

  /** Makes room for `bytes` more: a new slab (the answer so far moved to it) when this one is full. */
  private room(bytes: number): void {
    if (this.at + bytes <= slab.length) return;
    const written = this.at - this.start;
    // Twice what the answer needs (an answer that outgrows a slab is moved once or twice, not at every part).
    const next = Buffer.allocUnsafeSlow(Math.max(SLAB_BYTES, (2 * (written + bytes) + 7) & ~7));
    slab.copy(next, 0, this.start, this.at);
    slab = next;
    this.start = 0;
    this.at = written;
    used = 0;
  }
}
