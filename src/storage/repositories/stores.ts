import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { parseDecimal, type Decimal } from '../../domain/money.ts';
import type { Store } from '../../domain/catalog.ts';
import type { Database, StoresTable } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** NUMERIC columns arrive as text; a value the database produced always parses. */
export function numeric(text: string): Decimal {
  const value = parseDecimal(text);
  if (!value) throw new Error(`unexpected NUMERIC text from the database: ${text}`);
  return value;
}

function toStore(row: Selectable<StoresTable>): Store {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    name: row.name,
    currency: row.currency,
    bundleTitle: row.bundle_title,
    minimumInvoiceAmount: numeric(row.minimum_invoice_amount),
    countryCode: row.country_code,
    nationalStoreId: row.national_store_id,
    organizationNumber: row.organization_number ?? undefined,
    translations: row.translations,
    creditWarning: row.credit_warning,
  };
}

export class StoresRepository {
  constructor(private readonly db: Db) {}

  /** Every store number → its store. */
  async nationalStoreIds(): Promise<Map<number, string>> {
    const rows = await this.db.selectFrom('stores').select(['id', 'national_store_id']).execute();
    return new Map(rows.map((r) => [r.national_store_id, r.id]));
  }

  async findById(id: string): Promise<Store | undefined> {
    const row = await this.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toStore(row);
  }

  /** One page of stores (admin API), optionally of one merchant, ordered by id. */
  async list(options: {
    merchantId?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<{ stores: Store[]; totalElements: number }> {
    let filtered = this.db.selectFrom('stores');
    if (options.merchantId !== undefined) filtered = filtered.where('merchant_id', '=', options.merchantId);
    const [rows, count] = await Promise.all([
      filtered.selectAll().orderBy('id').limit(options.limit).offset(options.offset).execute(),
      filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { stores: rows.map(toStore), totalElements: Number(count.total) };
  }

  /**
   * One page of a merchant's stores for the merchant API, by name (compared byte-wise, as the
   * display order of methods is) or by store number; ties by id, so pages never overlap.
   */
  async pageOfMerchant(
    merchantId: string,
    options: { orderBy: 'name' | 'nationalStoreId'; descending: boolean; limit: number; offset: number },
  ): Promise<{ stores: Store[]; totalElements: number }> {
    const filtered = this.db.selectFrom('stores').where('merchant_id', '=', merchantId);
    const direction = options.descending ? sql.raw('desc') : sql.raw('asc');
    const order = options.orderBy === 'name' ? sql`name collate "C" ${direction}, id ${direction}` : sql`national_store_id ${direction}`;
    const [rows, count] = await Promise.all([
      filtered.selectAll().orderBy(order).limit(options.limit).offset(options.offset).execute(),
      filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { stores: rows.map(toStore), totalElements: Number(count.total) };
  }

  /**
   * True when a store was deleted; its payment methods go with it (FK cascade). Sessions keep
   * their store id (no foreign key) and from then on find nothing eligible.
   */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('stores').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The merchant owning a store, or undefined for an unknown store (the store-grant check). */
  async merchantOf(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('stores').select('merchant_id').where('id', '=', id).executeTakeFirst();
    return row?.merchant_id;
  }

  /** The merchant of each store of `ids` that exists, by store id. */
  async merchantsOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('stores').select(['id', 'merchant_id']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.merchant_id]));
  }
}
