// What the storage tests share: a database of the project's kind for the file (PGlite or
// PostgreSQL: this folder runs on both, docs/testing.md), and catalog rows written the way the
// service writes them (one catalog transaction, storage/repositories/catalog-writer.ts).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { PaymentMethod, Store } from '../../src/domain/catalog.ts';
import { catalogTransaction } from '../../src/storage/catalog-transaction.ts';
import { CatalogWriter } from '../../src/storage/repositories/catalog-writer.ts';
import type { Database } from '../../src/storage/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

/** The file's database, migrated, created before its tests and dropped after them. */
export function useDatabase(): { readonly db: Kysely<Database>; readonly database: TestDatabase } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    get db() {
      return database!.handle.db;
    },
    get database() {
      return database!;
    },
  };
}

/** Merchants, stores and methods, in one catalog write as the service makes it. */
export async function writeCatalog(
  db: Kysely<Database>,
  {
    merchants = [],
    stores = [],
    methods = [],
  }: { merchants?: Array<{ id: string; name: string }>; stores?: Store[]; methods?: PaymentMethod[] },
): Promise<void> {
  await catalogTransaction(db, async (tx) => {
    const writer = new CatalogWriter(tx);
    for (const merchant of merchants) await writer.upsertMerchant(merchant);
    for (const store of stores) await writer.upsertStore(store);
    for (const method of methods) await writer.upsertPaymentMethod(method);
  });
}

/** A UUID of a storage test, readable in a failure: `uuid(7)` is 00000000-0000-4000-8000-000000000007. */
export function uuid(n: number, series = '00000000'): string {
  return `${series}-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** The SQLSTATE of a failed statement (`23505` unique violation, `23503` foreign key, `23514` check). */
export async function sqlState(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}
