// Base64 written from fixed pieces and variable text (src/domain/base64-template.ts) against
// Buffer's own: any Unicode, lone surrogates included, at every alignment of the pieces.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Piece, Base64Writer } from '../../src/domain/base64-template.ts';

const BOUNDS = ['\u007f', '\u0080', '\u07ff', '\u0800', '\ud7ff', '\udbff', '\udfff', '\ue000', '\uffff'];

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  // Lone and paired surrogates, and the widths of UTF-8 (1, 2, 3 and 4 bytes) with the code points on
  // either side of each width's bounds and of the surrogates' (a high one before a code above them too).
  fc
    .array(fc.constantFrom('a', 'å', '\u00a0', '\u202f', '€', '😀', '\ud800', '\udc00', '"', ...BOUNDS), { maxLength: 8 })
    .map((chars) => chars.join('')),
);

describe('base64 of fixed pieces and variable text', () => {
  it('is the base64 of each part in UTF-8 one after the other, as Buffer writes them', () => {
    const writer = new Base64Writer();
    fc.assert(
      fc.property(fc.array(fc.record({ fixed: fc.boolean(), text }), { maxLength: 10 }), (parts) => {
        for (const part of parts) {
          if (part.fixed) writer.piece(base64Piece(part.text));
          else writer.text(part.text);
        }
        // Each part is encoded on its own (a surrogate pair cut between two parts is two U+FFFD).
        const bytes = Buffer.concat(parts.map((p) => Buffer.from(p.text, 'utf8')));
        expect(writer.end()).toBe(bytes.toString('base64'));
      }),
      { numRuns: 2000 },
    );
  });

  it('is the same for text long enough to be encoded by Buffer, at every number of bytes left over before it', () => {
    // Parts of up to 60 UTF-16 units: both sides of the length where Buffer takes over (24).
    const long = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.array(fc.constantFrom('a', 'å', '€', '😀', '\ud800', '\udc00'), { maxLength: 40 }).map((chars) => chars.join('')),
    );
    const writer = new Base64Writer();
    fc.assert(
      fc.property(fc.array(fc.record({ fixed: fc.boolean(), text: long }), { maxLength: 6 }), (parts) => {
        for (const part of parts) {
          if (part.fixed) writer.piece(base64Piece(part.text));
          else writer.text(part.text);
        }
        const bytes = Buffer.concat(parts.map((p) => Buffer.from(p.text, 'utf8')));
        expect(writer.end()).toBe(bytes.toString('base64'));
      }),
      { numRuns: 1000 },
    );
    for (const before of ['', 'a', 'ab']) {
      for (const after of ['', 'x', 'xy', 'xyz']) {
        for (const length of [24, 25, 26, 27]) {
          // A repeated character, and one whose bytes all differ (which byte is left over shows).
          for (const text of ['é'.repeat(length), 'abcdefghijklmnopqrstuvwxyz0123'.slice(0, length)]) {
            const written = new Base64Writer().text(before).text(text).piece(base64Piece(after)).end();
            expect(written, `${before} ${text} ${after}`).toBe(Buffer.from(before + text + after, 'utf8').toString('base64'));
          }
        }
      }
    }
  });

  it('goes on from a cut where it was cut, in another writer or after other text, the cut holding the whole groups', () => {
    const writer = new Base64Writer();
    const other = new Base64Writer();
    fc.assert(
      fc.property(
        fc.array(fc.record({ fixed: fc.boolean(), text }), { maxLength: 6 }),
        fc.array(fc.record({ fixed: fc.boolean(), text }), { maxLength: 6 }),
        text,
        (first, second, between) => {
          const write = (w: Base64Writer, parts: { fixed: boolean; text: string }[]) => {
            for (const part of parts) {
              if (part.fixed) w.piece(base64Piece(part.text));
              else w.text(part.text);
            }
          };
          write(writer, first);
          const cut = writer.cut();
          const firstBytes = Buffer.concat(first.map((p) => Buffer.from(p.text, 'utf8')));
          expect(cut.left).toBe(firstBytes.length % 3);
          expect(cut.base64).toBe(firstBytes.subarray(0, firstBytes.length - cut.left).toString('base64'));
          // The writer is empty after a cut.
          expect(writer.end()).toBe('');
          // Something else written in between, in the other writer: the cut is resumed in its place.
          other.text(between);
          write(other.resume(cut), second);
          const bytes = Buffer.concat([firstBytes, ...second.map((p) => Buffer.from(p.text, 'utf8'))]);
          expect(cut.base64 + other.end()).toBe(bytes.toString('base64'));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('starts empty again after end() and after reset()', () => {
    const writer = new Base64Writer();
    expect(writer.text('ab').end()).toBe('YWI=');
    expect(writer.end()).toBe('');
    writer.text('partial').piece(base64Piece('xyz'));
    writer.reset();
    expect(writer.piece(base64Piece('a')).end()).toBe('YQ==');
    // With bytes left over when reset: none carried on.
    writer.text('a');
    writer.reset();
    expect(writer.text('bc').end()).toBe('YmM=');
    writer.text('ab');
    writer.reset();
    expect(writer.piece(base64Piece('c')).end()).toBe('Yw==');
  });

  it('encodes text longer than its scratch buffer holds, after bytes left over', () => {
    const long = 'å€😀x'.repeat(3000);
    expect(new Base64Writer().text('a').text(long).end()).toBe(Buffer.from(`a${long}`, 'utf8').toString('base64'));
  });

  it('counts a piece in UTF-8 bytes', () => {
    expect(base64Piece('å€😀').bytes).toBe(2 + 3 + 4);
  });
});
