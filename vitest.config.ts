// Test projects. Tests are grouped by feature (test/session-api, test/merchant-api, test/oauth, …);
// the folders of pure code (test/domain, test/lib, test/house) and the storefront components
// (test/embed) run once, every other folder is database-backed and runs on PGlite and again on
// PostgreSQL. PostgreSQL is mandatory on CI (CI=true or
// REQUIRE_POSTGRES=1): there an unreachable server fails the run instead of skipping it.
import pg from 'pg';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

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

export default defineConfig(async () => {
  const projects: TestProjectInlineConfiguration[] = [
    { test: { name: 'unit', include: UNIT_TESTS } },
    {
      test: {
        name: 'pglite',
        include: DATABASE_TESTS,
        // Several instances behind a connection pooler or a load balancer: PostgreSQL's alone.
        exclude: [...NOT_DATABASE_TESTS, 'test/pooler/**', 'test/deploys/**'],
        env: { TEST_DB: 'pglite' },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    },
  ];
  if (await postgresReachable()) {
    projects.push({
      test: {
        name: 'postgres',
        include: DATABASE_TESTS,
        exclude: NOT_DATABASE_TESTS,
        env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    });
    // The benchmark's smoke run (bench/README.md): it needs PostgreSQL, so it is mandatory where that is.
    projects.push({
      test: { name: 'bench', include: ['test/bench/**/*.test.ts'], env: { BENCH_DATABASE_URL: postgresUrl }, testTimeout: 600_000 },
    });
  }
  return { test: { projects } };
});
