// The caches of the hot path: TtlCache (catalog, store owner, client; time-to-live, stale-on-error)
// and LruCache (sessions, verified tokens; bounded, found values only), and OfferCache (rendered
// storefront answers).
import { describe, expect, it } from 'vitest';
import type { StoreMethods } from '../../src/domain/catalog.ts';
import { LruCache } from '../../src/lib/lru-cache.ts';
import { MAX_CACHED_AMOUNT_LENGTH, OfferCache } from '../../src/services/offer-cache.ts';
import { TtlCache } from '../../src/lib/ttl-cache.ts';

function clock(start = 0) {
  let now = start;
  return Object.assign(() => now, { advance: (ms: number) => void (now += ms) });
}

class Unreachable extends Error {}
const staleIfError = { maxStaleMs: 60_000, when: (error: unknown) => error instanceof Unreachable };

describe('TtlCache', () => {
  it('loads once per time-to-live and shares a load in flight', async () => {
    const now = clock();
    const cache = new TtlCache<string, number>(now, 1000, 10, 'test');
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    now.advance(999);
    expect(await cache.get('k', load)).toBe(1);
    now.advance(1);
    expect(await cache.get('k', load)).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, size: 1, stale: 0 });
  });

  it('reloads when the clock was stepped back (an entry never becomes fresh for longer than its time-to-live)', async () => {
    const now = clock(10_000);
    const cache = new TtlCache<string, number>(now, 1000, 10, 'test');
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now.advance(-5000);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('serves the last value while reloads fail with an accepted error, for at most maxStaleMs past the time-to-live', async () => {
    const now = clock();
    const cache = new TtlCache<string, string>(now, 1000, 10, 'test', staleIfError);
    let failing = false;
    let loads = 0;
    const load = async () => {
      loads += 1;
      if (failing) throw new Unreachable('down');
      return `v${loads}`;
    };
    expect(await cache.get('k', load)).toBe('v1');
    failing = true;
    now.advance(1000);
    expect(await cache.get('k', load)).toBe('v1'); // reload failed: stale
    expect(loads).toBe(2);
    // Within the retry window no new load is tried.
    now.advance(500);
    expect(await cache.get('k', load)).toBe('v1');
    expect(loads).toBe(2);
    now.advance(500);
    expect(await cache.get('k', load)).toBe('v1');
    expect(loads).toBe(3);
    expect(cache.stats().stale).toBe(3);
    // The bound: 1 s time-to-live + 60 s of staleness after the last successful load.
    now.advance(60_000);
    await expect(cache.get('k', load)).rejects.toThrow('down');
    // Back: fresh values again.
    failing = false;
    expect(await cache.get('k', load)).toMatch(/^v/);
  });

  it('propagates other errors, and keeps no failed load', async () => {
    const now = clock();
    const cache = new TtlCache<string, string>(now, 1000, 10, 'test', staleIfError);
    expect(await cache.get('k', async () => 'v')).toBe('v');
    now.advance(1000);
    await expect(cache.get('k', async () => Promise.reject(new Error('bug')))).rejects.toThrow('bug');
    expect(cache.stats().size).toBe(0);
  });

  it('invalidate() forces a reload but keeps the value as the stale-on-error fallback', async () => {
    const now = clock();
    const cache = new TtlCache<string, string>(now, 1000, 10, 'test', staleIfError);
    expect(await cache.get('k', async () => 'old')).toBe('old');
    cache.invalidate();
    expect(await cache.get('k', async () => 'new')).toBe('new');
    cache.invalidate();
    expect(await cache.get('k', async () => Promise.reject(new Unreachable('down')))).toBe('new');
  });

  it('without stale-on-error, invalidate() drops everything', async () => {
    const cache = new TtlCache<string, string>(clock(), 1000, 10, 'test');
    await cache.get('k', async () => 'v');
    cache.invalidate();
    expect(cache.stats().size).toBe(0);
    await expect(cache.get('k', async () => Promise.reject(new Unreachable('down')))).rejects.toThrow('down');
  });

  it('holds at most maxEntries', async () => {
    const cache = new TtlCache<number, number>(clock(), 1000, 3, 'test');
    for (let i = 0; i < 10; i++) await cache.get(i, async (k) => k);
    expect(cache.stats().size).toBe(3);
  });
});

describe('LruCache', () => {
  it('keeps found values only, and shares a load in flight', async () => {
    const cache = new LruCache<string, string>(10, 'test');
    let loads = 0;
    const missing = async () => {
      loads += 1;
      return undefined;
    };
    expect(await cache.getOrLoad('a', missing)).toBeUndefined();
    expect(await cache.getOrLoad('a', missing)).toBeUndefined();
    expect(loads).toBe(2); // "not found" is never cached
    const found = async () => {
      loads += 1;
      return 'A';
    };
    expect(await Promise.all([cache.getOrLoad('b', found), cache.getOrLoad('b', found)])).toEqual(['A', 'A']);
    expect(loads).toBe(3);
    expect(await cache.getOrLoad('b', found)).toBe('A');
    expect(cache.stats()).toEqual({ name: 'test', hits: 2, misses: 3, size: 1 });
  });

  it('evicts the least recently used beyond maxEntries', () => {
    const cache = new LruCache<string, number>(2, 'test');
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe(1);
    expect(cache.peek('c')).toBe(3);
    expect(cache.stats().size).toBe(2);
  });

  it('drops a value that is no longer valid, as a miss', () => {
    const cache = new LruCache<string, number>(2, 'test');
    cache.set('a', 1);
    expect(cache.get('a', (v) => v > 1)).toBeUndefined();
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1 });
  });

  it('does not keep what `keep` refuses', async () => {
    const cache = new LruCache<string, number>(2, 'test');
    expect(
      await cache.getOrLoad(
        'a',
        async () => 1,
        () => false,
      ),
    ).toBe(1);
    expect(cache.peek('a')).toBeUndefined();
  });
});

describe('OfferCache', () => {
  const catalogA = { store: { id: 's' }, methods: [] } as unknown as StoreMethods;
  const catalogB = { store: { id: 's' }, methods: [] } as unknown as StoreMethods;
  const key = { storeId: 's', campaign: undefined, amount: '100', customerType: undefined, flattened: false };

  it('renders once per catalog object and question', () => {
    const cache = new OfferCache(10);
    let renders = 0;
    const render = () => ({ body: `[${++renders}]`, etag: `"${renders}"` });
    expect(cache.get(catalogA, key, render).body).toBe('[1]');
    expect(cache.get(catalogA, key, render).body).toBe('[1]');
    // Every part of the question is part of the key.
    expect(cache.get(catalogA, { ...key, amount: '100.00' }, render).body).toBe('[2]');
    expect(cache.get(catalogA, { ...key, campaign: 'X' }, render).body).toBe('[3]');
    expect(cache.get(catalogA, { ...key, customerType: 'LEGAL' }, render).body).toBe('[4]');
    expect(cache.get(catalogA, { ...key, flattened: true }, render).body).toBe('[5]');
    expect(cache.get(catalogA, { ...key, storeId: 't' }, render).body).toBe('[6]');
    expect(cache.stats()).toMatchObject({ name: 'offer', hits: 1, misses: 6, size: 6 });
  });

  it('never serves an answer rendered from another catalog object (a changed catalog)', () => {
    const cache = new OfferCache(10);
    expect(cache.get(catalogA, key, () => ({ body: 'old', etag: '"o"' })).body).toBe('old');
    expect(cache.get(catalogB, key, () => ({ body: 'new', etag: '"n"' })).body).toBe('new');
    expect(cache.get(catalogB, key, () => ({ body: 'again', etag: '"a"' })).body).toBe('new');
  });

  it('keeps the parts of the key apart, whatever the campaign text', () => {
    const cache = new OfferCache(10);
    const first = cache.get(catalogA, { ...key, campaign: 'a","100' }, () => ({ body: '1', etag: '"1"' }));
    const second = cache.get(catalogA, { ...key, campaign: 'a', amount: '100","100' }, () => ({ body: '2', etag: '"2"' }));
    expect([first.body, second.body]).toEqual(['1', '2']);
  });

  it('answers amounts longer than a cart can be without keeping them (any length is valid; each would hold its bytes)', () => {
    const cache = new OfferCache(10);
    let renders = 0;
    const render = () => ({ body: `[${++renders}]`, etag: `"${renders}"` });
    const longest = { ...key, amount: '9'.repeat(MAX_CACHED_AMOUNT_LENGTH) };
    expect(cache.get(catalogA, longest, render).body).toBe('[1]');
    expect(cache.get(catalogA, longest, render).body).toBe('[1]');
    const huge = { ...key, amount: '9'.repeat(8000) };
    expect(cache.get(catalogA, huge, render).body).toBe('[2]');
    expect(cache.get(catalogA, huge, render).body).toBe('[3]');
    expect(cache.stats().size).toBe(1);
  });

  it('is bounded, dropping the least recently used answer', () => {
    const cache = new OfferCache(2);
    const render = (body: string) => () => ({ body, etag: `"${body}"` });
    cache.get(catalogA, { ...key, amount: '1' }, render('1'));
    cache.get(catalogA, { ...key, amount: '2' }, render('2'));
    cache.get(catalogA, { ...key, amount: '1' }, render('x'));
    cache.get(catalogA, { ...key, amount: '3' }, render('3'));
    expect(cache.stats().size).toBe(2);
    expect(cache.get(catalogA, { ...key, amount: '1' }, render('y')).body).toBe('1');
    expect(cache.get(catalogA, { ...key, amount: '2' }, render('2 again')).body).toBe('2 again');
  });
});
