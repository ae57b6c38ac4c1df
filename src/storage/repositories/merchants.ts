import { sql, type Kysely, type Transaction } from 'kysely';
import type { Merchant } from '../../domain/catalog.ts';
import type { Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Merchants for the admin API (upserts are in catalog-writer.ts). */
export class MerchantsRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<Merchant | undefined> {
    return this.db.selectFrom('merchants').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  /** One page of merchants ordered by id (compared byte-wise, like every other listing). */
  async list(options: { limit: number; offset: number }): Promise<{ merchants: Merchant[]; totalElements: number }> {
    const [merchants, count] = await Promise.all([
      this.db
        .selectFrom('merchants')
        .select(['id', 'name'])
        .orderBy(sql`id collate "C"`)
        .limit(options.limit)
        .offset(options.offset)
        .execute(),
      this.db
        .selectFrom('merchants')
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { merchants, totalElements: Number(count.total) };
  }

  /** How many stores and clients still refer to the merchant (the foreign keys restrict its deletion). */
  async dependents(id: string): Promise<{ stores: number; clients: number }> {
    const [stores, clients] = await Promise.all([
      this.db
        .selectFrom('stores')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('merchant_id', '=', id)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('merchant_id', '=', id)
        .executeTakeFirstOrThrow(),
    ]);
    return { stores: Number(stores.n), clients: Number(clients.n) };
  }

  /** True when the merchant was deleted. Fails with a foreign-key violation while stores or clients refer to it. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('merchants').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
