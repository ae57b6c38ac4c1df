import type { Kysely, Transaction } from 'kysely';
import { parseDecimal, type Decimal } from '../../domain/money.ts';
import type { Store } from '../../domain/payment-method.ts';
import type { Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** NUMERIC columns arrive as text; a value the database produced always parses. */
export function numeric(text: string): Decimal {
  const value = parseDecimal(text);
  if (!value) throw new Error(`unexpected NUMERIC text from the database: ${text}`);
  return value;
}

export class StoresRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<Store | undefined> {
    const row = await this.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
    return row && {
      id: row.id,
      merchantId: row.merchant_id,
      name: row.name,
      currency: row.currency,
      bundleTitle: row.bundle_title,
      minimumInvoiceAmount: numeric(row.minimum_invoice_amount),
    };
  }

  /** The merchant owning a store, or undefined for an unknown store (the store-grant check). */
  async merchantOf(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('stores').select('merchant_id').where('id', '=', id).executeTakeFirst();
    return row?.merchant_id;
  }
}
