// GET /v1/sessions/{sessionId} for merchant backends (docs/session-api.md#session-lookup), through inject().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog, issueToken, manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { FJALL, NORDIC, STORE } from '../helpers/demo.ts';

const HOUR = 3600 * 1000;
const clock = manualClock();
let service: TestService;
let token: string;

beforeAll(async () => {
  const catalog = await demoCatalog();
  (catalog.clients as unknown[]).push({
    clientId: 'nordic-admin',
    clientSecret: 'nordic-admin-secret-value',
    merchantId: 'm-nordic-home',
    scopes: ['admin'],
  });
  service = await startTestService({ catalog, clock, env: { SESSION_TTL_SECONDS: '900', SESSION_PURGE_INTERVAL_SECONDS: '0' } });
  token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
});

afterAll(async () => {
  await service?.close();
});

async function create(body = '{}') {
  const response = await service.app.inject({
    method: 'POST',
    url: `/v1/stores/${STORE}/sessions`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; expiresAt: string; embed: { src: string } };
}

function read(id: string, bearer = token) {
  return service.app.inject({ method: 'GET', url: `/v1/sessions/${id}`, headers: { authorization: `Bearer ${bearer}` } });
}

describe('200', () => {
  it('answers the session with its store, campaign, times and embed, as created', async () => {
    const created = await create('{"campaign":"BLACKWEEK"}');
    const response = await read(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      id: created.id,
      storeId: STORE,
      campaign: 'BLACKWEEK',
      locale: null,
      createdAt: new Date(clock()).toISOString(),
      expiresAt: created.expiresAt,
      embed: created.embed,
    });
  });

  it('campaign is null without one; an upper-case id names the same session', async () => {
    const created = await create();
    const response = await read(created.id.toUpperCase());
    expect(response.json()).toMatchObject({ id: created.id, campaign: null });
  });

  it('an expired session still answers while retained, then 404 once purged', async () => {
    const created = await create();
    clock.advance(900_000 + 1);
    token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
    const groups = await service.app.inject({ url: `/v1/sessions/${created.id}/payment-method-groups?amount=100` });
    expect(groups.statusCode).toBe(409);
    expect((await read(created.id)).statusCode).toBe(200);
    clock.advance(24 * HOUR);
    token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
    await service.ctx.sessionPurge.purgeOnce();
    expect((await read(created.id)).statusCode).toBe(404);
  });
});

describe('errors', () => {
  it('404 SESSION_NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of ['0b8a3f6e-9d1c-4a8e-bb7e-5f2d1c3a4b5c', 'not-a-uuid']) {
      const response = await read(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'SESSION_NOT_FOUND', message: 'Session not found' });
    }
  });

  it('404, exactly as for an unknown id, for a session of a store the client is not granted', async () => {
    const created = await create();
    const other = await issueToken(service.app, FJALL.id, FJALL.secret);
    const foreign = await read(created.id, other);
    const unknown = await read('0b8a3f6e-9d1c-4a8e-bb7e-5f2d1c3a4b5c', other);
    expect(foreign.statusCode).toBe(404);
    const strip = (body: Record<string, unknown>) => ({ ...body, traceId: undefined, timestamp: undefined });
    expect(strip(foreign.json())).toEqual(strip(unknown.json()));
  });

  it('401 without a token, 403 without the merchant-api scope', async () => {
    const created = await create();
    expect((await service.app.inject({ url: `/v1/sessions/${created.id}` })).statusCode).toBe(401);
    const admin = await issueToken(service.app, 'nordic-admin', 'nordic-admin-secret-value');
    const response = await read(created.id, admin);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('INSUFFICIENT_SCOPE');
  });
});
