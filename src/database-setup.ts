// The configured database, opened and migrated the same way by the server and the CLI: PostgreSQL
// (directly or through a transaction-mode pooler, docs/operations.md#behind-a-connection-pooler) or PGlite.
import path from 'node:path';
import type { Config } from './config.ts';
import { openPGlite, openPostgres, type DatabaseHandle } from './storage/database.ts';
import type { Db, Migration } from './storage/handles.ts';
import { MIGRATIONS, migrateToLatest, type MigrationOutcome } from './storage/migrate.ts';
import { REPLICA_TIMEOUT_MS } from './storage/replica-reads.ts';

export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return Promise.resolve(
      openPostgres({
        connectionString: config.databaseUrl,
        poolSize: config.databasePoolSize,
        pooler: config.databasePooler,
        maxLifetimeSeconds: config.databaseConnectionMaxLifetimeSeconds,
      }),
    );
  }
  return openPGlite(path.resolve(config.dataDir));
}

/**
 * The read-only replica of DATABASE_REPLICA_URL (docs/operations.md#database-failover): a pool of its
 * own, connecting within REPLICA_TIMEOUT_MS (a replica that is down costs a request no more than
 * that), behind the same kind of pooler as DATABASE_URL. Opening connects nothing yet.
 */
export function openConfiguredReplica(config: Config, url: string): DatabaseHandle {
  return openPostgres({
    connectionString: url,
    poolSize: config.databasePoolSize,
    pooler: config.databasePooler,
    connectTimeoutMs: REPLICA_TIMEOUT_MS,
    maxLifetimeSeconds: config.databaseConnectionMaxLifetimeSeconds,
    applicationName: 'payment-method-sessions:replica-reads',
  });
}

/**
 * Runs start-up work on a short-lived connection of its own (closed at once), over DATABASE_DIRECT_URL
 * when there is one, else over DATABASE_URL: without the pool's time-outs, since an instance starting
 * beside another waits for the other's migration (the migration lock: a migration may rewrite a large
 * table) and for its application of the catalog file (the catalog's write lock: the file's client
 * secrets are hashed inside that transaction, seconds on a loaded machine). Neither needs session
 * state. On PGlite, the process's own database.
 */
async function onStartUpConnection<T>(config: Config, database: DatabaseHandle, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (!config.databaseUrl) return work(database);
  const direct = config.databaseDirectUrl !== undefined;
  const connection = openPostgres({
    connectionString: config.databaseDirectUrl ?? config.databaseUrl,
    poolSize: 1,
    statementTimeoutMs: 0,
    pooler: direct ? 'none' : config.databasePooler,
  });
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}

/** Migrates at start-up (onStartUpConnection): instances starting together migrate once, the others wait. */
export function migrateConfiguredDatabase(
  config: Config,
  database: DatabaseHandle,
  /** This release's; tests pass more to play a newer release. */
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<MigrationOutcome> {
  return onStartUpConnection(config, database, (handle) => migrateToLatest(handle, migrations));
}

/**
 * The catalog file's application at start-up (onStartUpConnection): an instance starting while another
 * applies the same file waits for it, however long the other's transaction takes, instead of failing its
 * start on the statement time-out.
 */
export function applyCatalogFileAtStartUp<T>(config: Config, database: DatabaseHandle, apply: (db: Db) => Promise<T>): Promise<T> {
  return onStartUpConnection(config, database, (handle) => apply(handle.db));
}

/**
 * Where to LISTEN for other instances' changes: the direct connection, or DATABASE_URL when it is
 * PostgreSQL itself. Through a transaction-mode pooler without a direct connection, LISTEN would
 * hear nothing (the pooler hands the session back after each statement): notifications are off and
 * every cache falls back to its lifetime (1 s for the catalog).
 */
export function changeListenerUrl(config: Config): string | undefined {
  if (config.databaseDirectUrl) return config.databaseDirectUrl;
  return config.databasePooler === 'none' ? config.databaseUrl : undefined;
}
