// CI's smoke run of the benchmark (issue 6): every scenario runs for a fraction of a second and the
// results, report and chart are written. It checks that the suite works, never how fast anything is.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { projectRoot } from '../helpers/app.ts';

const out = mkdtempSync(path.join(os.tmpdir(), 'pms-bench-smoke-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function runBench(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(projectRoot, 'bench/run.mjs'), '--smoke', '--out', out], {
      cwd: projectRoot,
      env: { ...process.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

interface Round {
  ok: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  realClientStatus?: number;
}

it('npm run bench -- --smoke runs every scenario and writes the results, the report and the chart', async () => {
  const { code, output } = await runBench();
  expect(code, output).toBe(0);

  const files = readdirSync(out);
  const jsonFile = files.find((name) => /^smoke-.+\.json$/.test(name));
  expect(jsonFile, files.join(', ')).toBeDefined();
  const results = JSON.parse(readFileSync(path.join(out, jsonFile!), 'utf8'));
  expect(results.kind).toBe('smoke');
  const floods = ['unknown-clients', 'wrong-secrets', 'random-sessions'].flatMap((flood) => [`abuse-${flood}-one`, `abuse-${flood}-many`]);
  const preauth = [
    'token-unknown-client',
    'token-wrong-secret-one',
    'token-wrong-secret-many',
    'unknown-session',
    'unknown-kid',
    'huge-amount',
    'preflight',
    'metrics',
    'openapi',
    'docs',
    'embed',
  ].map((path) => `preauth-${path}`);
  expect(results.scenarios.map((s: { id: string }) => s.id).sort()).toEqual(
    [
      ...['groups', 'groups-bytes', 'groups-rate', 'groups-stack', 'listing', 'pglite', 'sessions', 'store-size', 'table-size', 'tokens'],
      ...[
        'groups-carts',
        'groups-carts-locale',
        'groups-carts-rate',
        'groups-carts-disclosure',
        'groups-carts-bytes',
        'groups-logging',
        'groups-carts-logging',
        'groups-rules',
        'groups-carts-rules',
        'sessions-rules',
        'price-signage',
        'listing-amount',
        'memory',
      ],
      ...[
        'pooler-groups',
        'pooler-sessions',
        'instances',
        'tracing',
        'tracing-sampled',
        'redis-limits',
        'redis-frozen',
        'redis-refused',
        'sessions-rate',
        'groups-replica',
      ],
      ...floods,
      ...preauth,
    ].sort(),
  );
  for (const scenario of results.scenarios) {
    for (const side of [scenario.a, scenario.b].filter(Boolean)) {
      for (const round of side.rounds as Round[]) {
        const label = `${scenario.id} ${side.label}`;
        // Every request answered as it should: a benchmark of failing requests measures nothing.
        expect(round.ok, label).toBeGreaterThan(0);
        expect(round.errors, label).toBe(0);
        expect(Number.isFinite(round.p99Ms), label).toBe(true);
        // The real client got its token in the middle of every flood.
        if (scenario.id.startsWith('abuse-') && side === scenario.a) expect(round.realClientStatus, label).toBe(200);
      }
    }
  }
  expect(results.startups.firstStartMs).toHaveLength(1);

  // The storefront's limit does only the runtime's work: no request line in its log (the service logs
  // one storefront answer in a hundred), while its informative logging variant wrote its lines (so
  // the count sees them when they are there).
  const logLines = Object.fromEntries(
    (results.limitLogs as { limit: string; requestLogLines: number }[]).map((l) => [l.limit, l.requestLogLines]),
  );
  expect(Object.keys(logLines).sort()).toEqual(['bare', 'bare-bytes', 'bare-logging', 'bare-pglite']);
  for (const limit of ['bare', 'bare-bytes', 'bare-pglite']) expect(logLines[limit], limit).toBe(0);
  expect(logLines['bare-logging']).toBeGreaterThan(0);
  // And it answers with the service's headers, in the service's order, a request id of the same length.
  for (const { path: requestPath, service, bare } of results.limitHeaders) {
    expect(bare.status, requestPath).toBe(200);
    expect(bare.headers, requestPath).toEqual(service.headers);
    expect(bare.requestIdLength, requestPath).toBe(service.requestIdLength);
    expect(service.headers, requestPath).toEqual(expect.arrayContaining(['x-request-id', 'cache-control', 'content-language']));
    // Group retrieval's answers carry their ETag (price signage, a merchant API, has none).
    if (requestPath.includes('/payment-method-groups')) expect(service.headers, requestPath).toContain('etag');
  }

  // Every cart new: the amounts handed out, and the memory scenario's fill, soak and RSS samples.
  expect(results.distinctAmounts).toBeGreaterThan(results.settings.memoryAmounts);
  const memory = results.scenarios.find((s: { id: string }) => s.id === 'memory').memory;
  expect(memory.distinctAmounts).toBe(results.settings.memoryAmounts);
  expect(memory.rssAfterMb).toBeGreaterThan(0);
  expect(memory.soak.ok).toBeGreaterThan(0);
  expect(memory.soak.errors).toBe(0);
  expect(memory.samples.length).toBeGreaterThanOrEqual(2);
  for (const sample of memory.samples) expect(sample.rssMb).toBeGreaterThan(0);
  expect(Number.isFinite(memory.slopeMbPerMinute)).toBe(true);

  const report = readFileSync(path.join(out, 'REPORT.md'), 'utf8');
  expect(report).toContain('## Targets');
  expect(report).toContain(jsonFile);
  expect(report).toContain('Group retrieval, every amount new ≥ 0.8 × the bare route');
  expect(report).toContain('No growth over the soak');
  expect(readFileSync(path.join(out, 'chart.svg'), 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
});
