// A method's order rules through the admin API (docs/catalog.md#order-rules): `excludedProductTypes`
// and `countries` written by PUT, shown back as the catalog takes them, shown by the merchant listing
// (countries as the method is offered), refused naming the field and the entry; a change of either
// recorded in the audit trail and announced to webhooks (`payment_methods.changed`, `updated`), in
// the write's transaction.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog, issueToken, startTestService, type TestService, withAdminClient } from '../helpers/app.ts';
import { DEMO_METHODS, NORDIC, STORE } from '../helpers/demo.ts';

const ADMIN = { id: 'rules-admin', secret: 'rules-admin-secret-5d1e9c3a7b', merchantId: 'm-operator' };
const SWISH = DEMO_METHODS.swish;

let service: TestService;
let adminToken: string;
let merchantToken: string;

beforeAll(async () => {
  service = await startTestService({ catalog: withAdminClient(await demoCatalog(), ADMIN) });
  adminToken = await issueToken(service.app, ADMIN.id, ADMIN.secret);
  merchantToken = await issueToken(service.app, NORDIC.id, NORDIC.secret);
});

afterAll(async () => {
  await service?.close();
});

type Json = Record<string, unknown>;

function admin(method: 'GET' | 'PUT', url: string, payload?: unknown) {
  return service.app.inject({
    method,
    url: `/admin/v1${url}`,
    headers: { authorization: `Bearer ${adminToken}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

async function swish(): Promise<Json> {
  const response = await admin('GET', `/payment-methods/${SWISH}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Json>();
}

async function listed(): Promise<Json[]> {
  const response = await service.app.inject({
    method: 'GET',
    url: `/v2/stores/${STORE}/payment_methods?size=1000`,
    headers: { authorization: `Bearer ${merchantToken}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ content: Json[] }>().content;
}

const db = () => service.database.handle.db;

async function lastIds(): Promise<{ audit: string; event: string }> {
  const audit = await sql<{ id: string }>`select coalesce(max(id), 0)::text as id from audit_events`.execute(db());
  const event = await sql<{ n: string }>`select count(*)::text as n from webhook_events`.execute(db());
  return { audit: audit.rows[0]!.id, event: event.rows[0]!.n };
}

describe('order rules through the admin API', () => {
  it('are written, shown back as the catalog takes them, and shown by the merchant listing', async () => {
    const current = await swish();
    // The demo's part payments and account exclude gift cards; Swish nothing; no method has countries of its own.
    expect(current.excludedProductTypes).toEqual([]);
    expect(current).not.toHaveProperty('countries');
    expect((await admin('GET', `/payment-methods/${DEMO_METHODS.account}`)).json<Json>().excludedProductTypes).toEqual(['GIFT_CARD']);

    const put = await admin('PUT', `/payment-methods/${SWISH}`, {
      ...current,
      excludedProductTypes: ['SUBSCRIPTION', 'GIFT_CARD'],
      countries: ['SE', 'NO'],
    });
    expect(put.statusCode, put.body).toBe(200);
    // Sets, sorted.
    expect(put.json()).toMatchObject({ excludedProductTypes: ['GIFT_CARD', 'SUBSCRIPTION'], countries: ['NO', 'SE'] });
    const read = await swish();
    expect(read).toMatchObject({ excludedProductTypes: ['GIFT_CARD', 'SUBSCRIPTION'], countries: ['NO', 'SE'] });
    // The answer sent back as it is changes nothing.
    const { id: _id, ...back } = read;
    expect((await admin('PUT', `/payment-methods/${SWISH}`, back)).statusCode).toBe(200);
    expect(await swish()).toEqual(read);

    const methods = await listed();
    expect(methods.find((m) => m.id === SWISH)).toMatchObject({
      excludedProductTypes: ['GIFT_CARD', 'SUBSCRIPTION'],
      countries: ['NO', 'SE'],
    });
    // A method without countries of its own is offered in the store's country.
    expect(methods.find((m) => m.id === DEMO_METHODS.account)).toMatchObject({ excludedProductTypes: ['GIFT_CARD'], countries: ['SE'] });

    // Replaced without the fields: back to the defaults.
    const { excludedProductTypes: _e, countries: _c, ...plain } = back;
    expect((await admin('PUT', `/payment-methods/${SWISH}`, plain)).statusCode).toBe(200);
    const reset = await swish();
    expect(reset.excludedProductTypes).toEqual([]);
    expect(reset).not.toHaveProperty('countries');
    expect((await listed()).find((m) => m.id === SWISH)).toMatchObject({ excludedProductTypes: [], countries: ['SE'] });
  });

  it('refuse a bad value with 400 naming the field and the entry, and write nothing', async () => {
    const current = await swish();
    const { id: _id, ...body } = current;
    const refused = async (fields: Json, expected: string[]) => {
      const response = await admin('PUT', `/payment-methods/${SWISH}`, { ...body, ...fields });
      expect(response.statusCode, response.body).toBe(400);
      const error = response.json<{ code: string; parameters: Record<string, string> }>();
      expect(error.code).toBe('ADMIN_VALIDATION_FAILED');
      expect(Object.keys(error.parameters).sort()).toEqual([...expected].sort());
    };
    await refused({ excludedProductTypes: 'GIFT_CARD' }, ['excludedProductTypes']);
    await refused({ excludedProductTypes: ['GIFT_CARD', null] }, ['excludedProductTypes[1]']);
    await refused({ excludedProductTypes: ['FOOD'] }, ['excludedProductTypes[0]']);
    await refused({ excludedProductTypes: ['DIGITAL', 'GIFT_CARD', 'DIGITAL'] }, ['excludedProductTypes[2]']);
    await refused({ countries: 'SE' }, ['countries']);
    await refused({ countries: [] }, ['countries']);
    await refused({ countries: ['SE', 'se'] }, ['countries[1]']);
    await refused({ countries: ['SE', 'QQ'] }, ['countries[1]']);
    await refused({ countries: ['NO', 'SE', 'NO'] }, ['countries[2]']);
    await refused({ countries: ['se'], excludedProductTypes: ['gift_card'] }, ['countries[0]', 'excludedProductTypes[0]']);
    await refused({ countries: ['XK'], excludedProductTypes: ['GIFT_CARD', 'GIFT_CARD'] }, ['excludedProductTypes[1]', 'countries[0]']);
    expect(await swish()).toEqual(current);
  });

  it('a change of either is one audit event with before and after, and one payment_methods.changed event (updated)', async () => {
    const current = await swish();
    const { id: _id, ...body } = current;
    for (const change of [{ excludedProductTypes: ['DIGITAL'] }, { excludedProductTypes: ['DIGITAL'], countries: ['FI', 'SE'] }]) {
      const before = await lastIds();
      const previous = await swish();
      expect((await admin('PUT', `/payment-methods/${SWISH}`, { ...body, ...change })).statusCode).toBe(200);
      const audit = await db()
        .selectFrom('audit_events')
        .select(['entity', 'entity_id', 'action', 'changes'])
        .where('id', '>', before.audit)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ entity: 'payment-method', entity_id: SWISH, action: 'update' });
      const events = await db()
        .selectFrom('webhook_events')
        .select(['store_id', 'reason', 'payment_method_ids'])
        .offset(Number(before.event))
        .execute();
      expect(events).toEqual([{ store_id: STORE, reason: 'updated', payment_method_ids: [SWISH] }]);
      if ('countries' in change) {
        expect(audit[0]!.changes).toEqual({ countries: { after: ['FI', 'SE'] } });
      } else {
        expect(audit[0]!.changes).toEqual({ excludedProductTypes: { before: previous.excludedProductTypes, after: ['DIGITAL'] } });
      }
    }
    // The same again: nothing recorded, nothing announced.
    const before = await lastIds();
    expect(
      (await admin('PUT', `/payment-methods/${SWISH}`, { ...body, excludedProductTypes: ['DIGITAL'], countries: ['SE', 'FI'] })).statusCode,
    ).toBe(200);
    expect(await lastIds()).toEqual(before);
  });
});
