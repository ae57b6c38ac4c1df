// The caches of the hot path: TtlCache (catalog, store owner, client; time-to-live, stale-on-error)
// and LruCache (sessions, verified tokens; bounded, found values only; by bytes too), and
// OfferRenderer (compiled storefront answers).
import { describe, expect, it } from 'vitest';
import type { StoreMethods } from '../../src/domain/catalog.ts';
import { LruCache, TtlCache } from '../../src/lib/cache.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import { orderRulesText } from '../../src/domain/order-rules.ts';
import { MAX_ANSWER_BYTES, MAX_COMPILED_OFFER_BYTES, MAX_TEMPLATE_BYTES, OfferRenderer } from '../../src/services/offer-renderer.ts';
import { dec, method, store } from '../helpers/fixtures.ts';
import { priceInformationLink } from '../../src/domain/credit-disclosure.ts';

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
    expect(await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)])).toEqual([1, 1]);
    now.advance(999);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    now.advance(1);
    expect(await cache.getOrLoad('k', load)).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, size: 1, stale: 0 });
  });

  it('reloads when the clock was stepped back (an entry never becomes fresh for longer than its time-to-live)', async () => {
    const now = clock(10_000);
    const cache = new TtlCache<string, number>(now, 1000, 10, 'test');
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('k', load)).toBe(1);
    now.advance(-5000);
    expect(await cache.getOrLoad('k', load)).toBe(2);
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
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    failing = true;
    now.advance(1000);
    expect(await cache.getOrLoad('k', load)).toBe('v1'); // reload failed: stale
    expect(loads).toBe(2);
    // Within the retry window no new load is tried.
    now.advance(500);
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    expect(loads).toBe(2);
    now.advance(500);
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    expect(loads).toBe(3);
    expect(cache.stats().stale).toBe(3);
    // The bound: 1 s time-to-live + 60 s of staleness after the last successful load.
    now.advance(60_000);
    await expect(cache.getOrLoad('k', load)).rejects.toThrow('down');
    // Back: fresh values again.
    failing = false;
    expect(await cache.getOrLoad('k', load)).toMatch(/^v/);
  });

  it('propagates other errors, and keeps no failed load', async () => {
    const now = clock();
    const cache = new TtlCache<string, string>(now, 1000, 10, 'test', staleIfError);
    expect(await cache.getOrLoad('k', async () => 'v')).toBe('v');
    now.advance(1000);
    await expect(cache.getOrLoad('k', async () => Promise.reject(new Error('bug')))).rejects.toThrow('bug');
    expect(cache.stats().size).toBe(0);
  });

  it('invalidate() forces a reload but keeps the value as the stale-on-error fallback', async () => {
    const now = clock();
    const cache = new TtlCache<string, string>(now, 1000, 10, 'test', staleIfError);
    expect(await cache.getOrLoad('k', async () => 'old')).toBe('old');
    cache.invalidate();
    expect(await cache.getOrLoad('k', async () => 'new')).toBe('new');
    cache.invalidate();
    expect(await cache.getOrLoad('k', async () => Promise.reject(new Unreachable('down')))).toBe('new');
  });

  it('without stale-on-error, invalidate() drops everything', async () => {
    const cache = new TtlCache<string, string>(clock(), 1000, 10, 'test');
    await cache.getOrLoad('k', async () => 'v');
    cache.invalidate();
    expect(cache.stats().size).toBe(0);
    await expect(cache.getOrLoad('k', async () => Promise.reject(new Unreachable('down')))).rejects.toThrow('down');
  });

  it('holds at most maxEntries', async () => {
    const cache = new TtlCache<number, number>(clock(), 1000, 3, 'test');
    for (let i = 0; i < 10; i++) await cache.getOrLoad(i, async (k) => k);
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

describe('LruCache bounded by bytes', () => {
  const sized = (maxBytes: number, maxEntries = 100) =>
    new LruCache<string, string>(maxEntries, 'sized', { maxBytes, sizeOf: (key, value) => key.length + value.length });

  it('evicts the least recently used entries until the new one fits, and counts what it holds', () => {
    const cache = sized(10);
    cache.set('a', '1234');
    cache.set('b', '1234');
    expect(cache.stats()).toMatchObject({ size: 2, bytes: 10 });
    cache.get('a');
    cache.set('c', '12');
    // b was the least recently used.
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual(['1234', undefined, '12']);
    expect(cache.stats()).toMatchObject({ size: 2, bytes: 8 });
  });

  it('never keeps an entry larger than the whole bound, and keeps the rest', () => {
    const cache = sized(10);
    cache.set('a', '12');
    cache.set('big', '123456789');
    expect(cache.peek('big')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ size: 1, bytes: 3 });
  });

  it('keeps its count right when entries are replaced, deleted or refused as outdated', () => {
    const cache = sized(100);
    cache.set('a', '1');
    cache.set('a', '12345');
    expect(cache.stats().bytes).toBe(6);
    expect(cache.get('a', () => false)).toBeUndefined();
    expect(cache.stats()).toMatchObject({ size: 0, bytes: 0 });
    cache.set('b', '1');
    cache.delete('b');
    cache.delete('b');
    expect(cache.stats()).toMatchObject({ size: 0, bytes: 0 });
  });

  it('still honours its count bound', () => {
    const cache = sized(1000, 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, key);
    expect(cache.stats()).toMatchObject({ size: 2, bytes: 4 });
  });
});

describe('OfferRenderer', () => {
  const catalogOf = (name: string): StoreMethods => ({
    store: store(),
    methods: [method({ name, maxPurchaseLimit: dec('1000') }), method({ minPurchaseLimit: dec('500'), maxPurchaseLimit: dec('5000') })],
  });
  const serialize = (groups: unknown) => JSON.stringify(groups);
  const request = {
    storeId: 's',
    campaign: undefined,
    customerType: undefined,
    flattened: false,
    language: 'en' as const,
    link: priceInformationLink('http://localhost', 's', undefined),
  };
  const regions = (renderer: OfferRenderer) => renderer.stats().find((s) => s.name === 'offer_region')!;

  it('compiles a region once per catalog object and question, whatever the amount in it', () => {
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const catalog = catalogOf('Invoice');
    for (const amount of ['10', '20.5', '499.99']) renderer.render(catalog, { ...request, amount }, serialize);
    expect(regions(renderer)).toMatchObject({ hits: 2, misses: 1, size: 1 });
    renderer.render(catalog, { ...request, amount: '600' }, serialize);
    renderer.render(catalog, { ...request, amount: '600', customerType: 'NATURAL' }, serialize);
    expect(regions(renderer)).toMatchObject({ misses: 3, size: 3 });
  });

  it('never renders from another catalog object (a changed catalog)', () => {
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const before = renderer.render(catalogOf('Invoice'), { ...request, amount: '100' }, serialize);
    const after = renderer.render(catalogOf('Invoice (renamed)'), { ...request, amount: '100' }, serialize);
    expect(JSON.parse(String(after.body))[0].title).toBe('Invoice (renamed)');
    expect(after.etag).not.toBe(before.etag);
  });

  it('keeps the parts of the question apart, whatever the campaign text', () => {
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const campaignMethod = method({ campaign: { campaign: true, keywords: ['a","x'] } });
    const catalog: StoreMethods = { store: store(), methods: [campaignMethod] };
    const first = renderer.render(catalog, { ...request, amount: '1', campaign: 'a","x' }, serialize);
    const second = renderer.render(catalog, { ...request, amount: '1', campaign: 'a', customerType: 'NATURAL' }, serialize);
    expect([JSON.parse(String(first.body)).length, JSON.parse(String(second.body)).length]).toEqual([1, 0]);
  });

  it('keeps nothing for an amount no cart reaches (any length is valid; each would hold its bytes)', () => {
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const catalog = catalogOf('Invoice');
    expect(String(renderer.render(catalog, { ...request, amount: '9'.repeat(8000) }, serialize).body)).toBe('[]');
    expect(renderer.stats().map((s) => s.size)).toEqual([0, 0, 0]);
  });

  const answers = (renderer: OfferRenderer) => renderer.stats().find((s) => s.name === 'offer_answer')!;

  it('keeps the answer of an amount asked for twice, and serves it again as it was', () => {
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const catalog = catalogOf('Invoice');
    const first = renderer.render(catalog, { ...request, amount: '100' }, serialize);
    expect(answers(renderer)).toMatchObject({ size: 0, hits: 0 });
    const second = renderer.render(catalog, { ...request, amount: '100' }, serialize);
    expect(answers(renderer)).toMatchObject({ size: 1, misses: 1, hits: 0 });
    const third = renderer.render(catalog, { ...request, amount: '00100' }, serialize);
    expect(answers(renderer)).toMatchObject({ size: 1, hits: 1 });
    expect(String(second.body)).toBe(String(first.body));
    expect(second.etag).toBe(first.etag);
    expect(third).toBe(second);
    // Another question, or another catalog object, never gets it.
    expect(renderer.render(catalog, { ...request, amount: '100', customerType: 'LEGAL' }, serialize)).not.toBe(second);
    const renamed = renderer.render(catalogOf('Invoice (renamed)'), { ...request, amount: '100' }, serialize);
    expect(JSON.parse(String(renamed.body))[0].title).toBe('Invoice (renamed)');
    expect(answers(renderer).hits).toBe(1);
  });

  it('keeps nothing for amounts asked for once, however many', () => {
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const catalog = catalogOf('Invoice');
    for (let cents = 1; cents <= 5000; cents += 1) renderer.render(catalog, { ...request, amount: (cents / 100).toFixed(2) }, serialize);
    expect(answers(renderer)).toMatchObject({ size: 0, bytes: 0 });
  });

  it('holds kept answers within their byte bound', () => {
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const catalog: StoreMethods = {
      store: store(),
      methods: [method({ description: 'x'.repeat(20_000), maxPurchaseLimit: dec('100000') })],
    };
    for (let amount = 1; amount <= 400; amount += 1) {
      for (let twice = 0; twice < 2; twice += 1) renderer.render(catalog, { ...request, amount: String(amount) }, serialize);
    }
    const kept = answers(renderer);
    expect(kept.misses).toBe(400);
    expect(kept.bytes).toBeGreaterThan(MAX_ANSWER_BYTES / 2);
    expect(kept.bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
    expect(kept.size).toBeLessThan(400);
  });

  it('holds compiled offers within their byte bound, however many campaigns sessions bring', () => {
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const catalog = catalogOf('Invoice');
    for (let i = 0; i < 40_000; i += 1) renderer.render(catalog, { ...request, amount: '1', campaign: `CAMPAIGN-${i}` }, serialize);
    const compiled = renderer.stats().find((s) => s.name === 'compiled_offer')!;
    expect(compiled.misses).toBe(40_000);
    expect(compiled.bytes).toBeLessThanOrEqual(MAX_COMPILED_OFFER_BYTES);
    expect(compiled.size).toBeLessThan(40_000);
    // The per-catalog index keeps no slots of dropped campaigns (a private field: what would leak).
    const index = (renderer as unknown as { byCatalog: WeakMap<StoreMethods, { withoutRules: { byCampaign: Map<string, unknown> } }> })
      .byCatalog;
    expect(index.get(catalog)!.withoutRules.byCampaign.size).toBe(compiled.size);
  });

  it("holds compiled offers within their byte bound, however many sessions' order rules there are", () => {
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const catalog = catalogOf('Invoice');
    for (let i = 0; i < 40_000; i += 1) {
      const rules = { allowedPaymentMethods: [`TYPE_${i}`] };
      renderer.render(catalog, { ...request, amount: '1', rules, rulesKey: orderRulesText(rules) }, serialize);
    }
    const compiled = renderer.stats().find((s) => s.name === 'compiled_offer')!;
    expect(compiled.misses).toBe(40_000);
    expect(compiled.bytes).toBeLessThanOrEqual(MAX_COMPILED_OFFER_BYTES);
    expect(compiled.size).toBeLessThan(40_000);
    // The per-catalog index keeps the offers of no rules whose entries were dropped.
    const index = (renderer as unknown as { byCatalog: WeakMap<StoreMethods, { byRules: Map<string, unknown> }> }).byCatalog;
    expect(index.get(catalog)!.byRules.size).toBe(compiled.size);
  });

  it('holds templates within its byte bound, however many questions and regions are asked', () => {
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const catalog: StoreMethods = {
      store: store(),
      // 40 methods of 20 KB each, their limits staggered: 81 regions of up to 800 KB.
      methods: Array.from({ length: 40 }, (_, i) =>
        method({ description: 'x'.repeat(20_000), minPurchaseLimit: dec(String(i * 10)), maxPurchaseLimit: dec(String(i * 10 + 400)) }),
      ),
    };
    for (let amount = 5; amount < 800; amount += 10) renderer.render(catalog, { ...request, amount: String(amount) }, serialize);
    const held = regions(renderer);
    expect(held.misses).toBe(80);
    expect(held.bytes).toBeGreaterThan(MAX_TEMPLATE_BYTES / 2);
    expect(held.bytes).toBeLessThanOrEqual(MAX_TEMPLATE_BYTES);
    expect(held.size).toBeLessThan(80);
  });
});
