#!/usr/bin/env node
// The benchmark suite (issue 6): every scenario against real server processes, each paired with
// its limit measured in the same run, A/B interleaved over several rounds (the order alternates
// every round), medians reported. Writes bench/results/<run>.json and the Markdown report with its
// SVG chart. A measurement, not a test: it asserts nothing about timing.
//
//   npm run bench                     full run (about 55 minutes on 2 cores, 12 of them the memory scenario)
//   npm run bench -- --smoke --out D  a few seconds of everything, written to D (CI's smoke)
//   npm run bench -- --profile        also writes V8 CPU profiles of the service (bench/profiles/)
//   npm run bench -- --report F.json  only rewrites REPORT.md and chart.svg from a results file
//
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), a role
// allowed to create databases; the run creates two scratch databases and drops them at the end.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { applyCatalogFile, dropDatabase, freshDatabase, generateCatalog, insertSessions } from './lib/data.mjs';
import { amountKey, amountsAcross, amountsIssued, nextAmount, REPEATED_AMOUNTS } from './lib/amounts.mjs';
import { countLoad, floodLoad, httpLoad, httpLoadAcross, pacedLoad, pacedQueries, queryLoad } from './lib/load.mjs';
import { get, hugeAmounts, preflights, randomSessions, unknownClients, unknownKeyTokens, wrongSecrets } from './lib/abuse.mjs';
import { pgBouncerBinary, startPgBouncer } from './lib/pgbouncer.mjs';
import { pinProcess, pinServersTo, projectRoot, startProcess } from './lib/processes.mjs';
import { redisServerInstalled, startRedis } from './lib/redis.mjs';
import { summarize, writeReport } from './lib/report.mjs';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    out: { type: 'string' },
    profile: { type: 'boolean', default: false },
    pin: { type: 'boolean', default: false },
    only: { type: 'string' },
    report: { type: 'string' },
  },
});

const FULL = {
  rounds: 5,
  seconds: 5,
  warmupSeconds: 1,
  // The traced instances start after the untraced one, which has served since the run began.
  tracedWarmupSeconds: 20,
  connections: 64,
  latencyRate: 2000,
  sessionRate: 1000,
  liveSessions: 1000,
  largeTableSessions: 1_000_000,
  listingMethods: 10_000,
  pageSize: 100,
  startups: 5,
  instances: 20,
  memoryAmounts: 1_000_000,
  soakSeconds: 600,
  soakSampleSeconds: 10,
  // groups-replica: sessions never read before, one request in ten (each side its own half).
  coldSessions: 200_000,
};
const SMOKE = {
  // Every scenario, as small as it still means something: a table twenty times the small one, page 99
  // of the listing (200 methods, 2 a page), a fleet of two, a soak with five RSS samples.
  rounds: 1,
  seconds: 0.25,
  warmupSeconds: 0.1,
  tracedWarmupSeconds: 0.3,
  connections: 16,
  latencyRate: 200,
  sessionRate: 100,
  liveSessions: 50,
  largeTableSessions: 2_000,
  listingMethods: 200,
  pageSize: 2,
  startups: 1,
  instances: 2,
  memoryAmounts: 1_000,
  soakSeconds: 1,
  soakSampleSeconds: 0.25,
  coldSessions: 2_000,
};
const settings = { ...(args.smoke ? SMOKE : FULL) };
if (args.rounds) settings.rounds = Number(args.rounds);
if (args.seconds) settings.seconds = Number(args.seconds);
if (args.connections) settings.connections = Number(args.connections);
// What-if knobs for the memory scenario (bench/README.md).
if (process.env.BENCH_MEMORY_AMOUNTS) settings.memoryAmounts = Number(process.env.BENCH_MEMORY_AMOUNTS);
if (process.env.BENCH_SOAK_SECONDS) settings.soakSeconds = Number(process.env.BENCH_SOAK_SECONDS);
/** A log reader held to this many bytes a second (bench/README.md), or undefined. */
const memoryLogBytesPerSecond = Number(process.env.BENCH_MEMORY_LOG_BYTES_PER_SECOND) || undefined;
const only = args.only ? new Set(args.only.split(',')) : undefined;
const wanted = (id) => !only || only.has(id);

const outDir = path.resolve(args.out ?? path.join(projectRoot, 'bench', 'results'));
const reportDir = args.out ? outDir : path.join(projectRoot, 'bench');
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = mkdtempSync(path.join(os.tmpdir(), 'pms-bench-'));
const logDir = path.join(scratch, 'logs');
mkdirSync(logDir, { recursive: true });
mkdirSync(outDir, { recursive: true });
const profileDir = path.join(projectRoot, 'bench', 'profiles');
if (args.profile) mkdirSync(profileDir, { recursive: true });

const log = (message) => process.stdout.write(`${message}\n`);
const processes = [];
const databaseNames = {
  small: `pms_bench_${randomBytes(3).toString('hex')}_small`,
  large: `pms_bench_${randomBytes(3).toString('hex')}_large`,
  pooled: `pms_bench_${randomBytes(3).toString('hex')}_pooled`,
};
/** Server connections PgBouncer holds for the pooled database: the fleet's whole budget. */
const POOLER_SERVER_CONNECTIONS = 10;
let bouncer;
/** The tracing scenario's OTLP sinks (tracingPair), closed at the end. */
const sinks = [];
/** The Redis fault scenarios' own redis-server (redisPairs), stopped at the end. */
const redisServers = [];

// Production settings, except the rate limits: the load comes from one address and one client, so
// they are raised to the highest value allowed, not turned off (their bookkeeping is still paid).
const SERVICE_ENV = {
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  RATE_LIMIT_STOREFRONT_PER_MINUTE: process.env.BENCH_STOREFRONT_LIMIT ?? '1000000',
  RATE_LIMIT_MERCHANT_PER_MINUTE: '1000000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
  // As `npm run serve` starts the service (docs/operations.md#starting): glibc's allocator with two arenas.
  MALLOC_ARENA_MAX: '2',
  // BENCH_SERVICE_ENV='NAME=value …': more environment for every service (bench/README.md), e.g. the
  // allocator's settings (MALLOC_ARENA_MAX=2) to compare their peak RSS.
  ...Object.fromEntries(
    (process.env.BENCH_SERVICE_ENV ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  ),
};

function profileArgs(name) {
  return args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : [];
}

async function startService(name, env, { logBytesPerSecond, script = path.join(projectRoot, 'dist/main.js') } = {}) {
  const server = await startProcess({
    name,
    logBytesPerSecond,
    script,
    env: { ...SERVICE_ENV, ...env },
    readyPath: '/healthz',
    logDir,
    // As `npm run serve` starts the service (docs/operations.md#starting), then BENCH_NODE_ARGS.
    nodeArgs: [
      ...profileArgs(name),
      '--max-semi-space-size=16',
      '--no-allocation-site-pretenuring',
      ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []),
    ],
  });
  processes.push(server);
  return server;
}

/**
 * This build without credit disclosure (bench/README.md, `groups-carts-disclosure`): the checkout's
 * files as they stand (those git tracks or would track) copied into the scratch folder, with one
 * line changed: no group serves consumers for
 * disclosure (`servesConsumers` answers false), so every group's `disclosure` is null and no APR is
 * solved. Built there with scripts/build.mjs against this checkout's node_modules and started by
 * startService on the same database. BENCH_BASELINE_COMMIT names a commit to export instead, as it
 * is (for example e308e51, the release before the disclosure work).
 */
async function startBaseline(name, env) {
  const given = process.env.BENCH_BASELINE_COMMIT;
  const tree = path.join(scratch, 'baseline');
  mkdirSync(tree, { recursive: true });
  const run = (command, argv, options = {}) => execFileSync(command, argv, { cwd: projectRoot, maxBuffer: 1 << 30, ...options });
  // The files git tracks or would (untracked, not ignored), as they are in the working tree; or the given commit.
  const archive = given
    ? run('git', ['archive', '--format=tar', given])
    : run('tar', ['-c', '--ignore-failed-read', '--null', '-T', '-'], {
        input: run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard']),
      });
  execFileSync('tar', ['-x', '-C', tree], { input: archive, maxBuffer: 1 << 30 });
  if (given === undefined) {
    const file = path.join(tree, 'src/domain/credit-disclosure.ts');
    const source = readFileSync(file, 'utf8');
    const serving = "return customerTypes.includes('NATURAL');";
    if (!source.includes(serving)) throw new Error(`bench: ${file} no longer has "${serving}" to switch disclosure off`);
    writeFileSync(file, source.replace(serving, 'return customerTypes.length < 0;'));
  }
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(tree, 'node_modules'));
  execFileSync(process.execPath, [path.join(tree, 'scripts/build.mjs')], { cwd: tree, stdio: 'ignore' });
  const server = await startService(name, env, { script: path.join(tree, 'dist/main.js') });
  return { server, label: given === undefined ? 'this build, disclosure off' : `the release ${given}` };
}

/** bench/stack-server.ts, bundled like the service (scripts/build.mjs) into dist/ (where its packages resolve). */
async function startStack(name, fixtures, databaseUrl) {
  const { build } = await import('esbuild');
  const script = path.join(projectRoot, 'dist/bench/stack-server.mjs');
  await build({
    entryPoints: [path.join(projectRoot, 'bench/stack-server.ts')],
    outfile: script,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const file = path.join(scratch, `${name}-fixtures.json`);
  writeFileSync(file, JSON.stringify(fixtures));
  const server = await startProcess({
    name,
    script,
    env: { ...SERVICE_ENV, DATABASE_URL: databaseUrl, BARE_FIXTURES: file, PROJECT_ROOT: projectRoot },
    readyPath: '/healthz',
    logDir,
    nodeArgs: profileArgs(name),
  });
  processes.push(server);
  return server;
}

/** The bare route (bare-server.mjs): no request log unless env says BARE_REQUEST_LOG=true (the informative variant). */
async function startBare(name, fixtures, env = {}) {
  const file = path.join(scratch, `${name}-fixtures.json`);
  writeFileSync(file, JSON.stringify(fixtures));
  const server = await startProcess({
    name,
    script: path.join(projectRoot, 'bench/bare-server.mjs'),
    env: { BARE_FIXTURES: file, ...(env.BARE_REQUEST_LOG === 'true' ? { LOG_LEVEL: SERVICE_ENV.LOG_LEVEL } : {}), ...env },
    readyPath: '/healthz',
    logDir,
    nodeArgs: profileArgs(name),
  });
  processes.push(server);
  return server;
}

/** The storefront's mix for the index-th live session: all customer types, a quarter flattened. */
function groupPath(session, index, amount) {
  const customerType = ['', '&customerType=NATURAL', '&customerType=LEGAL'][index % 3];
  const flattened = index % 4 === 3 ? '&flattened=true' : '';
  return `/v1/sessions/${session.id}/payment-method-groups?amount=${amount}${customerType}${flattened}`;
}

/** The storefront's mix: every live session, a few fixed amounts across the limits (repeated). */
function groupRequests(sessions) {
  return sessions.map((session, index) => ({
    method: 'GET',
    path: groupPath(session, index, REPEATED_AMOUNTS[index % REPEATED_AMOUNTS.length]),
  }));
}

/**
 * The same mix, but every request a cart amount never sent before (lib/amounts.mjs): autocannon
 * calls `setupRequest` before each request it sends (and pacedLoad through `cycle`).
 */
function cartRequests(sessions) {
  return sessions.map((session, index) => ({
    method: 'GET',
    path: groupPath(session, index, '0'),
    setupRequest: (request) => ({ ...request, path: groupPath(session, index, nextAmount()) }),
  }));
}

/**
 * The cart mix (every amount new) with the session cache cold for one request in ten: every tenth
 * request asks for a session this instance has never read (the next of `coldSessions`), the others
 * for the mix's sessions (cached after their first read). Past the last cold session, every request
 * is warm (the report says how many were cold).
 */
function coldCartRequests(sessions, coldSessions) {
  const state = { sent: 0, cold: 0 };
  const requests = sessions.map((session, index) => ({
    method: 'GET',
    path: groupPath(session, index, '0'),
    setupRequest: (request) => {
      state.sent += 1;
      const cold = state.sent % 10 === 0 && state.cold < coldSessions.length;
      const target = cold ? coldSessions[state.cold++] : session;
      return { ...request, path: groupPath(target, index, nextAmount()) };
    },
  }));
  return { requests, state };
}

/** The languages served (docs/languages.md), for requests that ask for one. */
const LOCALES = ['sv-SE', 'nb-NO', 'da-DK', 'fi-FI', 'en-GB'];

/**
 * The cart mix with a language set per request: the locales taken in turn, so that every language's
 * compiled offers are in use at once (the catalog's methods carry translations: lib/data.mjs).
 */
function cartRequestsInLanguages(sessions) {
  return sessions.map((session, index) => {
    let turn = index;
    const path = (amount) => `${groupPath(session, index, amount)}&locale=${LOCALES[turn++ % LOCALES.length]}`;
    return { method: 'GET', path: path('0'), setupRequest: (request) => ({ ...request, path: path(nextAmount()) }) };
  });
}

/** The mix once, each request with a new amount, the amounts spread over the whole range (for recording). */
function cartSample(sessions) {
  return amountsAcross(sessions.length).map((amount, index) => ({ method: 'GET', path: groupPath(sessions[index], index, amount) }));
}

/** Headers Node writes for any answer, the bare route's as the service's: not recorded. */
const RUNTIME_HEADERS = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

/** One GET: status, body, and the headers in the order they were sent ([name, value], names in lower case). */
function getRaw(baseUrl, requestPath, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${requestPath}`, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const raw = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          raw.push([response.rawHeaders[i].toLowerCase(), response.rawHeaders[i + 1]]);
        resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8'), headers: raw });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * Asks the service each request once: the bare route's answers ({ body, headers }: its bytes and
 * the headers it sent them with, those Node adds to every answer left out), and a check that all are 200.
 */
async function recordAnswers(baseUrl, requests) {
  const fixtures = {};
  for (const request of requests) {
    const { status, body, headers } = await getRaw(baseUrl, request.path, request.headers);
    if (status !== 200) throw new Error(`${request.path}: ${status} ${body}`);
    fixtures[request.path] = { body, headers: headers.filter(([name]) => !RUNTIME_HEADERS.has(name)) };
  }
  return fixtures;
}

/** Recorded answers' bodies alone (the stack server sends them through the service's own hooks). */
const bodiesOf = (fixtures) => Object.fromEntries(Object.entries(fixtures).map(([url, fixture]) => [url, fixture.body]));

/**
 * What a limit answers beside what the service answers, for the same request: the header names in
 * order (the runtime's own left out) and X-Request-Id's length. The smoke test checks they agree.
 */
async function compareHeaders(service, limit, request) {
  const [a, b] = await Promise.all([service, limit].map((server) => getRaw(server.baseUrl, request.path, request.headers)));
  const names = (answer) => answer.headers.map(([name]) => name).filter((name) => !RUNTIME_HEADERS.has(name));
  const idLength = (answer) => answer.headers.find(([name]) => name === 'x-request-id')?.[1].length ?? 0;
  return {
    limit: limit.name,
    path: request.path,
    service: { status: a.status, headers: names(a), requestIdLength: idLength(a), bytes: Buffer.byteLength(a.body) },
    bare: { status: b.status, headers: names(b), requestIdLength: idLength(b), bytes: Buffer.byteLength(b.body) },
  };
}

/**
 * Lines a server wrote to its log for requests (Fastify's request lines carry `reqId`): the
 * storefront's limit must write none (bench/README.md), its logging variant two per request.
 */
function requestLogLines(server) {
  return readFileSync(server.logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"reqId"')).length;
}

/** Recorded answers under their URL and under their amount key (bare-server.mjs): later ones win. */
function bareFixtures(...recordings) {
  const fixtures = {};
  for (const recording of recordings) {
    for (const [url, body] of Object.entries(recording)) {
      fixtures[url] = body;
      fixtures[amountKey(url)] = body;
    }
  }
  return fixtures;
}

async function accessToken(baseUrl, client) {
  const { method, path: tokenPath, headers, body: form } = tokenRequest(client);
  const response = await fetch(`${baseUrl}${tokenPath}`, { method, headers, body: form });
  const body = await response.json();
  if (!response.ok) throw new Error(`token: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

function tokenRequest(client) {
  return {
    method: 'POST',
    path: '/oauth2/token',
    headers: {
      // RFC 6749 §2.3.1: id and secret form-encoded before Basic.
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  };
}

/** Start-up times of the embedded default; the last data directory is kept for the load that follows. */
async function measureStartups(count) {
  const samples = { firstStartMs: [], restartMs: [] };
  let dataDir;
  for (let index = 0; index < count; index += 1) {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = mkdtempSync(path.join(scratch, 'pglite-'));
    for (const key of ['firstStartMs', 'restartMs']) {
      const server = await startProcess({
        name: `startup-${key}`,
        script: path.join(projectRoot, 'dist/main.js'),
        env: { ...SERVICE_ENV, DATA_DIR: dataDir },
        readyPath: '/healthz',
        logDir,
      });
      samples[key].push(server.readyMs);
      await server.stop();
    }
  }
  return { samples, dataDir };
}

/**
 * `--pin` (bench/README.md#pinned-cores): every server on the last core, this process (the load
 * generator) and PostgreSQL's processes (when this user may move them) on the others. A server then
 * shares its core with nobody, so its CPU per request is its own, and a pair's throughput follows
 * from its servers' costs wherever the server's core is the one that saturates.
 */
function pinCores() {
  const cpus = os.cpus().length;
  if (cpus < 2) throw new Error('--pin needs at least 2 cores');
  const others = cpus === 2 ? '0' : `0-${cpus - 2}`;
  pinServersTo(cpus - 1);
  pinProcess(process.pid, others);
  let postgres = 0;
  for (const pid of execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean)) {
    try {
      pinProcess(Number(pid), others);
      postgres += 1;
    } catch {
      // Another user's server: left where the scheduler puts it (the report says how many were moved).
    }
  }
  return { servers: String(cpus - 1), generator: others, postgresProcesses: postgres };
}
const pinned = args.pin ? pinCores() : undefined;

async function main() {
  const startedAt = new Date();
  log(`# payment-method-sessions benchmark (${args.smoke ? 'smoke' : 'full'}): ${JSON.stringify(settings)}`);
  execFileSync(process.execPath, [path.join(projectRoot, 'scripts/build.mjs')], { cwd: projectRoot, stdio: 'ignore' });

  // --- Data on PostgreSQL: a small table (1,000 live sessions) and a large one (plus ~1M old).
  const { catalog, client, stores } = generateCatalog({ s10: 10, s500: 500, listing: settings.listingMethods });
  const catalogFile = path.join(scratch, 'catalog.json');
  const smallUrl = await freshDatabase(adminUrl, databaseNames.small);
  const pgVersion = await serverVersion(smallUrl);
  log('applying the catalog and inserting sessions …');
  // Migrated by the service's CLI when it applies the catalog; the large database starts as a copy.
  applyCatalogFile(smallUrl, catalog, catalogFile);
  const largeUrl = await freshDatabase(adminUrl, databaseNames.large, databaseNames.small);
  const campaignOf = (storeId, index) => {
    if (index % 5 !== 4) return undefined;
    return storeId === stores.s500.id ? `C${1 + (index % 49)}` : 'BLACKWEEK';
  };
  const live = settings.liveSessions;
  const small = await insertSessions(smallUrl, { storeIds: [stores.s10.id, stores.s500.id], live, old: 0, campaignOf });
  const large = await insertSessions(largeUrl, { storeIds: [stores.s10.id], live, old: settings.largeTableSessions - live, campaignOf });
  log(`sessions: small table ${small.total}, large table ${large.total}`);
  let poolerWanted = ['pooler-groups', 'pooler-sessions', 'instances'].some(wanted);
  if (poolerWanted && !pgBouncerBinary()) {
    // CI installs it (.ci/run): there a missing PgBouncer is a failure, elsewhere a skipped scenario.
    if (process.env.CI === 'true') throw new Error('PgBouncer is not installed (apt-get install pgbouncer)');
    log('WARNING: PgBouncer is not installed (apt-get install pgbouncer): the pooler scenarios are skipped');
    poolerWanted = false;
  }
  // The pooler scenarios' own copy of the small database: its backends are PgBouncer's alone.
  const pooledUrl = poolerWanted ? await freshDatabase(adminUrl, databaseNames.pooled, databaseNames.small) : undefined;

  const serviceSmall = await startService('service-small', { DATABASE_URL: smallUrl });
  const serviceLarge = await startService('service-large', { DATABASE_URL: largeUrl });
  const requests = {
    s10: groupRequests(small.sessions.filter((s) => s.storeId === stores.s10.id)),
    s500: groupRequests(small.sessions.filter((s) => s.storeId === stores.s500.id)),
    s10Large: groupRequests(large.sessions),
  };
  const fixtures = await recordAnswers(serviceSmall.baseUrl, requests.s10);
  await recordAnswers(serviceSmall.baseUrl, requests.s500);
  await recordAnswers(serviceLarge.baseUrl, requests.s10Large);
  const token = await accessToken(serviceLarge.baseUrl, client);
  const bearer = { authorization: `Bearer ${token}` };

  // Every cart new (issue 13). The bare route answers a new amount with the body recorded under the
  // URL's amount key: recorded here for one new amount per request of the mix (and per price),
  // after the fixed amounts' answers, so that those keys hold answers to new amounts, whose sizes
  // follow the service's answers to new amounts.
  const s10Sessions = small.sessions.filter((s) => s.storeId === stores.s10.id);
  const carts = cartRequests(s10Sessions);
  const cartsInLanguages = cartRequestsInLanguages(s10Sessions);
  const signed = signageMethod(catalog, stores.s10.id);
  const signage = [
    {
      method: 'GET',
      path: signagePath(stores.s10.id, signed, '0'),
      headers: bearer,
      setupRequest: (request) => ({
        ...request,
        path: signagePath(stores.s10.id, signed, nextAmount({ min: signed.minPurchaseLimit, max: signed.maxPurchaseLimit })),
      }),
    },
  ];
  const recordings = [fixtures];
  if (wanted('groups-carts') || wanted('groups-carts-rate'))
    recordings.push(await recordAnswers(serviceSmall.baseUrl, cartSample(s10Sessions)));
  if (wanted('price-signage')) {
    const [amount] = amountsAcross(1, { min: signed.minPurchaseLimit, max: signed.maxPurchaseLimit });
    recordings.push(await recordAnswers(serviceLarge.baseUrl, [{ path: signagePath(stores.s10.id, signed, amount), headers: bearer }]));
  }
  const bare = await startBare('bare', bareFixtures(...recordings));
  /** The limits, and what their answers carry beside the service's (the smoke test checks both). */
  const limits = [bare];
  const limitHeaders = [
    await compareHeaders(serviceSmall, bare, requests.s10[0]),
    await compareHeaders(serviceSmall, bare, { ...carts[0], path: carts[0].setupRequest(carts[0]).path }),
  ];
  if (wanted('price-signage')) limitHeaders.push(await compareHeaders(serviceLarge, bare, signage[0].setupRequest(signage[0])));
  // Informative: the same route writing Fastify's two request lines for every request (at the service's log level).
  const bareLogging =
    wanted('groups-logging') || wanted('groups-carts-logging')
      ? await startBare('bare-logging', bareFixtures(...recordings), { BARE_REQUEST_LOG: 'true' })
      : undefined;
  if (bareLogging) limits.push(bareLogging);
  // The same recordings sent as bytes encoded once (bare-server.mjs), for the informative `*-bytes` pairs.
  const bareBytes =
    wanted('groups-bytes') || wanted('groups-carts-bytes')
      ? await startBare('bare-bytes', bareFixtures(...recordings), { BARE_AS_BYTES: 'true' })
      : undefined;
  if (bareBytes) limits.push(bareBytes);
  // Credit disclosure's cost (issue 34): the same traffic on the same database, served by this build with disclosure off.
  // groups-release: the repeated amounts against a release (BENCH_BASELINE_COMMIT), to measure a change of the hot path.
  const release = process.env.BENCH_BASELINE_COMMIT !== undefined && wanted('groups-release');
  const baseline =
    wanted('groups-carts-disclosure') || release ? await startBaseline('service-baseline', { DATABASE_URL: smallUrl }) : undefined;
  const stack = await startStack('stack', bodiesOf(fixtures), smallUrl);
  const stackRequests = requests.s10.map((request) => ({ ...request, path: `/bare${request.path}` }));

  // The same INSERT the service issues (src/storage/repositories/sessions.ts), through the same
  // driver, with the service's pool size (10) and the same number of concurrent callers.
  const directPool = new pg.Pool({ connectionString: largeUrl, max: 10 });
  const insertText = 'insert into "sessions" ("id", "store_id", "campaign", "created_at", "expires_at") values ($1, $2, $3, $4, $5)';
  const directInsert = () => {
    const now = Date.now();
    return directPool.query(insertText, [crypto.randomUUID(), stores.s10.id, null, new Date(now), new Date(now + 3600_000)]);
  };

  const { connections, seconds, warmupSeconds } = settings;
  const http = (server, requestList) => ({
    server,
    run: () =>
      httpLoad({ baseUrl: server.baseUrl, requests: requestList, connections, seconds, warmupSeconds, cpuSeconds: server.cpuSeconds }),
  });
  const paced = (server, requestList) => ({
    server,
    run: () =>
      pacedLoad({ baseUrl: server.baseUrl, requests: requestList, connections, seconds, warmupSeconds, rate: settings.latencyRate }),
  });
  const listing = (page) => [
    { method: 'GET', path: `/v2/stores/${stores.listing.id}/payment_methods?page=${page}&size=${settings.pageSize}`, headers: bearer },
  ];
  const smallListing = `/v2/stores/${stores.s10.id}/payment_methods?page=0&size=${settings.pageSize}`;
  const listingAmount = [
    {
      method: 'GET',
      path: smallListing,
      headers: bearer,
      setupRequest: (request) => ({ ...request, path: `${smallListing}&amount=${nextAmount()}` }),
    },
  ];
  const createSession = [
    {
      method: 'POST',
      path: `/v1/stores/${stores.s10.id}/sessions`,
      headers: { ...bearer, 'content-type': 'application/json' },
      body: '{}',
    },
  ];

  // The merchant's rules for one order (issue 43): sessions created through the API with rules and the
  // same without, in the 10-method store, the same mix of campaigns; group retrieval of each, and
  // session creation with rules against without.
  const rulesWanted = ['groups-rules', 'groups-carts-rules', 'sessions-rules'].some(wanted);
  const ruleSets = orderRuleSets(catalog, stores.s10.id);
  const createSessionWithRules = ruleSets.map((rules) => ({ ...createSession[0], body: JSON.stringify(rules) }));
  const rulesSessions = rulesWanted
    ? await sessionsWithRules(serviceSmall.baseUrl, client, stores.s10.id, ruleSets, campaignOf)
    : undefined;

  const pairs = [
    {
      id: 'groups',
      title: 'Group retrieval, repeated amounts, vs the bare route (PostgreSQL)',
      a: ['service', http(serviceSmall, requests.s10)],
      b: ['bare route', http(bare, requests.s10)],
    },
    // Every request a cart amount never sent before: no answer cached by amount can hit.
    {
      id: 'groups-carts',
      title: 'Group retrieval, every amount new, vs the bare route',
      a: ['service', http(serviceSmall, carts)],
      b: ['bare route', http(bare, carts)],
    },
    // Languages (docs/languages.md#performance): the same service, every request a new amount, with
    // and without a locale per request (five languages in turn); translations in the catalog for both.
    {
      id: 'groups-carts-locale',
      title: 'Group retrieval, every amount new, a language per request vs none',
      a: ['service, locale per request', http(serviceSmall, cartsInLanguages)],
      b: ['service, no locale', http(serviceSmall, carts)],
    },
    // What credit disclosure costs (bench/README.md): this build vs itself with disclosure off, same
    // database, sessions and traffic (every amount new), the only difference the code.
    baseline && {
      id: 'groups-carts-disclosure',
      title: `Group retrieval, every amount new, with credit disclosure vs ${baseline.label}`,
      a: ['service, with disclosure', http(serviceSmall, carts)],
      b: [`service, ${baseline.label}`, http(baseline.server, carts)],
    },
    // Informative: the limit as it was until 2026-11-28, Fastify writing two request lines for
    // every answer while the service logs one storefront answer in a hundred (it flattered the service).
    bareLogging && {
      id: 'groups-logging',
      title: 'Group retrieval, repeated amounts, vs the bare route logging every request',
      a: ['service', http(serviceSmall, requests.s10)],
      b: ['bare route, logging', http(bareLogging, requests.s10)],
    },
    bareLogging && {
      id: 'groups-carts-logging',
      title: 'Group retrieval, every amount new, vs the bare route logging every request',
      a: ['service', http(serviceSmall, carts)],
      b: ['bare route, logging', http(bareLogging, carts)],
    },
    // Informative: the limit of a route that, like the service, sends answers encoded once.
    bareBytes && {
      id: 'groups-bytes',
      title: 'Group retrieval, repeated amounts, vs the bare route sending bytes',
      a: ['service', http(serviceSmall, requests.s10)],
      b: ['bare route, bytes', http(bareBytes, requests.s10)],
    },
    bareBytes && {
      id: 'groups-carts-bytes',
      title: 'Group retrieval, every amount new, vs the bare route sending bytes',
      a: ['service', http(serviceSmall, carts)],
      b: ['bare route, bytes', http(bareBytes, carts)],
    },
    release && {
      id: 'groups-release',
      title: `Group retrieval, repeated amounts, this build vs ${baseline.label}`,
      a: ['service, this build', http(serviceSmall, requests.s10)],
      b: [`service, ${baseline.label}`, http(baseline.server, requests.s10)],
    },
    {
      id: 'groups-stack',
      title: 'Group retrieval vs the same bytes through the service’s own stack',
      a: ['service', http(serviceSmall, requests.s10)],
      b: ['stack, recorded bytes', http(stack, stackRequests)],
    },
    // Latency where it means something: at saturation it is only queueing (64 connections divided
    // by the throughput, Little's law), so p50/p99 are also taken at a fixed rate below capacity.
    {
      id: 'groups-rate',
      title: `Group retrieval, repeated amounts, vs the bare route at ${settings.latencyRate} req/s`,
      a: ['service', paced(serviceSmall, requests.s10)],
      b: ['bare route', paced(bare, requests.s10)],
    },
    {
      id: 'groups-carts-rate',
      title: `Group retrieval, every amount new, vs the bare route at ${settings.latencyRate} req/s`,
      a: ['service', paced(serviceSmall, carts)],
      b: ['bare route', paced(bare, carts)],
    },
    {
      id: 'price-signage',
      title: `Price signage (${signed.name}), every price new, vs the bare route`,
      a: ['service', http(serviceLarge, signage)],
      b: ['bare route', http(bare, signage)],
    },
    {
      id: 'sessions',
      title: 'Session creation vs the direct INSERT',
      a: ['service', http(serviceLarge, createSession)],
      b: ['direct INSERT (pg)', { run: () => queryLoad({ query: directInsert, connections, seconds, warmupSeconds }) }],
    },
    {
      id: 'sessions-rate',
      title: `Session creation vs the direct INSERT at ${settings.sessionRate} req/s`,
      a: [
        'service',
        {
          server: serviceLarge,
          run: () =>
            pacedLoad({
              baseUrl: serviceLarge.baseUrl,
              requests: createSession,
              connections,
              seconds,
              warmupSeconds,
              rate: settings.sessionRate,
            }),
        },
      ],
      b: [
        'direct INSERT (pg)',
        { run: () => pacedQueries({ query: directInsert, connections, seconds, warmupSeconds, rate: settings.sessionRate }) },
      ],
    },
    {
      id: 'listing',
      title: 'Merchant listing of a store with 10,000 methods',
      a: ['page 0', http(serviceLarge, listing(0))],
      b: ['page 99', http(serviceLarge, listing(99))],
    },
    {
      id: 'listing-amount',
      title: 'Merchant listing of the 10-method store, every amount new, vs without amount',
      a: ['new amount', http(serviceLarge, listingAmount)],
      b: ['without amount', http(serviceLarge, [{ method: 'GET', path: smallListing, headers: bearer }])],
    },
    {
      id: 'table-size',
      title: 'Group retrieval: sessions in the table',
      a: [`${small.total.toLocaleString('en')} sessions`, http(serviceSmall, requests.s10)],
      b: [`${large.total.toLocaleString('en')} sessions`, http(serviceLarge, requests.s10Large)],
    },
    {
      id: 'store-size',
      title: 'Group retrieval: methods in the store',
      a: ['10 methods', http(serviceSmall, requests.s10)],
      b: ['500 methods', http(serviceSmall, requests.s500)],
    },
    rulesSessions && {
      id: 'groups-rules',
      title: 'Group retrieval, repeated amounts: sessions with order rules vs the same without',
      a: ['sessions with rules', http(serviceSmall, groupRequests(rulesSessions.withRules))],
      b: ['sessions without rules', http(serviceSmall, groupRequests(rulesSessions.without))],
    },
    rulesSessions && {
      id: 'groups-carts-rules',
      title: 'Group retrieval, every amount new: sessions with order rules vs the same without',
      a: ['sessions with rules', http(serviceSmall, cartRequests(rulesSessions.withRules))],
      b: ['sessions without rules', http(serviceSmall, cartRequests(rulesSessions.without))],
    },
    rulesWanted && {
      id: 'sessions-rules',
      title: 'Session creation with order rules vs without',
      a: ['with rules', http(serviceLarge, createSessionWithRules)],
      b: ['without rules', http(serviceLarge, createSession)],
    },
  ].filter((pair) => pair && wanted(pair.id));
  const group = (prefix) => wanted(prefix) || [...(only ?? [])].some((id) => id.startsWith(`${prefix}-`));
  if (group('abuse') || group('preauth')) {
    const sessions = small.sessions.filter((x) => x.storeId === stores.s10.id);
    pairs.push(
      ...(await abusePairs({ smallUrl, requests: requests.s10, sessions, client, stores, http })).filter(
        (pair) => wanted(pair.id) || wanted(pair.id.split('-')[0]),
      ),
    );
  }
  if (wanted('tracing')) pairs.push(await tracingPair({ smallUrl, untraced: serviceSmall, requests: requests.s10, http }));
  if (wanted('tracing-sampled'))
    pairs.push(await tracingPair({ smallUrl, untraced: serviceSmall, requests: requests.s10, http, samplerRatio: '0.1' }));
  if (group('redis')) pairs.push(...(await redisPairs({ smallUrl, requests: carts, http, inMemory: serviceSmall })));
  if (wanted('groups-replica'))
    pairs.push(await replicaPair({ smallUrl, sessions: s10Sessions, stores, campaignOf, direct: serviceSmall, http }));
  if (poolerWanted)
    pairs.push(...(await poolerPairs({ pooledUrl, directService: serviceSmall, requests: requests.s10, client, stores, http })));
  const singles = [
    { id: 'tokens', title: 'Token issuance (client credentials)', a: ['service', http(serviceLarge, [tokenRequest(client)])] },
  ].filter((single) => wanted(single.id));

  // --- The embedded default (PGlite): start-up, then group retrieval against its own bare route.
  let startups;
  if (wanted('pglite')) {
    log('embedded default: start-up times …');
    const measured = await measureStartups(settings.startups);
    startups = measured.samples;
    const dataDir = measured.dataDir;
    const embedded = await startService('service-pglite', { DATA_DIR: dataDir });
    const demoClient = { clientId: 'nordic-home-backend', clientSecret: 'demo-secret-nordic-home-7Qm2vX9pL4' };
    const demoStore = '84d19995-8ee7-4639-8e25-13b1691ccac6';
    const demoToken = await accessToken(embedded.baseUrl, demoClient);
    const demoSessions = [];
    for (let index = 0; index < Math.min(100, settings.liveSessions); index += 1) {
      const response = await fetch(`${embedded.baseUrl}/v1/stores/${demoStore}/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${demoToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(index % 5 === 4 ? { campaign: 'BLACKWEEK' } : {}),
      });
      demoSessions.push(await response.json());
    }
    const demoRequests = groupRequests(demoSessions);
    const bareEmbedded = await startBare('bare-pglite', await recordAnswers(embedded.baseUrl, demoRequests));
    limits.push(bareEmbedded);
    limitHeaders.push(await compareHeaders(embedded, bareEmbedded, demoRequests[0]));
    pairs.push({
      id: 'pglite',
      title: 'Group retrieval vs the bare route (embedded PGlite)',
      a: ['service', http(embedded, demoRequests)],
      b: ['bare route', http(bareEmbedded, demoRequests)],
    });
  }

  // --- Rounds: every pair A/B, the order alternating, so that drift hits both sides alike.
  const runs = Object.fromEntries([...pairs, ...singles].map((entry) => [entry.id, { a: [], b: [] }]));
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const entry of [...pairs, ...singles]) {
      const sides = entry.b ? (round % 2 === 0 ? ['a', 'b'] : ['b', 'a']) : ['a'];
      for (const side of sides) {
        const [label, target] = entry[side];
        const result = await target.run();
        const memory = target.server?.memory();
        runs[entry.id][side].push({ ...result, peakRssMb: memory?.peakRssMb ?? null });
        log(
          `round ${round + 1} ${entry.id.padEnd(10)} ${label.padEnd(20)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50Ms.toFixed(2)} ms  p99 ${result.p99Ms.toFixed(2)} ms  errors ${result.errors}${result.serverConnections === undefined ? '' : `  server connections ${result.serverConnections}`}${result.realClientStatus === undefined ? '' : `  real client ${result.realClientStatus}  flood ${JSON.stringify(result.flood.statuses)}`}`,
        );
      }
    }
  }

  for (const entry of pairs) if (entry.note) log(`${entry.id}: ${entry.note()}`);
  await directPool.end();
  for (const server of processes.splice(0)) await server.stop();
  // Request lines each limit wrote (after it stopped: its log is complete).
  const limitLogs = limits.map((server) => ({ limit: server.name, requestLogLines: requestLogLines(server) }));
  await bouncer?.stop();
  for (const sink of sinks.splice(0)) sink.close();
  for (const redis of redisServers.splice(0)) await redis.stop();

  // --- Memory: after the rounds, on its own instance, with the other servers stopped.
  const memory = wanted('memory') ? await memoryScenario({ smallUrl, stores, campaignOf }) : undefined;

  const results = {
    kind: args.smoke ? 'smoke' : 'full',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    settings,
    // A run of some scenarios only (--only): the report says so at its top.
    only: only ? [...only] : undefined,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      postgres: pgVersion,
      commit: gitCommit(),
      // --pin: every server on the last core, the load generator and PostgreSQL on the others.
      pinned: pinned ?? undefined,
    },
    scenarios: [
      ...[...pairs, ...singles].map((entry) => ({
        id: entry.id,
        title: entry.title,
        a: { label: entry.a[0], rounds: runs[entry.id].a },
        b: entry.b ? { label: entry.b[0], rounds: runs[entry.id].b } : undefined,
        ...(entry.note ? { note: entry.note() } : {}),
      })),
      ...(memory ? [memory] : []),
    ],
    startups,
    // The limits: request lines each wrote over the run (none but the logging variant's), and their headers beside the service's.
    limitLogs,
    limitHeaders,
    // New cart amounts handed out (lib/amounts.mjs), every one distinct.
    distinctAmounts: amountsIssued(),
  };
  const runId = startedAt.toISOString().replace(/[:.]/g, '-');
  const jsonFile = path.join(outDir, `${results.kind}-${runId}.json`);
  writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
  const report = writeReport(results, { reportDir, jsonFile });
  log(`\nresults: ${jsonFile}\nreport:  ${report}`);
  for (const line of summarize(results)) log(line);
}

/**
 * Order rules as merchants set them (docs/session-api.md#order-rules), four sets taken in turn: a
 * method type blocked; only some types allowed; the billing country and the kinds of goods; the
 * kinds of goods and one method blocked by its id (which creation checks against the store's ids).
 */
function orderRuleSets(catalog, storeId) {
  const card = catalog.paymentMethods.find((m) => m.storeId === storeId && m.type === 'CARD' && !m.campaign.campaign);
  return [
    { blockedPaymentMethods: ['SWISH'] },
    { allowedPaymentMethods: ['CARD', 'PROVIDER_INVOICE', 'PROVIDER_PART_PAYMENT_SELECT_NOW'] },
    { country: 'SE', productTypes: ['PHYSICAL'] },
    { productTypes: ['PHYSICAL', 'GIFT_CARD'], blockedPaymentMethods: [card.id] },
  ];
}

/**
 * `settings.liveSessions` sessions with rules (the sets in turn) and as many without, created through
 * the API in one store, each pair with the same campaign (campaignOf): the mix of group retrieval.
 */
async function sessionsWithRules(baseUrl, client, storeId, ruleSets, campaignOf) {
  const token = await accessToken(baseUrl, client);
  const create = async (body) => {
    const response = await fetch(`${baseUrl}/v1/stores/${storeId}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const session = await response.json();
    if (response.status !== 201) throw new Error(`session creation: ${response.status} ${JSON.stringify(session)}`);
    return session;
  };
  const withRules = [];
  const without = [];
  for (let index = 0; index < settings.liveSessions; index += 1) {
    const campaign = campaignOf(storeId, index);
    const base = campaign ? { campaign } : {};
    withRules.push(await create({ ...base, ...ruleSets[index % ruleSets.length] }));
    without.push(await create(base));
  }
  return { withRules, without };
}

/** The part-payment method of the store that price signage is measured on: signage possible, with plans. */
function signageMethod(catalog, storeId) {
  const method = catalog.paymentMethods.find(
    (m) => m.storeId === storeId && m.priceSignagePossible && m.plans.length > 0 && !m.campaign.campaign && m.type.includes('PART_PAYMENT'),
  );
  if (!method) throw new Error(`no part-payment method with price signage and plans in store ${storeId}`);
  return method;
}

const signagePath = (storeId, method, amount) => `/v2/stores/${storeId}/payment_methods/${method.id}/price_signage?amount=${amount}`;

/**
 * Memory under carts that never repeat (issue 13): a fresh instance on the small database (fresh
 * live sessions, so that none has expired by now) takes `memoryAmounts` group retrievals, each a new
 * amount, as fast as `connections` connections go; its current RSS (VmRSS) is read after them. Then
 * `soakSeconds` more of the same traffic, its RSS sampled every `soakSampleSeconds`: the growth is
 * the last sample minus the first, and the least-squares slope in MB per minute.
 */
/** Distinct shopper addresses of the memory scenario: each sends about one request in four seconds. */
const SHOPPER_ADDRESSES = 65_536;

async function memoryScenario({ smallUrl, stores, campaignOf }) {
  const { memoryAmounts, soakSeconds, soakSampleSeconds, connections } = settings;
  const { sessions } = await insertSessions(smallUrl, { storeIds: [stores.s10.id], live: settings.liveSessions, old: 0, campaignOf });
  // Shoppers come from many addresses (behind a load balancer: TRUST_PROXY, X-Forwarded-For), and
  // the storefront's per-IP limit is counted as configured by default (1,200 a minute): from one
  // address the load would outrun even the highest limit allowed (1,000,000 a minute), as the first
  // full run of this scenario found.
  const server = await startService(
    'service-memory',
    {
      DATABASE_URL: smallUrl,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_STOREFRONT_PER_MINUTE: process.env.BENCH_MEMORY_STOREFRONT_LIMIT ?? '1200',
    },
    { logBytesPerSecond: memoryLogBytesPerSecond },
  );
  let shopper = 0;
  const requests = cartRequests(sessions).map((request) => ({
    ...request,
    setupRequest: (next) => {
      shopper = (shopper + 1) % SHOPPER_ADDRESSES;
      const address = `10.${shopper >> 16}.${(shopper >> 8) & 255}.${shopper & 255}`;
      return process.env.BENCH_MEMORY_ONE_ADDRESS
        ? request.setupRequest(next)
        : { ...request.setupRequest(next), headers: { 'x-forwarded-for': address } };
    },
  }));
  log(`memory: ${memoryAmounts.toLocaleString('en')} distinct amounts, ${connections} connections …`);
  const filled = await countLoad({ baseUrl: server.baseUrl, requests, connections, amount: memoryAmounts });
  const { rssMb: rssAfterMb, peakRssMb } = server.memory();
  log(
    `memory     ${memoryAmounts} new amounts ${filled.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${filled.p99Ms.toFixed(2)} ms  errors ${filled.errors}  RSS ${rssAfterMb.toFixed(1)} MB`,
  );
  log(`memory: soak of ${soakSeconds} s, RSS every ${soakSampleSeconds} s …`);
  const samples = [];
  const started = performance.now();
  const sample = () => samples.push({ seconds: (performance.now() - started) / 1000, rssMb: server.memory().rssMb });
  const timer = setInterval(sample, soakSampleSeconds * 1000);
  let soak;
  try {
    soak = await httpLoad({ baseUrl: server.baseUrl, requests, connections, seconds: soakSeconds });
  } finally {
    clearInterval(timer);
  }
  sample();
  const soakPeakRssMb = server.memory().peakRssMb;
  const first = samples[0].rssMb;
  const last = samples.at(-1).rssMb;
  const growthMb = last - first;
  const slopeMbPerMinute = slope(samples.map((s) => [s.seconds / 60, s.rssMb]));
  const maxSoakMb = Math.max(...samples.map((s) => s.rssMb));
  log(
    `memory     soak ${soak.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${soak.p99Ms.toFixed(2)} ms  errors ${soak.errors}  RSS ${first.toFixed(1)} → ${last.toFixed(1)} MB (max ${maxSoakMb.toFixed(1)}, ${slopeMbPerMinute.toFixed(2)} MB/min, ${samples.length} samples)`,
  );
  await server.stop();
  processes.splice(processes.indexOf(server), 1);
  return {
    id: 'memory',
    title: `Memory: ${memoryAmounts.toLocaleString('en')} distinct amounts, then a ${soakSeconds} s soak of new amounts`,
    a: { label: 'service', rounds: [{ ...filled, peakRssMb }] },
    memory: {
      distinctAmounts: memoryAmounts,
      // The what-if knob of a slow log reader (bench/README.md), when set.
      logBytesPerSecond: memoryLogBytesPerSecond,
      rssAfterMb,
      soakSeconds,
      soakSampleSeconds,
      soak: { ...soak, peakRssMb: soakPeakRssMb },
      samples,
      maxSoakMb,
      growthMb,
      slopeMbPerMinute,
    },
  };
}

/** Least-squares slope of [x, y] points. */
function slope(points) {
  const n = points.length;
  if (n < 2) return NaN;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxy = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return sxx === 0 ? NaN : sxy / sxx;
}

/**
 * The hot path with OpenTelemetry traces on (docs/operations.md#traces) vs off: one more instance on the
 * small database exporting every span (OTLP/HTTP, protobuf: the default) to a sink in this process
 * that answers 200 and counts bytes, its batches sized so that few spans are dropped (a dropped span
 * costs less than an exported one, which would flatter the figure).
 */
/** BENCH_OTEL_BSP='delay,queue,batch' and BENCH_OTEL_PROTOCOL (http/protobuf, http/json) for the traced instances. */
function tracingOverrides() {
  const overrides = {};
  if (process.env.BENCH_OTEL_BSP) {
    const [delay, queue, batch] = process.env.BENCH_OTEL_BSP.split(',');
    Object.assign(overrides, { OTEL_BSP_SCHEDULE_DELAY: delay, OTEL_BSP_MAX_QUEUE_SIZE: queue, OTEL_BSP_MAX_EXPORT_BATCH_SIZE: batch });
  }
  if (process.env.BENCH_OTEL_PROTOCOL) overrides.OTEL_EXPORTER_OTLP_PROTOCOL = process.env.BENCH_OTEL_PROTOCOL;
  return overrides;
}

async function tracingPair({ smallUrl, untraced, requests, http, samplerRatio = process.env.BENCH_TRACES_SAMPLER_RATIO }) {
  let exportedBytes = 0;
  const sink = createServer((request, response) => {
    request.on('data', (chunk) => (exportedBytes += chunk.length));
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  sinks.push(sink);
  const traced = await startService(samplerRatio ? 'service-traced-sampled' : 'service-traced', {
    DATABASE_URL: smallUrl,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sink.address().port}`,
    OTEL_BSP_SCHEDULE_DELAY: '200',
    OTEL_BSP_MAX_QUEUE_SIZE: '65536',
    OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '4096',
    // What-if knobs (bench/README.md): the batch processor's settings and the export's protocol.
    ...tracingOverrides(),
    // tracing-sampled: one trace in ten, as a busy production would sample (BENCH_TRACES_SAMPLER_RATIO
    // sets the ratio of the tracing pair instead).
    ...(samplerRatio ? { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: samplerRatio } : {}),
  });
  // The untraced side has been serving since the run began: warm the traced instance likewise
  // way (its caches filled, its code optimized) before its first measured round.
  // (settings.tracedWarmupSeconds, or BENCH_TRACED_WARMUP_SECONDS: with 3 s, the first rounds of one in ten
  // sampled read 0.72–0.84 × and the later ones 0.89–0.97 ×; with 20 s, 0.98 ×: bench/analysis.md.)
  const warmupSeconds = Number(process.env.BENCH_TRACED_WARMUP_SECONDS) || settings.tracedWarmupSeconds;
  await httpLoad({ baseUrl: traced.baseUrl, requests, connections: settings.connections, seconds: warmupSeconds });
  const measured = http(traced, requests);
  return {
    id: samplerRatio ? 'tracing-sampled' : 'tracing',
    title: samplerRatio
      ? `Group retrieval with OpenTelemetry traces, ${samplerRatio} of them sampled and exported, vs off`
      : 'Group retrieval with OpenTelemetry traces exported vs off',
    a: [
      'traces on',
      {
        server: traced,
        run: async () => {
          const before = exportedBytes;
          const result = await measured.run();
          log(`  tracing: ${((exportedBytes - before) / 2 ** 20).toFixed(1)} MiB of OTLP exported during the run`);
          return result;
        },
      },
    ],
    b: ['traces off', http(untraced, requests)],
  };
}

/**
 * The storefront with its rate limits counted in Redis (REDIS_URL, as with many instances) while
 * Redis fails under load, against the same instance with Redis healthy: frozen (SIGSTOP: the socket
 * open, no answer, as in a failover or a partition) and refusing connections (the process gone).
 * Each faulty round warms up healthy, then the fault starts with the measured run (so the requests
 * caught waiting for Redis' time-out are in the figures) and is repaired after it; the next round
 * waits until the instance's breaker has closed (pms_rate_limit_store_breaker_open 0).
 */
async function redisPairs({ smallUrl, requests, http, inMemory }) {
  if (!redisServerInstalled()) {
    if (process.env.CI === 'true') throw new Error('redis-server is not installed (apt-get install redis-server)');
    log('WARNING: redis-server is not installed (apt-get install redis-server): the Redis fault scenarios are skipped');
    return [];
  }
  const redis = await startRedis();
  redisServers.push(redis);
  const service = await startService('service-redis', { DATABASE_URL: smallUrl, REDIS_URL: redis.url });
  const breakerOpen = async () => /^pms_rate_limit_store_breaker_open 1$/m.test(await (await fetch(`${service.baseUrl}/metrics`)).text());
  const closed = async () => {
    const deadline = Date.now() + 30_000;
    while (await breakerOpen()) {
      if (Date.now() > deadline) throw new Error('the Redis breaker did not close after the fault was repaired');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const { connections, seconds, warmupSeconds } = settings;
  /** Redis put at fault by its method `fault` under load (after a warm-up) and repaired by `repair`, vs Redis healthy. */
  const faultPair = (id, label, title, fault, repair) => ({
    id,
    title: `Group retrieval, every amount new, limits in Redis: ${title} vs healthy`,
    a: [
      label,
      {
        server: service,
        run: async () => {
          await httpLoad({ baseUrl: service.baseUrl, requests, connections, seconds: warmupSeconds });
          await redis[fault]();
          try {
            return await httpLoad({ baseUrl: service.baseUrl, requests, connections, seconds });
          } finally {
            await redis[repair]();
            await closed();
          }
        },
      },
    ],
    b: ['Redis healthy', http(service, requests)],
  });
  return [
    // What sharing the limits costs a healthy instance (issue 37): counted in Redis vs in memory.
    {
      id: 'redis-limits',
      title: 'Group retrieval, every amount new: limits counted in Redis (healthy) vs in memory',
      a: ['limits in Redis', http(service, requests)],
      b: ['limits in memory', http(inMemory, requests)],
    },
    faultPair('redis-frozen', 'Redis frozen', 'Redis frozen under load', 'freeze', 'thaw'),
    faultPair('redis-refused', 'Redis refusing', 'Redis refusing connections', 'stop', 'start'),
  ].filter((pair) => wanted(pair.id) || wanted('redis'));
}

/**
 * Session reads from a replica (docs/operations.md#database-failover): an instance with
 * DATABASE_REPLICA_URL and DATABASE_READ_FROM_REPLICA=true against the small database's own instance
 * without a replica, on the cart mix with the session cache cold for one request in ten. The replica
 * is the same PostgreSQL (this machine has no standby): what is measured is the service's side, its
 * second pool and the read policy, not a standby's speed. Each side reads its own half of the cold
 * sessions, so that neither finds rows the other brought into PostgreSQL's buffers.
 */
async function replicaPair({ smallUrl, sessions, stores, campaignOf, direct, http }) {
  log(`replica reads: ${settings.coldSessions.toLocaleString('en')} sessions never read …`);
  const { sessions: cold } = await insertSessions(smallUrl, { storeIds: [stores.s10.id], live: settings.coldSessions, old: 0, campaignOf });
  const replica = await startService('service-replica', {
    DATABASE_URL: smallUrl,
    DATABASE_REPLICA_URL: smallUrl,
    DATABASE_READ_FROM_REPLICA: 'true',
  });
  const withReplica = coldCartRequests(
    sessions,
    cold.filter((_, i) => i % 2 === 0),
  );
  const without = coldCartRequests(
    sessions,
    cold.filter((_, i) => i % 2 === 1),
  );
  return {
    id: 'groups-replica',
    title: 'Group retrieval, every amount new, session cache cold one request in ten: read from the replica first vs no replica',
    a: ['DATABASE_READ_FROM_REPLICA=true', http(replica, withReplica.requests)],
    b: ['no replica', http(direct, without.requests)],
    note: () =>
      `cold session reads: ${withReplica.state.cold.toLocaleString('en')} of ${withReplica.state.sent.toLocaleString('en')} requests with the replica, ` +
      `${without.state.cold.toLocaleString('en')} of ${without.state.sent.toLocaleString('en')} without`,
  };
}

/**
 * Through PgBouncer in transaction mode (POOLER_SERVER_CONNECTIONS server connections) against
 * the same service directly: one instance each for the storefront and session creation, then a
 * fleet of `settings.instances` instances sharing those server connections against one instance
 * directly, under the storefront's mix with one session creation in five.
 */
async function poolerPairs({ pooledUrl, directService, requests, client, stores, http }) {
  log(`pooler: PgBouncer with ${POOLER_SERVER_CONNECTIONS} server connections, ${settings.instances} instances …`);
  bouncer = await startPgBouncer({ postgresUrl: adminUrl, poolSize: POOLER_SERVER_CONNECTIONS });
  // One issuer for every pooled instance: a token of one is good on all (as behind a balancer).
  const pooledEnv = { DATABASE_URL: bouncer.url(databaseNames.pooled), DATABASE_POOLER: 'transaction', PUBLIC_URL: 'http://pms.bench' };
  const pooled = await startService('service-pooled', pooledEnv);
  // Four connections each: 20 instances stay within PgBouncer's default of 100 client connections.
  const fleet = await Promise.all(
    Array.from({ length: settings.instances }, (_, i) => startService(`fleet-${i}`, { ...pooledEnv, DATABASE_POOL_SIZE: '4' })),
  );
  const creation = (token) => ({
    method: 'POST',
    path: `/v1/stores/${stores.s10.id}/sessions`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const pooledToken = await accessToken(pooled.baseUrl, client);
  const directToken = await accessToken(directService.baseUrl, client);
  const mix = (token) => requests.flatMap((request, i) => (i % 4 === 3 ? [request, creation(token)] : [request]));
  const { connections, seconds, warmupSeconds } = settings;
  const fleetRun = async () => {
    const result = await httpLoadAcross({
      targets: fleet.map((server) => ({ baseUrl: server.baseUrl, requests: mix(pooledToken) })),
      connections,
      seconds,
      warmupSeconds,
    });
    return { ...result, serverConnections: await backends(pooledUrl) };
  };
  /** One instance's requests through PgBouncer against the same directly. */
  const throughPooler = (id, what, pooledRequests, directRequests) => ({
    id,
    title: `${what} through PgBouncer (transaction mode) vs directly`,
    a: ['through PgBouncer', http(pooled, pooledRequests)],
    b: ['directly', http(directService, directRequests)],
  });
  return [
    throughPooler('pooler-groups', 'Group retrieval', requests, requests),
    throughPooler('pooler-sessions', 'Session creation', [creation(pooledToken)], [creation(directToken)]),
    {
      id: 'instances',
      title: `${settings.instances} instances sharing ${POOLER_SERVER_CONNECTIONS} server connections vs one instance directly`,
      a: [`${settings.instances} instances, PgBouncer`, { run: fleetRun }],
      b: ['1 instance, directly', http(directService, mix(directToken))],
    },
  ];
}

/**
 * What an attacker with nothing but the address can make the service do (SECURITY.md). One
 * instance configured as in production for the token endpoint (failure budget 60 a minute per
 * client id and address, 2 derivations a second) with TRUST_PROXY=loopback, so that floods can
 * come from many addresses through X-Forwarded-For; its storefront limit stays raised, since the
 * measured storefront load comes from one address.
 * - abuse-*: the storefront alone vs beside a flood of 100 requests/s, from one address and from
 *   many; in the middle of each flood the real client asks for a token (its secret verified before,
 *   as a merchant backend fetching tokens hourly has).
 * - preauth-*: each pre-authentication path at saturation vs a storefront request, in the same
 *   round: the throughput ratio is what one such request costs in storefront requests.
 */
async function abusePairs({ smallUrl, requests: oneAddress, sessions, client, stores, http }) {
  // The storefront's own load from 16 addresses (the service trusts the loopback proxy): from one, at
  // 25,000 requests a second its back-to-back rounds reach the per-address ceiling of 1,000,000 a
  // minute (the highest the setting allows) and the storefront is refused by its own limit.
  const requests = oneAddress.map((request, i) => ({
    ...request,
    headers: { ...request.headers, 'x-forwarded-for': `198.51.100.${i % 16}` },
  }));
  const abuse = await startService('service-abuse', {
    DATABASE_URL: smallUrl,
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_TOKEN_PER_MINUTE: '60',
    TOKEN_KEY_DERIVATIONS_PER_SECOND: '2',
  });
  await accessToken(abuse.baseUrl, client);
  const { connections, seconds, warmupSeconds } = settings;
  const storefront = http(abuse, requests);
  const beside = (floodRequests) => ({
    server: abuse,
    run: async () => {
      const flood = floodLoad({ baseUrl: abuse.baseUrl, requests: floodRequests, rate: 100, seconds: warmupSeconds + seconds });
      const measured = httpLoad({ baseUrl: abuse.baseUrl, requests, connections, seconds, warmupSeconds });
      await new Promise((resolve) => setTimeout(resolve, (warmupSeconds + seconds / 2) * 1000));
      const { method, path: tokenPath, headers, body } = tokenRequest(client);
      const real = await fetch(`${abuse.baseUrl}${tokenPath}`, { method, headers, body });
      await real.arrayBuffer();
      const [result, flooded] = await Promise.all([measured, flood]);
      return { ...result, realClientStatus: real.status, flood: flooded };
    },
  });
  const pairs = [];
  for (const [id, what, make] of [
    ['unknown-clients', 'made-up client ids', (spread) => unknownClients({ spread })],
    ['wrong-secrets', 'a real client id with wrong secrets', (spread) => wrongSecrets(client, { spread })],
    ['random-sessions', 'random session ids', (spread) => randomSessions({ spread })],
  ]) {
    for (const spread of [false, true]) {
      const from = spread ? 'many addresses' : 'one address';
      pairs.push({
        id: `abuse-${id}-${spread ? 'many' : 'one'}`,
        title: `Storefront beside 100/s of ${what} from ${from}`,
        a: ['beside the flood', beside(make(spread))],
        b: ['alone', storefront],
      });
    }
  }
  const token = await accessToken(abuse.baseUrl, client);
  const created = await fetch(`${abuse.baseUrl}/v1/stores/${stores.s10.id}/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const embedPath = new URL((await created.json()).embed.src).pathname;
  const paths = [
    ['token-unknown-client', 'token request, made-up client id', unknownClients({ spread: true })],
    ['token-wrong-secret-one', 'token request, wrong secret, one address', wrongSecrets(client, { spread: false })],
    ['token-wrong-secret-many', 'token request, wrong secret, many addresses', wrongSecrets(client, { spread: true })],
    ['unknown-session', 'group retrieval, unknown session id', randomSessions({ spread: true })],
    ['unknown-kid', 'merchant API, bearer token of an unknown key id', await unknownKeyTokens(stores.s10.id, abuse.baseUrl)],
    ['huge-amount', 'group retrieval, 8,000-digit amount', hugeAmounts(sessions)],
    ['preflight', 'CORS preflight of the storefront route', preflights(sessions)],
    ['metrics', 'GET /metrics', get('/metrics')],
    ['openapi', 'GET /openapi.json', get('/openapi.json')],
    ['docs', 'GET /docs (the API reference page)', get('/docs')],
    ['embed', 'GET the embed script', get(embedPath)],
  ];
  for (const [id, what, pathRequests] of paths) {
    pairs.push({
      id: `preauth-${id}`,
      title: `Pre-authentication: ${what} vs a storefront request`,
      a: [
        id,
        {
          server: abuse,
          run: () => httpLoad({ baseUrl: abuse.baseUrl, requests: pathRequests, connections, seconds, warmupSeconds, anyStatus: true }),
        },
      ],
      b: ['storefront', storefront],
    });
  }
  return pairs;
}

/** Server processes PostgreSQL runs for a database (this query's excepted). */
async function backends(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

async function serverVersion(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('show server_version')).rows[0].server_version;
  } finally {
    await client.end();
  }
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

try {
  if (args.report) {
    const jsonFile = path.resolve(args.report);
    log(`report: ${writeReport(JSON.parse(readFileSync(jsonFile, 'utf8')), { reportDir, jsonFile })}`);
  } else await main();
} catch (error) {
  process.stderr.write(`bench failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  for (const server of processes) await server.stop().catch(() => {});
  await bouncer?.stop().catch(() => {});
  for (const name of Object.values(databaseNames)) await dropDatabase(adminUrl, name).catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
}
