// The shared rate-limit counter (src/lib/shared-window-counter.ts): counted at once in memory,
// exchanged with a store in the background. The store here is an in-memory stand-in for Redis with
// the same semantics as the script of http/plugins/rate-limit.ts (INCRBY, expiry at a key's first count).
import { describe, expect, it } from 'vitest';
import { SharedWindowCounter, type Exchange } from '../../src/lib/shared-window-counter.ts';

function fakeStore(now: () => number) {
  const keys = new Map<string, { count: number; expiresAt: number }>();
  let failing = false;
  const exchange: Exchange = async (deltas) => {
    if (failing) throw new Error('simulated: the store is down');
    return deltas.map(({ key, delta }) => {
      let entry = keys.get(key);
      if (!entry || now() >= entry.expiresAt) keys.set(key, (entry = { count: 0, expiresAt: now() + 60_000 }));
      entry.count += delta;
      return { count: entry.count, ttlMs: entry.expiresAt - now() };
    });
  };
  return { exchange, keys, fail: (value: boolean) => (failing = value) };
}

describe('SharedWindowCounter', () => {
  it('counts at once, and learns the total of every process at its exchange', async () => {
    let time = 0;
    const now = () => time;
    const store = fakeStore(now);
    const a = new SharedWindowCounter(60_000, 100, store.exchange, now);
    const b = new SharedWindowCounter(60_000, 100, store.exchange, now);
    expect(a.hit('k')).toEqual({ count: 1, resetInMs: 60_000 });
    expect(a.hit('k').count).toBe(2);
    expect(a.pending).toBe(true);
    await a.flush();
    expect(a.pending).toBe(false);
    expect(store.keys.get('k')?.count).toBe(2);
    time = 10_000;
    // b has not exchanged yet: it knows only its own.
    expect(b.hit('k').count).toBe(1);
    await b.flush();
    // Now it knows a's two, and the window's end that the store started.
    expect(b.hit('k')).toEqual({ count: 4, resetInMs: 50_000 });
    // a learns b's at its next exchange.
    expect(a.hit('k').count).toBe(3);
    await a.flush();
    expect(a.hit('k').count).toBe(5);
  });

  it('counts what arrives during an exchange on top of the total it answers', async () => {
    const time = 0;
    const store = fakeStore(() => time);
    let release: (() => void) | undefined;
    let held = true;
    const slow: Exchange = async (deltas) => {
      if (held) await new Promise<void>((resolve) => (release = resolve));
      return store.exchange(deltas);
    };
    const counter = new SharedWindowCounter(60_000, 100, slow, () => time);
    counter.hit('k');
    const flushing = counter.flush();
    counter.hit('k');
    counter.hit('k');
    held = false;
    release?.();
    await flushing;
    // The store has one; the two counted meanwhile are still this process's to send.
    expect(store.keys.get('k')?.count).toBe(1);
    expect(counter.hit('k').count).toBe(4);
    await counter.flush();
    expect(store.keys.get('k')?.count).toBe(4);
  });

  it('keeps what a failed exchange did not send for the next one, and starts new windows', async () => {
    let time = 0;
    const store = fakeStore(() => time);
    const counter = new SharedWindowCounter(60_000, 100, store.exchange, () => time);
    counter.hit('k');
    store.fail(true);
    await expect(counter.flush()).rejects.toThrow(/store is down/);
    // Counted alone meanwhile.
    expect(counter.hit('k').count).toBe(2);
    store.fail(false);
    await counter.flush();
    expect(store.keys.get('k')?.count).toBe(2);
    time = 60_000;
    expect(counter.hit('k')).toEqual({ count: 1, resetInMs: 60_000 });
  });
});
