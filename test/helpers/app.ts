// A whole service for a test file: its own database (PGlite or PostgreSQL, per TEST_DB), the demo
// catalog applied, the real context and app, driven with inject() — no network.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../../src/app.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { readConfig, type Config } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { demoCatalogFor, demoCredentials } from '../../src/demo.ts';
import { operatorTypes } from '../../src/domain/payment-method-types.ts';
import { loadEmbedBundle } from '../../src/http/embed/routes.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

/**
 * Tests run on frozen clocks, under which the production bound on key derivations (a few a second)
 * would never refill; the tests of that bound (test/oauth/abuse-bounds.test.ts) set their own.
 */
export const UNBOUNDED_DERIVATIONS = { TOKEN_KEY_DERIVATIONS_PER_SECOND: '1000' };

export const projectRoot = path.resolve(import.meta.dirname, '../..');

export async function demoCatalog(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(projectRoot, 'demo/catalog.json'), 'utf8')) as Record<string, unknown>;
}

/** A catalog plus an operator merchant with an admin client (for tests; never in demo/catalog.json). */
export function withAdminClient(
  catalog: Record<string, unknown>,
  admin: { id: string; secret: string; merchantId: string },
): Record<string, unknown> {
  return {
    ...catalog,
    merchants: [...((catalog.merchants as unknown[] | undefined) ?? []), { id: admin.merchantId, name: 'Operator' }],
    clients: [
      ...((catalog.clients as unknown[] | undefined) ?? []),
      { clientId: admin.id, clientSecret: admin.secret, merchantId: admin.merchantId, scopes: ['admin'] },
    ],
  };
}

/** A clock tests can move: `clock.advance(ms)`. */
export function manualClock(start = Date.parse('2026-11-21T12:00:00.000Z')): Clock & { advance(ms: number): void; set(ms: number): void } {
  let now = start;
  const clock = (() => now) as Clock & { advance(ms: number): void; set(ms: number): void };
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}

export interface TestService {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export async function startTestService(
  /** demo: serve the demo storefront (/demo), as `npm start` does with the demo catalog. */
  options: { catalog?: unknown; clock?: Clock; env?: Record<string, string>; demo?: boolean } = {},
): Promise<TestService> {
  const database = await createTestDatabase();
  const config = readConfig({ PUBLIC_URL: 'http://pms.test', ...UNBOUNDED_DERIVATIONS, ...options.env });
  const operator = operatorTypes(config.providerPrefix);
  // The demo catalog under the configured prefix, as main.ts serves it; a given catalog as it is.
  const catalog = options.catalog ?? demoCatalogFor(await demoCatalog(), operator);
  await applyCatalog(database.handle.db, catalog, { operator });
  const ctx = await createContext(config, database.handle, options.clock);
  const demo = options.demo ? demoCredentials(catalog) : undefined;
  if (options.demo && !demo) throw new Error('demo: true needs a catalog with a client and a store of its merchant');
  const app = await build(ctx, { embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')), demo });
  await app.ready();
  return {
    app,
    ctx,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** Defined with the other HTTP helpers (test/helpers/http.ts); here too, where most test files import it from. */
export { issueToken } from './http.ts';
