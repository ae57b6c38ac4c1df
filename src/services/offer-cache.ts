// Rendered storefront answers (serialized groups and their ETag), kept per store catalog and
// query. The groups are a pure function of the catalog and (campaign, amount, customer type,
// flattened) (docs/session-api.md#group-retrieval), and storefronts ask the same questions over and over: every checkout
// view and cart change of a cart, every product page showing a price. Measured (bench/REPORT.md):
// computing and serializing the groups was most of the hot path's own cost.
//
// An entry is tied to the catalog object it was rendered from: StoreMethodsReader returns the same
// object for as long as the store's rows are unchanged and a new one after any change, so an
// answer is never served from an outdated catalog, and nothing needs invalidating. The operator's
// prefix (which types are bundled) is fixed for the process, so it is not part of the key.
import type { StoreMethods } from '../domain/catalog.ts';
import { LruCache } from '../lib/lru-cache.ts';
import type { CacheStats } from '../lib/ttl-cache.ts';

/**
 * Bounded: an answer of the demo store is about 3.5 KB, so some 35 MB at the most; the amounts
 * shoppers see repeat (cart totals, product prices), the rest is evicted least recently used first.
 */
export const MAX_CACHED_OFFERS = 10_000;

/**
 * Longer amounts are answered but not kept. Any length is a valid amount (it simply exceeds every
 * limit), and an answer repeats its amount in links and internalData: 10,000 answers for
 * 8,000-digit amounts held 300 MB. No cart has 10^13 or more of a currency.
 */
export const MAX_CACHED_AMOUNT_LENGTH = 16;

export interface OfferKey {
  storeId: string;
  campaign: string | undefined;
  /** As the storefront sent it: the answer's links and figures are made from it. */
  amount: string;
  customerType: string | undefined;
  flattened: boolean;
}

/** An answer as sent: the serialized groups and their ETag. */
export interface RenderedOffer {
  body: string;
  etag: string;
}

interface Entry {
  catalog: StoreMethods;
  value: RenderedOffer;
}

export class OfferCache {
  private readonly entries: LruCache<string, Entry>;

  constructor(maxEntries = MAX_CACHED_OFFERS) {
    this.entries = new LruCache(maxEntries, 'offer');
  }

  /** The answer rendered from `catalog` for `key`: cached, or `render()`ed and kept. */
  get(catalog: StoreMethods, key: OfferKey, render: () => RenderedOffer): RenderedOffer {
    if (key.amount.length > MAX_CACHED_AMOUNT_LENGTH) return render();
    // The campaign comes from the session (up to 100 characters, any text): JSON keeps the parts apart.
    const cacheKey = JSON.stringify([key.storeId, key.campaign ?? null, key.amount, key.customerType ?? null, key.flattened]);
    const cached = this.entries.get(cacheKey, (entry) => entry.catalog === catalog);
    if (cached) return cached.value;
    const value = render();
    this.entries.set(cacheKey, { catalog, value });
    return value;
  }

  stats(): CacheStats {
    return this.entries.stats();
  }
}
