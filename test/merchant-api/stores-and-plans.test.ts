// GET /v2/stores, a method's annuity factors and its price signage (docs/merchant-api.md#stores,
// #payment-plans-annuity-factors, #price-signage), over HTTP on a catalog of their own: a merchant with
// three stores (one Norwegian, numbers given and assigned), and methods whose plans exercise the money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, startTestService, type TestService } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';
import { catalogMethod, testIds } from '../helpers/fixtures.ts';

const MERCHANT = 'm-stores';
const CLIENT = { clientId: 'stores-backend', clientSecret: 'stores-backend-secret-8Kq3', merchantId: MERCHANT, scopes: ['merchant-api'] };
const OTHER_CLIENT = {
  clientId: 'other-backend',
  clientSecret: 'other-backend-secret-2Pw9',
  merchantId: 'm-other',
  scopes: ['merchant-api'],
};
const [OSLO, BERGEN, ALVIK] = testIds('10000000', 3);
const [OTHERS] = testIds('20000000', 1);
const [PART_PAYMENT, INVOICE, OTHER_METHOD] = testIds('30000000', 3);

const method = (id: string, storeId: string, overrides: Record<string, unknown>) => catalogMethod(storeId, { id, ...overrides });

const CATALOG = {
  merchants: [
    { id: MERCHANT, name: 'Stores AS' },
    { id: 'm-other', name: 'Other AB' },
  ],
  stores: [
    // Names chosen so that byte-wise order (uppercase before lowercase, "Å" after "z") shows.
    {
      id: OSLO,
      merchantId: MERCHANT,
      name: 'Oslo',
      currency: 'NOK',
      countryCode: 'NO',
      nationalStoreId: 70,
      organizationNumber: '987 654 321',
    },
    { id: BERGEN, merchantId: MERCHANT, name: 'bergen', currency: 'NOK', countryCode: 'NO' },
    { id: ALVIK, merchantId: MERCHANT, name: 'Ålvik', currency: 'NOK', countryCode: 'NO', nationalStoreId: 5 },
    { id: OTHERS, merchantId: 'm-other', name: 'Other', currency: 'SEK' },
  ],
  clients: [CLIENT, OTHER_CLIENT],
  paymentMethods: [
    method(PART_PAYMENT, OSLO, {
      name: 'Delbetaling',
      type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
      minPurchaseLimit: 500,
      maxPurchaseLimit: 50000,
      priceSignagePossible: true,
      legalLinks: [
        { url: 'https://pay.example.no/secci?belop=', type: 'SECCI', appendAmount: true },
        { url: 'https://pay.example.no/secci-en?amount=', type: 'SECCI', appendAmount: true, language: 'en' },
        { url: 'https://pay.example.no/vilkar', type: 'GENERAL_TERMS' },
        { url: 'https://pay.example.no/pris?belop=', type: 'PRICE_INFO', appendAmount: true },
      ],
      plans: [
        {
          name: '24 måneder',
          description: 'To år',
          durationMonths: 24,
          annuityFactor: 0.0499,
          administrationFee: 29,
          setupFee: 295,
          interest: 0.1995,
        },
        { name: '12 måneder', durationMonths: 12, annuityFactor: '0.083333333333' },
        { name: '12 mnd kampanje', durationMonths: 12, annuityFactor: 0.0833333333, administrationFee: 0 },
      ],
    }),
    method(INVOICE, OSLO, { name: 'Faktura' }),
    method(OTHER_METHOD, OTHERS, { name: 'Invoice' }),
  ],
};

let service: TestService;
let token: string;

beforeAll(async () => {
  service = await startTestService({ catalog: CATALOG });
  token = await issueToken(service.app, CLIENT.clientId, CLIENT.clientSecret);
});

afterAll(async () => {
  await service?.close();
});

function get(url: string, auth: string | null = `Bearer ${token}`) {
  return service.app.inject({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });
}

/** GET `url`, answered with an error of `status` (test/helpers/http.ts). */
async function expectErrorAt(url: string, status: number, auth?: string | null) {
  return expectError(await get(url, auth), status);
}

describe('GET /v2/stores', () => {
  it("lists the merchant's stores by name, byte-wise, with their numbers (given or assigned) and countries", async () => {
    const response = await get('/v2/stores');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      content: [
        { id: OSLO, nationalStoreId: 70, countryCode: 'NO', name: 'Oslo', organizationNumber: '987 654 321' },
        // Left out of the catalog: the next free number after the highest given one (70).
        { id: BERGEN, nationalStoreId: 71, countryCode: 'NO', name: 'bergen' },
        { id: ALVIK, nationalStoreId: 5, countryCode: 'NO', name: 'Ålvik' },
      ],
      page: { number: 0, size: 100, totalElements: 3, totalPages: 1 },
    });
  });

  it('serves sizes above 1000 as 1000, as a published client asks for everything', async () => {
    const body = (await get('/v2/stores?size=999999')).json() as { page: { size: number; totalPages: number } };
    expect(body.page).toEqual({ number: 0, size: 1000, totalElements: 3, totalPages: 1 });
  });

  it('sorts by store number or name, either way, and pages', async () => {
    const ids = async (query: string) =>
      ((await get(`/v2/stores?${query}`)).json() as { content: Array<{ id: string }> }).content.map((s) => s.id);
    expect(await ids('sort=nationalStoreId')).toEqual([ALVIK, OSLO, BERGEN]);
    expect(await ids('sort=nationalStoreId,DESC')).toEqual([BERGEN, OSLO, ALVIK]);
    expect(await ids('sort=name,desc')).toEqual([ALVIK, BERGEN, OSLO]);
    expect(await ids('sort=name&size=2&page=1')).toEqual([ALVIK]);
    expect(await ids('size=2&page=5')).toEqual([]);
  });

  it('answers 400 for a bad page, size or sort, 401 without a token, 403 without the scope', async () => {
    for (const query of ['size=0', 'page=-1', 'size=abc', 'sort=city', 'sort=name,up', 'sort=name&sort=nationalStoreId']) {
      await expectErrorAt(`/v2/stores?${query}`, 400);
    }
    await expectErrorAt('/v2/stores', 401, null);
    const admin = await startTestService({ catalog: { ...CATALOG, clients: [{ ...CLIENT, scopes: ['admin'] }] } });
    try {
      const adminToken = await issueToken(admin.app, CLIENT.clientId, CLIENT.clientSecret);
      const response = await admin.app.inject({ method: 'GET', url: '/v2/stores', headers: { authorization: `Bearer ${adminToken}` } });
      expect(response.statusCode).toBe(403);
    } finally {
      await admin.close();
    }
  });

  it("never lists another merchant's stores", async () => {
    const other = await issueToken(service.app, OTHER_CLIENT.clientId, OTHER_CLIENT.clientSecret);
    const body = (await get('/v2/stores', `Bearer ${other}`)).json() as { content: Array<{ id: string }> };
    expect(body.content.map((s) => s.id)).toEqual([OTHERS]);
  });
});

describe('annuity factors', () => {
  const url = (method: string, store = OSLO) => `/v2/stores/${store}/payment_methods/${method}/annuity_factors`;

  it('lists the plans by duration, then name, with their numbers', async () => {
    const response = await get(url(PART_PAYMENT.toUpperCase()));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      content: [
        {
          paymentPlanName: '12 mnd kampanje',
          annuityFactor: 0.0833333333,
          durationMonths: 12,
          administrationFee: 0,
          setupFee: 0,
          interest: 0,
        },
        {
          paymentPlanName: '12 måneder',
          annuityFactor: 0.083333333333,
          durationMonths: 12,
          administrationFee: 0,
          setupFee: 0,
          interest: 0,
        },
        {
          paymentPlanName: '24 måneder',
          annuityFactor: 0.0499,
          durationMonths: 24,
          administrationFee: 29,
          setupFee: 295,
          interest: 0.1995,
        },
      ],
    });
  });

  it('answers [] for a method without plans', async () => {
    expect((await get(url(INVOICE))).json()).toEqual({ content: [] });
  });

  it('answers 400 for a malformed id, 404 for an unknown method or one of another store, 403 for a store not granted', async () => {
    await expectErrorAt(url('not-a-uuid'), 400);
    await expectErrorAt(url(PART_PAYMENT, 'nope'), 400);
    expect((await expectErrorAt(url('00000000-0000-4000-8000-000000000000'), 404)).code).toBe('PAYMENT_METHOD_NOT_FOUND');
    await expectErrorAt(url(PART_PAYMENT, BERGEN), 404);
    await expectErrorAt(url(OTHER_METHOD, OTHERS), 403);
    await expectErrorAt(url(PART_PAYMENT), 401, null);
  });
});

describe('price signage', () => {
  const url = (query: string, method = PART_PAYMENT, store = OSLO) =>
    `/v2/stores/${store}/payment_methods/${method}/price_signage${query === '' ? '' : `?${query}`}`;
  interface Signage {
    secciLinks: Array<{ uri: string; language: string }>;
    generalTermsLinks: Array<{ uri: string; language: string }>;
    costList: Array<Record<string, unknown>>;
  }

  it("shows the documents in the store's language, the price appended, and every plan with its costs and APR", async () => {
    const response = await get(url('amount=10000'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe('nb');
    const body = response.json() as Signage;
    // No language of its own: the store is Norwegian. The English SECCI is for English readers.
    expect(body.secciLinks).toEqual([{ uri: 'https://pay.example.no/secci?belop=10000', language: 'nb' }]);
    expect(body.generalTermsLinks).toEqual([{ uri: 'https://pay.example.no/vilkar', language: 'nb' }]);
    expect(body.costList).toEqual([
      {
        name: '12 mnd kampanje',
        description: '',
        interest: 0,
        durationMonths: 12,
        monthlyCost: 834, // ceil(833.333333)
        totalCost: 10008,
        administrationFee: 0,
        setupFee: 0,
        effectiveInterest: 0.15,
      },
      {
        name: '12 måneder',
        description: '',
        interest: 0,
        durationMonths: 12,
        monthlyCost: 834,
        totalCost: 10008,
        administrationFee: 0,
        setupFee: 0,
        effectiveInterest: 0.15,
      },
      {
        name: '24 måneder',
        description: 'To år',
        interest: 0.1995,
        durationMonths: 24,
        monthlyCost: 528,
        totalCost: 12967,
        administrationFee: 29,
        setupFee: 295,
        effectiveInterest: 30.58,
      },
    ]);
  });

  it('includes the purchase limits themselves and nothing outside them, keeping the links', async () => {
    expect(((await get(url('amount=500'))).json() as Signage).costList).toHaveLength(3);
    expect(((await get(url('amount=50000.00'))).json() as Signage).costList).toHaveLength(3);
    const below = (await get(url('amount=499.99'))).json() as Signage;
    expect(below.costList).toEqual([]);
    expect(below.secciLinks[0]!.uri).toBe('https://pay.example.no/secci?belop=499.99');
    expect(((await get(url('amount=50000.001'))).json() as Signage).costList).toEqual([]);
    expect(((await get(url('amount=99999999999999999999999999.5'))).json() as Signage).costList).toEqual([]);
  });

  it('answers a method without price signage with its documents only', async () => {
    expect((await get(url('amount=1000', INVOICE))).json()).toEqual({
      secciLinks: [],
      generalTermsLinks: [],
      costList: [],
      disclosure: null,
    });
  });

  it('answers 400 for a missing, repeated or malformed amount, 404 and 403 as the plans do', async () => {
    for (const query of ['', 'amount=', 'amount=-1', 'amount=1e3', 'amount=12,50', 'amount=1&amount=2']) {
      await expectErrorAt(url(query), 400);
    }
    await expectErrorAt(url('amount=1', '00000000-0000-4000-8000-000000000000'), 404);
    await expectErrorAt(url('amount=1', OTHER_METHOD, OTHERS), 403);
    await expectErrorAt(url('amount=1'), 401, null);
  });
});
