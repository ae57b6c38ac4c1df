// Many instances on one PostgreSQL, directly and through a real PgBouncer in transaction mode with
// its default settings (docs/operations.md#behind-a-connection-pooler): two instances start at once on an
// empty database, serve each other's sessions, hear each other's catalog changes within the
// documented 2 s, leave no advisory lock behind, and a newer release migrates while they serve.
// PostgreSQL only (the postgres project): PGlite has one process and no pooler.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/app.ts';
import { readConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { migrateConfiguredDatabase, openConfiguredDatabase } from '../../src/database-setup.ts';
import { loadEmbedBundle } from '../../src/http/embed/routes.ts';
import { MIGRATIONS } from '../../src/storage/migrate.ts';
import { demoCatalog, projectRoot, withAdminClient } from '../helpers/app.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../helpers/database.ts';
import { DEMO_METHODS, NORDIC, STORE } from '../helpers/demo.ts';
import { fetchToken } from '../helpers/http.ts';
import { pacedLoops } from '../helpers/paced-traffic.ts';
import { pgBouncerUnavailable, startPgBouncer, type PgBouncer } from '../helpers/pgbouncer.ts';
import {
  buildDist,
  processEnvironment,
  runServerToExit,
  startServer,
  type ProcessEnvironment,
  type ServerProcess,
} from '../helpers/process.ts';

const ADMIN = { id: 'pooler-test-admin', secret: 'pooler-test-admin-secret-0123456789', merchantId: 'm-operator' };
const INVOICE = DEMO_METHODS.invoice;
/** The catalog's bound on seeing another instance's change, with room for a loaded test machine. */
const VISIBLE_WITHIN_MS = 2000;
const MARGIN_MS = 1500;
/**
 * Rounds a second of the traffic beside the newer release's start (one request to each instance a
 * round): a modest rate, not as many as the machine allows (issue 46); the start takes a second or
 * more (a migration, a context, an app built), so it sees several rounds.
 */
const ROUNDS_PER_SECOND = 10;

const postgres = testDatabaseKind === 'postgres';
const unavailable = postgres ? pgBouncerUnavailable() : undefined;
if (unavailable && (process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1')) {
  throw new Error(`${unavailable}: .ci/run installs it (apt-get install pgbouncer)`);
}
if (unavailable) process.stderr.write(`\nWARNING: the pooler tests are skipped: ${unavailable}\n\n`);

let bouncer: PgBouncer;
let environment: ProcessEnvironment;
let catalogFile: string;

beforeAll(async () => {
  if (!postgres || unavailable) return;
  buildDist();
  // Ten server connections for every instance of a test, as an operator would budget them.
  bouncer = await startPgBouncer({ poolSize: 10 });
  environment = await processEnvironment('pooler');
  catalogFile = path.join(environment.workDir, 'catalog.json');
  await writeFile(catalogFile, JSON.stringify(withAdminClient(await demoCatalog(), ADMIN)));
});

afterAll(async () => {
  await bouncer?.stop();
  await environment?.close();
});

type Variant = 'direct' | 'pooler' | 'pooler with a direct connection';

function envFor(variant: Variant, database: TestDatabase): Record<string, string> {
  const common = { CATALOG_FILE: catalogFile, PUBLIC_URL: 'http://pms.test', RATE_LIMIT_STOREFRONT_PER_MINUTE: '0' };
  if (variant === 'direct') return { ...common, DATABASE_URL: database.url! };
  const pooled = { ...common, DATABASE_URL: bouncer.url(database.name!), DATABASE_POOLER: 'transaction', DATABASE_POOL_SIZE: '5' };
  return variant === 'pooler' ? pooled : { ...pooled, DATABASE_DIRECT_URL: database.url! };
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function advisoryLocksHeld(database: TestDatabase): Promise<number> {
  const { rows } = await sql<{ held: string }>`
    select count(*) as held from pg_locks l join pg_database d on d.oid = l.database
    where l.locktype = 'advisory' and d.datname = current_database()`.execute(database.handle.db);
  return Number(rows[0]!.held);
}

function metric(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

describe.skipIf(!postgres || unavailable !== undefined)('many instances on one PostgreSQL', () => {
  it('refuses to start through a pooler without DATABASE_POOLER, saying what to set', async () => {
    const database = await createTestDatabase('postgres', { migrate: false });
    try {
      const { code, output } = await runServerToExit({ DATABASE_URL: bouncer.url(database.name!), CATALOG_FILE: catalogFile });
      expect(code).toBe(1);
      expect(output).toMatch(/unsupported startup parameter.*set DATABASE_POOLER=transaction/);
    } finally {
      await database.drop();
    }
  });

  it(
    "waits at start-up for another instance's catalog write, however long it is held, then applies the file and serves",
    { timeout: 90_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      const holder = new pg.Client({ connectionString: database.url! });
      let server: ServerProcess | undefined;
      try {
        await holder.connect();
        // What another instance applying the file holds while it hashes the file's client secrets.
        await holder.query('begin');
        await holder.query('update catalog_generation set generation = generation + 1');
        const starting = startServer({ CATALOG_FILE: catalogFile, PUBLIC_URL: 'http://pms.test', DATABASE_URL: database.url! });
        starting.catch(() => {});
        // Longer than the pool's statement time-out (3 s), under which a start once failed here.
        await new Promise((resolve) => setTimeout(resolve, 4500));
        await holder.query('rollback');
        server = await starting;
        expect(server.startupMs).toBeGreaterThan(4500);
        // The file was applied: its clients authenticate.
        expect(await fetchToken(server.baseUrl, NORDIC)).toMatch(/\S/);
      } finally {
        server?.child.kill('SIGTERM');
        await server?.exited;
        await holder.end().catch(() => {});
        await database.drop();
      }
    },
  );

  const variants: Variant[] = ['direct', 'pooler', 'pooler with a direct connection'];
  it.each(variants)(
    '%s: two instances start at once, serve, agree, hold no lock, and a newer release migrates meanwhile',
    async (variant) => {
      const database = await createTestDatabase('postgres', { migrate: false });
      const servers: ServerProcess[] = [];
      try {
        const env = envFor(variant, database);
        // Both on the empty database at the same moment: exactly one migrates and applies the catalog.
        servers.push(...(await Promise.all([startServer(env), startServer(env)])));
        const [a, b] = servers as [ServerProcess, ServerProcess];
        expect(await advisoryLocksHeld(database)).toBe(0);
        if (variant === 'pooler') expect(a.output() + b.output()).toContain('change notifications are off');

        // A session created on one instance serves on the other.
        const merchantToken = await fetchToken(a.baseUrl, NORDIC);
        const created = await fetch(`${a.baseUrl}/v1/stores/${STORE}/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${merchantToken}` },
        });
        const session = await json<{ id: string }>(created, 201);
        const groupsOn = (server: ServerProcess) =>
          fetch(`${server.baseUrl}/v1/sessions/${session.id}/payment-method-groups?amount=${(100 + Math.random() * 900).toFixed(2)}`);
        await json(await groupsOn(b));

        // A catalog change through A's admin API is visible on B within the documented bound,
        // announced (LISTEN) where notifications are on, by the caches' lifetime where they are off.
        // Read through B's caches (the store's catalog lives 1 s there) just before the change.
        const namesOnB = async () => JSON.stringify(await json(await groupsOn(b)));
        expect(await namesOnB()).toContain('"Faktura"');
        const catalog = (await demoCatalog()) as { paymentMethods: Array<Record<string, unknown>> };
        const invoice = { ...catalog.paymentMethods.find((m) => m.id === INVOICE)!, name: 'Faktura, omdöpt' };
        const adminToken = await fetchToken(a.baseUrl, ADMIN);
        const changed = await fetch(`${a.baseUrl}/admin/v1/payment-methods/${INVOICE}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(invoice),
        });
        await json(changed);
        const changedAt = performance.now();
        let seenAfterMs: number | undefined;
        while (seenAfterMs === undefined && performance.now() - changedAt < VISIBLE_WITHIN_MS + MARGIN_MS) {
          if ((await namesOnB()).includes('Faktura, omdöpt')) seenAfterMs = performance.now() - changedAt;
          else await new Promise((resolve) => setTimeout(resolve, 50));
        }
        console.info(`[${variant}] catalog change seen on the other instance after ${seenAfterMs?.toFixed(0)} ms`);
        expect(seenAfterMs, 'the change never reached the other instance').toBeDefined();

        const metrics = await (await fetch(`${b.baseUrl}/metrics`)).text();
        expect(metric(metrics, 'pms_db_pool_max')).toBe(variant === 'direct' ? 10 : 5);
        expect(metric(metrics, 'pms_change_notifications_listening')).toBe(variant === 'pooler' ? 0 : 1);

        // A newer release (one more, expand-only migration) starts while A and B serve: it must take
        // the migration lock, so a lock left behind by the first start would hang it here.
        let serving = true;
        const failures: string[] = [];
        let served = 0;
        const traffic = pacedLoops({
          loops: 1,
          perSecond: ROUNDS_PER_SECOND,
          running: () => serving,
          send: async () => {
            for (const server of [a, b]) {
              const response = await groupsOn(server);
              if (response.status === 200) served++;
              else failures.push(`${response.status} ${await response.text()}`);
            }
          },
        });
        const newerRelease = {
          ...MIGRATIONS,
          '9000_pooler_test_expand': {
            up: async (db: typeof database.handle.db) => {
              await sql`create table newer_release_probe (id integer primary key)`.execute(db);
            },
          },
        };
        const config = readConfig(env);
        const third = await openConfiguredDatabase(config);
        try {
          await migrateConfiguredDatabase(config, third, newerRelease);
          const ctx = await createContext(config, third);
          const app = await build(ctx, { embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')) });
          try {
            const response = await app.inject({ url: `/v1/sessions/${session.id}/payment-method-groups?amount=250.00` });
            expect(response.statusCode, response.body).toBe(200);
            expect(ctx.changeNotifications.configured).toBe(variant !== 'pooler');
          } finally {
            await app.close();
          }
        } finally {
          serving = false;
          await traffic;
          await third.close();
        }
        expect(failures).toEqual([]);
        expect(served).toBeGreaterThan(0);
        const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.handle.db);
        expect(rows.map((r) => r.name)).toEqual([...Object.keys(MIGRATIONS).sort(), '9000_pooler_test_expand']);
        expect(await advisoryLocksHeld(database)).toBe(0);
      } finally {
        for (const server of servers) server.child.kill('SIGTERM');
        await Promise.all(servers.map((server) => server.exited));
        await database.drop();
      }
    },
    // Two servers starting at once and a third instance migrating: 8–28 s alone, more in a loaded suite.
    90_000,
  );
});
