// Merchants for the admin API (docs/catalog.md#admin-api).
import type { Db } from '../../storage/handles.ts';
import { validateMerchantBody } from '../../catalog-input/validate.ts';
import { Errors } from '../../errors.ts';
import { CatalogWriter } from '../../storage/repositories/catalog-writer.ts';
import type { Merchant } from '../../domain/catalog.ts';
import { MerchantsRepository } from '../../storage/repositories/merchants.ts';
import type { Actor } from '../audit.ts';
import type { CatalogChanges } from '../catalog-changes.ts';
import { isForeignKeyViolation, limits, pageOf, validated, type Page, type PageRequest, type PutResult } from './common.ts';

export class AdminMerchants {
  constructor(
    private readonly db: Db,
    private readonly changes: CatalogChanges,
  ) {}

  async list(request: PageRequest): Promise<Page<Merchant>> {
    const { merchants, totalElements } = await new MerchantsRepository(this.db).list(limits(request));
    return pageOf(merchants, totalElements, request);
  }

  async get(id: string): Promise<Merchant> {
    const merchant = await new MerchantsRepository(this.db).findById(id);
    if (!merchant) throw new Errors.NOT_FOUND(`Merchant "${id}"`);
    return merchant;
  }

  /** Creates or replaces the merchant `id` with the body (validated whole). */
  async put(id: string, body: unknown, actor: Actor): Promise<PutResult<Merchant>> {
    const merchant = await validated(() => validateMerchantBody(id, body));
    return this.changes.write(actor, async (tx, audit) => {
      const before = await new MerchantsRepository(tx).findById(merchant.id);
      const outcome = await new CatalogWriter(tx).upsertMerchant(merchant);
      if (!before) await audit.created('merchant', merchant.id, merchant);
      else if (outcome !== 'unchanged') await audit.updated('merchant', merchant.id, before, merchant);
      return { created: outcome === 'created', entity: merchant };
    });
  }

  /**
   * Deletes a merchant that no store and no client refers to; otherwise 409 (delete or move them
   * first: deleting a merchant never cascades into its stores, methods and credentials).
   */
  async delete(id: string, actor: Actor): Promise<void> {
    const conflict = (stores: number, clients: number) =>
      new Errors.CONFLICT(`Merchant "${id}" still has ${stores} store(s) and ${clients} client(s); delete or move them first`);
    try {
      await this.changes.write(actor, async (tx, audit) => {
        const merchants = new MerchantsRepository(tx);
        const before = await merchants.findById(id);
        if (!before) throw new Errors.NOT_FOUND(`Merchant "${id}"`);
        const { stores, clients } = await merchants.dependents(id);
        if (stores > 0 || clients > 0) throw conflict(stores, clients);
        await merchants.delete(id);
        await audit.deleted('merchant', id, before);
      });
    } catch (error) {
      // A store or client created for it concurrently: the foreign key refuses the delete.
      if (isForeignKeyViolation(error)) {
        const { stores, clients } = await new MerchantsRepository(this.db).dependents(id);
        throw conflict(stores, clients);
      }
      throw error;
    }
  }
}
