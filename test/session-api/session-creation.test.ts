// POST /v1/stores/{storeId}/sessions, every rule of docs/session-api.md#session-creation, through inject().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog, issueToken, manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { NORDIC as CLIENT, STORE } from '../helpers/demo.ts';
import { expectError } from '../helpers/http.ts';

const OTHER_MERCHANTS_STORE = 'aeb7e15a-90be-4c89-a9a0-c6bb6cc54aca';
const UNKNOWN_STORE = '11111111-2222-4333-8444-555555555555';

let service: TestService;
let token: string;
const clock = manualClock();

beforeAll(async () => {
  const catalog = await demoCatalog();
  (catalog.clients as unknown[]).push({
    clientId: 'operator-only',
    clientSecret: 'operator-only-secret-value',
    merchantId: 'm-nordic-home',
    scopes: ['admin'],
  });
  service = await startTestService({ catalog, clock, env: { SESSION_TTL_SECONDS: '900' } });
  token = await issueToken(service.app, CLIENT.id, CLIENT.secret);
});

afterAll(async () => {
  await service?.close();
});

function create(options: { storeId?: string; body?: string; contentType?: string; auth?: string | null } = {}) {
  const headers: Record<string, string> = {};
  if (options.auth !== null) headers.authorization = options.auth ?? `Bearer ${token}`;
  if (options.contentType !== undefined) headers['content-type'] = options.contentType;
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  return service.app.inject({
    method: 'POST',
    url: `/v1/stores/${options.storeId ?? STORE}/sessions`,
    headers,
    ...(options.body !== undefined ? { payload: options.body } : {}),
  });
}

describe('201', () => {
  it('creates a session with a random v4 id, expiry at now + TTL and an embed script URL', async () => {
    const response = await create();
    expect(response.statusCode).toBe(201);
    const session = response.json() as { id: string; expiresAt: string; embed: { src: string } };
    expect(session.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(session.expiresAt).toBe(new Date(clock() + 900_000).toISOString());
    expect(session.expiresAt).toMatch(/Z$/);
    const src = new URL(session.embed.src);
    expect(src.origin).toBe('http://pms.test');
    const script = await service.app.inject({ method: 'GET', url: src.pathname });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('is durable when the 201 is sent', async () => {
    const { id } = (await create()).json() as { id: string };
    const row = await service.database.handle.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    expect(row?.store_id).toBe(STORE);
  });

  it.each([
    ['no body', {}],
    ['an empty JSON body', { body: '' }],
    ['an empty object', { body: '{}' }],
    ['unknown fields', { body: '{"foo": 1, "bar": {"baz": []}}' }],
    ['a campaign', { body: '{"campaign": "BLACKWEEK"}' }],
    ['a campaign of 100 characters', { body: JSON.stringify({ campaign: 'x'.repeat(100) }) }],
    ['a JSON content type with charset', { body: '{}', contentType: 'application/json; charset=utf-8' }],
  ])('accepts %s', async (_name, options) => {
    expect((await create(options)).statusCode).toBe(201);
  });

  it('accepts an upper-case store id', async () => {
    expect((await create({ storeId: STORE.toUpperCase() })).statusCode).toBe(201);
  });
});

describe('400', () => {
  it.each([
    ['malformed JSON', '{"campaign": '],
    ['a JSON array', '[]'],
    ['a JSON string', '"BLACKWEEK"'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['campaign of the wrong type', '{"campaign": 123}'],
    ['campaign null', '{"campaign": null}'],
    ['campaign as an array', '{"campaign": ["A"]}'],
    ['an empty campaign', '{"campaign": ""}'],
    ['a campaign over 100 characters', JSON.stringify({ campaign: 'x'.repeat(101) })],
  ])('refuses %s', async (_name, body) => {
    expectError(await create({ body }), 400);
  });

  it('refuses a store id that is not UUID-shaped', async () => {
    expectError(await create({ storeId: 'not-a-uuid' }), 400);
    expectError(await create({ storeId: `${STORE}0` }), 400);
  });
});

describe('401', () => {
  it('without a token, with a bare Bearer challenge', async () => {
    const response = await create({ auth: null });
    expectError(response, 401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="/);
    expect(response.headers['www-authenticate']).not.toMatch(/error=/);
  });

  it.each([
    ['a malformed token', 'Bearer not.a.jwt'],
    ['garbage', 'Bearer !!!'],
    ['another scheme', `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`],
    ['an empty bearer', 'Bearer '],
  ])('with %s, naming invalid_token', async (_name, auth) => {
    const response = await create({ auth });
    expectError(response, 401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('with a bad signature', async () => {
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expectError(await create({ auth: `Bearer ${header}.${payload}.${flipped}` }), 401);
  });

  it('with an expired token', async () => {
    const shortLived = await issueToken(service.app, CLIENT.id, CLIENT.secret);
    clock.advance(3600_000 + 60_000);
    try {
      const response = await create({ auth: `Bearer ${shortLived}` });
      expectError(response, 401);
      expect(response.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    } finally {
      clock.advance(-(3600_000 + 60_000));
    }
  });

  it('comes before body validation', async () => {
    expectError(await create({ auth: null, body: '{"campaign": ' }), 401);
  });
});

describe('403', () => {
  it('for a token without the merchant-api scope', async () => {
    const adminOnly = await issueToken(service.app, 'operator-only', 'operator-only-secret-value');
    const response = await create({ auth: `Bearer ${adminOnly}` });
    expectError(response, 403);
  });

  it("for another merchant's store", async () => {
    expectError(await create({ storeId: OTHER_MERCHANTS_STORE }), 403);
  });

  it('for an unknown store, indistinguishable from a foreign one', async () => {
    const unknown = expectError(await create({ storeId: UNKNOWN_STORE }), 403);
    const foreign = expectError(await create({ storeId: OTHER_MERCHANTS_STORE }), 403);
    expect(unknown.code).toBe(foreign.code);
  });
});

describe('413 and 415', () => {
  it('refuses a body over 64 KiB', async () => {
    const body = JSON.stringify({ campaign: 'x', padding: 'y'.repeat(64 * 1024) });
    expectError(await create({ body }), 413);
  });

  it('refuses a body that is not JSON', async () => {
    expectError(await create({ body: 'campaign=x', contentType: 'application/x-www-form-urlencoded' }), 415);
    expectError(await create({ body: 'hello', contentType: 'text/plain' }), 415);
  });
});
