// Base64 written from fixed pieces and variable text (src/domain/base64-template.ts) against
// Buffer's own: any Unicode, lone surrogates included, at every alignment of the pieces.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Piece, Base64Writer } from '../../src/domain/base64-template.ts';

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  // Lone and paired surrogates, and the widths of UTF-8 (1, 2, 3 and 4 bytes).
  fc
    .array(fc.constantFrom('a', 'å', '\u00a0', '\u202f', '€', '😀', '\ud800', '\udc00', '"'), { maxLength: 8 })
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

  it('starts empty again after end() and after reset()', () => {
    const writer = new Base64Writer();
    expect(writer.text('ab').end()).toBe('YWI=');
    expect(writer.end()).toBe('');
    writer.text('partial').piece(base64Piece('xyz'));
    writer.reset();
    expect(writer.piece(base64Piece('a')).end()).toBe('YQ==');
  });

  it('encodes text longer than its scratch buffer holds, after bytes left over', () => {
    const long = 'å€😀x'.repeat(3000);
    expect(new Base64Writer().text('a').text(long).end()).toBe(Buffer.from(`a${long}`, 'utf8').toString('base64'));
  });

  it('counts a piece in UTF-8 bytes', () => {
    expect(base64Piece('å€😀').bytes).toBe(2 + 3 + 4);
  });
});
