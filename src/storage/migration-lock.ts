// Who may migrate: one transaction at a time, by a transaction-level advisory lock.
//
// Kysely's PostgresAdapter takes a session-level advisory lock (pg_advisory_lock) around its
// migration transaction. Through a transaction-mode pooler (PgBouncer, RDS Proxy …) a session lock
// is taken on whichever server connection ran that statement and stays held there when the lock's
// release runs elsewhere: the next start that must migrate then waits on it forever. So the
// adapters of both dialects leave locking to migrate.ts, which runs the whole migration (the
// Migrator's table checks included) inside one transaction that first takes
// pg_advisory_xact_lock: released by COMMIT or ROLLBACK on the very connection that holds it,
// whatever happens.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Arbitrary constant naming "schema migration" among this database's advisory locks. */
export const MIGRATION_LOCK_ID = 7_310_420_001;

export class TransactionLockedMigrationsAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/** Takes the migration lock until the surrounding transaction ends. */
export async function lockMigrations<T>(tx: Kysely<T>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(tx);
}
