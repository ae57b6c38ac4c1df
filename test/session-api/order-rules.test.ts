// The merchant's rules for one order (docs/session-api.md#order-rules) through inject(): session
// creation with each rule and with bad input, lookup, idempotent replay, group retrieval, the
// price-information page and the eligibility explanation, on the demo catalog with a few methods
// given excludedProductTypes and countries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogFor } from '../../src/demo.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import { demoCatalog, issueToken, manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { DEMO_METHODS, FJALL, NORDIC, OTHER_STORE, STORE } from '../helpers/demo.ts';

const clock = manualClock();
let service: TestService;
let token: string;
let counter = 0;

/** The demo catalog, its credit (part payment, the account) excluding gift cards, its invoice also served in Norway. */
async function catalogWithRules(): Promise<unknown> {
  const catalog = demoCatalogFor(await demoCatalog(), DEFAULT_OPERATOR_TYPES) as { paymentMethods: Array<Record<string, unknown>> };
  const credit: string[] = [DEMO_METHODS.pp12, DEMO_METHODS.pp24, DEMO_METHODS.pp36, DEMO_METHODS.account, DEMO_METHODS.blackWeek];
  for (const method of catalog.paymentMethods) {
    if (credit.includes(method.id as string)) method.excludedProductTypes = ['GIFT_CARD', 'SUBSCRIPTION'];
    else delete method.excludedProductTypes;
    if (method.id === DEMO_METHODS.invoice) method.countries = ['SE', 'NO'];
    else delete method.countries;
  }
  return catalog;
}

beforeAll(async () => {
  service = await startTestService({ clock, catalog: await catalogWithRules(), env: { SESSION_TTL_SECONDS: '3600' } });
  token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
});

afterAll(async () => {
  await service?.close();
});

function create(body: unknown, options: { key?: string; store?: string; auth?: string } = {}) {
  return service.app.inject({
    method: 'POST',
    url: `/v1/stores/${options.store ?? STORE}/sessions`,
    headers: {
      authorization: `Bearer ${options.auth ?? token}`,
      'content-type': 'application/json',
      ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function sessionWith(body: unknown): Promise<string> {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

function groups(session: string, query: string) {
  return service.app.inject({ url: `/v1/sessions/${session}/payment-method-groups?${query}` });
}

/** The method ids offered, flattened, in display order. */
async function offered(session: string, query = 'amount=1299.95'): Promise<string[]> {
  const response = await groups(session, `${query}&flattened=true`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Array<{ methodIds: string[] }>>().flatMap((g) => g.methodIds);
}

function lookup(session: string) {
  return service.app.inject({ url: `/v1/sessions/${session}`, headers: { authorization: `Bearer ${token}` } });
}

async function sessionCount(): Promise<number> {
  const row = await service.database.handle.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const { invoice, pp12, pp24, pp36, account, card, swish } = DEMO_METHODS;
/** What a session without rules is offered at 1299.95 for either customer type (flattened). */
const ALL = [invoice, pp12, pp24, account, card, swish, DEMO_METHODS.businessInvoice];

describe('a session without rules', () => {
  it('is offered what it was before rules existed, and reads back without rule fields', async () => {
    const session = await sessionWith({});
    expect(await offered(session)).toEqual(ALL);
    const record = (await lookup(session)).json<Record<string, unknown>>();
    expect(Object.keys(record).sort()).toEqual(['campaign', 'createdAt', 'embed', 'expiresAt', 'id', 'locale', 'storeId']);
  });

  it('shares its kept answers and tags with every other session without rules', async () => {
    const [a, b] = [await sessionWith({}), await sessionWith(undefined)];
    // Without a credit disclosure (a business customer is offered no consumer credit), the answer is the same for both.
    const first = await groups(a, 'amount=777&customerType=LEGAL');
    const second = await groups(b, 'amount=777&customerType=LEGAL');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });
});

describe('each rule', () => {
  it('allowedPaymentMethods: only methods named by type or id', async () => {
    const session = await sessionWith({ allowedPaymentMethods: ['SWISH', invoice.toUpperCase()] });
    expect(await offered(session)).toEqual([invoice, swish]);
  });

  it('blockedPaymentMethods: never the methods named, by type or id', async () => {
    const session = await sessionWith({ blockedPaymentMethods: ['PROVIDER_PART_PAYMENT_SELECT_NOW', card] });
    expect(await offered(session)).toEqual([invoice, account, swish, DEMO_METHODS.businessInvoice]);
  });

  it('blocked wins over allowed', async () => {
    const session = await sessionWith({ allowedPaymentMethods: ['CARD', 'SWISH'], blockedPaymentMethods: [swish] });
    expect(await offered(session)).toEqual([card]);
  });

  it('productTypes: a gift card in the cart removes the credit that excludes it', async () => {
    const session = await sessionWith({ productTypes: ['PHYSICAL', 'GIFT_CARD'] });
    expect(await offered(session)).toEqual([invoice, card, swish, DEMO_METHODS.businessInvoice]);
    const physical = await sessionWith({ productTypes: ['PHYSICAL'] });
    expect(await offered(physical)).toEqual(ALL);
  });

  it("country: a method is offered where it serves, by default its store's country alone", async () => {
    expect(await offered(await sessionWith({ country: 'SE' }))).toEqual(ALL);
    expect(await offered(await sessionWith({ country: 'NO' }))).toEqual([invoice]);
    expect(await offered(await sessionWith({ country: 'DE' }))).toEqual([]);
  });

  it('customerType: answers for it, takes it when the query leaves it out, and refuses another', async () => {
    const session = await sessionWith({ customerType: 'LEGAL' });
    const plain = await sessionWith({});
    expect(await offered(session)).toEqual(await offered(plain, 'amount=1299.95&customerType=LEGAL'));
    expect(await offered(session, 'amount=1299.95&customerType=LEGAL')).toEqual([card, swish, DEMO_METHODS.businessInvoice]);
    const refused = await groups(session, 'amount=1299.95&customerType=NATURAL');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'INVALID_QUERY_PARAMETER',
      parameters: { customerType: expect.stringContaining('LEGAL') },
    });
    // The query's own checks still come first: a bad amount is 422 for the amount.
    expect((await groups(session, 'amount=x&customerType=NATURAL')).json()).toMatchObject({ parameters: { amount: expect.any(String) } });
  });

  it('ttlSeconds: the session expires after it, and answers 409 then', async () => {
    const response = await create({ ttlSeconds: 60 });
    expect(response.statusCode, response.body).toBe(201);
    const { id, expiresAt } = response.json<{ id: string; expiresAt: string }>();
    expect(Date.parse(expiresAt)).toBe(clock() + 60_000);
    expect((await lookup(id)).json()).toMatchObject({ ttlSeconds: 60, expiresAt });
    clock.advance(60_001);
    expect((await groups(id, 'amount=100')).statusCode).toBe(409);
  });

  it('all together, bundling and the "from" cost describe only what is offered', async () => {
    // Without the 12-month plan the bundle holds the 24-month one alone: a group of its own, its name the title.
    const session = await sessionWith({
      blockedPaymentMethods: [pp12, pp36],
      country: 'SE',
      productTypes: ['PHYSICAL'],
      customerType: 'NATURAL',
    });
    const answer = (await groups(session, 'amount=5000')).json<Array<{ methodIds: string[]; title: string; subtitle: string }>>();
    const part = answer.find((g) => g.methodIds.includes(pp24))!;
    expect(part.methodIds).toEqual([pp24]);
    expect(part.title).toBe('Delbetalning 24 månader');
    const plain = (await groups(await sessionWith({}), 'amount=5000&customerType=NATURAL')).json<
      Array<{ methodIds: string[]; subtitle: string }>
    >();
    const bundle = plain.find((g) => g.methodIds.includes(pp24))!;
    expect(bundle.methodIds).toEqual([pp12, pp24, pp36]);
    // The bundle's lowest cost came from a longer plan than the 24-month one alone offers.
    expect(part.subtitle).not.toBe(bundle.subtitle);
  });
});

describe('session lookup and idempotent replay', () => {
  it('returns the rules as stored: lists sorted, ids in lower case', async () => {
    const session = await sessionWith({
      allowedPaymentMethods: ['SWISH', card.toUpperCase(), 'CARD'],
      productTypes: ['SERVICE', 'DIGITAL'],
      country: 'SE',
      customerType: 'NATURAL',
      ttlSeconds: 600,
    });
    expect((await lookup(session)).json()).toMatchObject({
      allowedPaymentMethods: [card, 'CARD', 'SWISH'],
      productTypes: ['DIGITAL', 'SERVICE'],
      country: 'SE',
      customerType: 'NATURAL',
      ttlSeconds: 600,
    });
  });

  it('replays the same rules in another order as the same request, and refuses other rules with the same key', async () => {
    const key = `rules-${++counter}`;
    const first = await create({ allowedPaymentMethods: ['SWISH', 'CARD'], country: 'SE' }, { key });
    expect(first.statusCode).toBe(201);
    const replay = await create({ country: 'SE', allowedPaymentMethods: ['CARD', 'SWISH'] }, { key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    for (const other of [
      { allowedPaymentMethods: ['SWISH'], country: 'SE' },
      { allowedPaymentMethods: ['SWISH', 'CARD'] },
      { allowedPaymentMethods: ['SWISH', 'CARD'], country: 'SE', ttlSeconds: 600 },
    ]) {
      const reused = await create(other, { key });
      expect(reused.statusCode, JSON.stringify(other)).toBe(422);
      expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    }
  });
});

describe('bad input', () => {
  const many = Array.from({ length: 51 }, (_, i) => `TYPE_${i}`);
  const cases: Array<[string, unknown, string]> = [
    ['a list of the wrong type', { allowedPaymentMethods: 'CARD' }, 'allowedPaymentMethods'],
    ['an entry of the wrong type', { blockedPaymentMethods: ['CARD', 7] }, 'blockedPaymentMethods[1]'],
    ['an empty list', { allowedPaymentMethods: [] }, 'allowedPaymentMethods'],
    ['more than 50 entries', { blockedPaymentMethods: many }, 'blockedPaymentMethods'],
    ['a repeated type', { allowedPaymentMethods: ['CARD', 'SWISH', 'CARD'] }, 'allowedPaymentMethods[2]'],
    ['a repeated id in another case', { blockedPaymentMethods: [card, card.toUpperCase()] }, 'blockedPaymentMethods[1]'],
    ['a type in lower case', { allowedPaymentMethods: ['card'] }, 'allowedPaymentMethods[0]'],
    ['a type too long', { allowedPaymentMethods: [`A${'B'.repeat(64)}`] }, 'allowedPaymentMethods[0]'],
    ['a type starting with a digit', { allowedPaymentMethods: ['1CARD'] }, 'allowedPaymentMethods[0]'],
    ['an id of no method', { allowedPaymentMethods: ['CARD', '00000000-0000-4000-8000-000000000000'] }, 'allowedPaymentMethods[1]'],
    ["an id of another store's method", { blockedPaymentMethods: ['f87970c9-6bba-48ab-80ea-a0d45db7af1d'] }, 'blockedPaymentMethods[0]'],
    ['an unknown product type', { productTypes: ['PHYSICAL', 'FOOD'] }, 'productTypes[1]'],
    ['product types empty', { productTypes: [] }, 'productTypes'],
    ['a repeated product type', { productTypes: ['DIGITAL', 'DIGITAL'] }, 'productTypes[1]'],
    ['a country in lower case', { country: 'se' }, 'country'],
    ['a country that is no ISO 3166-1 code', { country: 'XX' }, 'country'],
    ['a country of three letters', { country: 'SWE' }, 'country'],
    ['a country of the wrong type', { country: 46 }, 'country'],
    ['an unknown customer type', { customerType: 'PERSON' }, 'customerType'],
    ['ttlSeconds not whole', { ttlSeconds: 90.5 }, 'ttlSeconds'],
    ['ttlSeconds below 60', { ttlSeconds: 59 }, 'ttlSeconds'],
    ['ttlSeconds past SESSION_TTL_SECONDS', { ttlSeconds: 3601 }, 'ttlSeconds'],
    ['ttlSeconds a string', { ttlSeconds: '600' }, 'ttlSeconds'],
  ];

  it.each(cases)('refuses %s: 400 naming the field, nothing stored, the key left free', async (_name, body, field) => {
    const key = `bad-${++counter}`;
    const before = await sessionCount();
    const response = await create(body, { key });
    expect(response.statusCode, response.body).toBe(400);
    const error = response.json<{ code: string; parameters: Record<string, string> }>();
    expect(error.code).toBe('INVALID_REQUEST');
    expect(Object.keys(error.parameters)).toContain(field);
    expect(await sessionCount()).toBe(before);
    // The key was never claimed: a good request with it creates a session.
    const good = await create({}, { key });
    expect(good.statusCode).toBe(201);
    expect(good.headers['idempotent-replayed']).toBe('false');
  });

  it('names every offending field at once', async () => {
    const response = await create({ allowedPaymentMethods: ['CARD', 'CARD'], country: 'XX', ttlSeconds: 99999 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ parameters: Record<string, string> }>().parameters).sort()).toEqual([
      'allowedPaymentMethods[1]',
      'country',
      'ttlSeconds',
    ]);
  });
});

describe('the eligibility explanation of a session', () => {
  function explain(query: string, auth = token) {
    return service.app.inject({
      url: `/v2/stores/${STORE}/payment_methods/eligibility?${query}`,
      headers: { authorization: `Bearer ${auth}` },
    });
  }

  it("uses the session's rules, campaign and customer type, and gives the order's reasons after the catalog's", async () => {
    const session = await sessionWith({
      campaign: 'BLACKWEEK',
      allowedPaymentMethods: ['CARD', 'PROVIDER_PART_PAYMENT_SELECT_NOW'],
      blockedPaymentMethods: [DEMO_METHODS.blackWeekCard],
      productTypes: ['GIFT_CARD'],
      country: 'SE',
      customerType: 'NATURAL',
    });
    const response = await explain(`amount=1299.95&session=${session}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      campaign: string;
      customerType: string;
      session: string;
      methods: Array<{ id: string; eligible: boolean; reasons: string[] }>;
      groups: unknown[];
    }>();
    expect(body).toMatchObject({ campaign: 'BLACKWEEK', customerType: 'NATURAL', session });
    const reasons = Object.fromEntries(body.methods.map((m) => [m.id, m.reasons]));
    expect(reasons[DEMO_METHODS.blackWeekCard]).toEqual(['IN_BLOCKED_PAYMENT_METHODS']);
    expect(reasons[DEMO_METHODS.blackWeek]).toEqual(['PRODUCT_TYPE_EXCLUDED']);
    expect(reasons[swish]).toEqual(['CAMPAIGN_KEYWORD_MISMATCH', 'NOT_IN_ALLOWED_PAYMENT_METHODS']);
    expect(reasons[DEMO_METHODS.businessInvoice]).toEqual([
      'CUSTOMER_TYPE_NOT_ENABLED',
      'CAMPAIGN_KEYWORD_MISMATCH',
      'NOT_IN_ALLOWED_PAYMENT_METHODS',
    ]);
    expect(body.groups).toEqual([]);
    // The groups are the session's own.
    const noGift = await sessionWith({ campaign: 'BLACKWEEK', productTypes: ['PHYSICAL'] });
    const explained = (await explain(`amount=1299.95&session=${noGift}&flattened=true`)).json<{ groups: unknown[] }>();
    expect(explained.groups).toEqual((await groups(noGift, 'amount=1299.95&flattened=true')).json());
  });

  it("refuses campaign beside session (400), another store's, an unknown or a malformed session (404), another customer type (422)", async () => {
    const session = await sessionWith({ customerType: 'LEGAL' });
    const both = await explain(`amount=100&session=${session}&campaign=BLACKWEEK`);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ parameters: { campaign: expect.any(String) } });
    const fjall = await issueToken(service.app, FJALL.id, FJALL.secret);
    const theirs = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${OTHER_STORE}/sessions`,
      headers: { authorization: `Bearer ${fjall}` },
    });
    const other = theirs.json<{ id: string }>().id;
    for (const id of [other, '00000000-0000-4000-8000-000000000000', 'not-a-session']) {
      const response = await explain(`amount=100&session=${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    }
    expect((await explain(`amount=100&session=${session}&customerType=NATURAL`)).statusCode).toBe(422);
  });
});

describe('the price-information page of a session with rules', () => {
  it("finds the session's own groups only", async () => {
    const plain = await sessionWith({});
    const blocked = await sessionWith({ blockedPaymentMethods: [pp12] });
    const bundle = (await groups(plain, 'amount=5000&customerType=NATURAL'))
      .json<Array<{ id: string; methodIds: string[] }>>()
      .find((g) => g.methodIds.includes(pp12))!;
    const page = (session: string) =>
      service.app.inject({ url: `/v1/sessions/${session}/price-information?amount=5000&group=${bundle.id}` });
    expect((await page(plain)).statusCode).toBe(200);
    expect((await page(blocked)).statusCode).toBe(404);
  });
});
