// Test databases. Every test file gets a database of its own: an in-memory PGlite, or a fresh
// PostgreSQL database created on TEST_DATABASE_URL's server and dropped afterwards.
// TEST_DB selects which (the vitest projects set it); on CI a missing PostgreSQL is a failure.
// A migrated database is a copy of the run's template (test/global-setup.ts), not migrated anew. A
// migrated PGlite is reused: drop() resets it to the template and keeps it for the worker's next one.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPGlite, openPostgres, pgliteHandle, type DatabaseHandle } from '../../src/storage/database.ts';
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

/** The run's migrated PGlite folder, read once per worker (isolate: false keeps this module across files). */
let pgliteSnapshot: Promise<Blob | undefined> | undefined;
function migratedPGliteSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshotFile');
  pgliteSnapshot ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return pgliteSnapshot;
}

// The worker's pool of migrated PGlite databases. Starting one (WASM and the 40 MB folder) costs
// about 1.2 s of CPU, emptying its tables a few milliseconds: drop() resets a database to the
// template's state and keeps it for the next test, unless it can no longer be the template's.

/** Idle databases beyond this are closed: each holds tens of MB. */
const POOL_MAX_IDLE = 2;
const idlePGlites: PGlite[] = [];

/** The schemas migrations write to: not PostgreSQL's own, nor a session's temporary ones. */
const USER_SCHEMAS = `select oid from pg_namespace where nspname <> 'information_schema' and nspname not like 'pg\\_%'`;

/**
 * What the schema is, in one digest: tables and their columns, indexes, constraints, triggers,
 * functions, views, types, schemas, extensions, roles and settings. A migration test's `down`
 * changes it; such a database is closed, not reset.
 */
const SCHEMA_FINGERPRINT = `
  select md5(string_agg(x, E'\\n' order by x)) as fingerprint from (
    select format('relation %s %s', c.relkind, c.oid::regclass) as x from pg_class c where c.relnamespace in (${USER_SCHEMAS})
    union all
    select format('column %s %s %s %s %s %s %s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
        a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace in (${USER_SCHEMAS}) and a.attnum > 0 and not a.attisdropped
    union all
    select format('index %s', pg_get_indexdef(i.indexrelid)) from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relnamespace in (${USER_SCHEMAS})
    union all
    select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) from pg_constraint
      where connamespace in (${USER_SCHEMAS})
    union all
    select format('trigger %s', pg_get_triggerdef(oid)) from pg_trigger where not tgisinternal
    union all
    select format('function %s', pg_get_functiondef(oid)) from pg_proc where pronamespace in (${USER_SCHEMAS}) and prokind in ('f', 'p')
    union all
    select format('view %s %s', c.oid::regclass, pg_get_viewdef(c.oid)) from pg_class c
      where c.relnamespace in (${USER_SCHEMAS}) and c.relkind in ('v', 'm')
    union all
    select format('type %s %s', t.oid::regtype, t.typtype) from pg_type t where t.typnamespace in (${USER_SCHEMAS})
    union all
    select format('enum %s %s %s', enumtypid::regtype, enumsortorder, enumlabel) from pg_enum
    union all
    select format('schema %s', nspname) from pg_namespace where oid in (${USER_SCHEMAS})
    union all
    select format('extension %s %s', extname, extversion) from pg_extension
    union all
    select format('role %s', rolname) from pg_roles
    union all
    select format('setting %s %s', setdatabase, setconfig) from pg_db_role_setting
  ) schema`;

/** A pristine migrated database's fingerprint and the one statement that brings a used one back to it. */
interface PGliteTemplate {
  fingerprint: string;
  reset: string;
}
let pgliteTemplate: Promise<PGliteTemplate> | undefined;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Read from a database nobody has used yet. The reset empties every table (RESTART IDENTITY: their
 * sequences too), puts back the rows the template holds (kysely_migration, kysely_migration_lock,
 * catalog_generation's counter) and sets every sequence where the template has it.
 */
async function readPGliteTemplate(pglite: PGlite): Promise<PGliteTemplate> {
  const [{ fingerprint }] = (await pglite.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows as [{ fingerprint: string }];
  const { rows: tables } = await pglite.query<{ name: string }>(
    `select format('%I.%I', relnamespace::regnamespace, relname) as name from pg_class
      where relnamespace in (${USER_SCHEMAS}) and relkind in ('r', 'p') order by 1`,
  );
  const statements = [`truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade`];
  for (const { name } of tables) {
    const [{ rows }] = (await pglite.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${name} t`)).rows as [
      { rows: string | null },
    ];
    if (rows !== null) {
      statements.push(`insert into ${name} overriding system value select * from json_populate_recordset(null::${name}, ${literal(rows)})`);
    }
  }
  const { rows: sequences } = await pglite.query<{ name: string; value: string; called: boolean }>(
    `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called
      from pg_sequences where schemaname in (select nspname from pg_namespace where oid in (${USER_SCHEMAS}))`,
  );
  for (const s of sequences) statements.push(`select setval(${literal(s.name)}, ${s.value}, ${s.called})`);
  return { fingerprint, reset: statements.join(';\n') };
}

/**
 * Back to the template's state, or false when the database cannot be: closed (a test of a dead
 * database), a schema of its own (a migration test's `down`), or a reset that failed.
 */
async function resetPGlite(pglite: PGlite, template: PGliteTemplate): Promise<boolean> {
  if (pglite.closed) return false;
  try {
    // A transaction a test left open (a request cut off by a closed handle) would hold the reset.
    if (pglite.isInTransaction()) await pglite.exec('rollback');
    // Settings, temporary tables, prepared statements, LISTEN, advisory locks: outside a transaction.
    await pglite.exec('discard all');
    const [{ fingerprint }] = (await pglite.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows as [{ fingerprint: string }];
    if (fingerprint !== template.fingerprint) return false;
    // Several statements in one call: one implicit transaction, all or nothing.
    await pglite.exec(template.reset);
    // A standalone PostgreSQL (PGlite) never checkpoints by itself, so its write-ahead log, in
    // memory, would grow with every test the database serves: one checkpoint per 16 MB written.
    const { rows } = await pglite.query<{ due: boolean }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn) > 16 * 1024 * 1024 as due from pg_control_checkpoint()`,
    );
    if (rows[0]?.due) await pglite.exec('checkpoint');
    return true;
  } catch {
    return false;
  }
}

/** A new migrated PGlite: the run's template loaded (as openPGlite does), or migrated where there is none. */
async function newMigratedPGlite(): Promise<PGlite> {
  const snapshot = await migratedPGliteSnapshot();
  const pglite = await PGlite.create(snapshot ? { loadDataDir: snapshot } : {});
  if (!snapshot) {
    const handle = pgliteHandle(pglite, { closeOnDestroy: false });
    await migrateToLatest(handle);
    await handle.close();
  }
  return pglite;
}

/**
 * A migrated PGlite from the worker's pool, or a new one; drop() resets it and returns it to the
 * pool. Only the handle's Kysely reaches the PGlite, and a closed Kysely sends nothing more: what
 * one test left running cannot reach the next test's database. Neither the service nor the tests
 * LISTEN on PGlite (the change channel is PostgreSQL's), so no notification callback outlives its test.
 */
async function pooledPGlite(): Promise<TestDatabase> {
  const pglite = idlePGlites.pop() ?? (await newMigratedPGlite());
  // Read from the worker's first database, before anyone uses it.
  pgliteTemplate ??= readPGliteTemplate(pglite);
  const template = await pgliteTemplate;
  const borrowed = pgliteHandle(pglite, { closeOnDestroy: false });
  let dropping = false;
  // The handle closed by the test itself, not by drop(): a database that went away (test/openapi's
  // outage). It goes away as an unpooled one would, closed, and is not reused.
  const close = async () => {
    await borrowed.close();
    if (!dropping && !pglite.closed) await pglite.close();
  };
  return {
    handle: { ...borrowed, close },
    url: undefined,
    name: undefined,
    drop: async () => {
      if (dropping) return;
      dropping = true;
      await borrowed.close();
      if ((await resetPGlite(pglite, template)) && idlePGlites.length < POOL_MAX_IDLE) idlePGlites.push(pglite);
      else if (!pglite.closed) await pglite.close().catch(() => {});
    },
  };
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
    if (migrate) return pooledPGlite();
    // Never pooled: an empty database is not the template, and the tests that want one migrate it.
    const handle = await openPGlite(undefined);
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
