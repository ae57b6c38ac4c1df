// Stores for the admin API (docs/catalog.md#admin-api). Deleting a store deletes its payment methods (foreign key
// cascade); sessions of the store keep answering, with nothing eligible.
import type { Db } from '../../storage/handles.ts';
import { validateStoreBody } from '../../catalog-input/validate.ts';
import type { Store } from '../../domain/catalog.ts';
import { Errors } from '../../errors.ts';
import { CatalogWriter } from '../../storage/repositories/catalog-writer.ts';
import { StoresRepository } from '../../storage/repositories/stores.ts';
import type { Actor } from '../audit.ts';
import type { CatalogChanges } from '../catalog-changes.ts';
import { PaymentMethodsRepository } from '../../storage/repositories/payment-methods.ts';
import { isUuid } from '../../lib/ids.ts';
import { knownReferences, limits, pageOf, validated, type Page, type PageRequest, type PutResult } from './common.ts';

export class AdminStores {
  constructor(
    private readonly db: Db,
    private readonly changes: CatalogChanges,
  ) {}

  async list(request: PageRequest & { merchantId?: string | undefined }): Promise<Page<Store>> {
    const { stores, totalElements } = await new StoresRepository(this.db).list({ merchantId: request.merchantId, ...limits(request) });
    return pageOf(stores, totalElements, request);
  }

  async get(id: string): Promise<Store> {
    const store = isUuid(id) ? await new StoresRepository(this.db).findById(id.toLowerCase()) : undefined;
    if (!store) throw new Errors.NOT_FOUND(`Store "${id}"`);
    return store;
  }

  /** Creates or replaces the store `id` with the body (validated whole; its merchant must exist). */
  async put(id: string, body: unknown, actor: Actor): Promise<PutResult<Store>> {
    return this.changes.write(actor, async (tx, audit) => {
      const known = await knownReferences(tx, body);
      const store = await validated(() => validateStoreBody(id.toLowerCase(), body, known));
      const stores = new StoresRepository(tx);
      const before = await stores.findById(store.id);
      const outcome = await new CatalogWriter(tx).upsertStore(store);
      const stored = await stores.findById(store.id);
      if (!before) await audit.created('store', store.id, stored!);
      else if (outcome !== 'unchanged') await audit.updated('store', store.id, before, stored!);
      return { created: outcome === 'created', entity: stored! };
    });
  }

  /** Deletes the store and, by cascade, its methods: an event for each of them. */
  async delete(id: string, actor: Actor): Promise<void> {
    await this.changes.write(actor, async (tx, audit) => {
      const stores = new StoresRepository(tx);
      const storeId = id.toLowerCase();
      const before = isUuid(storeId) ? await stores.findById(storeId) : undefined;
      if (!before) throw new Errors.NOT_FOUND(`Store "${id}"`);
      const methods = await new PaymentMethodsRepository(tx).listByStore(storeId);
      if (!(await stores.delete(storeId))) throw new Errors.NOT_FOUND(`Store "${id}"`);
      await audit.deleted('store', storeId, before);
      for (const method of methods) await audit.deleted('payment-method', method.id, method);
    });
  }
}
