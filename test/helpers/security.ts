// Shared by the security tests (test/security/*.test.ts, test/security/fuzz.test.ts): the demo
// catalog plus an operator client, a service whose log lines are captured, and snapshots of the
// tables that hostile requests must not change.
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { build } from '../../src/app.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { readConfig, type Config } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { demoCredentials } from '../../src/demo.ts';
import { loadEmbedBundle } from '../../src/http/embed/routes.ts';
import type { HttpLimits } from '../../src/http/plugins/http-limits.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import type { DatabaseHandle } from '../../src/storage/database.ts';
import { demoCatalog, issueToken, projectRoot, UNBOUNDED_DERIVATIONS } from './app.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
export { FJALL, NORDIC, OTHER_STORE, STORE } from './demo.ts';

/** An operator client (scope admin only) added to the demo catalog. */
export const OPERATOR = { id: 'security-operator', secret: 'security-operator-secret-4Rz8kP2wQ7' };
export const PUBLIC_URL = 'http://pms.test';

export interface SecurityService {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  database: TestDatabase;
  /** Every log line written so far (JSON). */
  lines: string[];
  close(): Promise<void>;
}

export async function startSecurityService(
  options: {
    env?: Record<string, string>;
    httpLimits?: Partial<HttpLimits>;
    /** Serve the demo storefront (/demo) as `npm start` does. */
    demo?: boolean;
    /** pino level of the captured log; false: no logger. */
    logLevel?: string | false;
    clock?: Clock;
  } = {},
): Promise<SecurityService> {
  const database = await createTestDatabase();
  const catalog = await demoCatalog();
  catalog.clients = [
    ...(catalog.clients as unknown[]),
    { clientId: OPERATOR.id, clientSecret: OPERATOR.secret, merchantId: 'm-nordic-home', scopes: ['admin'] },
  ];
  await applyCatalog(database.handle.db, catalog);
  const config = readConfig({ PUBLIC_URL, ...UNBOUNDED_DERIVATIONS, ...options.env });
  const ctx = await createContext(config, database.handle, options.clock);
  const lines: string[] = [];
  const stream = {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line !== '') lines.push(line);
    },
  };
  const level = options.logLevel ?? 'trace';
  const app = await build(ctx, {
    embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')),
    demo: options.demo ? demoCredentials(catalog) : undefined,
    logger: level === false ? false : { level, stream },
    httpLimits: options.httpLimits,
  });
  await app.ready();
  return {
    app,
    ctx,
    config,
    database,
    lines,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** A client-credentials token by the form, or the failed response's text. */
export function tokenFor(app: FastifyInstance, client: { id: string; secret: string }, scope?: string): Promise<string> {
  return issueToken(app, client.id, client.secret, scope);
}

/** The catalog's tables (what the operator owns) and the signing keys. */
export const CATALOG_TABLES = [
  'merchants',
  'stores',
  'clients',
  'payment_methods',
  'payment_method_plans',
  'payment_method_legal_links',
  'signing_keys',
] as const;

/** A digest of every row of the catalog's tables: equal snapshots, equal content. */
export async function catalogSnapshot(handle: DatabaseHandle): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  for (const table of CATALOG_TABLES) {
    const { rows } = await sql<{ rows: string; digest: string }>`
      select count(*)::text as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
      from ${sql.table(table)} t`.execute(handle.db);
    snapshot[table] = `${rows[0]!.rows} rows, ${rows[0]!.digest}`;
  }
  return snapshot;
}

export async function sessionCount(handle: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from sessions`.execute(handle.db);
  return Number(rows[0]!.n);
}
