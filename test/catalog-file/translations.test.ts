// Translations of catalog texts (docs/languages.md#translations) through the catalog file and the
// admin API: stored, shown back, applied again without a change, and every malformed
// `translations` refused whole, naming it.
import { describe, expect, it } from 'vitest';
import { CatalogValidationError } from '../../src/catalog-input/validate.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { servedForTests, type TestService } from '../helpers/app.ts';
import { catalogSnapshot } from '../helpers/database.ts';
import { catalogMethod, testIds } from '../helpers/fixtures.ts';

const [STORE] = testIds('7a0e0000', 1);
const [INVOICE, PART, CREATED] = testIds('7a0f0000', 3);
const ADMIN = { clientId: 'translations-admin', clientSecret: 'translations-admin-secret-0123', merchantId: 'm-op', scopes: ['admin'] };

const STORE_ENTITY = {
  id: STORE,
  merchantId: 'm-op',
  name: 'Butiken',
  currency: 'SEK',
  bundleTitle: 'Dela upp',
  translations: { en: { bundleTitle: 'Split it' }, fi: { bundleTitle: 'Jaa maksu' } },
};
const INVOICE_ENTITY = {
  ...catalogMethod(STORE, { id: INVOICE, name: 'Faktura', description: 'Betala inom 30 dagar' }),
  translations: { en: { name: 'Invoice', description: 'Pay within 30 days' }, fi: { name: 'Lasku' } },
};
const PART_ENTITY = catalogMethod(STORE, {
  id: PART,
  name: 'Delbetalning',
  type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
  plans: [
    {
      name: '12 månader',
      description: 'Räntefritt',
      durationMonths: 12,
      annuityFactor: 0.0833333333,
      translations: { en: { name: '12 months' } },
    },
  ],
});
const CATALOG = {
  merchants: [{ id: 'm-op', name: 'Operator' }],
  stores: [STORE_ENTITY],
  clients: [ADMIN],
  paymentMethods: [INVOICE_ENTITY, PART_ENTITY],
};

let service: TestService;
let token: string;

servedForTests(CATALOG, ADMIN, (served) => ({ service, token } = served));

function admin(method: 'GET' | 'PUT', path: string, body?: unknown) {
  return service.app.inject({
    method,
    url: `/admin/v1${path}`,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

function refusal(error: unknown): string {
  expect(error).toBeInstanceOf(CatalogValidationError);
  return (error as Error).message;
}

describe('translations in the catalog file', () => {
  it('are stored and shown back by the admin API', async () => {
    expect((await admin('GET', `/stores/${STORE}`)).json()).toMatchObject({ translations: STORE_ENTITY.translations });
    expect((await admin('GET', `/payment-methods/${INVOICE}`)).json()).toMatchObject({ translations: INVOICE_ENTITY.translations });
    const part = (await admin('GET', `/payment-methods/${PART}`)).json() as {
      translations: unknown;
      plans: Array<{ translations: unknown }>;
    };
    expect(part.translations).toEqual({});
    expect(part.plans[0]!.translations).toEqual({ en: { name: '12 months' } });
  });

  it('change nothing when the same file is applied again, in another key order too', async () => {
    const db = service.database.handle.db;
    const before = await catalogSnapshot(db);
    const reordered = {
      ...CATALOG,
      paymentMethods: [
        { ...INVOICE_ENTITY, translations: { fi: { name: 'Lasku' }, en: { description: 'Pay within 30 days', name: 'Invoice' } } },
        PART_ENTITY,
      ],
    };
    const again = await applyCatalog(db, reordered);
    expect(again.stores).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(again.paymentMethods).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await catalogSnapshot(db)).toEqual(before);
  });

  it('are replaced by a changed file, plan translations included', async () => {
    const db = service.database.handle.db;
    const changed = {
      ...CATALOG,
      paymentMethods: [
        { ...INVOICE_ENTITY, translations: { en: { name: 'Invoice' } } },
        { ...PART_ENTITY, plans: [{ ...(PART_ENTITY.plans as object[])[0], translations: { en: { name: 'Twelve months' } } }] },
      ],
    };
    expect((await applyCatalog(db, changed)).paymentMethods).toEqual({ created: 0, updated: 2, unchanged: 0 });
    expect((await admin('GET', `/payment-methods/${INVOICE}`)).json()).toMatchObject({ translations: { en: { name: 'Invoice' } } });
    const part = (await admin('GET', `/payment-methods/${PART}`)).json() as { plans: Array<{ translations: unknown }> };
    expect(part.plans[0]!.translations).toEqual({ en: { name: 'Twelve months' } });
    await applyCatalog(db, CATALOG);
  });
});

describe('malformed translations are refused whole, naming translations', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      'an unknown language',
      { paymentMethods: [{ ...INVOICE_ENTITY, translations: { de: { name: 'Rechnung' } } }] },
      'paymentMethods[0].translations.de: is not a known field',
    ],
    [
      'an unknown field',
      { paymentMethods: [{ ...INVOICE_ENTITY, translations: { en: { title: 'Invoice' } } }] },
      'paymentMethods[0].translations.en.title: is not a known field',
    ],
    [
      'a text that is not a string',
      { paymentMethods: [{ ...INVOICE_ENTITY, translations: { en: { name: 5 } } }] },
      'paymentMethods[0].translations.en.name',
    ],
    [
      'an empty name',
      { paymentMethods: [{ ...INVOICE_ENTITY, translations: { en: { name: '' } } }] },
      'paymentMethods[0].translations.en.name',
    ],
    [
      'a name too long',
      { paymentMethods: [{ ...INVOICE_ENTITY, translations: { en: { name: 'x'.repeat(201) } } }] },
      'paymentMethods[0].translations.en.name',
    ],
    [
      'translations that are not an object',
      { paymentMethods: [{ ...INVOICE_ENTITY, translations: ['en'] }] },
      'paymentMethods[0].translations',
    ],
    [
      'a language that is not an object',
      { paymentMethods: [{ ...INVOICE_ENTITY, translations: { en: 'Invoice' } }] },
      'paymentMethods[0].translations.en',
    ],
    [
      'a store field of a method',
      { stores: [{ ...STORE_ENTITY, translations: { en: { name: 'Shop' } } }] },
      'stores[0].translations.en.name: is not a known field',
    ],
    [
      'a plan with an unknown language',
      {
        paymentMethods: [
          { ...PART_ENTITY, plans: [{ name: 'x', durationMonths: 1, annuityFactor: 1, translations: { es: { name: 'y' } } }] },
        ],
      },
      'paymentMethods[0].plans[0].translations.es: is not a known field',
    ],
  ];

  it.each(cases)('%s', async (_what, part, message) => {
    const db = service.database.handle.db;
    const before = await catalogSnapshot(db);
    // With a valid merchant beside it: nothing of the file is applied.
    const catalog = { merchants: [{ id: 'm-never', name: 'Never AB' }], stores: [STORE_ENTITY], paymentMethods: [], ...part };
    const error = await applyCatalog(db, catalog).catch((e: unknown) => e);
    expect(refusal(error)).toContain(message);
    expect(await catalogSnapshot(db)).toEqual(before);
  });
});

describe('translations through the admin API', () => {
  it('are taken by PUT, shown by GET, replaced by the next PUT, and refused whole when malformed', async () => {
    const body = {
      ...catalogMethod(STORE, { name: 'Kort', description: 'Betala med kort' }),
      translations: { en: { name: 'Card' }, nb: { name: 'Kort', description: 'Betal med kort' } },
      plans: [{ name: '3 månader', durationMonths: 3, annuityFactor: 0.34, translations: { fi: { name: '3 kuukautta' } } }],
    };
    const created = await admin('PUT', `/payment-methods/${CREATED}`, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ translations: body.translations, plans: [{ translations: { fi: { name: '3 kuukautta' } } }] });
    const replaced = await admin('PUT', `/payment-methods/${CREATED}`, { ...body, translations: { da: { name: 'Kort' } } });
    expect(replaced.statusCode).toBe(200);
    expect((await admin('GET', `/payment-methods/${CREATED}`)).json()).toMatchObject({ translations: { da: { name: 'Kort' } } });

    const refused = await admin('PUT', `/payment-methods/${CREATED}`, { ...body, translations: { en: { name: 7 }, xx: {} } });
    expect(refused.statusCode).toBe(400);
    const error = refused.json() as { message: string; parameters: Record<string, string> };
    expect(Object.keys(error.parameters).every((p) => p.startsWith('translations'))).toBe(true);
    expect(error.parameters).toHaveProperty(['translations.xx']);
    expect((await admin('GET', `/payment-methods/${CREATED}`)).json()).toMatchObject({ translations: { da: { name: 'Kort' } } });

    const store = await admin('PUT', `/stores/${STORE}`, { ...STORE_ENTITY, translations: { en: { bundleTitle: 7 } } });
    expect(store.statusCode).toBe(400);
    expect(store.json()).toMatchObject({ parameters: { 'translations.en.bundleTitle': expect.any(String) } });
  });
});
