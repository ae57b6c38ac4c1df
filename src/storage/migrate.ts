// One set of migrations for PGlite and PostgreSQL, applied in one transaction under a
// transaction-level advisory lock (migration-lock.ts), so exactly one of the instances starting
// together migrates, directly or through a transaction-mode pooler.
import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import * as initial from './migrations/0001_initial.ts';
import * as catalogApplications from './migrations/0002_catalog_applications.ts';
import * as listingIndexOnly from './migrations/0003_listing_index_only.ts';
import * as storeIdentityLinksPlans from './migrations/0004_store_identity_links_plans.ts';
import * as sessionIdempotencyKeys from './migrations/0005_session_idempotency_keys.ts';
import * as auditEvents from './migrations/0006_audit_events.ts';
import * as languages from './migrations/0007_languages.ts';
import * as windows from './migrations/0008_windows.ts';
import * as webhooks from './migrations/0009_webhooks.ts';
import * as consoleSessions from './migrations/0010_console.ts';
import * as consoleSignIns from './migrations/0011_console_sign_ins.ts';
import * as consoleSessionClient from './migrations/0012_console_session_client.ts';
import * as creditWarning from './migrations/0013_credit_warning.ts';
import * as methodOrderRules from './migrations/0014_method_order_rules.ts';
import * as sessionRules from './migrations/0015_session_rules.ts';
import type { DatabaseHandle } from './database.ts';
import { lockMigrations } from './migration-lock.ts';

/** This release's migrations, by name (applied in name order). */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_initial': initial,
  '0002_catalog_applications': catalogApplications,
  '0003_listing_index_only': listingIndexOnly,
  '0004_store_identity_links_plans': storeIdentityLinksPlans,
  '0005_session_idempotency_keys': sessionIdempotencyKeys,
  '0006_audit_events': auditEvents,
  '0007_languages': languages,
  '0008_windows': windows,
  '0009_webhooks': webhooks,
  '0010_console': consoleSessions,
  '0011_console_sign_ins': consoleSignIns,
  '0012_console_session_client': consoleSessionClient,
  '0013_credit_warning': creditWarning,
  '0014_method_order_rules': methodOrderRules,
  '0015_session_rules': sessionRules,
};

/** The newest migration: part of a catalog file's digest, so a schema change re-applies the file. */
export const SCHEMA_VERSION = Object.keys(MIGRATIONS).sort().at(-1)!;

function providerOf(migrations: Readonly<Record<string, Migration>>): MigrationProvider {
  return { getMigrations: async () => ({ ...migrations }) };
}

/** What the database holds against this code's migrations (docs/migrations.md). */
export interface SchemaState {
  /** Applied migrations this code does not have: a newer release migrated (a rollback is under way). */
  unknown: string[];
  /** This code's migrations not applied yet. */
  missing: string[];
}

/**
 * Two small queries, where the Migrator's own checks (tables, lock row, a locking transaction) take
 * about 0.3 s of every start-up on PGlite: a start that has nothing to do never reaches it.
 */
async function schemaState(db: Kysely<any>, migrations: Readonly<Record<string, Migration>>): Promise<SchemaState> {
  const { rows: tables } = await sql<{ present: boolean }>`
    select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as present`.execute(db);
  const known = Object.keys(migrations).sort();
  if (tables[0]?.present !== true) return { unknown: [], missing: known };
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return {
    unknown: [...applied].filter((name) => !(name in migrations)).sort(),
    missing: known.filter((name) => !applied.has(name)),
  };
}

/**
 * Refuses a database that has migrations this code lacks AND lacks some of this code's: the two
 * releases come from diverging branches, and applying ours after theirs is a schema no release was
 * tested on. Kysely's Migrator cannot tell the cases apart either (it refuses any unknown name).
 */
function divergedError({ unknown, missing }: SchemaState): Error {
  return new Error(
    `the database was migrated by a release this one does not descend from: it has ${unknown.length} migration(s) ` +
      `this release does not know (${unknown.join(', ')}) and lacks ${missing.length} of this release's ` +
      `(${missing.join(', ')}); nothing applied. Deploy a release that has all of them (docs/migrations.md)`,
  );
}

/**
 * Runs the Migrator inside one transaction that first takes the migration lock (migration-lock.ts):
 * instances starting together on an empty database migrate once, the others wait and find the work
 * done, and a failed migration leaves nothing behind, neither schema nor lock. It needs no session
 * of its own, so it works through a transaction-mode pooler (docs/operations.md#behind-a-connection-pooler).
 */
async function migrateInOneTransaction(
  handle: DatabaseHandle,
  migrations: Readonly<Record<string, Migration>>,
  migrate: (migrator: Migrator, conn: Kysely<any>) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  return handle.db.connection().execute(async (conn) => {
    // BEGIN and COMMIT by hand on one connection: Kysely's Migrator needs a Kysely instance, which
    // a Transaction object is not. A pooler keeps an open transaction on one server connection.
    await sql`begin`.execute(conn);
    try {
      // Whatever time-out the role or the connection sets: a migration takes as long as it takes.
      await sql`set local statement_timeout = 0`.execute(conn);
      await lockMigrations(conn);
      // Transactions off: this one transaction holds them all (the adapter takes no lock of its own).
      const result = await migrate(new Migrator({ db: conn, provider: providerOf(migrations), disableTransactions: true }), conn);
      if (result.error || result.results?.some((r) => r.status === 'Error')) await sql`rollback`.execute(conn);
      else await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

function failure(target: string, { error, results }: MigrationResultSet): Error | undefined {
  const failed = results?.find((r) => r.status === 'Error');
  if (!error && !failed) return undefined;
  const cause = error instanceof Error ? error.message : JSON.stringify(error);
  return new Error(`database migration ${failed?.migrationName ?? target} failed: ${cause}`);
}

/** Migrates up or down to the named migration: tests of a migration on older data (a deploy never migrates down). */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<void> {
  const error = failure(name, await migrateInOneTransaction(handle, MIGRATIONS, (migrator) => migrator.migrateTo(name)));
  if (error) throw error;
}

/** What a start found: `ahead` lists the applied migrations this release does not know (none: up to date). */
export interface MigrationOutcome {
  ahead: string[];
}

/**
 * Brings the database to this release's schema. A database a newer release migrated (every one of
 * ours applied, some unknown ones too) is served as it is: migrations are expand-only, so the older
 * release still finds every table and column it reads (docs/migrations.md). `migrations`: this
 * release's; tests pass more to play a newer release.
 */
export async function migrateToLatest(
  handle: DatabaseHandle,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<MigrationOutcome> {
  const before = await schemaState(handle.db, migrations);
  if (before.missing.length === 0) return { ahead: before.unknown };
  if (before.unknown.length > 0) throw divergedError(before);
  let ahead: string[] = [];
  // Looked at again under the lock: another instance (maybe of a newer release) may have migrated meanwhile.
  const migrate = async (migrator: Migrator, conn: Kysely<any>): Promise<MigrationResultSet> => {
    const state = await schemaState(conn, migrations);
    if (state.unknown.length > 0 && state.missing.length > 0) throw divergedError(state);
    if (state.missing.length === 0) {
      ahead = state.unknown;
      return { results: [] };
    }
    return migrator.migrateToLatest();
  };
  const error = failure('to the latest version', await migrateInOneTransaction(handle, migrations, migrate));
  if (error) throw error;
  return { ahead };
}
