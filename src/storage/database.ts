// Opens the one database the service runs on: PostgreSQL when DATABASE_URL is set, otherwise the
// embedded PGlite in DATA_DIR. Both speak the same SQL through the same Kysely query layer.
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { ConnectionBreaker, guardPool } from './fail-fast.ts';
import { TransactionLockedMigrationsAdapter } from './migration-lock.ts';
import { PGliteDialect, type PGliteDialectOptions } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Kysely<Database>;
  /** PostgreSQL's connection pool, read by the metrics (pms_db_pool_connections); undefined on PGlite. */
  pool?: pg.Pool;
  /** The pool's size (pms_db_pool_max); undefined on PGlite. */
  poolSize?: number;
  /** What the connections reach (PostgresOptions.pooler); undefined on PGlite. */
  pooler?: 'none' | 'transaction';
  /**
   * Connection attempts and queries that found the database unavailable (fail-fast.ts), for
   * pms_db_unavailable_total; undefined on PGlite.
   */
  unavailable?: () => number;
  /**
   * Registers a call for the first success after a connection failure (fail-fast.ts): the database
   * is back, perhaps another server behind the same address after a failover. Undefined on PGlite.
   */
  onReconnected?: (listener: () => void) => void;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface PostgresOptions {
  connectionString: string;
  poolSize?: number;
  /**
   * `transaction`: the connection string reaches a transaction-mode pooler (PgBouncer, RDS Proxy,
   * Supavisor, pgcat). Such a pooler hands each transaction to any of its server connections, so
   * nothing may rely on session state: no startup parameters (PgBouncer refuses them:
   * "unsupported startup parameter: statement_timeout"), no session-level advisory locks, no
   * LISTEN. The statement time-out is then client-side only (and server-side where the role sets
   * one: docs/operations.md#behind-a-connection-pooler).
   */
  pooler?: 'none' | 'transaction';
  /** Give up connecting after this long: a request answers 503 rather than hanging. */
  connectTimeoutMs?: number;
  /** Server-side statement_timeout and client-side query timeout; 0: none (migrations over a direct connection). */
  statementTimeoutMs?: number;
  /**
   * A pooled connection is closed after this many seconds (DATABASE_CONNECTION_MAX_LIFETIME_SECONDS),
   * so that a name that moved to another server (a managed database's failover flips its DNS) is
   * followed by every connection within this time; 0: no limit.
   */
  maxLifetimeSeconds?: number;
  /** application_name of the pool's connections. */
  applicationName?: string;
}

/** PostgreSQL's dialect with migration locking left to migrate.ts (migration-lock.ts). */
class PostgresDialectForPoolers extends PostgresDialect {
  override createAdapter(): TransactionLockedMigrationsAdapter {
    return new TransactionLockedMigrationsAdapter();
  }
}

// PostgreSQL returns NUMERIC and INT8 as strings already; keep it that way (no float parsing).
export function openPostgres(options: PostgresOptions): DatabaseHandle {
  // Loaded here, not imported: on PGlite it would cost about 0.1 s of start-up for nothing.
  const { Pool } = createRequire(import.meta.url)('pg') as typeof pg;
  const statementTimeoutMs = options.statementTimeoutMs ?? 3000;
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    // 1.5 s to connect (or to wait for a pooled connection) plus 3.5 s for an answer: no request
    // waits longer than 5 s for the database (docs/errors.md#database-unavailable), with fail-fast.ts bounding the rest.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 1500,
    // A startup parameter: per server session, so only where the session is ours.
    ...(options.pooler === 'transaction' ? {} : { statement_timeout: statementTimeoutMs }),
    ...(statementTimeoutMs === 0 ? {} : { query_timeout: statementTimeoutMs + 500 }),
    idleTimeoutMillis: 30_000,
    maxLifetimeSeconds: options.maxLifetimeSeconds ?? 300,
    // Poolers keep application_name themselves (PgBouncer tracks it per client), unlike other parameters.
    application_name: options.applicationName ?? 'payment-method-sessions',
  });
  // An idle client losing its connection (database restart) must not crash the process; the
  // pool drops it and the next request connects anew.
  pool.on('error', () => {});
  // A checked-out client whose connection drops emits 'error' on itself, and an unhandled 'error'
  // event kills the process (node-postgres#1611); the query in flight rejects anyway.
  pool.on('connect', (client) => client.on('error', () => {}));
  // After a connection failure, queries fail at once for a second instead of each waiting out
  // its time-out (fail-fast.ts).
  const breaker = new ConnectionBreaker();
  const db = new Kysely<Database>({ dialect: new PostgresDialectForPoolers({ pool: guardPool(pool, breaker) }) });
  return {
    kind: 'postgres',
    db,
    pool,
    poolSize: pool.options.max,
    pooler: options.pooler ?? 'none',
    unavailable: () => breaker.unavailable,
    onReconnected: (listener) => breaker.onRecovered(listener),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/**
 * dataDir undefined: an in-memory database (tests). `snapshot`: start from a dump of another
 * database's folder (PGlite's dumpDataDir) instead of an empty one: the tests' migrated template,
 * which skips the initdb that takes most of a new database's 2 s.
 */
export async function openPGlite(dataDir: string | undefined, snapshot?: Blob): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return pgliteHandle(await PGlite.create(dataDir, snapshot ? { loadDataDir: snapshot } : {}));
}

/** A handle on an open PGlite; its close() closes the PGlite unless `closeOnDestroy` is false (PGliteDialectOptions). */
export function pgliteHandle(pglite: PGlite, options: PGliteDialectOptions = {}): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, options) });
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
