// Reads a store's catalog (store + methods in display order) for the hot path, and a store's own
// row (its owner for the store-grant check, its country for the merchant listing's language)
// through small per-instance caches. Catalog writes call
// invalidate(); other instances pick a change up when an entry's short time-to-live runs out
// (at most CACHE_TTL_MS later, inside the 2-second bound of docs/catalog.md#visibility-across-instances).
// While the database is unreachable, entries whose time-to-live ran out keep being served, for at
// most MAX_STALE_ON_ERROR_MS (stale-on-error, counted in pms_cache_stale_total): storefronts of
// sessions already cached keep working through a short outage.
import type { Db } from '../storage/handles.ts';
import type { Clock } from '../lib/clock.ts';
import type { Store, StoreMethods } from '../domain/catalog.ts';
import { activeAt, type ActiveCatalog } from '../domain/windows.ts';
import { PaymentMethodsRepository } from '../storage/repositories/payment-methods.ts';
import { StoresRepository } from '../storage/repositories/stores.ts';
import { isDatabaseUnavailable } from '../storage/unavailable.ts';
import { MAX_STALE_ON_ERROR_MS, TtlCache, type CacheStats } from '../lib/cache.ts';

const CACHE_TTL_MS = 1000;
const MAX_CACHED_STORES = 10_000;

export class StoreMethodsReader {
  private readonly stores: StoresRepository;
  private readonly methods: PaymentMethodsRepository;
  private readonly catalogs: TtlCache<string, StoreMethods | undefined>;
  /** Stores' own rows, without their methods (a catalog of 10,000 methods is megabytes to load). */
  private readonly storeRows: TtlCache<string, Store | undefined>;
  /** The catalog last loaded per store, with its rows as JSON: an unchanged reload returns it. */
  private readonly loaded = new Map<string, { rows: string; catalog: StoreMethods }>();
  /**
   * Each loaded catalog as it stands now (its methods outside their windows left out) and until
   * when: one comparison with the clock per request; past a boundary the next request gets the
   * catalog of the new moment, a new object (domain/windows.ts), so that nothing rendered from the
   * old one is served again. No timer and no query: every instance turns at the boundary itself.
   */
  private readonly active = new WeakMap<StoreMethods, ActiveCatalog & { since: number }>();
  /** Each loaded catalog's method ids (storeMethodIds). */
  private readonly methodIds = new WeakMap<StoreMethods, ReadonlySet<string>>();

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.stores = new StoresRepository(db);
    this.methods = new PaymentMethodsRepository(db);
    const staleIfError = { maxStaleMs: MAX_STALE_ON_ERROR_MS, when: isDatabaseUnavailable };
    this.catalogs = new TtlCache(clock, CACHE_TTL_MS, MAX_CACHED_STORES, 'store_catalog', staleIfError);
    // Labelled store_owner in the metrics, as when it held only the owner (dashboards keep working).
    this.storeRows = new TtlCache(clock, CACHE_TTL_MS, MAX_CACHED_STORES, 'store_owner', staleIfError);
  }

  /** For the metrics (pms_cache_lookups_total). */
  cacheStats(): CacheStats[] {
    return [this.catalogs.stats(), this.storeRows.stats()];
  }

  /**
   * The store's catalog, or undefined for an unknown (or deleted) store. The same object comes
   * back for as long as the store's rows are unchanged, even across reloads: answers rendered from
   * it stay valid exactly that long (services/offer-renderer.ts).
   */
  async storeMethods(storeId: string): Promise<StoreMethods | undefined> {
    const loaded = await this.loadedStoreMethods(storeId);
    return loaded && this.activeNow(loaded);
  }

  /** The store's catalog as stored, methods outside their windows included (for the current view). */
  private loadedStoreMethods(storeId: string): Promise<StoreMethods | undefined> {
    return this.catalogs.getOrLoad(storeId, async (id) => {
      const store = await this.stores.findById(id);
      if (!store) {
        this.loaded.delete(id);
        return undefined;
      }
      const fresh: StoreMethods = { store, methods: await this.methods.listByStore(id) };
      const rows = JSON.stringify(fresh, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
      const previous = this.loaded.get(id);
      if (previous?.rows === rows) return previous.catalog;
      this.loaded.delete(id);
      if (this.loaded.size >= MAX_CACHED_STORES) this.loaded.delete(this.loaded.keys().next().value as string);
      this.loaded.set(id, { rows, catalog: fresh });
      return fresh;
    });
  }

  /**
   * The ids of every method of the store, scheduled ones included (a session's rules may name a
   * method before its window opens); undefined for an unknown store. Made once per loaded catalog.
   */
  async storeMethodIds(storeId: string): Promise<ReadonlySet<string> | undefined> {
    const loaded = await this.loadedStoreMethods(storeId);
    if (!loaded) return undefined;
    let ids = this.methodIds.get(loaded);
    if (!ids) this.methodIds.set(loaded, (ids = new Set(loaded.methods.map((m) => m.id.toLowerCase()))));
    return ids;
  }

  /** storeMethods() when its answer is cached and fresh, without a promise (the hot path); else undefined. */
  cachedStoreMethods(storeId: string): { value: StoreMethods | undefined } | undefined {
    const cached = this.catalogs.peekFresh(storeId);
    if (!cached?.value) return cached;
    return { value: this.activeNow(cached.value) };
  }

  private activeNow(catalog: StoreMethods): StoreMethods {
    const now = this.clock();
    const current = this.active.get(catalog);
    // Within the moment's bounds (a clock set back is a new moment too).
    if (current && now < current.validUntil && now >= current.since) return current.catalog;
    const fresh = activeAt(catalog, now);
    // The same methods as the moment before (a boundary of no consequence): the same object.
    const catalogNow = current && sameMethods(current.catalog, fresh.catalog) ? current.catalog : fresh.catalog;
    this.active.set(catalog, { catalog: catalogNow, validUntil: fresh.validUntil, since: now });
    return catalogNow;
  }

  /** The store's own row, or undefined for an unknown store. */
  store(storeId: string): Promise<Store | undefined> {
    return this.storeRows.getOrLoad(storeId, (id) => this.stores.findById(id));
  }

  /** The merchant owning the store, or undefined for an unknown store. */
  async storeOwner(storeId: string): Promise<string | undefined> {
    return (await this.store(storeId))?.merchantId;
  }

  /** Every entry is reloaded before it is served again (kept only as the stale-on-error fallback). */
  invalidate(): void {
    this.catalogs.invalidate();
    this.storeRows.invalidate();
  }
}

function sameMethods(a: StoreMethods, b: StoreMethods): boolean {
  return a.methods.length === b.methods.length && a.methods.every((method, index) => method === b.methods[index]);
}
