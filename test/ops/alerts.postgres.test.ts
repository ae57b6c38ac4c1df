// The alerts against real faults (docs/runbook.md#how-the-rules-are-tested): Debian's Prometheus, started on a free
// port with 1-second scrape and evaluation intervals and its storage in a temporary folder, loads a copy of
// ops/prometheus/rules.yml and scrapes a real instance (node dist/main.js) on PostgreSQL with a Redis of the
// test's own, under storefront, session and token traffic. Healthy, no alert fires and every dashboard query
// evaluates; Redis stopped → PmsRateLimitStoreDown fires, and resolves once Redis is back; the database cut
// (a TCP proxy between the instance and PostgreSQL) → PmsDatabaseUnavailable fires, and resolves once it is
// back; the instance stopped → PmsInstanceDown fires.
// The copy's `for:` durations are divided by FOR_DIVISOR (a minute becomes 3 s); nothing else differs.
// PostgreSQL only: the shared PostgreSQL and Redis of the machine are never stopped, only the test's own.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../helpers/database.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import {
  PROMETHEUS,
  RULES_FILE,
  dashboardQueries,
  prometheusUnavailable,
  readRules,
  startPrometheus,
  type PrometheusServer,
} from '../helpers/prometheus.ts';
import { buildDist, freePort, processEnvironment, startServer, type ProcessEnvironment, type ServerProcess } from '../helpers/process.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

/** The test's own setting: every `for:` of the copied rules divided by this (1m → 3s, 2m → 6s, 10m → 30s). */
const FOR_DIVISOR = 20;
/** Seconds between scrapes and between rule evaluations. */
const INTERVAL_SECONDS = 1;

const postgres = testDatabaseKind === 'postgres';
const unavailable = postgres ? prometheusUnavailable(PROMETHEUS) : undefined;

/** rules.yml with its `for:` durations shortened: the test's copy, never the shipped file. */
function shortenFor(rules: string, divisor: number): string {
  const seconds = { s: 1, m: 60, h: 3600 } as const;
  return rules.replace(/^(\s+for: )(\d+)([smh])$/gm, (_, prefix: string, n: string, unit: keyof typeof seconds) => {
    return `${prefix}${Math.max(1, Math.round((Number(n) * seconds[unit]) / divisor))}s`;
  });
}

interface Alert {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
}

let environment: ProcessEnvironment;
let proxy: TcpProxy;
let redisPort: number;
let redis: ChildProcess | undefined;
let server: ServerProcess | undefined;
let prometheus: PrometheusServer | undefined;

async function startRedis(): Promise<void> {
  const child = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  redis = child;
  for (let i = 0; i < 100; i++) {
    const answered = await new Promise<boolean>((resolve) => {
      const probe = spawn('redis-cli', ['-p', String(redisPort), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      probe.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      probe.once('exit', () => resolve(out.includes('PONG')));
    });
    if (answered) return;
    await sleep(100);
  }
  throw new Error(`redis-server on ${redisPort} did not start`);
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  if (!postgres || unavailable) return;
  buildDist();
  environment = await processEnvironment('ops-alerts', {}, { DEMO: '1' });
  const direct = new URL(environment.env.DATABASE_URL!);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const throughProxy = new URL(direct);
  throughProxy.port = String(proxy.port);
  redisPort = await freePort();
  await startRedis();
  server = await startServer({
    ...environment.env,
    DATABASE_URL: throughProxy.toString(),
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    // Counted in Redis, never reached by the traffic: the limits are what Redis is for here.
    RATE_LIMIT_STOREFRONT_PER_MINUTE: '1000000',
    RATE_LIMIT_MERCHANT_PER_MINUTE: '1000000',
  });
}, 120_000);

afterAll(async () => {
  await prometheus?.stop();
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  await stopRedis();
  await proxy?.close();
  await environment?.close();
});

describe.skipIf(!postgres || unavailable !== undefined)('the alerts on a real instance under faults (Prometheus 2.42)', () => {
  it('stay silent while healthy, fire on Redis stopped, the database cut and the instance stopped, and resolve', async () => {
    const base = server!.baseUrl;
    const token = async (secret: string) =>
      fetch(`${base}/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${NORDIC.id}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
    const issued = await token(NORDIC.secret);
    expect(issued.status).toBe(200);
    const { access_token: accessToken } = (await issued.json()) as { access_token: string };
    // A refused authentication: the refusals' series exist before the dashboard's queries read them.
    expect((await token('not-the-secret')).status).toBe(401);
    const created = await fetch(`${base}/v1/stores/${STORE}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(created.status).toBe(201);
    const { id: session } = (await created.json()) as { id: string };

    // Normal traffic: two shoppers' storefronts, a merchant creating sessions, a token now and then.
    const statuses = new Map<string, number>();
    const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
    let running = true;
    const request = (url: string, init?: RequestInit) =>
      fetch(url, init).then(
        async (response) => {
          await response.arrayBuffer();
          count(String(response.status));
        },
        () => count('connection failed'),
      );
    const loops = [
      ...[0, 1].map(async (shopper) => {
        for (let i = 0; running; i++) {
          await request(`${base}/v1/sessions/${session}/payment-method-groups?amount=${1000 + ((i * 7 + shopper) % 5000)}`);
          await sleep(20);
        }
      }),
      (async () => {
        for (let i = 0; running; i++) {
          await request(`${base}/v1/stores/${STORE}/sessions`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
          if (i % 10 === 0)
            await token(NORDIC.secret).then(
              (r) => r.arrayBuffer(),
              () => undefined,
            );
          await sleep(200);
        }
      })(),
    ];
    const log: string[] = [];
    const started = performance.now();
    const note = (what: string) => log.push(`${((performance.now() - started) / 1000).toFixed(1)} s: ${what}`);

    try {
      // Warm: the slow first requests of a fresh process are before Prometheus's first scrape.
      await sleep(2000);
      prometheus = await startPrometheus({
        targets: [new URL(base).host],
        rulesText: shortenFor(await readFile(RULES_FILE, 'utf8'), FOR_DIVISOR),
        intervalSeconds: INTERVAL_SECONDS,
      });
      note('Prometheus started');
      const alerts = async () => (await prometheus!.api<{ alerts: Alert[] }>('alerts')).alerts;
      const state = async (name: string) => (await alerts()).find((alert) => alert.labels.alertname === name)?.state ?? 'inactive';
      const until = async (what: string, condition: () => Promise<boolean>, timeoutMs = 45_000) => {
        const since = performance.now();
        while (!(await condition())) {
          if (performance.now() - since > timeoutMs)
            throw new Error(`timed out waiting until ${what}\n${log.join('\n')}\n${prometheus!.output()}`);
          await sleep(250);
        }
        note(what);
      };
      await until('the instance is scraped', async () => {
        const up = await prometheus!.api<{ result: Array<{ value: [number, string] }> }>('query', { query: 'up{job="pms"}' });
        return up.result[0]?.value[1] === '1';
      });

      // Healthy under traffic: nothing pending, nothing firing, for longer than the longest shortened `for:`
      // of the alerts a fault here would raise (the burn's 2m → 6 s, the database's 1m → 3 s).
      const healthyUntil = performance.now() + 12_000;
      while (performance.now() < healthyUntil) {
        expect(await alerts(), 'no alert while healthy').toEqual([]);
        await sleep(1000);
      }
      note('healthy: no alert for 12 s');

      // Every dashboard query evaluates, and on this instance under load each has data.
      const empty: string[] = [];
      for (const { panel, expr } of await dashboardQueries()) {
        const query = expr.replaceAll('$__rate_interval', '10s').replaceAll('$job', 'pms');
        const data = await prometheus.api<{ result: unknown[] }>('query', { query });
        if (data.result.length === 0) empty.push(`${panel}: ${query}`);
      }
      expect(empty, 'dashboard queries without data').toEqual([]);
      note('every dashboard query evaluates');

      // Every metric a rule or panel names is exported, with the labels the expression selects and groups by.
      const exposition = await (await fetch(`${base}/metrics`)).text();
      const expressions = [...(await readRules()).map((rule) => rule.expr), ...(await dashboardQueries()).map((q) => q.expr)];
      expect(exportedProblems(exposition, expressions)).toEqual([]);

      // Redis stopped: the breaker opens under traffic and the alert fires; Redis back: it resolves.
      await stopRedis();
      note('Redis stopped');
      await until('PmsRateLimitStoreDown fires', async () => (await state('PmsRateLimitStoreDown')) === 'firing');
      await startRedis();
      note('Redis started again');
      await until('PmsRateLimitStoreDown resolves', async () => (await state('PmsRateLimitStoreDown')) === 'inactive');

      // The database cut: the instance's probe sees it and the alert fires; back: it resolves.
      await proxy.cut();
      note('database cut');
      await until('PmsDatabaseUnavailable fires', async () => (await state('PmsDatabaseUnavailable')) === 'firing');
      await proxy.restore();
      note('database back');
      await until('PmsDatabaseUnavailable resolves', async () => (await state('PmsDatabaseUnavailable')) === 'inactive');

      // The instance stopped: its target is down and the alert fires.
      running = false;
      await Promise.all(loops);
      server!.child.kill('SIGTERM');
      await server!.exited;
      note('instance stopped');
      await until('PmsInstanceDown fires', async () => (await state('PmsInstanceDown')) === 'firing');
    } finally {
      running = false;
      await Promise.all(loops);
      console.info(`[postgres] alerts under faults: answers ${JSON.stringify(Object.fromEntries(statuses))}\n  ${log.join('\n  ')}`);
    }
  }, 240_000);
});

/**
 * What an expression names but /metrics does not export: a metric with no series carrying the labels its
 * selector names (with the value an `=` matcher asks for: a route template, a result; a pattern's value, such
 * as a 5xx status, may not have occurred on a healthy instance), or a `by (…)` label no series of its metrics
 * carries. job and instance are Prometheus's own.
 */
function exportedProblems(exposition: string, expressions: string[]): string[] {
  const series = exposition
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? /.exec(line);
      const labels: Record<string, string> = {};
      for (const [, name, value] of (match?.[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
      return { name: match?.[1] ?? '', labels };
    });
  const problems: string[] = [];
  for (const expr of expressions) {
    const names: string[] = [];
    for (const [, name, selector] of expr.matchAll(/\b((?:pms|http|process|nodejs)_\w+)(?:\{([^}]*)\})?/g)) {
      names.push(name!);
      const matchers = [...(selector ?? '').matchAll(/(\w+)\s*(=~|!~|!=|=)\s*"([^"]*)"/g)].filter(
        ([, label]) => label !== 'job' && label !== 'instance',
      );
      const found = series.some(
        (s) => s.name === name && matchers.every(([, label, op, value]) => (op === '=' ? s.labels[label!] === value : label! in s.labels)),
      );
      if (!found) problems.push(`${name}{${selector ?? ''}} is not exported (in: ${expr})`);
    }
    for (const [, grouping] of expr.matchAll(/\bby \(([^)]*)\)/g)) {
      for (const label of grouping!.split(',').map((l) => l.trim())) {
        if (['job', 'instance', 'le'].includes(label)) continue;
        if (!series.some((s) => names.includes(s.name) && label in s.labels))
          problems.push(`no series of ${names.join(', ')} has label ${label} (in: ${expr})`);
      }
    }
  }
  return problems;
}
