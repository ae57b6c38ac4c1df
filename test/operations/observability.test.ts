// Observability: GET /metrics (Prometheus text, one registry per app), JSON logs with request ids
// and no credentials (the storefront's successful answers sampled), Server-Timing on the storefront
// endpoint when SERVER_TIMING=true.
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/app.ts';
import { readConfig } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { loadEmbedBundle } from '../../src/http/embed/routes.ts';
import { AccessLog } from '../../src/observability/logging.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { demoCatalog, issueToken, projectRoot, startTestService, type TestService } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { NORDIC as CLIENT, STORE } from '../helpers/demo.ts';
import { createSession } from '../helpers/http.ts';

const GROUPS_ROUTE = '/v1/sessions/:sessionId/payment-method-groups';
const PRICE_INFORMATION_ROUTE = '/v1/sessions/:sessionId/price-information';

/** The value of one sample of the exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  let service: TestService;
  let text: string;
  let sessionId: string;

  beforeAll(async () => {
    service = await startTestService();
    const app = service.app;
    const token = await issueToken(app, CLIENT.id, CLIENT.secret);
    sessionId = await createSession(app, token);
    for (let i = 0; i < 3; i++) {
      const groups = await app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/payment-method-groups?amount=1299.95` });
      expect(groups.statusCode, groups.body).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/no/such/path/42' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/v1/sessions/not-a-session/payment-method-groups?amount=1' })).statusCode).toBe(404);
    const badToken = await app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${CLIENT.id}&client_secret=wrong`,
    });
    expect(badToken.statusCode).toBe(401);
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    text = response.body;
  });

  afterAll(async () => {
    await service?.close();
  });

  it('observes request durations by route template, never the raw URL', () => {
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: GROUPS_ROUTE, status_code: '200' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: GROUPS_ROUTE, status_code: '404' })).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/v1/stores/:storeId/sessions', status_code: '201' }),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    // Sub-millisecond resolution for the hot path.
    expect(sample(text, 'http_request_duration_seconds_bucket', { le: '0.0005', route: GROUPS_ROUTE, status_code: '200' })).toBeDefined();
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain('/no/such/path');
    expect(text).not.toContain('not-a-session');
  });

  it('counts sessions, tokens and errors by code', () => {
    expect(sample(text, 'pms_sessions_created_total')).toBe(1);
    expect(sample(text, 'pms_access_tokens_issued_total')).toBe(1);
    expect(sample(text, 'pms_errors_total', { code: 'ROUTE_NOT_FOUND' })).toBe(1);
    expect(sample(text, 'pms_errors_total', { code: 'SESSION_NOT_FOUND' })).toBe(1);
    expect(sample(text, 'pms_errors_total', { code: 'invalid_client' })).toBe(1);
  });

  it('counts hits and misses of every cache', () => {
    // Three group requests for one store: one load, two hits (the time-to-live is 1 s).
    expect(sample(text, 'pms_cache_lookups_total', { cache: 'store_catalog', result: 'miss' })).toBe(1);
    expect(sample(text, 'pms_cache_lookups_total', { cache: 'store_catalog', result: 'hit' })).toBe(2);
    expect(sample(text, 'pms_cache_lookups_total', { cache: 'store_owner', result: 'miss' })).toBe(1);
    expect(sample(text, 'pms_cache_lookups_total', { cache: 'registered_client', result: 'miss' })).toBe(1);
    expect(sample(text, 'pms_cache_entries', { cache: 'store_catalog' })).toBe(1);
  });

  it('includes the process metrics', () => {
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  // The pool's metric on PostgreSQL: observability.postgres.test.ts.
  it('has no pool metric on the embedded database', () => {
    expect(text).not.toContain('pms_db_pool_connections');
  });

  it('keeps the metrics of two apps in one process apart', async () => {
    const ctx = await createContext(service.config, service.database.handle);
    const other = await build(ctx, { embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')) });
    try {
      const body = (await other.inject({ method: 'GET', url: '/metrics' })).body;
      expect(sample(body, 'pms_sessions_created_total')).toBe(0);
      expect(sample(body, 'http_request_duration_seconds_count', { route: GROUPS_ROUTE })).toBeUndefined();
      const again = (await service.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(sample(again, 'pms_sessions_created_total')).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('Server-Timing on the storefront endpoint', () => {
  let service: TestService;
  let timed: TestService;

  beforeAll(async () => {
    service = await startTestService();
    timed = await startTestService({ env: { SERVER_TIMING: 'true' } });
  });

  afterAll(async () => {
    await service?.close();
    await timed?.close();
  });

  async function answers(app: FastifyInstance) {
    const token = await issueToken(app, CLIENT.id, CLIENT.secret);
    const id = await createSession(app, token);
    const url = `/v1/sessions/${id}/payment-method-groups?amount=1299.95`;
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const revalidated = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    return [first, revalidated];
  }

  it('is absent by default', async () => {
    for (const answer of await answers(service.app)) expect(answer.headers['server-timing']).toBeUndefined();
  });

  it('with SERVER_TIMING=true, times the session, the catalog and the offer, on 200 and on 304', async () => {
    const timing = /^session;dur=\d+(\.\d{1,2})?, catalog;dur=\d+(\.\d{1,2})?, offer;dur=\d+(\.\d{1,2})?$/;
    for (const answer of await answers(timed.app)) expect(answer.headers['server-timing']).toMatch(timing);
  });

  it('refuses a SERVER_TIMING that is not true or false', () => {
    expect(() => readConfig({ SERVER_TIMING: 'yes' })).toThrow(/SERVER_TIMING must be true or false/);
  });
});

describe('access lines of the storefront, sampled', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: Array<Record<string, unknown>> = [];
  const stream = {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await applyCatalog(database.handle.db, await demoCatalog());
    const ctx = await createContext(readConfig({ PUBLIC_URL: 'http://pms.test', STOREFRONT_LOG_SAMPLE: '3' }), database.handle);
    app = await build(ctx, { embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')), logger: { level: 'info', stream } });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const completed = (reqId: string) => lines.filter((entry) => entry.reqId === reqId && entry.msg === 'request completed');

  it('logs one in STOREFRONT_LOG_SAMPLE of its 2xx and 304 answers, every error and every other route; the metrics count all', async () => {
    const token = await issueToken(app, CLIENT.id, CLIENT.secret);
    const id = await createSession(app, token);
    const url = `/v1/sessions/${id}/payment-method-groups?amount=1299.95`;
    lines.length = 0;
    let etag = '';
    for (let i = 0; i < 7; i++) {
      const reqId = `sampled-${i}`;
      // Every other one a revalidation (304).
      const headers: Record<string, string> = { 'x-request-id': reqId, ...(i % 2 === 1 ? { 'if-none-match': etag } : {}) };
      const answer = await app.inject({ method: 'GET', url, headers });
      expect(answer.statusCode).toBe(i % 2 === 1 ? 304 : 200);
      etag = String(answer.headers.etag);
      const own = completed(reqId);
      // A counter, not a draw: the first, then every third. Any other is logged only when slower than
      // 100 ms (which a loaded machine may make one).
      if (i % 3 === 0) expect(own, reqId).toHaveLength(1);
      else
        expect(
          own.every((entry) => (entry.responseTime as number) > 100),
          reqId,
        ).toBe(true);
    }
    // Errors of the storefront are all logged.
    for (let i = 0; i < 3; i++) {
      const reqId = `storefront-error-${i}`;
      const answer = await app.inject({
        method: 'GET',
        url: `/v1/sessions/${id}/payment-method-groups`,
        headers: { 'x-request-id': reqId },
      });
      expect(answer.statusCode).toBe(400);
      expect(completed(reqId)).toHaveLength(1);
    }
    // Other routes' successes are all logged.
    for (let i = 0; i < 3; i++) {
      const reqId = `other-route-${i}`;
      expect((await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': reqId } })).statusCode).toBe(200);
      expect(completed(reqId)).toHaveLength(1);
    }
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    const counted =
      (sample(metrics.body, 'http_request_duration_seconds_count', { route: GROUPS_ROUTE, status_code: '200' }) ?? 0) +
      (sample(metrics.body, 'http_request_duration_seconds_count', { route: GROUPS_ROUTE, status_code: '304' }) ?? 0);
    expect(counted).toBe(7);
  });

  it('logs every answer slower than 100 ms, and samples the price-information page alike (AccessLog itself)', () => {
    const access = new AccessLog({ sampleEvery: 100 });
    const logged: string[] = [];
    const answer = (route: string, status: number, elapsedTime: number, name: string) => {
      const log = { info: () => logged.push(name), error: () => logged.push(`error ${name}`) };
      access.requestCompleted(
        null,
        { routeOptions: { url: route } } as unknown as FastifyRequest,
        { statusCode: status, elapsedTime, log } as unknown as FastifyReply,
      );
    };
    answer(GROUPS_ROUTE, 200, 1, 'first');
    answer(GROUPS_ROUTE, 200, 1, 'second');
    answer(GROUPS_ROUTE, 200, 150, 'slow');
    answer(GROUPS_ROUTE, 304, 100.5, 'slow 304');
    answer(GROUPS_ROUTE, 200, 100, 'at the bound');
    answer(PRICE_INFORMATION_ROUTE, 200, 1, 'page');
    answer(GROUPS_ROUTE, 404, 1, 'not found');
    answer('/v2/stores/:store_id/payment_methods', 200, 1, 'listing');
    expect(logged).toEqual(['first', 'slow', 'slow 304', 'not found', 'listing']);
    // Slow ones counted too: the 100th sampled answer is logged, the 99 between are not.
    for (let i = 6; i < 100; i++) answer(GROUPS_ROUTE, 200, 1, `fast ${i}`);
    answer(PRICE_INFORMATION_ROUTE, 304, 1, 'hundred-and-first');
    expect(logged.slice(5)).toEqual(['hundred-and-first']);
  });
});

describe('logs', () => {
  let database: TestDatabase;
  let ctx: AppContext;
  let app: FastifyInstance;
  const lines: string[] = [];
  const stream = {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line !== '') lines.push(line);
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await applyCatalog(database.handle.db, await demoCatalog());
    ctx = await createContext(readConfig({ PUBLIC_URL: 'http://pms.test' }), database.handle);
    app = await build(ctx, {
      embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')),
      logger: { level: 'info', stream },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('hold no secret, token or Authorization header; every request line carries its reqId', async () => {
    lines.length = 0;
    const basic = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const byBasic = await app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { ...form, authorization: basic },
      payload: 'grant_type=client_credentials',
    });
    expect(byBasic.statusCode).toBe(200);
    const byForm = await app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: form,
      payload: `grant_type=client_credentials&client_id=${CLIENT.id}&client_secret=${CLIENT.secret}`,
    });
    expect(byForm.statusCode).toBe(200);
    // A secret misplaced in the query string does not reach the log either.
    const inQuery = await app.inject({
      method: 'POST',
      url: `/oauth2/token?client_id=${CLIENT.id}&client_secret=${CLIENT.secret}`,
      headers: form,
      payload: 'grant_type=client_credentials',
    });
    expect(inQuery.statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { ...form, authorization: `Basic ${Buffer.from(`${CLIENT.id}:wrong-secret-value`).toString('base64')}` },
      payload: 'grant_type=client_credentials',
    });
    expect(wrong.statusCode).toBe(401);
    const tokens = [byBasic, byForm].map((r) => (r.json() as { access_token: string }).access_token);
    const created = await app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${tokens[0]}`, cookie: 'session=cookie-secret-value', 'x-request-id': 'log-test-create' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['x-request-id']).toBe('log-test-create');
    const refused = await app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${tokens[1]}x` },
    });
    expect(refused.statusCode).toBe(401);

    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const secret of [
      CLIENT.secret,
      'wrong-secret-value',
      basic,
      basic.slice(6),
      ...tokens,
      ...tokens.map((t) => t.split('.')[2]!),
      'cookie-secret-value',
    ]) {
      expect(text).not.toContain(secret);
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const entry of entries) {
      if ('req' in entry || 'res' in entry || 'err' in entry) expect(typeof entry.reqId, JSON.stringify(entry)).toBe('string');
    }
    const createLines = entries.filter((entry) => entry.reqId === 'log-test-create');
    // One access line per request (at LOG_LEVEL=debug an arrival line before it).
    expect(createLines.map((entry) => entry.msg)).toEqual(['request completed']);
    expect(createLines[0]).toMatchObject({ req: { method: 'POST', url: `/v1/stores/${STORE}/sessions` }, res: { statusCode: 201 } });
    expect(typeof createLines[0]!.responseTime).toBe('number');
  });

  it('cut a long URL to 2,048 characters, after replacing the credentials in it', async () => {
    lines.length = 0;
    const digits = '9'.repeat(8_000);
    const response = await app.inject({
      method: 'GET',
      url: `/v1/sessions/00000000-0000-4000-8000-000000000000/payment-method-groups?amount=${digits}&client_secret=${CLIENT.secret}`,
      headers: { 'x-request-id': 'log-test-long-url' },
    });
    // A well-formed amount of an unknown session: 404 (the digits pass the pattern).
    expect(response.statusCode).toBe(404);
    const access = lines
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; req?: { url: string } })
      .find((entry) => entry.reqId === 'log-test-long-url' && entry.msg === 'request completed');
    const url = access?.req?.url ?? '';
    const kept = '/v1/sessions/00000000-0000-4000-8000-000000000000/payment-method-groups?amount='.length + 8_000;
    const full = kept + '&client_secret=[redacted]'.length;
    expect(url).toBe(`${url.slice(0, 2048)}…[${full - 2048} more characters]`);
    expect(url.startsWith('/v1/sessions/00000000-0000-4000-8000-000000000000/payment-method-groups?amount=999')).toBe(true);
    expect(lines.join('\n')).not.toContain(CLIENT.secret);
  });

  it('generate a request id when none (or an unusable one) is sent, and echo it', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'has spaces' } });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.filter((entry) => entry.reqId === id)).toHaveLength(1);
  });

  it('log a 500 with its stack while the answer says only "Internal server error"', async () => {
    lines.length = 0;
    const original = ctx.sessions.requireActive;
    ctx.sessions.requireActive = async () => {
      throw new Error('simulated fault in requireActive');
    };
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/v1/sessions/00000000-0000-4000-8000-000000000000/payment-method-groups?amount=1',
        headers: { 'x-request-id': 'log-test-500' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: 'Internal server error',
        code: 'INTERNAL',
        traceId: response.headers['x-request-id'],
        timestamp: expect.any(String),
      });
      expect(response.body).not.toContain('simulated');
    } finally {
      ctx.sessions.requireActive = original;
    }
    const failure = lines
      .map((line) => JSON.parse(line) as { reqId?: string; level: number; err?: { message: string; stack: string } })
      .find((entry) => entry.level === 50);
    expect(failure?.reqId).toBe('log-test-500');
    expect(failure?.err?.message).toBe('simulated fault in requireActive');
    expect(failure?.err?.stack).toMatch(/simulated fault in requireActive\n\s+at /);
  });
});
