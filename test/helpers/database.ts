// Test databases. Every test file gets a database of its own: an in-memory PGlite, or a fresh
// PostgreSQL database created on TEST_DATABASE_URL's server and dropped afterwards.
// TEST_DB selects which (the vitest projects set it); on CI a missing PostgreSQL is a failure.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPGlite, openPostgres, type DatabaseHandle } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

export const testDatabaseKind: TestDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres:// URL of this test's database (PostgreSQL only), for starting real processes. */
  url: string | undefined;
  /** The database's name (PostgreSQL only). */
  name: string | undefined;
  drop(): Promise<void>;
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `migrate: false` leaves the database empty, as a first start finds it. */
export async function createTestDatabase(
  kind: TestDatabaseKind = testDatabaseKind,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openPGlite(undefined);
    if (migrate) await migrateToLatest(handle);
    return { handle, url: undefined, name: undefined, drop: () => handle.close() };
  }
  const name = `pms_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((c) => c.query(`create database ${name}`));
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres({ connectionString: url.toString(), poolSize: 4 });
  if (migrate) await migrateToLatest(handle);
  return {
    handle,
    url: url.toString(),
    name,
    drop: async () => {
      await handle.close();
      await withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Every catalog row, in a stable order: compared before and after a write that must change nothing. */
export async function catalogSnapshot(db: DatabaseHandle['db']) {
  return {
    merchants: await db.selectFrom('merchants').selectAll().orderBy('id').execute(),
    stores: await db.selectFrom('stores').selectAll().orderBy('id').execute(),
    clients: await db.selectFrom('clients').selectAll().orderBy('client_id').execute(),
    methods: await db.selectFrom('payment_methods').selectAll().orderBy('id').execute(),
    plans: await db.selectFrom('payment_method_plans').selectAll().orderBy('payment_method_id').orderBy('position').execute(),
    links: await db.selectFrom('payment_method_legal_links').selectAll().orderBy('payment_method_id').orderBy('position').execute(),
  };
}
