// What the OpenAPI tests share: the document as data, a validator for its schemas, the probes'
// shape and helpers, and a service to probe (the demo catalog plus an operator client). The probes
// themselves live per interface in probes/; openapi.test.ts runs them.
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { build } from '../../src/app.ts';
import { readConfig } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { demoCredentials } from '../../src/demo.ts';
import { loadEmbedBundle } from '../../src/http/embed/routes.ts';
import { DOCUMENT_PUBLIC_URL } from '../../src/openapi-generator.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { openPostgres } from '../../src/storage/database.ts';
import { demoCatalog, issueToken, manualClock, projectRoot, startTestService, type TestService } from '../helpers/app.ts';
import { createTestDatabase, testDatabaseKind } from '../helpers/database.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { FJALL as OTHER_CLIENT, NORDIC as CLIENT, STORE } from '../helpers/demo.ts';
export { FJALL as OTHER_CLIENT, NORDIC as CLIENT, OTHER_STORE, STORE } from '../helpers/demo.ts';

/** An operator client added to the demo catalog for the admin API. */
export const ADMIN_CLIENT = {
  clientId: 'probe-operator',
  clientSecret: 'probe-operator-secret-5Jx2',
  merchantId: 'm-nordic-home',
  scopes: ['admin'],
};
export const SESSION_TTL_SECONDS = 60;
/** Low enough for the 429 probes to reach quickly (each /metrics request renders every metric), high enough for every other probe of a client. */
export const RATE_LIMITS = {
  RATE_LIMIT_MERCHANT_PER_MINUTE: '100',
  // Failed authentications per client id and address: two, so that the 429 probe needs no more
  // derivations than the (frozen) clock's budget for failing pairs allows.
  RATE_LIMIT_TOKEN_PER_MINUTE: '2',
  // The clock is frozen: the production bound on derivations would never refill (test/helpers/app.ts).
  TOKEN_KEY_DERIVATIONS_PER_SECOND: '1000',
  RATE_LIMIT_STOREFRONT_PER_MINUTE: '30',
};

// ---------------------------------------------------------------------------------------------
// The document, as data.

export type Json = Record<string, unknown>;
export interface Media {
  schema?: Json;
  examples?: Record<string, { value: unknown }>;
}
export interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, Media>;
}
export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, Response>;
}
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
}
export interface Document {
  paths: Record<string, Record<string, Operation>>;
  tags: Array<{ name: string; description?: string }>;
  components: Json;
}

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Every operation, keyed "METHOD /path" as the messages name them. */
export function operations(document: Document): Array<{ key: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${p}`, operation })),
  );
}

/** The documented response for a status: its own, else its range (4XX). */
export function documentedResponse(operation: Operation, status: number): Response | undefined {
  return operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];
}

/** Validates values against schemas of the document, resolving its `#/components/…` references. */
export function schemaChecker(document: Document, options: { coerceTypes?: boolean } = {}): (schema: Json, value: unknown) => string[] {
  const base = 'https://openapi.test/document.json';
  // coerceTypes: parameters arrive as text ("size=2" is the integer 2), as a generated client sends them.
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: options.coerceTypes ?? false });
  addFormats.default(ajv);
  ajv.addSchema({ $id: base, components: document.components });
  const compiled = new Map<string, ValidateFunction>();
  return (schema, value) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', `"${base}#/components/`);
    let validate = compiled.get(text);
    if (!validate) compiled.set(text, (validate = ajv.compile(JSON.parse(text) as Json)));
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
}

/**
 * What is wrong with a request, as the document describes the operation: what a client generated
 * from the document could not send. Path and query parameters must be documented and valid, a
 * required one present; a body must be of a documented media type and valid; a request without a
 * body needs the body to be optional.
 */
export function requestProblems(document: Document, key: string, operation: Operation, options: InjectOptions): string[] {
  const checkBody = schemaChecker(document);
  const checkParameter = schemaChecker(document, { coerceTypes: true });
  const problems: string[] = [];
  const url = new URL(String(options.url), 'http://probe.test');
  const template = key.slice(key.indexOf(' ') + 1);
  const names: string[] = [];
  const pattern = new RegExp(`^${template.replace(/\{([^}]+)\}/g, (_m, name: string) => (names.push(name), '([^/]+)'))}$`);
  const match = pattern.exec(url.pathname);
  if (!match) return [`${url.pathname} does not match ${template}`];
  const given: Record<'path' | 'query', Map<string, string[]>> = { path: new Map(), query: new Map() };
  names.forEach((name, i) => given.path.set(name, [decodeURIComponent(match[i + 1]!)]));
  for (const [name, value] of url.searchParams) given.query.set(name, [...(given.query.get(name) ?? []), value]);
  const documented = operation.parameters ?? [];
  for (const where of ['path', 'query'] as const) {
    for (const [name, values] of given[where]) {
      const parameter = documented.find((p) => p.in === where && p.name === name);
      if (!parameter) {
        problems.push(`${where} parameter ${name} is not documented`);
        continue;
      }
      for (const value of values) {
        for (const error of checkParameter(parameter.schema ?? {}, value)) problems.push(`${where} parameter ${name}=${value}: ${error}`);
      }
    }
    for (const parameter of documented.filter((p) => p.in === where && p.required)) {
      if (!given[where].has(parameter.name)) problems.push(`required ${where} parameter ${parameter.name} missing`);
    }
  }
  const payload = options.payload === undefined ? '' : String(options.payload);
  const headers = Object.fromEntries(Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
  if (payload === '') {
    if (operation.requestBody?.required) problems.push('sent without a body, which the document requires');
    return problems;
  }
  if (!operation.requestBody) return [...problems, 'sent a body, which the document does not describe'];
  const type = (headers['content-type'] ?? 'application/json').split(';')[0]!.trim();
  const media = operation.requestBody.content[type];
  if (!media) return [...problems, `sent ${type}, documented: ${Object.keys(operation.requestBody.content).join(', ')}`];
  const body: unknown =
    type === 'application/x-www-form-urlencoded' ? Object.fromEntries(new URLSearchParams(payload)) : JSON.parse(payload);
  for (const error of checkBody(media.schema ?? {}, body)) problems.push(`body ${error}`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Probes: for every operation, one request per documented status.

/** What probes need of a running service. */
export interface Fixture {
  app: FastifyInstance;
  ctx: AppContext;
  /** merchant-api token of the demo client (granted STORE). */
  token: string;
  /** merchant-api token of OTHER_CLIENT (granted OTHER_STORE). */
  otherToken: string;
  /** admin token. */
  adminToken: string;
  /** A session of STORE that stays valid. */
  session: string;
  /** A session of STORE whose expiresAt has passed. */
  expiredSession: string;
}

export interface Probe {
  status: number;
  /** What the request does (wrong). */
  what: string;
  request: (f: Fixture) => InjectOptions | Promise<InjectOptions>;
  /** Makes a dependency fail once, for this request. */
  arrange?: (f: Fixture) => void;
}

/** The error of the pg driver when PostgreSQL cannot be reached: the service answers 503. */
export function unreachable(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}
/** An unexpected fault: the service answers 500. */
export function fault(): Error {
  return new Error('relation "x" does not exist');
}

export const bearer = (f: Fixture) => ({ authorization: `Bearer ${f.token}` });
export const JSON_TYPE = { 'content-type': 'application/json' };
export const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };
export const TOO_LARGE = 'x'.repeat(70 * 1024);

export function tokenRequest(form: Record<string, string>, headers: Record<string, string> = {}): InjectOptions {
  return { method: 'POST', url: '/oauth2/token', headers: { ...FORM_TYPE, ...headers }, payload: new URLSearchParams(form).toString() };
}
export const CREDENTIALS = { grant_type: 'client_credentials', client_id: CLIENT.id, client_secret: CLIENT.secret };

export function createSession(f: Fixture, store: string, options: Partial<InjectOptions> = {}): InjectOptions {
  return {
    method: 'POST',
    url: `/v1/stores/${store}/sessions`,
    headers: { ...bearer(f), ...JSON_TYPE, ...(options.headers as Record<string, string> | undefined) },
    payload: options.payload ?? '{}',
  };
}

export const groups = (session: string, query = 'amount=1299.95&customerType=NATURAL'): InjectOptions => ({
  method: 'GET',
  url: `/v1/sessions/${session}/payment-method-groups?${query}`,
});
export const listing = (f: Fixture, query = 'amount=1299.95', store = STORE): InjectOptions => ({
  method: 'GET',
  url: `/v2/stores/${store}/payment_methods?${query}`,
  headers: bearer(f),
});
export const eligibility = (f: Fixture, query = 'amount=1299.95', store = STORE): InjectOptions => ({
  method: 'GET',
  url: `/v2/stores/${store}/payment_methods/eligibility?${query}`,
  headers: bearer(f),
});

/**
 * A probe request that the rate limit refuses: the request is sent until it answers 429 (the
 * limits are low in this test, see RATE_LIMITS), and once more as the probe.
 */
export function untilRateLimited(build: (f: Fixture) => InjectOptions): (f: Fixture) => Promise<InjectOptions> {
  return async (f) => {
    const options = build(f);
    for (let sent = 0; sent < 1000; sent += 1) {
      if ((await f.app.inject(options)).statusCode === 429) return options;
    }
    throw new Error(`${options.method} ${options.url} answered no 429 after 1000 requests`);
  };
}

// ---------------------------------------------------------------------------------------------
// The service to probe.

export async function newSession(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject(createSession({ token } as Fixture, STORE));
  if (response.statusCode !== 201) throw new Error(`session creation failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

/** Database access the test can take away: on PostgreSQL the service connects through this proxy. */
export interface Outage {
  /** What taking the database away means here. */
  what: string;
  /** Takes the database away. */
  cut(): Promise<void>;
  /** After the cut, statuses no operation may answer (a real outage is 503, never 500). */
  forbidden: number[];
}

/** A TCP proxy to PostgreSQL (test/helpers/tcp-proxy.ts); cut() drops its connections and stops listening. */
function startProxy(target: URL): Promise<TcpProxy> {
  return startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
}

/**
 * The demo catalog (plus an admin client) and the demo storefront, as `npm start` serves it, at the
 * committed document's URL. `outage`: on PostgreSQL the database is reached through a proxy that
 * can be cut (a real outage); on PGlite, which cannot become unreachable, the handle is closed.
 */
export async function startFixture(
  options: { outage?: boolean } = {},
): Promise<{ service: TestService; fixture: Fixture; outage: Outage }> {
  const clock = manualClock();
  const catalog = await demoCatalog();
  catalog.clients = [...(catalog.clients as unknown[]), ADMIN_CLIENT];
  const env = { PUBLIC_URL: DOCUMENT_PUBLIC_URL, SESSION_TTL_SECONDS: String(SESSION_TTL_SECONDS), ...RATE_LIMITS };
  let service: TestService;
  let outage: Outage;
  if (options.outage && testDatabaseKind === 'postgres') {
    const database = await createTestDatabase('postgres');
    const url = new URL(database.url!);
    const proxy = await startProxy(url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const handle = openPostgres({ connectionString: url.toString(), poolSize: 4, connectTimeoutMs: 1000 });
    // node-postgres emits 'error' on a checked-out client whose connection drops before its query
    // is sent, with no listener (the pool's is removed on checkout): an uncaught exception
    // (brianc/node-postgres#1611). Until src/storage/database.ts listens on every connection, this
    // test's pool does, so that the cut tests the answers and not that race.
    handle.pool?.on('connect', (client) => client.on('error', () => {}));
    await applyCatalog(handle.db, catalog);
    const ctx = await createContext(readConfig(env), handle, clock);
    const app = await build(ctx, { embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')), demo: demoCredentials(catalog) });
    await app.ready();
    service = {
      app,
      ctx,
      database,
      config: ctx.config,
      close: async () => {
        await app.close();
        await handle.close();
        await database.drop();
      },
    };
    outage = { what: 'PostgreSQL unreachable', cut: proxy.cut, forbidden: [500] };
  } else {
    service = await startTestService({ catalog, demo: true, clock, env });
    outage = { what: 'the database handle closed', cut: () => service.database.handle.close(), forbidden: [] };
  }
  const token = await issueToken(service.app, CLIENT.id, CLIENT.secret);
  const otherToken = await issueToken(service.app, OTHER_CLIENT.id, OTHER_CLIENT.secret);
  const adminToken = await issueToken(service.app, ADMIN_CLIENT.clientId, ADMIN_CLIENT.clientSecret);
  const expiredSession = await newSession(service.app, token);
  clock.advance((SESSION_TTL_SECONDS + 1) * 1000);
  const session = await newSession(service.app, token);
  return { service, outage, fixture: { app: service.app, ctx: service.ctx, token, otherToken, adminToken, session, expiredSession } };
}
