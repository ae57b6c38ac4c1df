// Languages in the merchant API (docs/languages.md#the-merchant-api): `locale` on the listing, the
// payment plans, price signage and the eligibility explanation; Content-Language; translations
// carried by the listing; legal links by language; every bad `locale`.
import { describe, expect, it } from 'vitest';
import { servedForTests, type TestService } from '../helpers/app.ts';
import { catalogMethod, testIds } from '../helpers/fixtures.ts';

const [STORE] = testIds('1a0c0000', 1);
const [INVOICE, PART] = testIds('1a0d0000', 2);
const CLIENT = { clientId: 'sprak-backend', clientSecret: 'sprak-secret-0123456789abc', merchantId: 'm-sprak', scopes: ['merchant-api'] };
const INVOICE_TRANSLATIONS = { en: { name: 'Invoice', description: 'Pay within 30 days' }, fi: { name: 'Lasku' } };

const CATALOG = {
  merchants: [{ id: CLIENT.merchantId, name: 'Språk AB' }],
  stores: [{ id: STORE, merchantId: CLIENT.merchantId, name: 'Butiken', currency: 'SEK', countryCode: 'SE' }],
  clients: [CLIENT],
  paymentMethods: [
    {
      ...catalogMethod(STORE, { id: INVOICE, sortOrder: 1, name: 'Faktura', description: 'Betala inom 30 dagar' }),
      translations: INVOICE_TRANSLATIONS,
    },
    catalogMethod(STORE, {
      id: PART,
      sortOrder: 2,
      name: 'Delbetalning',
      description: 'Dela upp betalningen',
      type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
      priceSignagePossible: true,
      legalLinks: [
        { url: 'https://example.com/secci/sv?belopp=', type: 'SECCI', appendAmount: true },
        { url: 'https://example.com/secci/en?amount=', type: 'SECCI', appendAmount: true, language: 'en' },
        { url: 'https://example.com/villkor', type: 'GENERAL_TERMS' },
      ],
      plans: [
        {
          name: '12 månader',
          description: 'Räntefritt',
          durationMonths: 12,
          annuityFactor: 0.0833333333,
          translations: { en: { name: '12 months', description: 'Interest-free' } },
        },
      ],
    }),
  ],
};

let service: TestService;
let token: string;

servedForTests(CATALOG, CLIENT, (served) => ({ service, token } = served));

function get(path: string) {
  return service.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
}

const listing = (query = '') => get(`/v2/stores/${STORE}/payment_methods${query}`);
const signage = (query: string) => get(`/v2/stores/${STORE}/payment_methods/${PART}/price_signage?amount=1000${query}`);
const plans = (query = '') => get(`/v2/stores/${STORE}/payment_methods/${PART}/annuity_factors${query}`);
const explain = (query: string) => get(`/v2/stores/${STORE}/payment_methods/eligibility?amount=1000${query}`);

describe('the merchant listing', () => {
  it("shows names and descriptions in the store's language by default, with their translations", async () => {
    const response = await listing();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe('sv');
    const [invoice, part] = (response.json() as { content: Array<Record<string, unknown>> }).content;
    expect(invoice).toMatchObject({ name: 'Faktura', description: 'Betala inom 30 dagar', translations: INVOICE_TRANSLATIONS });
    // No translations: no field (the listing is what it was for catalogs without any).
    expect(part).not.toHaveProperty('translations');
    // Every legal link, whatever the language: the listing is the catalog.
    expect((part!.legalLinks as unknown[]).length).toBe(3);
  });

  it('shows them in the language of `locale`, falling back to the text as written', async () => {
    const english = await listing('?locale=en-GB');
    expect(english.headers['content-language']).toBe('en');
    const [invoice, part] = (english.json() as { content: Array<Record<string, unknown>> }).content;
    expect(invoice).toMatchObject({ name: 'Invoice', description: 'Pay within 30 days' });
    expect(part).toMatchObject({ name: 'Delbetalning', description: 'Dela upp betalningen' });
    const finnish = (await listing('?locale=fi')).json() as { content: Array<Record<string, unknown>> };
    expect(finnish.content[0]).toMatchObject({ name: 'Lasku', description: 'Betala inom 30 dagar' });
    const german = await listing('?locale=de-DE');
    expect(german.headers['content-language']).toBe('sv');
  });
});

describe('payment plans and price signage', () => {
  it("name the plans in the request's language", async () => {
    expect((await plans()).json()).toMatchObject({ content: [{ paymentPlanName: '12 månader' }] });
    const english = await plans('?locale=en');
    expect(english.headers['content-language']).toBe('en');
    expect(english.json()).toMatchObject({ content: [{ paymentPlanName: '12 months' }] });
  });

  it("give the plans' texts and the legal links in the request's language, else the store's", async () => {
    const swedish = await signage('');
    expect(swedish.headers['content-language']).toBe('sv');
    expect(swedish.json()).toMatchObject({
      secciLinks: [{ uri: 'https://example.com/secci/sv?belopp=1000', language: 'sv' }],
      generalTermsLinks: [{ uri: 'https://example.com/villkor', language: 'sv' }],
      costList: [{ name: '12 månader', description: 'Räntefritt' }],
    });
    const english = await signage('&locale=en');
    expect(english.headers['content-language']).toBe('en');
    expect(english.json()).toMatchObject({
      secciLinks: [{ uri: 'https://example.com/secci/en?amount=1000', language: 'en' }],
      // No English general terms: the store's.
      generalTermsLinks: [{ uri: 'https://example.com/villkor', language: 'sv' }],
      costList: [{ name: '12 months', description: 'Interest-free' }],
    });
  });
});

describe('the eligibility explanation', () => {
  it('shows the groups a session in that language would get', async () => {
    const english = await explain('&locale=en');
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-language']).toBe('en');
    expect((english.json() as { groups: Array<{ title: string; subtitle: string }> }).groups.map((g) => [g.title, g.subtitle])).toEqual([
      ['Invoice', 'Pay within 30 days'],
      ['Delbetalning', 'From 84 SEK/month'],
    ]);
    const swedish = (await explain('')).json() as { groups: Array<{ subtitle: string }> };
    expect(swedish.groups[1]!.subtitle).toBe('Från 84\u00a0kr/mån');
  });
});

describe('a bad locale', () => {
  const malformed = ['', 'sv_SE', 'sv-', 'sv-abcdefghi', `sv-SE-x-${'abcdefgh-'.repeat(3)}abcd`];
  // What a person can act on, not the RFC 5646 pattern (some 400 characters).
  const rule = 'must be a BCP 47 language tag of at most 35 characters, such as sv-SE';

  it('is 400 on the listing, payment plans and price signage, named in parameters; twice is 400 too', async () => {
    for (const locale of malformed) {
      const q = encodeURIComponent(locale);
      for (const response of [await listing(`?locale=${q}`), await plans(`?locale=${q}`), await signage(`&locale=${q}`)]) {
        expect(response.statusCode, `${locale}: ${response.body}`).toBe(400);
        expect(response.headers['content-language']).toBeUndefined(); // an error's message is English whatever the locale
        // INVALID_REQUEST, as every other query parameter of the merchant API that fails its rules.
        expect(response.json()).toMatchObject({
          code: 'INVALID_REQUEST',
          message: `query parameter locale ${rule}`,
          parameters: { locale: rule },
        });
      }
    }
    for (const response of [
      await listing('?locale=sv&locale=en'),
      await signage('&locale=sv&locale=en'),
      await plans('?locale=sv&locale=en'),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ parameters: { locale: expect.any(String) } });
    }
  });

  it('is 422 on the eligibility explanation, as on group retrieval', async () => {
    const response = await explain('&locale=sv_SE');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'INVALID_QUERY_PARAMETER',
      message: `query parameter locale ${rule}`,
      parameters: { locale: rule },
    });
  });
});
