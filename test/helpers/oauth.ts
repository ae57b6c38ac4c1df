// A database with one merchant and a few clients, the real AuthServices, and an app holding only
// the authorization server's routes (plus the app-wide plugins they run under in production).
import { UNBOUNDED_DERIVATIONS } from './app.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Clock } from '../../src/lib/clock.ts';
import { readConfig, type Config } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { hashClientSecret } from '../../src/lib/secret-hash.ts';
import { oauthRoutes } from '../../src/http/oauth/routes.ts';
import { registerErrorHandling } from '../../src/http/plugins/error-handler.ts';
import { BODY_LIMIT_BYTES, registerJsonBody } from '../../src/http/plugins/json-body.ts';
import { registerValidation } from '../../src/http/plugins/validation.ts';
import type { DatabaseHandle } from '../../src/storage/database.ts';
import { ClientsRepository } from '../../src/storage/repositories/clients.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const PUBLIC_URL = 'http://pms.test';
export const MERCHANT = 'm-auth-test';

export const CLIENTS = {
  /** Both scopes. */
  full: { id: 'acme-backend', secret: 'acme-secret-0123456789', scopes: ['merchant-api', 'admin'] },
  /** Id and secret full of characters that RFC 6749 §2.3.1 form-encodes inside Basic. */
  special: { id: 'special:client é', secret: 'p@ss:w0rd+&=%/ é~', scopes: ['merchant-api'] },
  merchantOnly: { id: 'merchant-only', secret: 'merchant-only-secret', scopes: ['merchant-api'] },
} as const;

export type ManualClock = Clock & { advance(ms: number): void };

export function manualClock(start = Date.parse('2026-11-21T12:00:00.000Z')): ManualClock {
  let now = start;
  return Object.assign(() => now, {
    advance: (ms: number) => {
      now += ms;
    },
  });
}

export async function insertClients(handle: DatabaseHandle): Promise<void> {
  await handle.db.insertInto('merchants').values({ id: MERCHANT, name: 'Auth test merchant' }).execute();
  const repository = new ClientsRepository(handle.db);
  for (const client of Object.values(CLIENTS)) {
    await repository.upsert({
      clientId: client.id,
      merchantId: MERCHANT,
      secretHash: await hashClientSecret(client.secret),
      scopes: [...client.scopes],
    });
  }
}

/** The token routes as build() registers them, without the other interfaces. */
export async function oauthApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES }).withTypeProvider<TypeBoxTypeProvider>();
  registerValidation(app);
  registerErrorHandling(app);
  registerJsonBody(app);
  await app.register(oauthRoutes, { ctx });
  await app.ready();
  return app;
}

export interface AuthTest {
  database: TestDatabase;
  config: Config;
  clock: ManualClock;
  ctx: AppContext;
  app: FastifyInstance;
  clients: ClientsRepository;
  close(): Promise<void>;
}

export async function startAuthTest(env: Record<string, string> = {}): Promise<AuthTest> {
  const database = await createTestDatabase();
  await insertClients(database.handle);
  const config = readConfig({ PUBLIC_URL, ...UNBOUNDED_DERIVATIONS, ...env });
  const clock = manualClock();
  const ctx = await createContext(config, database.handle, clock);
  const app = await oauthApp(ctx);
  return {
    database,
    config,
    clock,
    ctx,
    app,
    clients: new ClientsRepository(database.handle.db),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** The form body of a token request. */
export function form(parameters: Record<string, string> | [string, string][]): string {
  return new URLSearchParams(parameters).toString();
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded, joined by ':' and base64-encoded. */
export function basic(clientId: string, clientSecret: string): string {
  const encode = (text: string) => new URLSearchParams({ v: text }).toString().slice(2);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

export async function requestToken(
  app: FastifyInstance,
  parameters: Record<string, string> | [string, string][],
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form(parameters),
  });
}

export async function issue(app: FastifyInstance, client: { id: string; secret: string }, scope?: string): Promise<string> {
  const response = await requestToken(app, {
    grant_type: 'client_credentials',
    client_id: client.id,
    client_secret: client.secret,
    ...(scope ? { scope } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}

/** The current signing key's private half, read from the database, for forging test tokens. */
export async function currentPrivateKey(handle: DatabaseHandle): Promise<{ kid: string; key: CryptoKey }> {
  const row = await handle.db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk'])
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return { kid: row.kid, key: (await importJWK(row.private_jwk as JWK, 'ES256')) as CryptoKey };
}
