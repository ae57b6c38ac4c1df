// A database failover no shopper notices (docs/operations.md#database-failover), on the real parts:
// etcd, two Patroni nodes on Debian's PostgreSQL in synchronous_mode (ttl 10 s), HAProxy with a
// primary and a replica endpoint checking Patroni's REST API, and two instances of the service
// (DATABASE_URL the primary endpoint, DATABASE_REPLICA_URL the replica one). Under load (session
// creations with idempotency keys, retried on 503; storefront reads of sessions the other instance
// created before the fault), the primary node is lost (Patroni and postmaster killed with SIGKILL);
// once it has rejoined, a planned `patronictl switchover` gives it the lead back. PostgreSQL only
// (the folder runs on the postgres project); the cluster is started once for the file.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog, withAdminClient } from '../helpers/app.ts';
import { testDatabaseKind } from '../helpers/database.ts';
import { DEMO_METHODS, NORDIC, STORE } from '../helpers/demo.ts';
import { Timeline } from '../helpers/paced-traffic.ts';
import { patroniUnavailable, startPatroniCluster, type PatroniCluster } from '../helpers/patroni.ts';
import { buildDist, freePort, startServer, type ServerProcess } from '../helpers/process.ts';

/** What the issue allows: no request longer, creation back within, a catalog change seen within. */
const MAX_REQUEST_MS = 6000;
const CREATION_BACK_MS = 3000;
const CATALOG_SEEN_MS = 2000;
/** Sessions each instance creates before the fault, read by the other one's storefront during it. */
const SESSIONS_BEFORE = 120;
/**
 * Storefront reads each fault's window (the node lost until the standby is promoted, a switchover until
 * the new primary answers) must see at least: the storefront loops are paced already (some 20 reads a
 * second each, not as fast as the machine allows: issue 46), and "no error" means something only if
 * reads fell in those windows.
 */
const MIN_READS_PER_FAULT = 10;

const ADMIN = { id: 'failover-admin', secret: 'failover-admin-secret-8c1d2e3f4a', merchantId: 'm-operator' };

const postgres = testDatabaseKind === 'postgres';
const unavailable = postgres ? patroniUnavailable() : undefined;
if (unavailable && (process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1')) {
  throw new Error(`${unavailable}: .ci/run installs them (apt-get install patroni etcd-server haproxy)`);
}
if (unavailable) process.stderr.write(`\nWARNING: the Patroni failover test is skipped: ${unavailable}\n\n`);

let cluster: PatroniCluster | undefined;
let workDir: string | undefined;
const instances: Record<'a' | 'b', ServerProcess | undefined> = { a: undefined, b: undefined };

beforeAll(async () => {
  if (!postgres || unavailable) return;
  buildDist();
  const t0 = performance.now();
  cluster = await startPatroniCluster();
  const t1 = performance.now();
  workDir = await mkdtemp(path.join(tmpdir(), 'pms-failover-'));
  const catalogFile = path.join(workDir, 'catalog.json');
  await writeFile(catalogFile, JSON.stringify(withAdminClient(await demoCatalog(), ADMIN)));
  const env = {
    DATABASE_URL: cluster.primaryUrl,
    DATABASE_REPLICA_URL: cluster.replicaUrl,
    CATALOG_FILE: catalogFile,
    PUBLIC_URL: 'http://pms.failover.test',
    RATE_LIMIT_MERCHANT_PER_MINUTE: '0',
    RATE_LIMIT_STOREFRONT_PER_MINUTE: '0',
    TOKEN_KEY_DERIVATIONS_PER_SECOND: '1000',
  };
  // One after the other: the first migrates and applies the catalog, the second finds it done.
  instances.a = await startServer({ ...env, PORT: String(await freePort()) });
  instances.b = await startServer({ ...env, PORT: String(await freePort()) });
  process.stdout.write(`\nPatroni cluster up in ${(t1 - t0).toFixed(0)} ms, both instances in ${(performance.now() - t1).toFixed(0)} ms\n`);
}, 90_000);

afterAll(async () => {
  const t0 = performance.now();
  for (const server of Object.values(instances)) {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  const t1 = performance.now();
  await cluster?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  process.stdout.write(`instances stopped in ${(t1 - t0).toFixed(0)} ms, the cluster in ${(performance.now() - t1).toFixed(0)} ms\n`);
}, 60_000);

type Instance = 'a' | 'b';
const other = (name: Instance): Instance => (name === 'a' ? 'b' : 'a');

interface Answer {
  what: 'create' | 'groups' | 'lookup' | 'admin' | 'listing';
  instance: Instance;
  status: number; // 0: no HTTP answer (reset, refused, time-out)
  retryAfter: string | null;
  error: string | undefined;
  startedAt: number;
  ms: number;
}

const answers: Answer[] = [];

async function send(
  what: Answer['what'],
  instance: Instance,
  pathname: string,
  init: RequestInit = {},
): Promise<{ answer: Answer; body: any }> {
  const startedAt = performance.now();
  let answer: Answer;
  let body: any;
  try {
    const response = await fetch(`${instances[instance]!.baseUrl}${pathname}`, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
    answer = {
      what,
      instance,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      error: response.status >= 400 ? text.slice(0, 300) : undefined,
      startedAt,
      ms: performance.now() - startedAt,
    };
  } catch (error) {
    answer = { what, instance, status: 0, retryAfter: null, error: String(error), startedAt, ms: performance.now() - startedAt };
  }
  answers.push(answer);
  return { answer, body };
}

async function token(client: { id: string; secret: string }): Promise<string> {
  const response = await fetch(`${instances.a!.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Acknowledged {
  key: string;
  id: string;
  instance: Instance;
  /** Whether the key was sent more than once (a 503 or 409 first). */
  retried: boolean;
  at: number;
}

/** One session with an idempotency key, retried with the same key until acknowledged (or `stop`). */
async function createWithRetries(merchant: string, instance: Instance, stop: () => boolean): Promise<Acknowledged | undefined> {
  const key = randomUUID();
  let attempts = 0;
  for (;;) {
    attempts += 1;
    const { answer, body } = await send('create', instance, `/v1/stores/${STORE}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${merchant}`, 'idempotency-key': key },
    });
    if (answer.status === 201) return { key, id: body.id as string, instance, retried: attempts > 1, at: performance.now() };
    if (stop()) return undefined;
    await sleep(200);
  }
}

describe.skipIf(!postgres || unavailable !== undefined)('a database failover under load (Patroni, HAProxy, two instances)', () => {
  it('loses no session, shows the storefront no error, answers only 503 with Retry-After, and recovers within seconds', async () => {
    const merchant = await token(NORDIC);
    const admin = await token(ADMIN);
    const log: string[] = [];

    // Before the fault: sessions on each instance, which the other one's storefront reads during it.
    const before: Record<Instance, string[]> = { a: [], b: [] };
    for (const instance of ['a', 'b'] as const) {
      for (let i = 0; i < SESSIONS_BEFORE; i += 10) {
        const created = await Promise.all(Array.from({ length: 10 }, () => createWithRetries(merchant, instance, () => true)));
        for (const session of created) before[instance].push(session!.id);
      }
    }
    // The store's catalog cached on both (the storefront's first read), as in production.
    for (const instance of ['a', 'b'] as const) {
      const { answer } = await send('groups', instance, `/v1/sessions/${before[instance][0]}/payment-method-groups?amount=100`);
      expect(answer.status).toBe(200);
    }
    answers.length = 0;

    // The load, for the whole test: on each instance a creator and a storefront reading the other's sessions.
    let stopping = false;
    const acknowledged: Acknowledged[] = [];
    const creator = async (instance: Instance) => {
      while (!stopping) {
        const session = await createWithRetries(merchant, instance, () => stopping);
        if (session) acknowledged.push(session);
        await sleep(30);
      }
    };
    const storefront = async (instance: Instance) => {
      const theirs = before[other(instance)];
      for (let i = 1; !stopping; i++) {
        // Each of the other's sessions once by group retrieval (not cached here yet), then lookups (never cached).
        const session = theirs[i % theirs.length]!;
        if (i < theirs.length) await send('groups', instance, `/v1/sessions/${session}/payment-method-groups?amount=100`);
        else await send('lookup', instance, `/v1/sessions/${session}`, { headers: { authorization: `Bearer ${merchant}` } });
        await sleep(40);
      }
    };
    const load = Promise.all([creator('a'), creator('b'), storefront('a'), storefront('b')]);

    /** Until a creation is acknowledged after `since` on each instance: ms after `since`. */
    const creationBack = async (since: number): Promise<number> => {
      for (;;) {
        const back = (['a', 'b'] as const).map((instance) => acknowledged.find((s) => s.instance === instance && s.at > since));
        if (back.every(Boolean)) return Math.max(...back.map((s) => s!.at)) - since;
        if (performance.now() - since > 20_000) throw new Error('creation not back within 20 s');
        await sleep(50);
      }
    };

    /** A catalog change on one instance (retried while 503), then the milliseconds until the other serves it. */
    const catalogChange = async (on: Instance, name: string): Promise<number> => {
      for (;;) {
        const current = await send('admin', on, `/admin/v1/payment-methods/${DEMO_METHODS.invoice}`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        if (current.answer.status === 200) {
          const put = await send('admin', on, `/admin/v1/payment-methods/${DEMO_METHODS.invoice}`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
            body: JSON.stringify({ ...current.body, name }),
          });
          if (put.answer.status === 200) break;
        }
        await sleep(200);
      }
      const changed = performance.now();
      for (;;) {
        const listing = await send('listing', other(on), `/v2/stores/${STORE}/payment_methods`, {
          headers: { authorization: `Bearer ${merchant}` },
        });
        const methods = (listing.body?.content ?? []) as Array<{ id: string; name: string }>;
        if (methods.find((m) => m.id === DEMO_METHODS.invoice)?.name === name) return performance.now() - changed;
        if (performance.now() - changed > 10_000) throw new Error(`catalog change not seen on ${other(on)} within 10 s`);
        await sleep(50);
      }
    };

    await sleep(1000);
    const first = (await cluster!.leader())!;
    const second = Object.keys(cluster!.nodes).find((n) => n !== first)!;
    const faults = new Timeline();

    // Node loss: Patroni and its postmaster killed; the synchronous standby is promoted after ttl.
    const lost = performance.now();
    faults.begin('node loss until the promotion');
    await cluster!.kill(first);
    while (!(await cluster!.answers(second, '/primary').catch(() => false))) await sleep(100);
    faults.end();
    const promoted = performance.now();
    log.push(`node loss: ${first} killed, ${second} promoted ${((promoted - lost) / 1000).toFixed(1)} s later`);
    const backAfterLoss = await creationBack(promoted);
    log.push(`node loss: creation back on both instances ${backAfterLoss.toFixed(0)} ms after the promotion`);
    const seenAfterLoss = await catalogChange('a', 'Invoice after the node loss');
    log.push(`node loss: a catalog change on a seen on b ${seenAfterLoss.toFixed(0)} ms later`);

    // The lost node rejoins (rewound if needed) as the synchronous standby; then a planned switchover back.
    const rejoining = performance.now();
    cluster!.start(first);
    await cluster!.waitForSyncStandby(first, 40_000);
    log.push(`rejoin: ${first} synchronous standby after ${((performance.now() - rejoining) / 1000).toFixed(1)} s`);
    await sleep(500);
    const switching = performance.now();
    faults.begin('switchover until the promotion');
    await cluster!.switchover(first);
    while (!(await cluster!.answers(first, '/primary').catch(() => false))) await sleep(100);
    faults.end();
    const switched = performance.now();
    log.push(`switchover: ${first} primary ${((switched - switching) / 1000).toFixed(1)} s after patronictl`);
    const backAfterSwitchover = await creationBack(switched);
    log.push(`switchover: creation back on both instances ${backAfterSwitchover.toFixed(0)} ms after the promotion`);
    const seenAfterSwitchover = await catalogChange('b', 'Invoice after the switchover');
    log.push(`switchover: a catalog change on b seen on a ${seenAfterSwitchover.toFixed(0)} ms later`);

    await sleep(500);
    stopping = true;
    await load;

    const count = (what: Answer['what']) => answers.filter((a) => a.what === what).length;
    const reads = answers.filter((a) => a.what === 'groups' || a.what === 'lookup').map((a) => a.startedAt);
    const status = (what: Answer['what'], code: number) => answers.filter((a) => a.what === what && a.status === code).length;
    log.push(
      `answers: ${count('create')} creations (${status('create', 201)} 201, ${status('create', 503)} 503), ` +
        `${count('groups')} group retrievals, ${count('lookup')} session lookups; slowest ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms; ` +
        `${acknowledged.length} sessions acknowledged, ${acknowledged.filter((s) => s.retried).length} after a retry; storefront reads ` +
        faults
          .counts(reads)
          .map(({ name, count: n, ms }) => `${name} ${n} in ${ms} ms`)
          .join(', '),
    );
    process.stdout.write(`\n${log.join('\n')}\n`);

    // Every request answered in time, by HTTP; no 5xx but 503, each with Retry-After.
    expect(answers.filter((a) => a.status === 0).map((a) => `${a.what} ${a.instance}: ${a.error}`)).toEqual([]);
    expect(answers.filter((a) => a.ms > MAX_REQUEST_MS).map((a) => `${a.what} ${a.instance}: ${a.ms.toFixed(0)} ms`)).toEqual([]);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503).map((a) => `${a.what} ${a.status} ${a.error}`)).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && !a.retryAfter).map((a) => `${a.what} ${a.error}`)).toEqual([]);
    // The storefront never saw an error for a session created before the fault, whichever instance created it.
    expect(
      answers
        .filter((a) => (a.what === 'groups' || a.what === 'lookup') && a.status !== 200)
        .map((a) => `${a.what} ${a.instance} ${a.status} ${a.error}`),
    ).toEqual([]);
    expect(count('groups')).toBeGreaterThan(50);
    // The storefront read throughout each fault, so its lack of errors covers them.
    expect(faults.short(reads, MIN_READS_PER_FAULT)).toEqual([]);
    // Writes back within 3 s of the new primary; catalog changes on the other instance within 2 s.
    expect(backAfterLoss).toBeLessThanOrEqual(CREATION_BACK_MS);
    expect(backAfterSwitchover).toBeLessThanOrEqual(CREATION_BACK_MS);
    expect(seenAfterLoss).toBeLessThanOrEqual(CATALOG_SEEN_MS);
    expect(seenAfterSwitchover).toBeLessThanOrEqual(CATALOG_SEEN_MS);

    // Zero acknowledged sessions lost, and one session per retried key (its replay answers the same one).
    const client = new pg.Client({ connectionString: cluster!.primaryUrl });
    await client.connect();
    try {
      const ids = [...before.a, ...before.b, ...acknowledged.map((s) => s.id)];
      const { rows } = await client.query<{ n: string }>('select count(*) as n from sessions where id = any($1::uuid[])', [ids]);
      expect(Number(rows[0]!.n)).toBe(ids.length);
      const retried = acknowledged.filter((s) => s.retried);
      const keys = await client.query<{ key: string; session_id: string }>(
        'select key, session_id from session_idempotency_keys where key = any($1::text[])',
        [retried.map((s) => s.key)],
      );
      expect(new Map(keys.rows.map((r) => [r.key, r.session_id]))).toEqual(new Map(retried.map((s) => [s.key, s.id])));
    } finally {
      await client.end();
    }
    for (const session of acknowledged.filter((s) => s.retried).slice(0, 20)) {
      const { answer, body } = await send('create', other(session.instance), `/v1/stores/${STORE}/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${merchant}`, 'idempotency-key': session.key },
      });
      expect(answer.status).toBe(201);
      expect(body.id).toBe(session.id);
    }
  }, 150_000);
});
