// Running in production, on PostgreSQL, with real processes (`node dist/main.js`), a fresh database
// per test (the first two share theirs, and its two instances: see startedTogether): instances
// starting together, what instances share (sessions, tokens, signing keys, catalog changes), the
// database going away and coming back (through a TCP proxy the test controls), and a deploy
// (SIGTERM under load). docs/operations.md.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeProtectedHeader } from 'jose';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresAdminUrl, testDatabaseKind } from '../helpers/database.ts';
import { buildDist, runCli, startServer, type ServerProcess } from '../helpers/process.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { catalogMethod } from '../helpers/fixtures.ts';
import { fetchSession, fetchToken, requestSession } from '../helpers/http.ts';
import { pacedLoops } from '../helpers/paced-traffic.ts';

/** The same on every instance: it is the issuer of the tokens (docs/operations.md#configuration-in-production). */
const PUBLIC_URL = 'http://pms.production.test';
const STORE = '5e55a0c1-0000-4000-8000-000000000001';
const INVOICE = '5e55a0c1-0000-4000-8000-000000000101';
const CARD = '5e55a0c1-0000-4000-8000-000000000102';
const BACKEND = { clientId: 'shop-backend', clientSecret: 'shop-backend-secret-9fQ2', merchantId: 'm-shop', scopes: ['merchant-api'] };
/** An operator client for the admin API, registered in the catalog file like any other. */
const OPERATOR = { clientId: 'ops-admin', clientSecret: 'ops-admin-secret-4Rt7', merchantId: 'm-operator', scopes: ['admin'] };
/** docs/errors.md#database-unavailable: the database unreachable is a 503 within 5 seconds. */
const OUTAGE_BOUND_MS = 5000;
/** SHUTDOWN_DELAY_SECONDS of the deploy test: short, the behaviour is the same. */
const DELAY_MS = 1500;
/**
 * The deploy test's load: 16 workers (as many connections) of 20 requests a second each, 320 a second,
 * not as many as the machine allows (issue 46): the second of the delay after /readyz turned still sees
 * some 300, against the 50 it asserts, and each worker still meets the closed listener within 50 ms.
 */
const WORKERS = 16;
const PER_SECOND_PER_WORKER = 20;

function paymentMethod(id: string, sortOrder: number, name: string, type: string): Record<string, unknown> {
  return catalogMethod(STORE, { id, sortOrder, name, description: `${name} description`, type, enabledForLegalCustomer: true });
}

const CATALOG = {
  merchants: [
    { id: 'm-shop', name: 'Shop AB' },
    { id: 'm-operator', name: 'Payment provider operations' },
  ],
  stores: [{ id: STORE, merchantId: 'm-shop', name: 'Shop', currency: 'SEK' }],
  clients: [BACKEND, OPERATOR],
  paymentMethods: [paymentMethod(INVOICE, 10, 'Invoice', 'PROVIDER_INVOICE'), paymentMethod(CARD, 20, 'Card', 'PROVIDER_CARD')],
};

let workDir: string;
let catalogFile: string;
/** Undone after each test, last first: processes are stopped before their database is dropped. */
const cleanups: Array<() => Promise<unknown>> = [];
/** The same, for what tests share: undone after the file's last test. */
const fileCleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  if (testDatabaseKind !== 'postgres') return;
  buildDist();
  workDir = await mkdtemp(path.join(tmpdir(), 'pms-production-'));
  catalogFile = path.join(workDir, 'catalog.json');
  await writeFile(catalogFile, JSON.stringify(CATALOG));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

afterAll(async () => {
  for (const cleanup of fileCleanups.splice(0).reverse()) await cleanup().catch(() => {});
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface FreshDatabase {
  url: string;
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
}

/** A new, empty database (not even migrated: the processes do that), dropped after the test. */
async function freshDatabase(undo = cleanups): Promise<FreshDatabase> {
  const name = `pms_prod_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  undo.push(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: async <T>(text: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
  };
}

/** `node dist/main.js` on the database, with the catalog file and without rate limits (the tests load it). */
async function start(databaseUrl: string, env: Record<string, string> = {}, undo = cleanups): Promise<ServerProcess> {
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    CATALOG_FILE: catalogFile,
    PUBLIC_URL,
    RATE_LIMIT_MERCHANT_PER_MINUTE: '0',
    RATE_LIMIT_TOKEN_PER_MINUTE: '0',
    RATE_LIMIT_STOREFRONT_PER_MINUTE: '0',
    ...env,
  });
  let exited = false;
  void server.exited.then(() => (exited = true));
  undo.push(async () => {
    if (!exited) server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

/** A catalog file's client, as the token helpers take it. */
function credentials(client: { clientId: string; clientSecret: string }): { id: string; secret: string } {
  return { id: client.clientId, secret: client.clientSecret };
}

/** Every request of these tests gives up after 10 s: a hang fails the test, it never stalls it. */
function call(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
}

function groups(baseUrl: string, sessionId: string): Promise<Response> {
  return call(`${baseUrl}/v1/sessions/${sessionId}/payment-method-groups?amount=1000`);
}

async function titles(baseUrl: string, sessionId: string): Promise<string[]> {
  const response = await groups(baseUrl, sessionId);
  expect(response.status).toBe(200);
  return ((await response.json()) as Array<{ title: string }>).map((group) => group.title);
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** Polls until `check` holds; returns the milliseconds it took, fails after `timeoutMs`. */
async function eventually(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(50);
  }
}

let together: Promise<{ database: FreshDatabase; a: ServerProcess; b: ServerProcess }> | undefined;
/**
 * Two instances started at the same moment on a new, empty database, once for the file: the first test
 * checks how they came up, the second what they share (for which how they started makes no difference),
 * without starting two more (issue 46). Whichever test runs first starts them (`-t` may pick either).
 */
function startedTogether(): Promise<{ database: FreshDatabase; a: ServerProcess; b: ServerProcess }> {
  together ??= (async () => {
    const database = await freshDatabase(fileCleanups);
    const [a, b] = await Promise.all([start(database.url, {}, fileCleanups), start(database.url, {}, fileCleanups)]);
    return { database, a, b };
  })();
  return together;
}

function metricValue(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe.skipIf(testDatabaseKind !== 'postgres')('in production on PostgreSQL', () => {
  it('two instances started together on an empty database both come up: one migrates, one creates the key', async () => {
    const { database, a, b } = await startedTogether();

    for (const server of [a, b]) expect((await call(`${server.baseUrl}/readyz`)).status).toBe(200);
    // Each migration recorded once: the two did not both run them.
    expect(await database.query('select name from kysely_migration order by name')).toEqual([
      { name: '0001_initial' },
      { name: '0002_catalog_applications' },
      { name: '0003_listing_index_only' },
      { name: '0004_store_identity_links_plans' },
      { name: '0005_session_idempotency_keys' },
      { name: '0006_audit_events' },
      { name: '0007_languages' },
      { name: '0008_windows' },
      { name: '0009_webhooks' },
      { name: '0010_console' },
      { name: '0011_console_sign_ins' },
      { name: '0012_console_session_client' },
      { name: '0013_credit_warning' },
      { name: '0014_method_order_rules' },
      { name: '0015_session_rules' },
    ]);
    const keys = await database.query<{ kid: string }>('select kid from signing_keys');
    expect(keys).toHaveLength(1);
    for (const server of [a, b]) {
      const jwks = (await (await call(`${server.baseUrl}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
      expect(jwks.keys.map((k) => k.kid)).toEqual([keys[0]!.kid]);
    }
    // Both applied the same catalog file: it is there once.
    expect(await database.query('select id from payment_methods order by id')).toEqual([{ id: INVOICE }, { id: CARD }]);
    const session = await fetchSession(a.baseUrl, await fetchToken(b.baseUrl, credentials(BACKEND)), STORE);
    expect(await titles(b.baseUrl, session)).toEqual(['Invoice', 'Card']);
  }, 60_000);

  it('instances share sessions, tokens, a signing key rotated by the CLI, and catalog changes within 2 s', async () => {
    const { database, a, b } = await startedTogether();

    // A session created on A is served by B; a token issued by A works on B.
    const tokenOfA = await fetchToken(a.baseUrl, credentials(BACKEND));
    const session = await fetchSession(a.baseUrl, tokenOfA, STORE);
    expect(await titles(b.baseUrl, session)).toEqual(['Invoice', 'Card']);
    await fetchSession(b.baseUrl, tokenOfA, STORE);

    // `pms keys rotate` next to the running instances: both sign with the new key within 2 s (the
    // rotation is announced to them), and each verifies the other's new tokens.
    const oldKid = decodeProtectedHeader(tokenOfA).kid;
    const rotation = await runCli(workDir, { DATABASE_URL: database.url, PUBLIC_URL }, ['keys', 'rotate']);
    expect(rotation.code, rotation.stdout + rotation.stderr).toBe(0);
    const newKid = /new signing key (\S+)/.exec(rotation.stdout)?.[1];
    expect(newKid).toBeDefined();
    expect(newKid).not.toBe(oldKid);
    for (const [signer, verifier] of [
      [a, b],
      [b, a],
    ] as const) {
      let fresh = '';
      await eventually(
        `${signer.baseUrl} signs with the new key`,
        async () => decodeProtectedHeader((fresh = await fetchToken(signer.baseUrl, credentials(BACKEND)))).kid === newKid,
        2000,
      );
      await fetchSession(verifier.baseUrl, fresh, STORE);
      const jwks = (await (await call(`${verifier.baseUrl}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
      expect(jwks.keys.map((k) => k.kid).sort()).toEqual([oldKid, newKid].sort());
    }
    // Tokens of the retired key keep working everywhere until they expire.
    for (const server of [a, b]) await fetchSession(server.baseUrl, tokenOfA, STORE);

    // A catalog change through the admin API of A is visible on B within 2 seconds. B has the
    // store's catalog cached (it just served it).
    expect(await titles(b.baseUrl, session)).toEqual(['Invoice', 'Card']);
    const adminToken = await fetchToken(a.baseUrl, credentials(OPERATOR), 'admin');
    const put = await call(`${a.baseUrl}/admin/v1/payment-methods/${INVOICE}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...paymentMethod(INVOICE, 30, 'Invoice in 30 days', 'PROVIDER_INVOICE') }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const visibleAfterMs = await eventually(
      'the change is visible on B',
      async () => JSON.stringify(await titles(b.baseUrl, session)) === JSON.stringify(['Card', 'Invoice in 30 days']),
      2000,
    );
    console.info(`[postgres] catalog change on A visible on B after ${visibleAfterMs.toFixed(0)} ms`);
  }, 60_000);

  it('answers 503 within 5 s while the database is cut or stalled, keeps serving what it has cached, and resumes by itself', async () => {
    const target = new URL(postgresAdminUrl);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const database = await freshDatabase();
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const server = await start(viaProxy.toString());
    const base = server.baseUrl;

    const accessToken = await fetchToken(base, credentials(BACKEND));
    // Fetched before the outage: session, store catalog, store owner, client, token are cached.
    const fetched = await fetchSession(base, accessToken, STORE);
    const before = await (await groups(base, fetched)).json();
    // A session this instance never saw (made by "another instance"): serving it needs the database.
    const unseenSession = async () => {
      const id = randomUUID();
      await database.query(
        `insert into sessions (id, store_id, campaign, created_at, expires_at) values ($1, $2, null, now(), now() + interval '1 hour')`,
        [id, STORE],
      );
      return id;
    };

    const databaseUp = async () => /^pms_database_up (\d)$/m.exec(await (await call(`${base}/metrics`)).text())?.[1];
    expect(await databaseUp()).toBe('1');

    const duringOutage = async (label: string, unseen: string) => {
      // Past every cache's 1-second time-to-live: what is served now is served stale-on-error.
      await sleep(1100);
      const creation = await timed(() => requestSession(base, accessToken, STORE));
      expect(creation.value.status, `${label}: session creation`).toBe(503);
      expect(typeof ((await creation.value.json()) as { message?: unknown }).message).toBe('string');
      expect(creation.ms, `${label}: session creation`).toBeLessThan(OUTAGE_BOUND_MS);

      const ready = await timed(() => call(`${base}/readyz`));
      expect(ready.value.status, `${label}: /readyz`).toBe(503);
      expect(ready.ms).toBeLessThan(OUTAGE_BOUND_MS);
      // The readiness check's answer is the alert's too (docs/runbook.md#pmsdatabaseunavailable).
      expect(await databaseUp(), `${label}: pms_database_up`).toBe('0');

      const cached = await timed(() => groups(base, fetched));
      expect(cached.value.status, `${label}: a session fetched before`).toBe(200);
      expect(await cached.value.json()).toEqual(before);
      expect(cached.ms).toBeLessThan(OUTAGE_BOUND_MS);

      const uncached = await timed(() => groups(base, unseen));
      expect(uncached.value.status, `${label}: a session never fetched`).toBe(503);
      expect(uncached.ms).toBeLessThan(OUTAGE_BOUND_MS);
      console.info(
        `[postgres] ${label}: create ${creation.ms.toFixed(0)} ms, readyz ${ready.ms.toFixed(0)} ms, ` +
          `cached session ${cached.ms.toFixed(0)} ms, unseen session ${uncached.ms.toFixed(0)} ms`,
      );
    };
    const recovers = async (label: string, unseen: string) => {
      const ms = await eventually(`${label}: ready again`, async () => (await call(`${base}/readyz`)).status === 200, 15_000);
      console.info(`[postgres] ${label}: ready again ${ms.toFixed(0)} ms after the restore`);
      expect(await databaseUp(), `${label}: pms_database_up`).toBe('1');
      expect((await groups(base, unseen)).status).toBe(200);
      const created = await fetchSession(base, accessToken, STORE);
      expect((await groups(base, created)).status).toBe(200);
    };

    // Connections refused and reset (the database stopped, a firewall).
    let unseen = await unseenSession();
    await proxy.cut();
    await duringOutage('cut', unseen);
    await proxy.restore();
    await recovers('cut', unseen);

    // Connections accepted but never answered (a network partition): only time-outs end the waits.
    unseen = await unseenSession();
    await proxy.stall();
    await duringOutage('stall', unseen);
    await proxy.restore();
    await recovers('stall', unseen);

    const metrics = await (await call(`${base}/metrics`)).text();
    expect(metricValue(metrics, 'pms_cache_stale_total', 'cache="store_catalog"')).toBeGreaterThan(0);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }, 90_000);

  it('on SIGTERM under load turns unready, serves on through the delay, stops accepting, finishes every accepted request, and exits 0', async () => {
    const database = await freshDatabase();
    // LOG_LEVEL=debug: the server logs every request it accepts ("incoming request") with its reqId;
    // STOREFRONT_LOG_SAMPLE=1: and every storefront answer's completion line, which are otherwise sampled.
    const server = await start(database.url, {
      LOG_LEVEL: 'debug',
      STOREFRONT_LOG_SAMPLE: '1',
      SHUTDOWN_DELAY_SECONDS: String(DELAY_MS / 1000),
    });
    const port = Number(new URL(server.baseUrl).port);
    const accessToken = await fetchToken(server.baseUrl, credentials(BACKEND));
    const session = await fetchSession(server.baseUrl, accessToken, STORE);

    // What counts: the server *accepted* a request when it logged "incoming request" for it (its
    // handler chain ran). Each accepted request must complete with 200 at the client. The only loss
    // allowed is after the delay, where a balancer sends nothing any more: the connection refused
    // once the server no longer listens (or reset, queued in the kernel as the listener closed). No
    // 503 (docs/operations.md#deploys: what reaches an accepted connection is served), and no reset during the
    // delay (every response since the signal said Connection: close, so the client never reuses a
    // connection the server closes). Anything else fails.
    type Outcome = {
      id: string;
      kind: 'ok' | 'refused' | 'reset' | 'failed';
      detail: string;
      afterSignal: boolean;
      sentAt: number;
      closes: boolean;
      /** For a reset: whether the connection itself was refused by a reset (never established), not one in use. */
      atConnect?: boolean;
    };
    const outcomes: Outcome[] = [];
    let signalledAt = Number.POSITIVE_INFINITY;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const get = (id: string): Promise<Outcome> =>
      new Promise((resolve) => {
        const sentAt = performance.now();
        const afterSignal = sentAt >= signalledAt;
        let responded = false;
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: `/v1/sessions/${session}/payment-method-groups?amount=1000`,
            agent,
            headers: { 'x-request-id': id },
            timeout: 10_000,
          },
          (response) => {
            responded = true;
            let body = '';
            response.setEncoding('utf8');
            const closes = response.headers.connection === 'close';
            response.on('data', (chunk: string) => (body += chunk));
            response.on('error', (error) =>
              resolve({ id, kind: 'failed', detail: `response cut: ${error.message}`, afterSignal, sentAt, closes }),
            );
            response.on('end', () => {
              const status = response.statusCode;
              if (status === 200) resolve({ id, kind: 'ok', detail: '', afterSignal, sentAt, closes });
              else resolve({ id, kind: 'failed', detail: `${status} ${body}`, afterSignal, sentAt, closes });
            });
          },
        );
        request.on('timeout', () => request.destroy(new Error('client time-out')));
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (responded) return;
          const kind =
            error.code === 'ECONNREFUSED' ? 'refused' : error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 'reset' : 'failed';
          resolve({
            id,
            kind,
            detail: `${error.code ?? ''} ${error.message}`,
            afterSignal,
            sentAt,
            closes: false,
            atConnect: error.syscall === 'connect',
          });
        });
        request.end();
      });

    const deadline = { at: Number.POSITIVE_INFINITY };
    const workers = pacedLoops({
      loops: WORKERS,
      perSecond: PER_SECOND_PER_WORKER,
      running: () => performance.now() < deadline.at,
      send: async (w, n) => {
        const outcome = await get(`load-${w}-${n}`);
        outcomes.push(outcome);
        // Refused: the server no longer listens, nothing more will be accepted.
        return outcome.kind === 'refused' ? 'stop' : undefined;
      },
    });
    await sleep(2000);

    // One request deliberately in flight across the signal: headers and half the body sent before
    // it, the rest of the body after.
    const body = JSON.stringify({ campaign: 'DEPLOY' });
    const slow = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/v1/stores/${STORE}/sessions`,
      agent: false,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'x-request-id': 'in-flight-across-sigterm',
      },
    });
    const slowResponse = new Promise<{ status: number; body: string }>((resolve, reject) => {
      slow.on('error', reject);
      slow.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
    });
    slow.write(body.slice(0, 5));
    await eventually(
      'the in-flight request reached the server',
      async () => server.output().includes('"reqId":"in-flight-across-sigterm"'),
      5000,
    );

    signalledAt = performance.now();
    deadline.at = signalledAt + DELAY_MS + 3000;
    server.child.kill('SIGTERM');
    await sleep(500);
    // Within the delay: unready for the balancer, alive for the orchestrator.
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { code: string }).code).toBe('SHUTTING_DOWN');
    // The process is draining from here at the latest: unready and closing connections are one flag.
    const drainingSeenAt = performance.now();
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    slow.end(body.slice(5));
    const inFlight = await slowResponse;
    await workers;
    const exit = await server.exited;
    const exitedAfterMs = performance.now() - signalledAt;
    agent.destroy();

    expect(inFlight.status, inFlight.body).toBe(201);
    const created = (JSON.parse(inFlight.body) as { id: string }).id;
    expect(await database.query('select campaign from sessions where id = $1', [created])).toEqual([{ campaign: 'DEPLOY' }]);
    expect(exit.code).toBe(0);

    const log = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; res?: { statusCode?: number } });
    const accepted = new Set(log.filter((line) => line.msg === 'incoming request').map((line) => line.reqId));
    const completed = new Map(log.filter((line) => line.msg === 'request completed').map((line) => [line.reqId, line.res?.statusCode]));
    const byKind = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind);
    const acceptedAfterSignal = outcomes.filter((o) => o.afterSignal && accepted.has(o.id)).length;
    console.info(
      `[postgres] SIGTERM under load: ${outcomes.length} requests, ${byKind('ok').length} ok ` +
        `(${acceptedAfterSignal} sent after the signal), ${byKind('refused').length} refused, ` +
        `${byKind('reset').length} reset before a response; exited ${exitedAfterMs.toFixed(0)} ms after the signal`,
    );

    expect(byKind('failed')).toEqual([]);
    // A reset only where the listener closed under a connection the kernel had queued but the
    // process never accepted (checked below): at the end of the delay, when a balancer no longer sends
    // anything here. A connection reset at its connect was such a queued one, however long it waited in
    // the kernel's queue for a process busy on a loaded machine (CI saw one sent within the delay); a
    // reset of a connection in use is allowed only at the end.
    expect(byKind('reset').filter((o) => !o.afterSignal || (!o.atConnect && o.sentAt < signalledAt + DELAY_MS - 100))).toEqual([]);
    expect(byKind('ok').length).toBeGreaterThan(100);
    // Served through the whole delay, and told to close their connections meanwhile: every request sent
    // once the process was seen draining (its /readyz answered 503). A loaded process may take hundreds
    // of milliseconds to run its signal handler (CI once saw nine answers sent 100 ms after the signal
    // without the header, before /readyz turned).
    const servedInDelay = outcomes.filter((o) => o.kind === 'ok' && o.sentAt > drainingSeenAt);
    expect(servedInDelay.length).toBeGreaterThan(50);
    expect(servedInDelay.filter((o) => !o.closes)).toEqual([]);
    expect(exitedAfterMs).toBeGreaterThanOrEqual(DELAY_MS);
    expect(exitedAfterMs).toBeLessThan(DELAY_MS + 5000);
    // Every request the server accepted completed, with 200 at the client and in the server's log.
    for (const id of accepted) {
      if (id === undefined || !id.startsWith('load-')) continue;
      expect(outcomes.find((o) => o.id === id)?.kind, id).toBe('ok');
      expect(completed.get(id), id).toBe(200);
    }
    // And what the client lost, the server never accepted.
    for (const outcome of [...byKind('refused'), ...byKind('reset')]) {
      expect(accepted.has(outcome.id), outcome.id).toBe(false);
    }
    expect(completed.get('in-flight-across-sigterm')).toBe(201);
    // Every worker ended on a refused connection: the server stopped listening.
    expect(byKind('refused').length).toBe(WORKERS);
  }, 60_000);

  it('on SIGINT (Ctrl-C) skips the delay and exits at once', async () => {
    const database = await freshDatabase();
    const server = await start(database.url, { SHUTDOWN_DELAY_SECONDS: '30' });
    const signalledAt = performance.now();
    server.child.kill('SIGINT');
    expect((await server.exited).code).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(3000);
  });
});
