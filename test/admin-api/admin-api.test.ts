// The operator admin API (docs/catalog.md#admin-api) under /admin/v1: CRUD of merchants, stores, clients and
// payment methods, whole-body refusal naming the field, secrets shown once, sessions surviving
// deletions, and cache invalidation on this instance and (PostgreSQL) across instances.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoCatalog, issueToken, startTestService, type TestService, withAdminClient } from '../helpers/app.ts';
import { catalogSnapshot } from '../helpers/database.ts';
import { DEMO_METHODS, FJALL, NORDIC, OTHER_STORE, STORE } from '../helpers/demo.ts';
import { createSession, expectError } from '../helpers/http.ts';

const INVOICE = DEMO_METHODS.invoice;
const ADMIN = { id: 'ops-admin', secret: 'ops-admin-secret-4f9b1c7e2d', merchantId: 'm-operator' };

/** The demo catalog plus an operator merchant with an admin client. */
async function catalogWithAdmin(): Promise<Record<string, unknown>> {
  return withAdminClient(await demoCatalog(), ADMIN);
}

function method(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    storeId: STORE,
    sortOrder: -10,
    name: 'Gift card',
    description: 'Pay with a gift card',
    type: 'GENERIC',
    minPurchaseLimit: 1,
    maxPurchaseLimit: '2500.50',
    minApplicationLimit: 0,
    maxApplicationLimit: 2500,
    legalLinks: [{ url: 'https://example.com/gift', type: 'PRICE_INFO' }],
    enabledForLegalCustomer: false,
    enabledForNaturalCustomer: true,
    plans: [{ name: '3 months', durationMonths: 3, annuityFactor: 0.3333333333, administrationFee: 19 }],
    ...overrides,
  };
}

let service: TestService;
let adminToken: string;
let merchantToken: string;

beforeAll(async () => {
  service = await startTestService({ catalog: await catalogWithAdmin() });
  adminToken = await issueToken(service.app, ADMIN.id, ADMIN.secret);
  merchantToken = await issueToken(service.app, NORDIC.id, NORDIC.secret);
});

afterAll(async () => {
  await service?.close();
});

function admin(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  app: FastifyInstance = service.app,
  token: string | null = adminToken,
) {
  return app.inject({
    method,
    url: `/admin/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function snapshot() {
  return catalogSnapshot(service.database.handle.db);
}

async function groupTitles(app: FastifyInstance, sessionId: string, amount = '1000'): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/payment-method-groups?amount=${amount}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Array<{ title: string }>).map((g) => g.title);
}

describe('authentication', () => {
  it.each(['/merchants', '/stores', '/clients', '/payment-methods', `/stores/${STORE}`])('401 and 403 on GET %s', async (url) => {
    const none = await admin('GET', url, undefined, service.app, null);
    expectError(none, 401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer /);
    const bad = await admin('GET', url, undefined, service.app, 'x.y.z');
    expectError(bad, 401);
    expect(bad.headers['www-authenticate']).toContain('error="invalid_token"');
    expectError(await admin('GET', url, undefined, service.app, merchantToken), 403, { message: /scope "admin"/ });
  });

  it('checks the token before the body', async () => {
    expectError(await admin('PUT', '/merchants/m-x', { nope: 1 }, service.app, merchantToken), 403);
    expectError(await admin('DELETE', '/merchants/m-nordic-home', undefined, service.app, null), 401);
  });
});

describe('merchants', () => {
  it('lists merchants by id, paginated', async () => {
    const response = await admin('GET', '/merchants?size=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as { content: Array<{ id: string }>; page: unknown };
    expect(body.page).toEqual({ number: 0, size: 2, totalElements: 3, totalPages: 2 });
    expect(body.content.map((m) => m.id)).toEqual(['m-fjall-sport', 'm-nordic-home']);
    const second = (await admin('GET', '/merchants?page=1&size=2')).json() as { content: Array<{ id: string }> };
    expect(second.content).toEqual([{ id: 'm-operator', name: 'Operator' }]);
    expectError(await admin('GET', '/merchants?size=0'), 400);
    expectError(await admin('GET', '/merchants?page=-1'), 400);
    expectError(await admin('GET', '/merchants?page=1&page=2'), 400);
  });

  it('creates (201), reads, replaces (200) and deletes (204) a merchant', async () => {
    const created = await admin('PUT', '/merchants/m-new', { name: 'New AB' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ id: 'm-new', name: 'New AB' });
    expect((await admin('GET', '/merchants/m-new')).json()).toEqual({ id: 'm-new', name: 'New AB' });
    const replaced = await admin('PUT', '/merchants/m-new', { id: 'm-new', name: 'New Name AB' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ id: 'm-new', name: 'New Name AB' });
    // Re-sending the same body is a replacement that changes nothing.
    expect((await admin('PUT', '/merchants/m-new', { name: 'New Name AB' })).statusCode).toBe(200);
    const deleted = await admin('DELETE', '/merchants/m-new');
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expectError(await admin('GET', '/merchants/m-new'), 404, { message: /m-new/ });
    expectError(await admin('DELETE', '/merchants/m-new'), 404);
  });

  it('refuses to delete a merchant that still has stores or clients (409)', async () => {
    expectError(await admin('DELETE', '/merchants/m-nordic-home'), 409, { message: /still has 1 store\(s\) and 1 client\(s\)/ });
    expectError(await admin('DELETE', `/merchants/${ADMIN.merchantId}`), 409, { message: /0 store\(s\) and 1 client\(s\)/ });
    expect((await admin('GET', '/merchants/m-nordic-home')).statusCode).toBe(200);
  });

  it('refuses bodies whole, naming the field', async () => {
    const before = await snapshot();
    expectError(await admin('PUT', '/merchants/m-x', {}), 400, { message: /^name: is required$/ });
    expectError(await admin('PUT', '/merchants/m-x', { name: 'X', nmae: 'typo' }), 400, { message: /nmae: is not a known field/ });
    expectError(await admin('PUT', '/merchants/m-x', { id: 'm-y', name: 'X' }), 400, {
      message: /^id: must equal the id in the path \("m-x"\)$/,
    });
    expectError(await admin('PUT', '/merchants/m-x', [{ name: 'X' }]), 400, { message: /\(body\): must be a JSON object/ });
    expectError(await admin('PUT', '/merchants/m-x'), 400, { message: /\(body\): must be a JSON object/ });
    expectError(await admin('PUT', '/merchants/bad id!', { name: 'X' }), 400);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 415 for another media type and 413 for a body over 64 KiB', async () => {
    const text = await service.app.inject({
      method: 'PUT',
      url: '/admin/v1/merchants/m-x',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/plain' },
      payload: 'name=X',
    });
    expectError(text, 415);
    expectError(await admin('PUT', '/merchants/m-x', { name: 'x'.repeat(70_000) }), 413);
  });
});

describe('stores', () => {
  const NEW_STORE = '5d0c7a52-1f7e-4b0e-9a51-2b8b5f0a7c11';

  it('creates and replaces a store with amounts as JSON numbers', async () => {
    const body = { merchantId: 'm-nordic-home', name: 'Outlet', currency: 'SEK', minimumInvoiceAmount: '12.50' };
    const created = await admin('PUT', `/stores/${NEW_STORE.toUpperCase()}`, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: NEW_STORE,
      merchantId: 'm-nordic-home',
      name: 'Outlet',
      currency: 'SEK',
      bundleTitle: 'Part payment',
      minimumInvoiceAmount: 12.5,
      // The demo catalog's two stores have 1 and 2: the next free number, kept by the replacement below.
      countryCode: 'SE',
      nationalStoreId: 3,
      translations: {},
    });
    const replaced = await admin('PUT', `/stores/${NEW_STORE}`, { ...body, id: NEW_STORE.toUpperCase(), bundleTitle: 'Delbetalning' });
    expect(replaced.statusCode).toBe(200);
    expect((replaced.json() as { bundleTitle: string }).bundleTitle).toBe('Delbetalning');
    expect((await admin('GET', `/stores/${NEW_STORE}`)).json()).toMatchObject({ bundleTitle: 'Delbetalning', nationalStoreId: 3 });
  });

  it('lists stores, optionally of one merchant', async () => {
    const all = (await admin('GET', '/stores')).json() as { content: Array<{ id: string }>; page: { totalElements: number } };
    expect(all.page.totalElements).toBe(3);
    const nordic = (await admin('GET', '/stores?merchantId=m-nordic-home')).json() as { content: Array<{ id: string }> };
    expect(nordic.content.map((s) => s.id).sort()).toEqual([NEW_STORE, STORE].sort());
  });

  it('refuses an unknown merchant, a wrong id and a bad amount, all named, nothing applied', async () => {
    const before = await snapshot();
    const response = await admin('PUT', `/stores/${NEW_STORE}`, {
      id: STORE,
      merchantId: 'm-nobody',
      name: 'X',
      currency: 'SEK',
      minimumInvoiceAmount: 1.234,
    });
    expectError(response, 400);
    // Structural problems (the id) first; cross-field rules and references once the shape is right.
    expect((response.json() as { message: string }).message).toBe(`id: must equal the id in the path ("${NEW_STORE}")`);
    const second = await admin('PUT', `/stores/${NEW_STORE}`, {
      merchantId: 'm-nobody',
      name: 'X',
      currency: 'SEK',
      minimumInvoiceAmount: 1.234,
    });
    expectError(second, 400);
    expect((second.json() as { message: string; code: string }).message).toBe(
      'minimumInvoiceAmount: must have at most 2 decimal places; merchantId: refers to unknown merchant "m-nobody"',
    );
    expect((second.json() as { code: string }).code).toBe('ADMIN_VALIDATION_FAILED');
    expectError(await admin('PUT', `/stores/${NEW_STORE}`, { merchantId: 'm-nordic-home', name: 'X', currency: 'sek' }), 400, {
      message: /^currency: /,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expectError(await admin('GET', '/stores/not-a-uuid'), 400);
    expectError(await admin('GET', '/stores/11111111-1111-4111-8111-111111111111'), 404);
    expectError(await admin('DELETE', '/stores/11111111-1111-4111-8111-111111111111'), 404);
  });
});

describe('payment methods', () => {
  const GIFT = 'c1a3e6a0-7d3b-4d8e-8f5e-0b6a4c2d9e10';

  it('refuses an invalid method whole, naming each field, with nothing applied', async () => {
    const before = await snapshot();
    const response = await admin('PUT', `/payment-methods/${GIFT}`, method({ minPurchaseLimit: 3000, maxPurchaseLimit: 2000 }));
    expectError(response, 400, { message: /^maxPurchaseLimit: must be at least minPurchaseLimit$/ });
    const several = await admin(
      'PUT',
      `/payment-methods/${GIFT}`,
      method({
        storeId: '22222222-2222-4222-8222-222222222222',
        maxApplicationLimit: 10.001,
        campaign: { campaign: true, keywords: [] },
        plans: [{ name: 'x', durationMonths: 3, annuityFactor: 0.1234567890123 }],
      }),
    );
    expectError(several, 400);
    const message = (several.json() as { message: string }).message;
    expect(message).toContain('maxApplicationLimit: must have at most 2 decimal places');
    expect(message).toContain('plans[0].annuityFactor: must have at most 12 decimal places');
    expect(message).toContain('campaign.keywords: a campaign method needs at least one keyword');
    expect(message).toContain('storeId: refers to unknown store "22222222-2222-4222-8222-222222222222"');
    expectError(await admin('PUT', `/payment-methods/${GIFT}`, method({ legalLinks: [{ url: 'ftp://x', type: 'PRICE_INFO' }] })), 400, {
      message: /^legalLinks\[0\]\.url: must be an absolute http or https URL$/,
    });
    expectError(await admin('PUT', `/payment-methods/${GIFT}`, method({ plans: [{ name: 'x', annuityFactor: 1 }] })), 400, {
      message: /^plans\[0\]\.durationMonths: is required$/,
    });
    expectError(await admin('PUT', `/payment-methods/${GIFT}`, method({ maxPurchaseLimit: -1 })), 400, {
      message: /^maxPurchaseLimit: must be a non-negative decimal/,
    });
    expectError(await admin('PUT', `/payment-methods/${GIFT}`, method({ id: INVOICE })), 400, {
      message: /^id: must equal the id in the path/,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('creates (201) and replaces (200) one method, visible at once to sessions and the merchant listing', async () => {
    const session = await createSession(service.app, merchantToken);
    expect(await groupTitles(service.app, session)).not.toContain('Gift card');

    const created = await admin('PUT', `/payment-methods/${GIFT}`, method());
    expect(created.statusCode, created.body).toBe(201);
    // As sent, with the defaults filled in and the limit as a JSON number.
    expect(created.json()).toEqual({
      id: GIFT,
      ...method(),
      maxPurchaseLimit: 2500.5,
      legalLinks: [{ url: 'https://example.com/gift', type: 'PRICE_INFO', appendAmount: false }],
      campaign: { campaign: false, keywords: [] },
      priceSignagePossible: false,
      plans: [
        {
          name: '3 months',
          description: '',
          durationMonths: 3,
          annuityFactor: 0.3333333333,
          administrationFee: 19,
          setupFee: 0,
          interest: 0,
          translations: {},
        },
      ],
      translations: {},
      // No kind of goods excluded; no countries of its own (the store's country).
      excludedProductTypes: [],
    });
    // The same instance's caches were cleared by the write itself: no waiting.
    expect((await groupTitles(service.app, session))[0]).toBe('Gift card');

    const replaced = await admin('PUT', `/payment-methods/${GIFT}`, method({ name: 'Gift card (new)', id: GIFT }));
    expect(replaced.statusCode).toBe(200);
    expect((await groupTitles(service.app, session))[0]).toBe('Gift card (new)');
    const listing = await service.app.inject({
      method: 'GET',
      url: `/v2/stores/${STORE}/payment_methods`,
      headers: { authorization: `Bearer ${merchantToken}` },
    });
    expect((listing.json() as { content: Array<{ name: string }> }).content[0]!.name).toBe('Gift card (new)');
    expect((await admin('GET', `/payment-methods/${GIFT}`)).json()).toMatchObject({ name: 'Gift card (new)' });
  });

  it('lists methods, optionally of one store in display order', async () => {
    const all = (await admin('GET', '/payment-methods?size=5')).json() as { page: { totalElements: number; totalPages: number } };
    expect(all.page).toEqual({ number: 0, size: 5, totalElements: 13, totalPages: 3 });
    const store = (await admin('GET', `/payment-methods?storeId=${STORE}`)).json() as { content: Array<{ name: string }> };
    expect(store.content.map((m) => m.name).slice(0, 3)).toEqual(['Gift card (new)', 'Black Week: 6 månader räntefritt', 'Faktura']);
    expect((await admin('GET', '/payment-methods?storeId=33333333-3333-4333-8333-333333333333')).json()).toMatchObject({ content: [] });
    expectError(await admin('GET', '/payment-methods?storeId=nope'), 400);
  });

  it('deletes a method (204) while a session exists: the session keeps answering without it', async () => {
    const session = await createSession(service.app, merchantToken);
    expect(await groupTitles(service.app, session)).toContain('Gift card (new)');
    expect((await admin('DELETE', `/payment-methods/${GIFT}`)).statusCode).toBe(204);
    expect(await groupTitles(service.app, session)).not.toContain('Gift card (new)');
    expectError(await admin('GET', `/payment-methods/${GIFT}`), 404);
    expectError(await admin('DELETE', `/payment-methods/${GIFT}`), 404);
  });

  it('deletes a store with its methods (204) while a session exists: the session answers 200 with []', async () => {
    const fjallToken = await issueToken(service.app, FJALL.id, FJALL.secret);
    const session = await createSession(service.app, fjallToken, OTHER_STORE);
    expect((await groupTitles(service.app, session)).length).toBeGreaterThan(0);
    expect((await admin('DELETE', `/stores/${OTHER_STORE}`)).statusCode).toBe(204);
    expect(await groupTitles(service.app, session)).toEqual([]);
    const methods = await service.database.handle.db
      .selectFrom('payment_methods')
      .select('id')
      .where('store_id', '=', OTHER_STORE)
      .execute();
    expect(methods).toEqual([]);
    // The deleted store is unknown now: 403 like any store the client is not granted.
    const create = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${OTHER_STORE}/sessions`,
      headers: { authorization: `Bearer ${fjallToken}` },
    });
    expect(create.statusCode).toBe(403);
    expectError(await admin('GET', `/stores/${OTHER_STORE}`), 404);
  });
});

describe('clients', () => {
  it('generates a strong secret on creation, shows it once, never lists it', async () => {
    const created = await admin('PUT', '/clients/new-backend', { merchantId: 'm-nordic-home', scopes: ['merchant-api'] });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json() as { clientId: string; merchantId: string; scopes: string[]; clientSecret: string };
    expect(body).toMatchObject({ clientId: 'new-backend', merchantId: 'm-nordic-home', scopes: ['merchant-api'] });
    expect(body.clientSecret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    await issueToken(service.app, 'new-backend', body.clientSecret);

    const read = await admin('GET', '/clients/new-backend');
    expect(read.json()).toEqual({ clientId: 'new-backend', merchantId: 'm-nordic-home', scopes: ['merchant-api'] });
    const list = await admin('GET', '/clients');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.clientSecret);
    expect(list.body).not.toMatch(/scrypt|secret/i);
    expect((list.json() as { content: Array<{ clientId: string }> }).content.map((c) => c.clientId)).toEqual([
      'fjall-sport-backend',
      'new-backend',
      'nordic-home-backend',
      'ops-admin',
    ]);
    expect((await admin('GET', '/clients?merchantId=m-operator')).json()).toMatchObject({ content: [{ clientId: 'ops-admin' }] });
  });

  it('replaces a client keeping its secret unless a new one is given', async () => {
    const replaced = await admin('PUT', '/clients/new-backend', {
      clientId: 'new-backend',
      merchantId: 'm-nordic-home',
      scopes: ['merchant-api', 'admin'],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ clientId: 'new-backend', merchantId: 'm-nordic-home', scopes: ['merchant-api', 'admin'] });
    const given = await admin('PUT', '/clients/new-backend', {
      merchantId: 'm-nordic-home',
      scopes: ['merchant-api'],
      clientSecret: 'chosen-secret-1234567890',
    });
    expect(given.statusCode).toBe(200);
    expect((given.json() as { clientSecret?: string }).clientSecret).toBe('chosen-secret-1234567890');
    await issueToken(service.app, 'new-backend', 'chosen-secret-1234567890');
    const withSecret = await admin('PUT', '/clients/given-backend', {
      merchantId: 'm-nordic-home',
      scopes: [],
      clientSecret: 'given-secret-abcdefghij',
    });
    expect(withSecret.statusCode).toBe(201);
    expect((withSecret.json() as { clientSecret: string }).clientSecret).toBe('given-secret-abcdefghij');
  });

  it('refuses bad client bodies, naming the field', async () => {
    const before = await snapshot();
    expectError(await admin('PUT', '/clients/x', { merchantId: 'm-nobody', scopes: [] }), 400, {
      message: /^merchantId: refers to unknown merchant "m-nobody"$/,
    });
    expectError(await admin('PUT', '/clients/x', { merchantId: 'm-nordic-home' }), 400, { message: /^scopes: is required$/ });
    expectError(await admin('PUT', '/clients/x', { merchantId: 'm-nordic-home', scopes: [], clientSecret: '' }), 400, {
      message: /^clientSecret: /,
    });
    expectError(await admin('PUT', '/clients/x', { clientId: 'y', merchantId: 'm-nordic-home', scopes: [] }), 400, {
      message: /^clientId: must equal/,
    });
    expectError(await admin('PUT', '/clients/x', { merchantId: 'm-nordic-home', scopes: [], secretHash: 'scrypt$…' }), 400, {
      message: /secretHash: is not a known field/,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('rotates a secret: the new one is shown once, the old one stops working at once', async () => {
    const rotated = await admin('POST', '/clients/new-backend/secret');
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { clientSecret } = rotated.json() as { clientSecret: string };
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    await expect(issueToken(service.app, 'new-backend', 'chosen-secret-1234567890')).rejects.toThrow(/401/);
    await issueToken(service.app, 'new-backend', clientSecret);
    expect((await admin('GET', '/clients/new-backend')).body).not.toContain(clientSecret);
    expectError(await admin('POST', '/clients/nobody/secret'), 404);
  });

  it('deletes a client (204): its tokens stop verifying at once on this instance', async () => {
    const secret = ((await admin('POST', '/clients/new-backend/secret')).json() as { clientSecret: string }).clientSecret;
    const token = await issueToken(service.app, 'new-backend', secret);
    const listing = () =>
      service.app.inject({ method: 'GET', url: `/v2/stores/${STORE}/payment_methods`, headers: { authorization: `Bearer ${token}` } });
    expect((await listing()).statusCode).toBe(200); // caches the client in the verifier
    expect((await admin('DELETE', '/clients/new-backend')).statusCode).toBe(204);
    expectError(await listing(), 401, { message: /no longer registered/ });
    expectError(await admin('GET', '/clients/new-backend'), 404);
    expectError(await admin('DELETE', '/clients/new-backend'), 404);
  });
});
