// Test projects. Tests are grouped by feature (test/session-api, test/merchant-api, test/oauth, …);
// the folders of pure code (test/domain, test/lib, test/house) and the storefront components
// (test/embed) run once, every other folder is database-backed and runs on PGlite and again on
// PostgreSQL. PostgreSQL is mandatory on CI (CI=true or
// REQUIRE_POSTGRES=1): there an unreachable server fails the run instead of skipping it.
// The benchmark's smoke run is not part of `npm test`: `npm run test:bench` runs it, and .ci/run does.
// Every database test file starts from the run's migrated template (test/global-setup.ts).
import pg from 'pg';
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';

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
const DATABASE_TESTS = ['test/**/*.test.ts'];
const NOT_DATABASE_TESTS = [...UNIT_TESTS, 'test/bench/**'];
/** Chromium against a real server process, or a page that is the same on either database: run by the PGlite project only. */
const BROWSER_PROCESS_TESTS = ['test/console/**/*.browser.test.ts', 'test/session-api/price-information.browser.test.ts'];

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
  const shared = { isolate: false };
  const database = { ...shared, testTimeout: 30_000, hookTimeout: 60_000, globalSetup: ['test/global-setup.ts'] };
  const projects: TestProjectInlineConfiguration[] = [
    // Pure code, but some property tests take seconds: the default 5 s is too short on a loaded machine.
    { test: { name: 'unit', include: UNIT_TESTS, testTimeout: 30_000, ...shared } },
    {
      test: {
        name: 'pglite',
        include: DATABASE_TESTS,
        // Several instances behind a connection pooler or a load balancer: PostgreSQL's alone.
        exclude: [...NOT_DATABASE_TESTS, 'test/pooler/**', 'test/deploys/**', 'test/webhooks/instances.test.ts'],
        env: { TEST_DB: 'pglite' },
        ...database,
      },
    },
  ];
  if (await postgresReachable()) {
    projects.push({
      test: {
        name: 'postgres',
        include: DATABASE_TESTS,
        // The console's browser tests drive a real server process in Chromium: what they check is the
        // pages, the same on either database, so they run once (on PGlite, which every run has).
        exclude: [...NOT_DATABASE_TESTS, ...BROWSER_PROCESS_TESTS],
        env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
        ...database,
      },
    });
  }
  return {
    test: {
      projects,
      // Measured on 2 cores (docs/development.md#how-fast-the-tests-are): the suite is CPU-bound, so more
      // workers than cores gain little.
      maxWorkers: 2,
      // `npm run test:coverage`: V8 line coverage of the service's own code (docs/development.md#coverage).
      coverage: { provider: 'v8', include: ['src/**/*.{ts,tsx}'], reporter: ['text-summary', 'json-summary'] },
    },
  };
});
