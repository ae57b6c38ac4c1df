// A rolling deploy and a rollback behind a real HAProxy (docs/operations.md#deploys): two instances on one
// PostgreSQL, steady storefront and session-creation traffic through the balancer, each instance
// in turn stopped with SIGTERM and started again; then a newer release's migration lands in the
// database and the instances (now the older release) roll again. No shopper may notice: zero
// non-2xx answers, zero resets, zero time-outs. PostgreSQL only: PGlite serves one process.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { migrateConfiguredDatabase, openConfiguredDatabase } from '../../src/database-setup.ts';
import { MIGRATIONS } from '../../src/storage/migrate.ts';
import { testDatabaseKind } from '../helpers/database.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import { haproxyUnavailable, startHaproxy, type Haproxy } from '../helpers/haproxy.ts';
import { pacedLoops, Timeline } from '../helpers/paced-traffic.ts';
import { buildDist, freePort, processEnvironment, startServer, type ProcessEnvironment, type ServerProcess } from '../helpers/process.ts';

/** The balancer's check interval and the instances' drain delay: short, the behaviour is the same. */
const CHECK_INTERVAL_MS = 500;
const SHUTDOWN_DELAY_SECONDS = '1.5';
/**
 * The load: eight loops (six storefront, two merchant) of 20 requests a second each, 160 a second in all,
 * not as many as the machine allows (issue 46). Each phase of a roll lasts a second or more (the drain
 * delay; a start), so each sees well over MIN_PER_PHASE even when a loaded machine slows the answers.
 */
const LOOPS = { storefront: 6, merchant: 2 };
const PER_SECOND_PER_LOOP = 20;
const MIN_PER_PHASE = 20;

const postgres = testDatabaseKind === 'postgres';
const unavailable = postgres ? haproxyUnavailable() : undefined;
if (unavailable && (process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1')) {
  throw new Error(`${unavailable}: .ci/run installs it (apt-get install haproxy)`);
}
if (unavailable) process.stderr.write(`\nWARNING: the deploy tests behind HAProxy are skipped: ${unavailable}\n\n`);

let environment: ProcessEnvironment;
let haproxy: Haproxy | undefined;
const ports: Record<string, number> = {};
const instances: Record<string, ServerProcess> = {};

function envOf(name: string): Record<string, string> {
  return {
    ...environment.env,
    PORT: String(ports[name]),
    // The same on every instance: the issuer of the tokens.
    PUBLIC_URL: 'http://pms.deploy.test',
    SHUTDOWN_DELAY_SECONDS,
    RATE_LIMIT_MERCHANT_PER_MINUTE: '0',
    RATE_LIMIT_STOREFRONT_PER_MINUTE: '0',
  };
}

beforeAll(async () => {
  if (!postgres || unavailable) return;
  buildDist();
  environment = await processEnvironment('deploys', {}, { DEMO: '1' });
  for (const name of ['one', 'two']) ports[name] = await freePort();
  for (const name of ['one', 'two']) instances[name] = await startServer(envOf(name));
  haproxy = await startHaproxy({ servers: ports, checkIntervalMs: CHECK_INTERVAL_MS });
});

afterAll(async () => {
  for (const server of Object.values(instances)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  await haproxy?.stop();
  await environment?.close();
});

async function until(what: string, condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
  return performance.now() - started;
}

interface Answer {
  kind: 'ok' | 'status' | 'reset' | 'timeout' | 'error';
  detail: string;
  /** performance.now() when it was sent: which phase of the deploy it fell in. */
  sentAt: number;
}

/** One request through the balancer on a keep-alive connection, as a storefront's browser or a merchant backend sends it. */
function send(agent: http.Agent, method: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const request = http.request(url, { method, agent, headers, timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('error', (error) => resolve({ kind: 'reset', detail: `response cut: ${error.message}`, sentAt }));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve(
          status >= 200 && status < 300
            ? { kind: 'ok', detail: '', sentAt }
            : { kind: 'status', detail: `${method} ${status} ${body}`, sentAt },
        );
      });
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('client time-out'), { code: 'TIMEOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => {
      const kind = error.code === 'TIMEOUT' ? 'timeout' : error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 'reset' : 'error';
      resolve({ kind, detail: `${method} ${error.code ?? ''} ${error.message}`, sentAt });
    });
    request.end();
  });
}

/**
 * SIGTERM, wait for the exit, start the same release again on the same port, wait until HAProxy routes to it;
 * `timeline` marks its draining (SIGTERM to exit) and its absence (exit to UP at HAProxy), each to see traffic.
 */
async function roll(name: string, log: string[], timeline: Timeline, round: string): Promise<void> {
  const started = performance.now();
  const old = instances[name]!;
  timeline.begin(`${round}, ${name} draining`);
  old.child.kill('SIGTERM');
  const exit = await old.exited;
  timeline.begin(`${round}, ${name} gone until UP again`);
  expect(exit.code, old.output()).toBe(0);
  const exitedAfter = performance.now() - started;
  instances[name] = await startServer(envOf(name));
  const upAfter = await until(`HAProxy sees ${name} up`, async () => (await haproxy!.status(name)) === 'UP', 10_000);
  timeline.end();
  log.push(
    `${name}: exited ${exitedAfter.toFixed(0)} ms after SIGTERM, started in ${instances[name].startupMs.toFixed(0)} ms, ` +
      `UP at HAProxy ${upAfter.toFixed(0)} ms later`,
  );
}

describe.skipIf(!postgres || unavailable !== undefined)('deploys behind HAProxy', () => {
  it('a rolling deploy and a rollback across a newer migration under load: no shopper notices', async () => {
    await until(
      'HAProxy sees both instances up',
      async () => (await haproxy!.status('one')) === 'UP' && (await haproxy!.status('two')) === 'UP',
      10_000,
    );
    const base = haproxy!.baseUrl;
    const tokenResponse = await fetch(`${base}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${NORDIC.id}:${NORDIC.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: accessToken } = (await tokenResponse.json()) as { access_token: string };
    const created = await fetch(`${base}/v1/stores/${STORE}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(created.status).toBe(201);
    const { id: session } = (await created.json()) as { id: string };

    const answers: Answer[] = [];
    let running = true;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    // The first loops storefront reads, the last merchant writes, all paced.
    const load = pacedLoops({
      loops: LOOPS.storefront + LOOPS.merchant,
      perSecond: PER_SECOND_PER_LOOP,
      running: () => running,
      send: async (loop) => {
        answers.push(
          loop < LOOPS.storefront
            ? await send(agent, 'GET', `${base}/v1/sessions/${session}/payment-method-groups?amount=1000`)
            : await send(agent, 'POST', `${base}/v1/stores/${STORE}/sessions`, { authorization: `Bearer ${accessToken}` }),
        );
      },
    });
    const log: string[] = [];
    const timeline = new Timeline();
    try {
      timeline.begin('before the deploy');
      await sleep(1000);
      // The deploy: each instance in turn.
      await roll('one', log, timeline, 'deploy');
      await roll('two', log, timeline, 'deploy');

      // A newer release migrated the database (one more expand-only migration): the running
      // instances are now the older release, and roll back across it.
      const config = readConfig(envOf('one'));
      const database = await openConfiguredDatabase(config);
      try {
        await migrateConfiguredDatabase(config, database, {
          ...MIGRATIONS,
          '9999_from_a_newer_release': {
            up: async (db: Kysely<any>) => {
              await sql`alter table sessions add column newer_release_flag boolean not null default false`.execute(db);
            },
          },
        });
      } finally {
        await database.close();
      }
      await roll('one', log, timeline, 'rollback');
      await roll('two', log, timeline, 'rollback');
      for (const name of ['one', 'two']) {
        expect(instances[name]!.output()).toContain('database is ahead (1 unknown migration: 9999_from_a_newer_release), serving');
      }
      timeline.begin('after the rollback');
      await sleep(1000);
      timeline.end();
    } finally {
      running = false;
      await load;
      agent.destroy();
    }

    const count = (kind: Answer['kind']) => answers.filter((a) => a.kind === kind).length;
    console.info(
      `[postgres] rolling deploy and rollback behind HAProxy: ${answers.length} requests, ${count('ok')} 2xx, ` +
        `${count('status')} other statuses, ${count('reset')} resets, ${count('timeout')} time-outs, ${count('error')} other errors\n  ` +
        log.join('\n  ') +
        `\n  requests sent per phase: ${timeline
          .counts(answers.map((a) => a.sentAt))
          .map(({ name, count, ms }) => `${name} ${count} in ${ms} ms`)
          .join(', ')}`,
    );
    // HAProxy's own lines (servers going DOWN and UP, and why) explain a failure.
    expect(
      answers.filter((a) => a.kind !== 'ok').map((a) => `${a.kind}: ${a.detail}`),
      haproxy!.output(),
    ).toEqual([]);
    expect(count('ok')).toBeGreaterThan(500);
    // The load ran through every phase of each roll: a phase without requests would show nothing.
    expect(
      timeline.short(
        answers.map((a) => a.sentAt),
        MIN_PER_PHASE,
      ),
    ).toEqual([]);
  }, 120_000);
});
