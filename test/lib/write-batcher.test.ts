// WriteBatcher: group commit for session creation (src/lib/write-batcher.ts).
import { describe, expect, it } from 'vitest';
import { WriteBatcher } from '../../src/lib/write-batcher.ts';

/** A writer whose writes finish only when the test says so. */
function controlledWriter(fail: (items: number[]) => Error | undefined = () => undefined) {
  const calls: { items: number[]; finish: () => void }[] = [];
  const writeMany = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({
        items,
        finish: () => {
          const error = fail(items);
          if (error) reject(error);
          else resolve();
        },
      });
    });
  return { calls, writeMany };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteBatcher', () => {
  it('writes a lone item at once, without waiting for company', async () => {
    const writer = controlledWriter();
    const batcher = new WriteBatcher(writer.writeMany, { maxBatch: 10, maxConcurrent: 2 });
    const done = batcher.write(1);
    expect(writer.calls.map((c) => c.items)).toEqual([[1]]);
    writer.calls[0]!.finish();
    await expect(done).resolves.toBeUndefined();
  });

  it('queues items while maxConcurrent writes are in flight, and writes them together, maxBatch at a time', async () => {
    const writer = controlledWriter();
    const batcher = new WriteBatcher(writer.writeMany, { maxBatch: 3, maxConcurrent: 1 });
    const written: number[] = [];
    const promises = [1, 2, 3, 4, 5, 6].map((n) => batcher.write(n).then(() => written.push(n)));
    expect(writer.calls.map((c) => c.items)).toEqual([[1]]);
    writer.calls[0]!.finish();
    await settle();
    expect(written).toEqual([1]);
    expect(writer.calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    writer.calls[1]!.finish();
    await settle();
    expect(writer.calls.map((c) => c.items)).toEqual([[1], [2, 3, 4], [5, 6]]);
    writer.calls[2]!.finish();
    await Promise.all(promises);
    expect(written).toEqual([1, 2, 3, 4, 5, 6]);
    expect(batcher.stats()).toEqual({ batches: 3, items: 6 });
  });

  it('settles no caller before its own batch is written', async () => {
    const writer = controlledWriter();
    const batcher = new WriteBatcher(writer.writeMany, { maxBatch: 10, maxConcurrent: 1 });
    let secondDone = false;
    void batcher.write(1);
    void batcher.write(2).then(() => (secondDone = true));
    writer.calls[0]!.finish();
    await settle();
    expect(secondDone).toBe(false);
    writer.calls[1]!.finish();
    await settle();
    expect(secondDone).toBe(true);
  });

  it('retries a failed batch item by item: only the bad item fails', async () => {
    const bad = new Error('foreign key violation');
    const writer = controlledWriter((items) => (items.includes(3) ? bad : undefined));
    const batcher = new WriteBatcher(writer.writeMany, { maxBatch: 10, maxConcurrent: 1 });
    const first = batcher.write(1);
    const rest = [2, 3, 4].map((n) =>
      batcher.write(n).then(
        () => 'ok',
        (error: unknown) => error,
      ),
    );
    writer.calls[0]!.finish();
    await first;
    await settle();
    writer.calls[1]!.finish(); // [2, 3, 4] fails as a whole
    await settle();
    expect(writer.calls.slice(2).map((c) => c.items)).toEqual([[2], [3], [4]]);
    for (const call of writer.calls.slice(2)) call.finish();
    expect(await Promise.all(rest)).toEqual(['ok', bad, 'ok']);
  });

  it('fails every caller when every write fails (the database is down)', async () => {
    const down = new Error('connection refused');
    const batcher = new WriteBatcher<number>(
      async () => {
        throw down;
      },
      { maxBatch: 10, maxConcurrent: 1 },
    );
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        batcher.write(n).then(
          () => 'ok',
          (error: unknown) => error,
        ),
      ),
    );
    expect(results).toEqual([down, down, down]);
  });

  it('refuses settings below 1', () => {
    expect(() => new WriteBatcher(async () => {}, { maxBatch: 0, maxConcurrent: 1 })).toThrow(RangeError);
    expect(() => new WriteBatcher(async () => {}, { maxBatch: 1, maxConcurrent: 0 })).toThrow(RangeError);
  });
});
