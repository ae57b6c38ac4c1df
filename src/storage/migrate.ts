// One set of migrations for PGlite and PostgreSQL. On PostgreSQL, instances starting together
// against an empty database take a session advisory lock first, so exactly one migrates and the
// others find the work done.
import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001_initial.ts';
import * as catalogApplications from './migrations/0002_catalog_applications.ts';
import * as listingIndexOnly from './migrations/0003_listing_index_only.ts';
import * as storeIdentityLinksPlans from './migrations/0004_store_identity_links_plans.ts';
import * as sessionIdempotencyKeys from './migrations/0005_session_idempotency_keys.ts';
import type { DatabaseHandle } from './database.ts';

const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_catalog_applications': catalogApplications,
  '0003_listing_index_only': listingIndexOnly,
  '0004_store_identity_links_plans': storeIdentityLinksPlans,
  '0005_session_idempotency_keys': sessionIdempotencyKeys,
};

/** The newest migration: part of a catalog file's digest, so a schema change re-applies the file. */
export const SCHEMA_VERSION = Object.keys(migrations).sort().at(-1)!;

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Arbitrary constant naming "schema migration" among this database's advisory locks. */
const MIGRATION_LOCK_ID = 7_310_420_001;

/**
 * True when exactly this code's migrations are recorded as applied, so that the Migrator would do
 * nothing. Two small queries, where the Migrator's own checks (tables, lock row, a locking
 * transaction) take about 0.3 s of every start-up on PGlite. Anything else (a fresh database, a
 * pending migration, one this code does not know) goes to the Migrator as before.
 */
async function upToDate(db: Kysely<any>): Promise<boolean> {
  const { rows: tables } = await sql<{ present: boolean }>`
    select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as present`.execute(db);
  if (tables[0]?.present !== true) return false;
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  const known = Object.keys(migrations);
  return applied.size === known.length && known.every((name) => applied.has(name));
}

/** Migrates up or down to the named migration (tests of a migration on older data; rollbacks). */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<void> {
  const { error } = await new Migrator({ db: handle.db, provider }).migrateTo(name);
  if (error) throw new Error(`database migration to ${name} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  if (await upToDate(handle.db)) return;
  const run = async () => {
    const migrator = new Migrator({ db: handle.db, provider });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(
        `database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      );
    }
  };
  // PGlite is one connection owned by this process; there is nobody to race.
  if (handle.kind === 'pglite') return run();

  await handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(conn);
    try {
      await run();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn);
    }
  });
}
