// The previous release on the schema this release migrated, through a real PgBouncer in transaction
// mode (docs/migrations.md#the-previous-release-on-the-migrated-schema). The previous release is built
// from git (test/helpers/previous-release.ts). A fresh database gets the previous release's migrations,
// then this release's new ones; an instance of each then serves it side by side, as during a rolling
// deploy or after a rollback. Sessions and catalog writes of either release are served by the other; a
// session of the previous release reads as one without rules; one with rules is answered without them by
// the previous release and with them by this one; a method the previous release creates gets the new
// columns' defaults, one it replaces keeps their values. PostgreSQL only (the postgres project).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { migrateConfiguredDatabase, openConfiguredDatabase } from '../../src/database-setup.ts';
import { MIGRATIONS, migrateTo } from '../../src/storage/migrate.ts';
import { demoCatalog, withAdminClient } from '../helpers/app.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../helpers/database.ts';
import { DEMO_METHODS, NORDIC, STORE } from '../helpers/demo.ts';
import { fetchToken, within } from '../helpers/http.ts';
import { pgBouncerUnavailable, startPgBouncer, type PgBouncer } from '../helpers/pgbouncer.ts';
import { buildPreviousRelease, PREVIOUS_RELEASE, previousReleaseUnavailable, type PreviousRelease } from '../helpers/previous-release.ts';
import { buildDist, startServer, type ServerProcess } from '../helpers/process.ts';

const ADMIN = { id: 'upgrade-test-admin', secret: 'upgrade-test-admin-secret-0123456789', merchantId: 'm-operator' };
const AMOUNT = '1299.95';
/** The fields a session's rules add to its lookup (docs/session-api.md#session-lookup). */
const RULE_FIELDS = ['allowedPaymentMethods', 'blockedPaymentMethods', 'productTypes', 'country', 'customerType', 'ttlSeconds'];
/** A method the previous release's admin API creates (not in the demo catalog). */
const WRITTEN_BY_PREVIOUS = 'c0ffee00-0000-4000-8000-000000000001';
/** The catalog's bound on seeing another instance's change without notifications (the pooler's case), with room to spare. */
const VISIBLE_WITHIN_MS = 10_000;

const postgres = testDatabaseKind === 'postgres';
const bouncerMissing = postgres ? pgBouncerUnavailable() : undefined;
/** Why this test cannot run here: no PgBouncer, or no git history holding the previous release. */
const unavailable = bouncerMissing
  ? `${bouncerMissing}: .ci/run installs it (apt-get install pgbouncer)`
  : postgres
    ? previousReleaseUnavailable()
    : undefined;
if (unavailable && (process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1')) throw new Error(unavailable);
if (unavailable) process.stderr.write(`\nWARNING: the previous release's upgrade test is skipped: ${unavailable}\n\n`);

let bouncer: PgBouncer;
let workDir: string;
let previousRelease: PreviousRelease;
let database: TestDatabase;
/** This release's instance (it migrated the database) and the previous release's. */
let current: ServerProcess;
let previous: ServerProcess;
let merchantToken: string;
/** What this release's migration found beyond its own: nothing. */
let migratedAhead: string[];

beforeAll(async () => {
  if (!postgres || unavailable) return;
  buildDist();
  const started = performance.now();
  let builtAfterMs = 0;
  [previousRelease, bouncer, database, workDir] = await Promise.all([
    buildPreviousRelease().then((release) => {
      builtAfterMs = performance.now() - started;
      return release;
    }),
    startPgBouncer({ poolSize: 10 }),
    createTestDatabase('postgres', { migrate: false }),
    mkdtemp(path.join(tmpdir(), 'pms-previous-release-test-')),
  ]);
  // The database as the previous release left it: its migrations, none of this release's new ones.
  await migrateTo(database.handle, previousRelease.migrations.at(-1)!);
  const catalogFile = path.join(workDir, 'catalog.json');
  await writeFile(catalogFile, JSON.stringify(withAdminClient(await demoCatalog(), ADMIN)));
  const pooled = {
    DATABASE_URL: bouncer.url(database.name!),
    DATABASE_POOLER: 'transaction',
    DATABASE_POOL_SIZE: '5',
    // The same on both: the issuer of the tokens, which either release accepts from the other.
    PUBLIC_URL: 'http://pms.upgrade.test',
    RATE_LIMIT_STOREFRONT_PER_MINUTE: '0',
    RATE_LIMIT_MERCHANT_PER_MINUTE: '0',
  };
  // This release's migrations through the pooler, as its first instance applies them at start-up
  // (in process: the two instances then start at once, which a loaded 2-core machine is glad of).
  const config = readConfig(pooled);
  const handle = await openConfiguredDatabase(config);
  try {
    migratedAhead = (await migrateConfiguredDatabase(config, handle)).ahead;
  } finally {
    await handle.close();
  }
  const starts = await Promise.allSettled([
    // This release applies the demo catalog; the previous one has no catalog file and serves the catalog as
    // this release wrote it (a catalog file is in its release's format: the previous one refuses fields it does not know).
    startServer({ ...pooled, CATALOG_FILE: catalogFile }),
    startServer(pooled, undefined, { root: previousRelease.root }),
  ]);
  // Both kept even when one failed to start, so that afterAll stops the other.
  if (starts[0].status === 'fulfilled') current = starts[0].value;
  if (starts[1].status === 'fulfilled') previous = starts[1].value;
  for (const start of starts) if (start.status === 'rejected') throw start.reason;
  // Issued by this release, used on both: either accepts the other's tokens.
  merchantToken = await fetchToken(current.baseUrl, NORDIC);
  console.info(
    `[postgres] previous release ${PREVIOUS_RELEASE.slice(0, 7)} built in ${builtAfterMs.toFixed(0)} ms; this release started ` +
      `in ${current.startupMs.toFixed(0)} ms, the previous one in ${previous.startupMs.toFixed(0)} ms`,
  );
});

afterAll(async () => {
  for (const server of [current, previous]) server?.child.kill('SIGTERM');
  await Promise.all([current, previous].map((server) => server?.exited));
  await database?.drop();
  await bouncer?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  await previousRelease?.remove();
});

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function createSession(server: ServerProcess, rules?: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.baseUrl}/v1/stores/${STORE}/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${merchantToken}`, ...(rules ? { 'content-type': 'application/json' } : {}) },
    ...(rules ? { body: JSON.stringify(rules) } : {}),
  });
  return (await json<{ id: string }>(response, 201)).id;
}

function lookup(server: ServerProcess, session: string): Promise<Record<string, unknown>> {
  return fetch(`${server.baseUrl}/v1/sessions/${session}`, { headers: { authorization: `Bearer ${merchantToken}` } }).then((r) =>
    json<Record<string, unknown>>(r),
  );
}

/**
 * Group retrieval's answer, as text, with the session's id (in the price-information links, also inside
 * internalData, which is decoded) replaced: two sessions served alike then read the same.
 */
async function groups(server: ServerProcess, session: string, query = `amount=${AMOUNT}`): Promise<string> {
  const response = await fetch(`${server.baseUrl}/v1/sessions/${session}/payment-method-groups?${query}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const decoded = JSON.parse(text, (key, value: unknown) =>
    key === 'internalData' && typeof value === 'string' ? (JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as unknown) : value,
  ) as unknown;
  return JSON.stringify(decoded).replaceAll(session, '{session}');
}

/** The method ids offered, flattened, in display order. */
async function offered(server: ServerProcess, session: string): Promise<string[]> {
  const answer = JSON.parse(await groups(server, session, `amount=${AMOUNT}&flattened=true`)) as Array<{ methodIds: string[] }>;
  return answer.flatMap((group) => group.methodIds);
}

async function adminPut(server: ServerProcess, method: Record<string, unknown>): Promise<Response> {
  const token = await fetchToken(server.baseUrl, ADMIN);
  return fetch(`${server.baseUrl}/admin/v1/payment-methods/${method.id as string}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(method),
  });
}

/** A method of the previous release's demo catalog, in that release's own format. */
function previousReleaseMethod(id: string): Record<string, unknown> {
  const methods = previousRelease.demoCatalog.paymentMethods as Array<Record<string, unknown>>;
  return structuredClone(methods.find((m) => m.id === id)!);
}

describe.skipIf(!postgres || unavailable !== undefined)(
  `the previous release (${PREVIOUS_RELEASE.slice(0, 7)}) on this release's schema`,
  () => {
    it('starts on the migrated database, saying it is ahead, and both releases serve', async () => {
      const ahead = Object.keys(MIGRATIONS)
        .filter((name) => !previousRelease.migrations.includes(name))
        .sort();
      // Otherwise this would compare a release with itself: move PREVIOUS_RELEASE (test/helpers/previous-release.ts).
      expect(ahead, 'the previous release already has the newest migration').toContain(Object.keys(MIGRATIONS).sort().at(-1));
      expect(
        previousRelease.migrations.every((name) => name in MIGRATIONS),
        'the releases diverge',
      ).toBe(true);
      expect(previous.output()).toContain(
        `database is ahead (${ahead.length} unknown migration${ahead.length === 1 ? '' : 's'}: ${ahead.join(', ')}), serving`,
      );
      expect(migratedAhead).toEqual([]);
      expect(current.output()).not.toContain('database is ahead');
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.handle.db);
      expect(rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS).sort());
      for (const server of [current, previous]) expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    });

    it('a session the previous release creates reads on this one as a session without rules', async () => {
      const old = await createSession(previous);
      const plain = await createSession(current);
      const [oldLookup, plainLookup] = await Promise.all([lookup(current, old), lookup(current, plain)]);
      expect(Object.keys(oldLookup).sort()).toEqual(Object.keys(plainLookup).sort());
      for (const field of RULE_FIELDS) expect(oldLookup).not.toHaveProperty(field);
      const { rows } = await sql<{ rules: unknown }>`select rules from sessions where id = ${old}`.execute(database.handle.db);
      expect(rows).toEqual([{ rules: null }]);
      // The same groups, byte for byte, as a session of this release without rules.
      expect(await groups(current, old)).toBe(await groups(current, plain));
      expect(await offered(current, old)).toContain(DEMO_METHODS.swish);
    });

    it('a session with rules is answered without them by the previous release, with them by this one', async () => {
      const rules = { blockedPaymentMethods: ['SWISH'], country: 'SE' };
      const withRules = await createSession(current, rules);
      const plain = await createSession(current);
      // The previous release knows nothing of the rules: the session's groups are those of a session without them.
      expect(await groups(previous, withRules)).toBe(await groups(previous, plain));
      expect(await offered(previous, withRules)).toContain(DEMO_METHODS.swish);
      const previousLookup = await lookup(previous, withRules);
      for (const field of RULE_FIELDS) expect(previousLookup).not.toHaveProperty(field);
      // This release applies them, however often the previous one served the session.
      const offeredNow = await offered(current, withRules);
      expect(offeredNow).not.toContain(DEMO_METHODS.swish);
      expect(offeredNow).toEqual((await offered(current, plain)).filter((id) => id !== DEMO_METHODS.swish));
      expect(await lookup(current, withRules)).toMatchObject(rules);
    });

    it("a catalog write through the previous release's admin API is served by this release", async () => {
      const session = await createSession(current);
      // Read through this release's caches first, so that what follows is the change reaching them.
      expect(await groups(current, session)).not.toContain('Faktura, omdöpt');
      const renamed = { ...previousReleaseMethod(DEMO_METHODS.invoice), name: 'Faktura, omdöpt' };
      await json(await adminPut(previous, renamed));
      // A new method, created by the previous release: the columns it does not know take their defaults.
      const created = { ...previousReleaseMethod(DEMO_METHODS.card), id: WRITTEN_BY_PREVIOUS, name: 'Kort, från förra versionen' };
      await json(await adminPut(previous, created), 201);
      // No notifications through the pooler: the caches' lifetime brings it (docs/operations.md#behind-a-connection-pooler).
      await within(VISIBLE_WITHIN_MS, async () => {
        const text = await groups(current, session);
        return text.includes('Faktura, omdöpt') && text.includes('Kort, från förra versionen');
      });
      expect(await offered(current, session)).toContain(WRITTEN_BY_PREVIOUS);
      // A session with rules on this release sees the previous release's method too (no rule names it).
      expect(await offered(current, await createSession(current, { blockedPaymentMethods: ['SWISH'], country: 'SE' }))).toContain(
        WRITTEN_BY_PREVIOUS,
      );
    });

    it('the method columns this release added: a method the previous release creates takes their defaults, one it replaces keeps them', async () => {
      const session = await createSession(current);
      expect(await groups(current, session)).not.toContain('Swish, från förra versionen');

      // Created by the previous release: no excluded kinds of goods, the store's country (SE) alone.
      const id = 'c0ffee00-0000-4000-8000-000000000002';
      await json(await adminPut(previous, { ...previousReleaseMethod(DEMO_METHODS.swish), id, name: 'Swish, från förra versionen' }), 201);
      const rowOf = async (methodId: string) =>
        (
          await sql<{ excluded_product_types: string[]; countries: string[] | null }>`
            select excluded_product_types, countries from payment_methods where id = ${methodId}`.execute(database.handle.db)
        ).rows;
      expect(await rowOf(id)).toEqual([{ excluded_product_types: [], countries: null }]);
      const adminToken = await fetchToken(current.baseUrl, ADMIN);
      const shown = await json<Record<string, unknown>>(
        await fetch(`${current.baseUrl}/admin/v1/payment-methods/${id}`, { headers: { authorization: `Bearer ${adminToken}` } }),
      );
      expect(shown.excludedProductTypes).toEqual([]);
      expect(shown).not.toHaveProperty('countries');

      // Replaced by the previous release (renamed, in its own format, without the new fields): it writes only
      // the columns it knows, so the method keeps this release's fields, where this release's own
      // replacement without them would reset them (docs/catalog.md). A rollback loses no merchant's setting.
      expect(await rowOf(DEMO_METHODS.pp12)).toEqual([{ excluded_product_types: ['GIFT_CARD'], countries: null }]);
      const pp12 = { ...previousReleaseMethod(DEMO_METHODS.pp12), name: 'Delbetalning 12 månader, från förra versionen' };
      await json(await adminPut(previous, pp12));
      expect(await rowOf(DEMO_METHODS.pp12)).toEqual([{ excluded_product_types: ['GIFT_CARD'], countries: null }]);

      // This release serves both as the columns say, once its caches have the change (no notifications through the pooler).
      await within(VISIBLE_WITHIN_MS, async () => {
        const text = await groups(current, session);
        return text.includes('Swish, från förra versionen') && text.includes('Delbetalning 12 månader, från förra versionen');
      });
      const giftCard = await offered(current, await createSession(current, { productTypes: ['GIFT_CARD'], country: 'SE' }));
      expect(giftCard).toContain(id);
      expect(giftCard).not.toContain(DEMO_METHODS.pp12);
      expect(await offered(current, await createSession(current, { country: 'SE' }))).toEqual(
        expect.arrayContaining([id, DEMO_METHODS.pp12]),
      );
      expect(await offered(current, await createSession(current, { country: 'NO' }))).not.toContain(id);
    });
  },
);
