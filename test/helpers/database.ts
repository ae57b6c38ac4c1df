// Test databases. Every test file gets a database of its own: an in-memory PGlite, or a fresh
// PostgreSQL database created on TEST_DATABASE_URL's server and dropped afterwards.
// TEST_DB selects which (the vitest projects set it); on CI a missing PostgreSQL is a failure.
// A migrated database is a copy of the run's template (test/global-setup.ts), not migrated anew.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openPGlite, openPostgres, type DatabaseHandle } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import type { Db } from '../../src/storage/handles.ts';
import { requestFingerprint } from '../../src/services/sessions.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    // Set by test/global-setup.ts for the database projects; absent elsewhere (then each database migrates).
    /** A file holding a migrated PGlite database's folder, as PGlite's dumpDataDir writes it. */
    pgliteSnapshotFile?: string;
    /** A migrated PostgreSQL database that test databases are created from; '' when PostgreSQL is not used. */
    postgresTemplate?: string;
    /** dist/ was built for this run: test files need not build it again. */
    distBuilt?: boolean;
  }
}

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

function databaseUrl(name: string): string {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated PostgreSQL database to copy test databases from (test/global-setup.ts). */
export async function createTemplateDatabase(name: string): Promise<void> {
  await withAdminClient((c) => c.query(`create database ${name}`));
  const handle = openPostgres({ connectionString: databaseUrl(name), poolSize: 1 });
  try {
    await migrateToLatest(handle);
  } finally {
    // A template copies only while nobody is connected to it.
    await handle.close();
  }
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  await withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
}

/** The run's migrated PGlite folder, read once per test file. */
let pgliteSnapshot: Promise<Blob | undefined> | undefined;
function migratedPGliteSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshotFile');
  pgliteSnapshot ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return pgliteSnapshot;
}

/**
 * `migrate: false` leaves the database empty, as a first start finds it. Otherwise the database is a
 * copy of the run's migrated template, the same as migrating a new one (test/global-setup.ts).
 */
export async function createTestDatabase(
  kind: TestDatabaseKind = testDatabaseKind,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const snapshot = migrate ? await migratedPGliteSnapshot() : undefined;
    const handle = await openPGlite(undefined, snapshot);
    if (migrate && !snapshot) await migrateToLatest(handle);
    return { handle, url: undefined, name: undefined, drop: () => handle.close() };
  }
  const name = `pms_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = migrate ? (inject('postgresTemplate') ?? '') : '';
  await withAdminClient((c) => c.query(template ? `create database ${name} template ${template}` : `create database ${name}`));
  const url = databaseUrl(name);
  const handle = openPostgres({ connectionString: url, poolSize: 4 });
  // Without a template (a project on PGlite that also needs PostgreSQL), a database migrates itself.
  if (migrate && !template) await migrateToLatest(handle);
  return {
    handle,
    url,
    name,
    drop: async () => {
      await handle.close();
      await dropPostgresDatabase(name);
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

/**
 * An Idempotency-Key claimed for a session of `storeId` (no campaign, no locale) whose first request
 * is still in flight: the claim written as the service writes it, with no session yet.
 */
export async function claimInFlightKey(db: Db, clientId: string, key: string, storeId: string, now: number): Promise<void> {
  await db
    .insertInto('session_idempotency_keys')
    .values({
      client_id: clientId,
      key,
      fingerprint: requestFingerprint(storeId, { campaign: undefined, locale: undefined }),
      session_id: null,
      created_at: new Date(now),
    })
    .execute();
}
