// Test projects, by what a folder checks (docs/testing.md):
// - unit: pure code and the storefront components (test/domain, test/lib, test/house, test/embed);
// - pglite: everything at the HTTP level (and the CLI, the console, OpenAPI, fuzzing), where nothing
//   differs between the databases: run once, on the embedded one every run has;
// - postgres: what exists for PostgreSQL (test/pooler, test/deploys, any `*.postgres.test.ts`: several
//   instances, notifications, a pool) and, as on PGlite, what checks the SQL itself (test/storage: every
//   repository's queries and the migrations) and real server processes (test/processes).
// A new file lands by its folder and name, with no edit here. PostgreSQL is mandatory on CI (CI=true or
// REQUIRE_POSTGRES=1): there an unreachable server fails the run instead of skipping it.
// The benchmark's smoke run is not part of `npm test`: `npm run test:bench` runs it, and .ci/run does.
// Every database test file starts from the run's migrated template (test/global-setup.ts).
import pg from 'pg';
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/sequencer.ts';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const postgresRequired = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    if (postgresRequired) {
      throw new Error(`PostgreSQL is required here but ${postgresUrl} is unreachable: ${(error as Error).message}`);
    }
    process.stderr.write(`\nWARNING: PostgreSQL at ${postgresUrl} is unreachable; its test project is skipped.\n\n`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const UNIT_TESTS = ['test/domain/**/*.test.ts', 'test/lib/**/*.test.ts', 'test/house/**/*.test.ts', 'test/embed/**/*.test.ts'];
/** The same SQL on both databases: the repositories and migrations, and real server processes. */
const BOTH_DATABASES = ['test/storage/**/*.test.ts', 'test/processes/**/*.test.ts'];
/** What exists for PostgreSQL alone: a pooler, a load balancer, several instances, LISTEN/NOTIFY. */
const POSTGRES_ONLY = ['test/pooler/**/*.test.ts', 'test/deploys/**/*.test.ts', 'test/**/*.postgres.test.ts'];
const BENCH = ['test/bench/**'];

export default defineConfig(async (): Promise<ViteUserConfig> => {
  // The benchmark's smoke run (bench/README.md) alone: `npm run test:bench` (and .ci/run, once). It needs PostgreSQL.
  if (process.env.BENCH_SMOKE === '1') {
    if (!(await postgresReachable())) throw new Error(`the benchmark's smoke run needs PostgreSQL at ${postgresUrl}`);
    const bench = { name: 'bench', include: ['test/bench/**/*.test.ts'], env: { BENCH_DATABASE_URL: postgresUrl }, testTimeout: 600_000 };
    return { test: { projects: [{ test: bench }] } };
  }
  // isolate false: the test files of a worker share its loaded modules instead of each importing
  // Fastify, PGlite and the service again (a quarter of the suite's time); no test changes
  // process-wide state (environment, timers, module mocks, a global tracer) that another could see
  // (test/operations/tracing-in-process.test.ts registers one and takes it down in its afterAll).
  // `npm run test:cpu`: each file's CPU time (test/accounting/cpu-per-file.ts, docs/testing.md#where-the-cpu-goes).
  const shared = { isolate: false, ...(process.env.TEST_CPU_REPORT ? { setupFiles: ['test/accounting/cpu-per-file.ts'] } : {}) };
  const database = { ...shared, testTimeout: 30_000, hookTimeout: 60_000, globalSetup: ['test/global-setup.ts'] };
  const projects: TestProjectInlineConfiguration[] = [
    // Pure code, but some property tests take seconds: the default 5 s is too short on a loaded machine.
    { test: { name: 'unit', include: UNIT_TESTS, testTimeout: 30_000, ...shared } },
    {
      test: {
        name: 'pglite',
        include: ['test/**/*.test.ts'],
        exclude: [...UNIT_TESTS, ...BENCH, ...POSTGRES_ONLY],
        env: { TEST_DB: 'pglite' },
        ...database,
      },
    },
  ];
  if (await postgresReachable()) {
    projects.push({
      test: {
        name: 'postgres',
        include: [...BOTH_DATABASES, ...POSTGRES_ONLY],
        env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
        ...database,
      },
    });
  }
  return {
    test: {
      projects,
      // Three workers on 2 cores (docs/testing.md#the-order-files-run-in): a quarter of the suite waits on
      // child processes, Chromium and Prometheus' clock, and a third worker fills that time (340 → 308 s).
      maxWorkers: 3,
      // Project by project (a worker is kept only while the next file is of its project), the longest
      // first within each, by test/durations.json (a fresh clone has no durations of its own).
      sequence: { sequencer: LongestFirstSequencer },
      // `npm run test:coverage`: V8 line coverage of the service's own code (docs/development.md#coverage).
      coverage: { provider: 'v8', include: ['src/**/*.{ts,tsx}'], reporter: ['text-summary', 'json-summary'] },
    },
  };
});
