// Credit disclosure over HTTP (docs/session-api.md#credit-disclosure, docs/merchant-api.md#price-signage,
// docs/catalog.md#credit-warning): groups' `disclosure` against price signage's own figures, consumers
// only, the warning with its default, translation and '', the price-information link, the ETag,
// internalData, and every malformed `creditWarning` refused whole through the catalog file and the admin API.
import { describe, expect, it } from 'vitest';
import { CatalogValidationError } from '../../src/catalog-input/validate.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { issueToken, servedForTests, type TestService } from '../helpers/app.ts';
import { createSession } from '../helpers/http.ts';
import { catalogSnapshot } from '../helpers/database.ts';
import { catalogMethod, testIds, merchantBackend, PLAN_24_MONTHS } from '../helpers/fixtures.ts';

const [SWEDISH, FINNISH, DANISH] = testIds('c5ed0000', 3);
const [INVOICE, TWELVE, TWENTY_FOUR, BUSINESS, FI_PART, DK_PART] = testIds('c5ee0000', 6);
const CLIENT = merchantBackend('disclosure', 'm-credit');
const ADMIN = { clientId: 'disclosure-admin', clientSecret: 'disclosure-admin-secret-0123', merchantId: 'm-credit', scopes: ['admin'] };

const partPayment = (storeId: string, overrides: Record<string, unknown>) =>
  catalogMethod(storeId, { type: 'PROVIDER_PART_PAYMENT_SELECT_NOW', priceSignagePossible: true, maxPurchaseLimit: 100000, ...overrides });

const SWEDISH_STORE = { id: SWEDISH, merchantId: CLIENT.merchantId, name: 'Butiken', currency: 'SEK', countryCode: 'SE' };
const FINNISH_STORE = {
  id: FINNISH,
  merchantId: CLIENT.merchantId,
  name: 'Kauppa',
  currency: 'EUR',
  countryCode: 'FI',
  creditWarning: 'Lainaaminen maksaa.',
  translations: { sv: { creditWarning: 'Lån kostar.' } },
};
const DANISH_STORE = { id: DANISH, merchantId: CLIENT.merchantId, name: 'Butikken', currency: 'DKK', countryCode: 'DK', creditWarning: '' };

const CATALOG = {
  merchants: [{ id: CLIENT.merchantId, name: 'Kredit AB' }],
  stores: [SWEDISH_STORE, FINNISH_STORE, DANISH_STORE],
  clients: [CLIENT, ADMIN],
  paymentMethods: [
    catalogMethod(SWEDISH, { id: INVOICE, sortOrder: 1, name: 'Faktura', description: 'Betala inom 30 dagar' }),
    partPayment(SWEDISH, {
      id: TWELVE,
      sortOrder: 2,
      name: 'Delbetalning 12 månader',
      plans: [
        { name: '12 månader', durationMonths: 12, annuityFactor: 0.0833333333, setupFee: 195, translations: { en: { name: '12 months' } } },
      ],
    }),
    partPayment(SWEDISH, {
      id: TWENTY_FOUR,
      sortOrder: 3,
      name: 'Delbetalning 24 månader',
      plans: [PLAN_24_MONTHS],
    }),
    // Businesses only: its cost is named, but no disclosure.
    partPayment(SWEDISH, {
      id: BUSINESS,
      sortOrder: 4,
      type: 'PROVIDER_PART_PAYMENT_SELECT_LATER',
      name: 'Företagskonto',
      enabledForNaturalCustomer: false,
      enabledForLegalCustomer: true,
      plans: [{ name: 'Konto', durationMonths: 12, annuityFactor: 0.09 }],
    }),
    partPayment(FINNISH, {
      id: FI_PART,
      name: 'Osamaksu',
      plans: [{ name: '12 kk', durationMonths: 12, annuityFactor: 0.0875, setupFee: 9.9 }],
    }),
    partPayment(DANISH, { id: DK_PART, name: 'Delbetaling', plans: [{ name: '6 md.', durationMonths: 6, annuityFactor: 0.17 }] }),
  ],
};

interface Disclosure {
  text: string;
  warning: string | null;
  priceInformationUrl?: string;
  example: Record<string, unknown> & { paymentMethodId: string; monthlyCost: number; totalCost: number; effectiveInterest: number };
}
interface Group {
  id: string;
  methodIds: string[];
  subtitle: string;
  customerTypes: string[];
  internalData: string;
  disclosure: Disclosure | null;
}

let service: TestService;
let token: string;
let adminToken: string;

servedForTests(CATALOG, CLIENT, async (served) => {
  ({ service, token } = served);
  adminToken = await issueToken(service.app, ADMIN.clientId, ADMIN.clientSecret);
});

function newSession(store: string, body: Record<string, unknown> = {}): Promise<string> {
  return createSession(service.app, token, store, body);
}

async function groups(session: string, query: string, headers: Record<string, string> = {}) {
  const response = await service.app.inject({ method: 'GET', url: `/v1/sessions/${session}/payment-method-groups?${query}`, headers });
  return { response, body: response.statusCode === 200 ? (response.json() as Group[]) : [] };
}

async function signage(store: string, method: string, query: string) {
  const response = await service.app.inject({
    method: 'GET',
    url: `/v2/stores/${store}/payment_methods/${method}/price_signage?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { costList: Array<Record<string, number | string>>; disclosure: Disclosure | null };
}

function admin(method: 'GET' | 'PUT', path: string, body?: unknown) {
  return service.app.inject({
    method,
    url: `/admin/v1${path}`,
    headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const internalData = (group: Group) => JSON.parse(Buffer.from(group.internalData, 'base64').toString('utf8')) as { disclosure: unknown };
const money = (tag: string, currency: string, value: number) =>
  new Intl.NumberFormat(tag, { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
const percent = (tag: string, value: number) =>
  new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 100);

describe('a group naming a monthly cost to consumers', () => {
  it('states the example of the plan the subtitle names, with the figures of price signage', async () => {
    const session = await newSession(SWEDISH);
    const { response, body } = await groups(session, 'amount=1299.95');
    expect(response.statusCode).toBe(200);
    const bundle = body.find((g) => g.methodIds.includes(TWELVE))!;
    // ceil(1299.95 × 0.0833333333) = 109 (12 months), ceil(1299.95 × 0.046121852303 + 29) = 89 (24 months): the latter.
    expect(bundle.subtitle).toBe(`Från ${money('sv-SE', 'SEK', 89)}/mån`);
    const disclosure = bundle.disclosure!;
    const plans = await signage(SWEDISH, TWENTY_FOUR, 'amount=1299.95');
    const cost = plans.costList[0]!;
    expect(disclosure.example).toEqual({
      amount: '1299.95',
      currency: 'SEK',
      paymentMethodId: TWENTY_FOUR,
      planName: '24 månader',
      durationMonths: 24,
      monthlyCost: 89,
      interest: 9.95,
      setupFee: 0,
      administrationFee: 29,
      totalCost: cost.totalCost,
      effectiveInterest: cost.effectiveInterest,
    });
    expect(cost.monthlyCost).toBe(89);
    // Every figure as Intl writes it for Swedish in Sweden.
    for (const figure of [
      new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' }).format(1299.95),
      money('sv-SE', 'SEK', 89),
      money('sv-SE', 'SEK', 29),
      money('sv-SE', 'SEK', Number(cost.totalCost)),
      percent('sv-SE', 9.95),
      percent('sv-SE', Number(cost.effectiveInterest)),
      '24',
    ]) {
      expect(disclosure.text).toContain(figure);
    }
    expect(disclosure.warning).toBe('Att låna kostar pengar!');
    expect(disclosure.priceInformationUrl).toBe(
      `http://pms.test/v1/sessions/${session}/price-information?amount=1299.95&group=${bundle.id}`,
    );
    expect(internalData(bundle).disclosure).toEqual({
      text: disclosure.text,
      warning: disclosure.warning,
      priceInformationUrl: disclosure.priceInformationUrl,
      apr: percent('sv-SE', Number(cost.effectiveInterest)),
    });
  });

  it('is null for a group without a monthly cost and for one that serves businesses only', async () => {
    const { body } = await groups(await newSession(SWEDISH), 'amount=1000');
    const invoice = body.find((g) => g.methodIds.includes(INVOICE))!;
    expect(invoice.disclosure).toBeNull();
    expect(internalData(invoice).disclosure).toBeNull();
    const business = body.find((g) => g.methodIds.includes(BUSINESS))!;
    expect(business.customerTypes).toEqual(['LEGAL']);
    expect(business.subtitle).toMatch(/^Från /);
    expect(business.disclosure).toBeNull();
    // Asked for consumers: the business group is not offered, the bundle still discloses.
    const natural = await groups(await newSession(SWEDISH), 'amount=1000&customerType=NATURAL');
    expect(natural.body.every((g) => !g.methodIds.includes(BUSINESS))).toBe(true);
    expect(natural.body.find((g) => g.methodIds.includes(TWELVE))!.disclosure).not.toBeNull();
  });

  it('names the request locale in the link and writes the text in its language, English only in English', async () => {
    const session = await newSession(SWEDISH);
    const english = await groups(session, 'amount=1000&locale=en-GB');
    const bundle = english.body.find((g) => g.methodIds.includes(TWELVE))!;
    expect(bundle.disclosure!.priceInformationUrl).toBe(
      `http://pms.test/v1/sessions/${session}/price-information?amount=1000&group=${bundle.id}&locale=en-GB`,
    );
    expect(bundle.disclosure!.text).toMatch(/^Representative example: /);
    expect(bundle.disclosure!.warning).toBe('Borrowing money costs money.');
    // The plan's name in English (its translation).
    const twelve = await groups(session, 'amount=500&locale=en');
    const named = twelve.body.find((g) => g.methodIds.includes(TWELVE))!.disclosure!;
    expect(named.example.planName).toBe('12 months');
    expect(named.text).toContain(money('en-SE', 'SEK', 195));
  });

  it('carries the store warning: its translation, its own text, the default, or none', async () => {
    const finnish = await groups(await newSession(FINNISH), 'amount=500');
    expect(finnish.body[0]!.disclosure!.warning).toBe('Lainaaminen maksaa.');
    expect(finnish.body[0]!.disclosure!.text).toContain(percent('fi-FI', finnish.body[0]!.disclosure!.example.effectiveInterest));
    const swedishReader = await groups(await newSession(FINNISH, { locale: 'sv' }), 'amount=500');
    expect(swedishReader.body[0]!.disclosure!.warning).toBe('Lån kostar.');
    const danish = await groups(await newSession(DANISH), 'amount=500');
    expect(danish.body[0]!.disclosure!.warning).toBeNull();
    expect(danish.body[0]!.disclosure!.text).toContain('ÅOP');
  });

  it('is covered by the ETag: another amount, locale or session is another tag; the same request is 304', async () => {
    const session = await newSession(SWEDISH);
    const first = await groups(session, 'amount=1000');
    const etag = String(first.response.headers.etag);
    expect((await groups(session, 'amount=1000', { 'if-none-match': etag })).response.statusCode).toBe(304);
    expect(String((await groups(session, 'amount=1001')).response.headers.etag)).not.toBe(etag);
    expect(String((await groups(session, 'amount=1000&locale=sv-SE')).response.headers.etag)).not.toBe(etag);
    const other = await groups(await newSession(SWEDISH), 'amount=1000');
    expect(String(other.response.headers.etag)).not.toBe(etag);
    // Asked again (a kept answer): the same bytes and tag.
    const again = await groups(session, 'amount=1000');
    expect(again.response.body).toBe(first.response.body);
    expect(String(again.response.headers.etag)).toBe(etag);
  });
});

describe('price signage', () => {
  it('states the example of its lowest monthly cost, without a link, in the locale asked', async () => {
    const swedish = await signage(SWEDISH, TWENTY_FOUR, 'amount=1299.95');
    expect(swedish.disclosure!.priceInformationUrl).toBeUndefined();
    expect(swedish.disclosure!.example).toMatchObject({
      paymentMethodId: TWENTY_FOUR,
      monthlyCost: 89,
      effectiveInterest: swedish.costList[0]!.effectiveInterest,
    });
    expect(swedish.disclosure!.warning).toBe('Att låna kostar pengar!');
    const english = await signage(SWEDISH, TWENTY_FOUR, 'amount=1299.95&locale=en');
    expect(english.disclosure!.text).toMatch(/^Representative example: /);
  });

  it('is null when there is no cost to list', async () => {
    expect((await signage(SWEDISH, INVOICE, 'amount=1000')).disclosure).toBeNull();
    expect((await signage(SWEDISH, TWENTY_FOUR, 'amount=0')).disclosure).toBeNull();
    expect((await signage(SWEDISH, TWENTY_FOUR, 'amount=1000000')).disclosure).toBeNull();
  });
});

describe('creditWarning in the catalog', () => {
  it('is shown by the admin API, taken by PUT and served at once', async () => {
    expect((await admin('GET', `/stores/${FINNISH}`)).json()).toMatchObject({
      creditWarning: 'Lainaaminen maksaa.',
      translations: { sv: { creditWarning: 'Lån kostar.' } },
    });
    expect((await admin('GET', `/stores/${DANISH}`)).json()).toMatchObject({ creditWarning: '' });
    expect((await admin('GET', `/stores/${SWEDISH}`)).json()).not.toHaveProperty('creditWarning');
    const { id: _id, ...body } = SWEDISH_STORE;
    const put = await admin('PUT', `/stores/${SWEDISH}`, { ...body, creditWarning: 'Lån med omtanke.' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ creditWarning: 'Lån med omtanke.' });
    const { body: served } = await groups(await newSession(SWEDISH), 'amount=1000');
    expect(served.find((g) => g.methodIds.includes(TWELVE))!.disclosure!.warning).toBe('Lån med omtanke.');
    expect((await admin('PUT', `/stores/${SWEDISH}`, body)).statusCode).toBe(200);
    expect((await admin('GET', `/stores/${SWEDISH}`)).json()).not.toHaveProperty('creditWarning');
  });

  const malformed: Array<[string, Record<string, unknown>, string]> = [
    ['not a string', { creditWarning: 5 }, 'creditWarning'],
    ['null', { creditWarning: null }, 'creditWarning'],
    ['over 500 characters', { creditWarning: 'x'.repeat(501) }, 'creditWarning'],
    ['a translation over 500 characters', { translations: { en: { creditWarning: 'x'.repeat(501) } } }, 'translations.en.creditWarning'],
    ['a translation that is not a string', { translations: { en: { creditWarning: false } } }, 'translations.en.creditWarning'],
    ['a translation under an unknown language', { translations: { de: { creditWarning: 'Kredit kostet Geld.' } } }, 'translations.de'],
  ];

  it.each(malformed)('refuses one %s whole, naming it, in the catalog file', async (_what, fields, name) => {
    const db = service.database.handle.db;
    const before = await catalogSnapshot(db);
    const catalog = {
      ...CATALOG,
      merchants: [...CATALOG.merchants, { id: 'm-never', name: 'Never AB' }],
      stores: [{ ...SWEDISH_STORE, ...fields }],
    };
    const error = await applyCatalog(db, catalog).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogValidationError);
    expect((error as Error).message).toContain(`stores[0].${name}`);
    expect(await catalogSnapshot(db)).toEqual(before);
  });

  it.each(malformed)('refuses one %s whole, naming it, in the admin API', async (_what, fields, name) => {
    const { id: _id, ...body } = SWEDISH_STORE;
    const refused = await admin('PUT', `/stores/${SWEDISH}`, { ...body, name: 'Never', ...fields });
    expect(refused.statusCode, refused.body).toBe(400);
    const error = refused.json() as { parameters: Record<string, string> };
    expect(Object.keys(error.parameters).some((p) => p.startsWith(name))).toBe(true);
    expect((await admin('GET', `/stores/${SWEDISH}`)).json()).toMatchObject({ name: 'Butiken' });
  });
});
