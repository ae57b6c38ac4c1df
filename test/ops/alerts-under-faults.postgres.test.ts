// The alerts on real faults: Debian's Prometheus (1 s scrape and evaluation) with its own copy of
// ops/prometheus/rules.yml scrapes a real instance (node dist/main.js) on PostgreSQL, with a
// redis-server of the test's own and a TCP proxy in front of PostgreSQL, under storefront and token
// traffic. Healthy: no alert, every dashboard expression evaluates, every pms_ series a rule or panel
// selects is exported. Then Redis stopped → PmsRateLimitStoreDown fires, back → resolved; the database
// cut → PmsDatabaseUnavailable fires, back → resolved; the instance stopped → PmsInstanceDown fires.
// PostgreSQL only (one instance on PGlite has no database to lose apart from itself).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROWS } from '../../ops/grafana/dashboard.ts';
import { projectRoot } from '../helpers/app.ts';
import { testDatabaseKind } from '../helpers/database.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import { prometheusRequired, prometheusUnavailable, startPrometheus, type Prometheus } from '../helpers/prometheus.ts';
import { buildDist, freePort, processEnvironment, startServer, type ProcessEnvironment, type ServerProcess } from '../helpers/process.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

/**
 * The test's own setting: every `for:` of the shipped rules becomes this many seconds per minute in the
 * copy Prometheus loads (2m → 6 s), so that the faults fire in seconds. The shipped file is never edited.
 */
const FOR_SECONDS_PER_MINUTE = 3;
/** What the dashboard's `$__rate_interval` (Grafana's) stands for when the test evaluates its expressions. */
const RATE_INTERVAL = '30s';

const postgres = testDatabaseKind === 'postgres';
const unavailable = postgres ? prometheusUnavailable() : undefined;
if (unavailable && prometheusRequired) throw new Error(`${unavailable}: .ci/run installs it (apt-get install prometheus)`);
if (unavailable) process.stderr.write(`\nWARNING: the alerts-under-faults test is skipped: ${unavailable}\n\n`);

const shippedRules = readFileSync(path.join(projectRoot, 'ops/prometheus/rules.yml'), 'utf8');
const testRules = shippedRules.replace(
  /^(\s+for: )(\d+)m$/gm,
  (_, prefix: string, minutes: string) => `${prefix}${Number(minutes) * FOR_SECONDS_PER_MINUTE}s`,
);

let environment: ProcessEnvironment | undefined;
let proxy: TcpProxy | undefined;
let redis: { child: ChildProcess; exited: Promise<void> } | undefined;
let redisPort: number;
let server: ServerProcess | undefined;
let prometheus: Prometheus | undefined;
let traffic: Promise<void> | undefined;
let running = true;

function startRedis(): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  return { child, exited: new Promise((resolve) => child.once('exit', () => resolve())) };
}

async function stopRedis(): Promise<void> {
  if (!redis) return;
  if (redis.child.exitCode === null) redis.child.kill('SIGKILL');
  await redis.exited;
  redis = undefined;
}

async function until(what: string, condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) {
      throw new Error(`timed out waiting until ${what}; alerts: ${JSON.stringify(await prometheus?.alerts().catch(() => []))}`);
    }
    await sleep(250);
  }
}

const firing = async (name: string) =>
  (await prometheus!.alerts()).some((alert) => alert.labels.alertname === name && alert.state === 'firing');
const active = async (name: string) => (await prometheus!.alerts()).some((alert) => alert.labels.alertname === name);

/** Storefront traffic (group retrieval, 10 a second) and a session and a token now and then, until stopped. */
async function sendTraffic(baseUrl: string): Promise<void> {
  const basic = `Basic ${Buffer.from(`${NORDIC.id}:${NORDIC.secret}`).toString('base64')}`;
  let session: string | undefined;
  for (let i = 0; running; i += 1) {
    try {
      if (!session || i % 20 === 0) {
        const token = await fetch(`${baseUrl}/oauth2/token`, {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
        });
        const { access_token: accessToken } = (await token.json()) as { access_token?: string };
        if (accessToken) {
          const created = await fetch(`${baseUrl}/v1/stores/${STORE}/sessions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${accessToken}` },
          });
          if (created.status === 201) session = ((await created.json()) as { id: string }).id;
        }
      }
      if (session) await (await fetch(`${baseUrl}/v1/sessions/${session}/payment-method-groups?amount=${100 + (i % 50)}`)).arrayBuffer();
    } catch {
      // The instance stopped or the request failed during a fault: keep going.
    }
    await sleep(100);
  }
}

beforeAll(async () => {
  if (!postgres || unavailable) return;
  buildDist();
  environment = await processEnvironment('ops-alerts', {}, { DEMO: '1' });
  const databaseUrl = new URL(environment.env.DATABASE_URL!);
  proxy = await startTcpProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
  databaseUrl.hostname = '127.0.0.1';
  databaseUrl.port = String(proxy.port);
  redisPort = await freePort();
  redis = startRedis();
  // The replica is the database itself, reached directly (not through the proxy): its series (lag, reads) exported.
  server = await startServer({
    ...environment.env,
    DATABASE_URL: databaseUrl.toString(),
    DATABASE_REPLICA_URL: environment.env.DATABASE_URL!,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  });
  prometheus = await startPrometheus({ targets: [new URL(server.baseUrl).host], rules: testRules });
  traffic = sendTraffic(server.baseUrl);
}, 120_000);

afterAll(async () => {
  running = false;
  await traffic;
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  await prometheus?.stop();
  await stopRedis();
  await proxy?.close();
  await environment?.close();
});

describe.skipIf(!postgres || unavailable !== undefined)('alerts under faults', () => {
  it('fire on nothing while the instance is healthy; every panel evaluates; every selected pms_ series is exported', async () => {
    // Traffic for a while, and every rule evaluated several times over it.
    await until('the instance is scraped with its storefront traffic', async () => {
      const requests = await prometheus!.query('pms:storefront_group_retrieval_requests:rate5m{job="pms"}');
      return requests.length > 0 && Number(requests[0]!.value[1]) > 0;
    });
    // Nothing pending or firing, every second for longer than the shortened `for:` of the alerts a fault of a
    // healthy instance could raise (the burn's 2m → 6 s, the database's 1m → 3 s).
    for (let second = 0; second < 10; second += 1) {
      expect(await prometheus!.alerts(), prometheus!.output()).toEqual([]);
      await sleep(1000);
    }

    for (const row of ROWS) {
      for (const panel of row.panels) {
        for (const query of panel.queries) {
          await expect(
            prometheus!.query(query.expr.replaceAll('$__rate_interval', RATE_INTERVAL)),
            `${panel.title}: ${query.expr}`,
          ).resolves.toBeDefined();
        }
      }
    }

    // No 5xx answered yet, so no 5xx series: the error ratio is 0 all the same, not absent (the dashboard's panel).
    const ratio = await prometheus!.query('pms:storefront_group_retrieval_errors:ratio_rate5m{job="pms"}');
    expect(ratio.map((sample) => sample.value[1])).toEqual(['0']);

    const expressions = [
      shippedRules,
      ...ROWS.flatMap((row) => row.panels.flatMap((panel) => panel.queries.map((query) => query.expr))),
    ].join('\n');
    const selectors = new Set([...expressions.matchAll(/\b(pms_[a-z_]+)(\{[^}]*\})?/g)].map((match) => match[1]! + (match[2] ?? '')));
    const exposition = await (await fetch(`${server!.baseUrl}/metrics`)).text();
    const missing: string[] = [];
    for (const selector of selectors) {
      const name = selector.split('{')[0]!;
      if (!new RegExp(`^${name}[{ ]`, 'm').test(exposition)) missing.push(`${name} (not in /metrics)`);
      else if ((await prometheus!.query(`count(${selector})`)).length === 0) missing.push(`${selector} (no series with these labels)`);
    }
    expect(missing).toEqual([]);
  });

  it('Redis stopped: PmsRateLimitStoreDown fires; Redis back: it resolves', async () => {
    await stopRedis();
    await until('PmsRateLimitStoreDown fires', () => firing('PmsRateLimitStoreDown'));
    redis = startRedis();
    await until('PmsRateLimitStoreDown resolves', async () => !(await active('PmsRateLimitStoreDown')));
  });

  it('the database cut: PmsDatabaseUnavailable fires; back: it resolves', async () => {
    await proxy!.cut();
    await until('PmsDatabaseUnavailable fires', () => firing('PmsDatabaseUnavailable'));
    await proxy!.restore();
    await until('PmsDatabaseUnavailable resolves', async () => !(await active('PmsDatabaseUnavailable')));
  });

  it('the instance stopped: PmsInstanceDown fires', async () => {
    server!.child.kill('SIGKILL');
    await server!.exited;
    await until('PmsInstanceDown fires', () => firing('PmsInstanceDown'));
  });
});
