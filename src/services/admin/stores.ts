// Stores for the admin API (docs/catalog.md#admin-api). Deleting a store deletes its payment methods (foreign key
// cascade); sessions of the store keep answering, with nothing eligible.
import type { Kysely } from 'kysely';
import { validateStoreBody } from '../../catalog-input/validate.ts';
import type { Store } from '../../domain/catalog.ts';
import { Errors } from '../../errors.ts';
import { CatalogWriter } from '../../storage/repositories/catalog-writer.ts';
import { StoresRepository } from '../../storage/repositories/stores.ts';
import type { Database } from '../../storage/schema.ts';
import type { CatalogChanges } from '../catalog-changes.ts';
import { isUuid } from '../../lib/ids.ts';
import { knownReferences, limits, pageOf, validated, type Page, type PageRequest, type PutResult } from './common.ts';

export class AdminStores {
  constructor(
    private readonly db: Kysely<Database>,
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
  async put(id: string, body: unknown): Promise<PutResult<Store>> {
    return this.changes.write(async (tx) => {
      const known = await knownReferences(tx, body);
      const store = await validated(() => validateStoreBody(id.toLowerCase(), body, known));
      const outcome = await new CatalogWriter(tx).upsertStore(store);
      const stored = await new StoresRepository(tx).findById(store.id);
      return { created: outcome === 'created', entity: stored! };
    });
  }

  async delete(id: string): Promise<void> {
    await this.changes.write(async (tx) => {
      const deleted = isUuid(id) && (await new StoresRepository(tx).delete(id.toLowerCase()));
      if (!deleted) throw new Errors.NOT_FOUND(`Store "${id}"`);
    });
  }
}
