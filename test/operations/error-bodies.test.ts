// The error body on every interface (docs/errors.md#error-body): `traceId` equal to the response's
// X-Request-Id, `timestamp` from the service's clock, and on a 400 or 422 caused by request fields
// `parameters` naming every one of them.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog, issueToken, manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import { bearer } from '../helpers/http.ts';

const NOW = Date.parse('2026-11-23T09:41:27.512Z');
const ADMIN = { clientId: 'errors-admin', clientSecret: 'errors-admin-secret-6Hd2', merchantId: 'm-nordic-home', scopes: ['admin'] };

let service: TestService;
let token: string;
let adminToken: string;
let session: string;

beforeAll(async () => {
  const catalog = await demoCatalog();
  catalog.clients = [...(catalog.clients as unknown[]), ADMIN];
  service = await startTestService({ catalog, clock: manualClock(NOW) });
  token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
  adminToken = await issueToken(service.app, ADMIN.clientId, ADMIN.clientSecret);
  const created = await service.app.inject({
    method: 'POST',
    url: `/v1/stores/${STORE}/sessions`,
    headers: { authorization: `Bearer ${token}` },
  });
  session = (created.json() as { id: string }).id;
});

afterAll(async () => {
  await service?.close();
});

interface ErrorBody {
  message: string;
  code: string;
  traceId: string;
  timestamp: string;
  parameters?: Record<string, string>;
}

function errorOf(response: LightMyRequestResponse, status: number): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['cache-control']).toBe('no-store');
  const body = response.json() as ErrorBody;
  expect(body.traceId).toBe(response.headers['x-request-id']);
  expect(body.timestamp).toBe(new Date(NOW).toISOString());
  expect(typeof body.message).toBe('string');
  return body;
}

describe('the error body', () => {
  it('names every offending query parameter of group retrieval (422), and a missing one (400)', async () => {
    const invalid = errorOf(
      await service.app.inject({ url: `/v1/sessions/${session}/payment-method-groups?amount=abc&customerType=ROBOT&flattened=maybe` }),
      422,
    );
    expect(invalid.code).toBe('INVALID_QUERY_PARAMETER');
    expect(Object.keys(invalid.parameters ?? {}).sort()).toEqual(['amount', 'customerType', 'flattened']);
    expect(invalid.parameters!.amount).toContain('pattern');
    const missing = errorOf(await service.app.inject({ url: `/v1/sessions/${session}/payment-method-groups?customerType=LEGAL` }), 400);
    expect(missing.parameters).toEqual({ amount: 'is required' });
    const repeated = errorOf(await service.app.inject({ url: `/v1/sessions/${session}/payment-method-groups?amount=1&amount=2` }), 400);
    expect(repeated.parameters).toEqual({ amount: 'may be given only once' });
  });

  it('names every offending field of the merchant listing and of session creation', async () => {
    const listing = errorOf(
      await service.app.inject({ url: `/v2/stores/${STORE}/payment_methods?size=0&page=-1`, headers: bearer(token) }),
      400,
    );
    expect(Object.keys(listing.parameters ?? {}).sort()).toEqual(['page', 'size']);
    const creation = errorOf(
      await service.app.inject({
        method: 'POST',
        url: `/v1/stores/${STORE}/sessions`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"campaign": 5}',
      }),
      400,
    );
    expect(Object.keys(creation.parameters ?? {})).toEqual(['campaign']);
    const storeId = errorOf(
      await service.app.inject({ method: 'POST', url: '/v1/stores/not-a-uuid/sessions', headers: bearer(token) }),
      400,
    );
    expect(Object.keys(storeId.parameters ?? {})).toEqual(['storeId']);
  });

  it('names every offending field of an admin body, by its path', async () => {
    const refused = errorOf(
      await service.app.inject({
        method: 'PUT',
        url: '/admin/v1/stores/40000000-0000-4000-8000-0000000000aa',
        headers: { ...bearer(adminToken), 'content-type': 'application/json' },
        payload: JSON.stringify({ merchantId: 'm-nordic-home', name: 'X', currency: 'sek', countryCode: 'Sweden' }),
      }),
      400,
    );
    expect(Object.keys(refused.parameters ?? {}).sort()).toEqual(['countryCode', 'currency']);
  });

  it('carries no parameters where no field is at fault, and the id a client sent as its trace id', async () => {
    const unknown = errorOf(await service.app.inject({ url: '/v9/nothing', headers: { 'x-request-id': 'checkout-4711' } }), 404);
    expect(unknown.traceId).toBe('checkout-4711');
    expect(unknown.parameters).toBeUndefined();
    const malformed = errorOf(
      await service.app.inject({
        method: 'POST',
        url: `/v1/stores/${STORE}/sessions`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"campaign":',
      }),
      400,
    );
    expect(malformed.parameters).toBeUndefined();
    expect(errorOf(await service.app.inject({ url: `/v2/stores/${STORE}/payment_methods` }), 401).parameters).toBeUndefined();
    expect(errorOf(await service.app.inject({ url: `/v1/sessions/${crypto.randomUUID()}/payment-method-groups?amount=1` }), 404).code).toBe(
      'SESSION_NOT_FOUND',
    );
  });
});
