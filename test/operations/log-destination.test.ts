// The log destination's bounded buffer (src/observability/log-destination.ts): a destination that
// falls behind costs lines, counted and reported, never unbounded memory; the lines that are kept
// are whole and in order.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogDestination } from '../../src/observability/log-destination.ts';

let dir: string;
let file: string;
let fd: number;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pms-log-'));
  file = path.join(dir, 'out.log');
  fd = openSync(file, 'a');
});

afterEach(() => {
  closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
});

/** The lines in the file once it holds `count` (the writes are asynchronous). */
async function written(count: number): Promise<Array<Record<string, unknown>>> {
  const read = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  // 20 s: on a machine loaded by other test files the asynchronous writes have taken over 5 s.
  await vi.waitFor(() => expect(read()).toHaveLength(count), { timeout: 20_000, interval: 20 });
  return read();
}

describe('LogDestination', () => {
  it('drops the lines past its bound while a write is under way, counts them, and keeps the rest whole and in order', async () => {
    const destination = new LogDestination({ fd, maxBufferedBytes: 2_000 });
    const log = pino({ base: null }, destination.stream);
    // All in one turn of the event loop: the first line's write is under way, the rest wait in the buffer.
    for (let n = 0; n < 200; n++) log.info({ n, padding: 'x'.repeat(60) }, 'request completed');
    const dropped = destination.dropped;
    expect(dropped).toBeGreaterThan(150);
    expect(dropped).toBeLessThan(200);

    const lines = await written(200 - dropped);
    // The first lines are kept, in order; what is lost is the tail written while the buffer was full.
    expect(lines.map((line) => line.n)).toEqual(Array.from({ length: 200 - dropped }, (_, n) => n));

    // Once lines go through again, one warning says how many were lost; a second has nothing to say.
    destination.reportDrops(log);
    destination.reportDrops(log);
    const after = await written(200 - dropped + 1);
    expect(after.at(-1)).toMatchObject({ level: 40, droppedLines: dropped, maxBufferedBytes: 2_000 });
    expect(String(after.at(-1)?.msg)).toContain('log lines dropped');
  });

  it('carries the count of a warning that was dropped itself into the next one', async () => {
    const destination = new LogDestination({ fd, maxBufferedBytes: 500 });
    const log = pino({ base: null }, destination.stream);
    for (let n = 0; n < 50; n++) log.info({ n, padding: 'x'.repeat(60) }, 'request completed');
    const dropped = destination.dropped;
    expect(dropped).toBeGreaterThan(0);
    // Still full: the warning is dropped too, and its lines are reported again.
    destination.reportDrops(log);
    expect(destination.dropped).toBe(dropped + 1);

    await written(50 - dropped);
    destination.reportDrops(log);
    const lines = await written(50 - dropped + 1);
    // The lost warning is a dropped line too.
    expect(lines.at(-1)).toMatchObject({ level: 40, droppedLines: dropped + 1 });
    expect(lines.filter((line) => line.level === 40)).toHaveLength(1);
  });

  it('writes every line when the destination keeps up', async () => {
    const destination = new LogDestination({ fd, maxBufferedBytes: 2_000 });
    const log = pino({ base: null }, destination.stream);
    for (let n = 0; n < 50; n++) {
      log.info({ n }, 'request completed');
      await written(n + 1);
    }
    expect(destination.dropped).toBe(0);
    expect((await written(50)).map((line) => line.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });
});
