// Reads a store's catalog (store + methods in display order) for the hot path, with a small
// per-instance cache. Catalog writes call invalidate(); other instances pick a change up when the
// entry's short time-to-live runs out (at most CACHE_TTL_MS later, inside the 2-second bound of
// contract §6).
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { StoreCatalog } from '../domain/payment-method.ts';
import type { Database } from '../storage/schema.ts';
import { PaymentMethodsRepository } from '../storage/repositories/payment-methods.ts';
import { StoresRepository } from '../storage/repositories/stores.ts';

const CACHE_TTL_MS = 1000;
const MAX_CACHED_STORES = 10_000;

interface Entry {
  loadedAt: number;
  catalog: Promise<StoreCatalog | undefined>;
}

export class CatalogReader {
  private readonly stores: StoresRepository;
  private readonly methods: PaymentMethodsRepository;
  private readonly cache = new Map<string, Entry>();

  constructor(db: Kysely<Database>, private readonly clock: Clock) {
    this.stores = new StoresRepository(db);
    this.methods = new PaymentMethodsRepository(db);
  }

  /** The store's catalog, or undefined for an unknown (or deleted) store. */
  storeCatalog(storeId: string): Promise<StoreCatalog | undefined> {
    const now = this.clock();
    const cached = this.cache.get(storeId);
    if (cached && now - cached.loadedAt < CACHE_TTL_MS) return cached.catalog;
    const catalog = this.load(storeId);
    // Concurrent requests share one load; a failed load is not cached.
    catalog.catch(() => {
      if (this.cache.get(storeId)?.catalog === catalog) this.cache.delete(storeId);
    });
    if (this.cache.size >= MAX_CACHED_STORES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(storeId, { loadedAt: now, catalog });
    return catalog;
  }

  invalidate(storeId?: string): void {
    if (storeId === undefined) this.cache.clear();
    else this.cache.delete(storeId);
  }

  private async load(storeId: string): Promise<StoreCatalog | undefined> {
    const store = await this.stores.findById(storeId);
    if (!store) return undefined;
    return { store, methods: await this.methods.listByStore(storeId) };
  }
}
