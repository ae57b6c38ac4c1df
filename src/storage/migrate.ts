// One set of migrations for PGlite and PostgreSQL. On PostgreSQL, instances starting together
// against an empty database take a session advisory lock first, so exactly one migrates and the
// others find the work done.
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001_initial.ts';
import type { DatabaseHandle } from './database.ts';

const migrations: Record<string, Migration> = {
  '0001_initial': initial,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Arbitrary constant naming "schema migration" among this database's advisory locks. */
const MIGRATION_LOCK_ID = 7_310_420_001;

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const run = async () => {
    const migrator = new Migrator({ db: handle.db, provider });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
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
