// The writer of an answer's bytes (src/domain/byte-writer.ts): each answer is exactly the UTF-8 of its
// pieces and texts, and stays so while later answers are written, in the same slab or in new ones.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../../src/domain/byte-writer.ts';

type Part = { bytes: string } | { text: string };

/** Texts of any Unicode (lone surrogates included), short and long: answers from a few bytes to over a slab. */
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ bytes: fc.string({ unit: 'binary', maxLength: 40 }) }),
  fc.record({ text: fc.string({ unit: 'binary', maxLength: 40 }) }),
  fc.record({ text: fc.constantFrom('Från 238 kr/mån', '\ud800', 'x'.repeat(70_000), 'å'.repeat(30_000)) }),
);

function write(writer: ByteWriter, parts: Part[]): Buffer {
  writer.begin();
  for (const p of parts) {
    if ('bytes' in p) writer.bytes(Buffer.from(p.bytes, 'utf8'));
    else writer.text(p.text);
  }
  return writer.end();
}

const expected = (parts: Part[]) => Buffer.from(parts.map((p) => ('bytes' in p ? p.bytes : p.text)).join(''), 'utf8');

describe('ByteWriter', () => {
  it('writes the UTF-8 of its parts, and no answer changes while others are written after it', () => {
    fc.assert(
      fc.property(fc.array(fc.array(part, { maxLength: 12 }), { minLength: 1, maxLength: 40 }), (answers) => {
        const writers = [new ByteWriter(), new ByteWriter()];
        const written = answers.map((parts, i) => write(writers[i % 2]!, parts));
        answers.forEach((parts, i) => expect(written[i]!.equals(expected(parts))).toBe(true));
      }),
      { numRuns: 60, seed: 20261127 },
    );
  });

  it('fills slab after slab: thousands of answers, each intact at the end', () => {
    const writer = new ByteWriter();
    const answers = Array.from({ length: 3000 }, (_, i) =>
      write(writer, [{ text: `{"n":${i},"t":"mån` }, { bytes: 'x'.repeat(i % 97) }, { text: '"}' }]),
    );
    answers.forEach((answer, i) => expect(answer.toString()).toBe(`{"n":${i},"t":"mån${'x'.repeat(i % 97)}"}`));
  });

  it('starts the next answer within the slab after one that ends in its last bytes', () => {
    // An answer that outgrows its slab moves to a new one twice its size: 2 × (3 + 4 MiB) bytes here,
    // then an answer ends 1 byte before that slab's end, and the one after it must still be written.
    const writer = new ByteWriter();
    const mebibytes = 4 * 2 ** 20;
    const first = writer.begin().bytes(Buffer.from('abc')).bytes(Buffer.alloc(mebibytes, 'x')).end();
    const second = writer
      .begin()
      .bytes(Buffer.alloc(mebibytes - 3, 'y'))
      .end();
    const third = writer.begin().text('after').end();
    expect(third.toString()).toBe('after');
    expect(first.subarray(0, 4).toString()).toBe('abcx');
    expect(first).toHaveLength(mebibytes + 3);
    expect(second.every((byte) => byte === 0x79)).toBe(true);
  });

  it('forgets an answer left unfinished', () => {
    const writer = new ByteWriter();
    writer.begin().text('abandoned');
    expect(write(writer, [{ text: 'kept' }]).toString()).toBe('kept');
    expect(writer.begin().end()).toHaveLength(0);
  });
});
