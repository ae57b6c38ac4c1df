// The in-memory per-IP rate limit's counter (src/lib/fixed-window-counter.ts).
import { describe, expect, it } from 'vitest';
import { FixedWindowCounter } from '../../src/lib/fixed-window-counter.ts';

describe('FixedWindowCounter', () => {
  it('counts per key in a window that starts at the key’s first request', () => {
    const counter = new FixedWindowCounter(60_000, 100);
    expect(counter.hit('a', 1_000)).toEqual({ count: 1, resetInMs: 60_000 });
    expect(counter.hit('a', 31_000)).toEqual({ count: 2, resetInMs: 30_000 });
    expect(counter.hit('b', 31_000)).toEqual({ count: 1, resetInMs: 60_000 });
    // The window of a ends at 61,000: a new one starts there.
    expect(counter.hit('a', 60_999)).toEqual({ count: 3, resetInMs: 1 });
    expect(counter.hit('a', 61_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('keeps a bounded number of keys, forgetting the least recently counted', () => {
    const counter = new FixedWindowCounter(60_000, 4);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) counter.hit(key, 0);
    // a and b were dropped to make room: they start again.
    expect(counter.hit('a', 1).count).toBe(1);
    expect(counter.hit('f', 1).count).toBe(2);
  });
});
