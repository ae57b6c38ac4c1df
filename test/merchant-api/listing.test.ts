// GET /v2/stores/{store_id}/payment_methods (docs/merchant-api.md#payment-method-listing) and the eligibility explanation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, startTestService, type TestService } from '../helpers/app.ts';
import { NORDIC, OTHER_STORE, STORE } from '../helpers/demo.ts';
import { expectError } from '../helpers/http.ts';
import { INVOICE_METHOD } from '../../src/http/merchant-api/examples.ts';
import { withoutDisclosures } from '../helpers/fixtures.ts';

let service: TestService;
let token: string;

beforeAll(async () => {
  service = await startTestService();
  token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
});

afterAll(async () => {
  await service?.close();
});

function get(url: string, auth: string | null = `Bearer ${token}`) {
  return service.app.inject({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });
}

interface Listing {
  content: Array<Record<string, unknown> & { id: string; name: string }>;
  page: { number: number; size: number; totalElements: number; totalPages: number };
}

describe('listing', () => {
  it('lists every method of the store in display order with every field of docs/merchant-api.md#payment-method-fields', async () => {
    const response = await get(`/v2/stores/${STORE}/payment_methods`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Listing;
    expect(body.page).toEqual({ number: 0, size: 100, totalElements: 10, totalPages: 1 });
    expect(body.content.map((m) => m.name)).toEqual([
      'Black Week: 6 månader räntefritt',
      'Faktura',
      'Delbetalning 12 månader',
      'Delbetalning 24 månader',
      'Delbetalning 36 månader',
      'Flexibelt konto',
      'Kort',
      'Kort (Black Week)',
      'Swish',
      'Företagsfaktura',
    ]);
    // Every field, exactly as the API description's example shows it (the demo store is Swedish: a
    // link without a language of its own is in Swedish).
    expect(body.content[1]).toEqual(INVOICE_METHOD);
    expect(body.content[0]!.campaign).toEqual({ campaign: true, keywords: ['BLACKWEEK'] });
  });

  it('filters by amount with inclusive purchase limits, exactly', async () => {
    const names = async (amount: string) =>
      ((await get(`/v2/stores/${STORE}/payment_methods?amount=${amount}`)).json() as Listing).content.map((m) => m.name);
    expect(await names('600')).toContain('Delbetalning 12 månader');
    expect(await names('599.999')).not.toContain('Delbetalning 12 månader');
    expect(await names('50000')).toContain('Faktura');
    expect(await names('50000.001')).not.toContain('Faktura');
    expect(await names('0')).toEqual(['Faktura', 'Företagsfaktura']);
    expect(await names(`${'9'.repeat(500)}.5`)).toEqual([]);
  });

  it('paginates in the database with the page object', async () => {
    const page1 = (await get(`/v2/stores/${STORE}/payment_methods?page=1&size=3`)).json() as Listing;
    expect(page1.page).toEqual({ number: 1, size: 3, totalElements: 10, totalPages: 4 });
    expect(page1.content.map((m) => m.name)).toEqual(['Delbetalning 24 månader', 'Delbetalning 36 månader', 'Flexibelt konto']);
    const last = (await get(`/v2/stores/${STORE}/payment_methods?page=3&size=3`)).json() as Listing;
    expect(last.content.map((m) => m.name)).toEqual(['Företagsfaktura']);
    const past = (await get(`/v2/stores/${STORE}/payment_methods?page=7&size=3`)).json() as Listing;
    expect(past.content).toEqual([]);
    expect(past.page.totalElements).toBe(10);
    const filtered = (await get(`/v2/stores/${STORE}/payment_methods?amount=0&size=1`)).json() as Listing;
    expect(filtered.page).toEqual({ number: 0, size: 1, totalElements: 2, totalPages: 2 });
  });

  it("reads its page and the store's own row, never the store's whole catalog", async () => {
    // A catalog of 10,000 methods is megabytes to load: a listing page reads 100 of them (docs/merchant-api.md).
    const lookups = (name: string) => {
      const stats = service.ctx.storeMethods.cacheStats().find((s) => s.name === name)!;
      return stats.hits + stats.misses;
    };
    const catalogBefore = lookups('store_catalog');
    const storeBefore = lookups('store_owner');
    const page = (await get(`/v2/stores/${STORE}/payment_methods?size=2&locale=en`)).json() as Listing;
    expect(page.content).toHaveLength(2);
    expect(lookups('store_catalog')).toBe(catalogBefore);
    // The authorization's look at the owner and the page's at the country: the same cached row.
    expect(lookups('store_owner')).toBe(storeBefore + 2);
  });

  it.each([
    'amount=-1',
    'amount=abc',
    'amount=1e3',
    'amount=1.',
    'amount=',
    'page=-1',
    'page=1.5',
    'page=x',
    'size=0',
    'size=1001',
    'size=2.5',
    'page=1&page=2',
    'amount=1&amount=2',
  ])('400 for %s', async (query) => {
    expectError(await get(`/v2/stores/${STORE}/payment_methods?${query}`), 400);
  });

  it('401 without or with a bad token, 403 for a foreign or unknown store', async () => {
    expectError(await get(`/v2/stores/${STORE}/payment_methods`, null), 401);
    expectError(await get(`/v2/stores/${STORE}/payment_methods`, 'Bearer x.y.z'), 401);
    expectError(await get(`/v2/stores/${OTHER_STORE}/payment_methods`), 403);
    expectError(await get(`/v2/stores/11111111-1111-4111-8111-111111111111/payment_methods`), 403);
    expectError(await get(`/v2/stores/not-a-uuid/payment_methods`), 400);
  });
});

describe('eligibility explanation', () => {
  interface Explained {
    amount: string;
    customerType: string | null;
    campaign: string | null;
    methods: Array<{ id: string; name: string; eligible: boolean; reasons: string[] }>;
    groups: Array<{ methodIds: string[] }>;
  }

  it('says why each method is or is not offered, and which groups a session would get', async () => {
    const response = await get(`/v2/stores/${STORE}/payment_methods/eligibility?amount=700&customerType=NATURAL`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Explained;
    expect(body.amount).toBe('700');
    expect(body.customerType).toBe('NATURAL');
    expect(body.campaign).toBeNull();
    const reasons = Object.fromEntries(body.methods.map((m) => [m.name, m.reasons]));
    expect(reasons).toEqual({
      'Black Week: 6 månader räntefritt': ['CAMPAIGN_METHOD_WITHOUT_CAMPAIGN'],
      Faktura: [],
      'Delbetalning 12 månader': [],
      'Delbetalning 24 månader': ['AMOUNT_BELOW_MINIMUM'],
      'Delbetalning 36 månader': ['AMOUNT_BELOW_MINIMUM'],
      'Flexibelt konto': [],
      Kort: [],
      'Kort (Black Week)': ['CAMPAIGN_METHOD_WITHOUT_CAMPAIGN'],
      Swish: [],
      Företagsfaktura: ['CUSTOMER_TYPE_NOT_ENABLED'],
    });
    expect(body.methods.filter((m) => m.eligible).map((m) => m.name)).toEqual([
      'Faktura',
      'Delbetalning 12 månader',
      'Flexibelt konto',
      'Kort',
      'Swish',
    ]);
  });

  it('groups equal what a storefront session with that campaign gets', async () => {
    const session = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { campaign: 'BlackWeek' },
    });
    const { id } = session.json() as { id: string };
    for (const query of ['amount=1000', 'amount=1000&customerType=LEGAL', 'amount=70000.50&flattened=true']) {
      const storefront = (await service.app.inject({ method: 'GET', url: `/v1/sessions/${id}/payment-method-groups?${query}` })).json();
      const explained = (await get(`/v2/stores/${STORE}/payment_methods/eligibility?${query}&campaign=BlackWeek`)).json() as Explained;
      expect(explained.groups).toEqual(withoutDisclosures(storefront));
    }
    const explained = (await get(`/v2/stores/${STORE}/payment_methods/eligibility?amount=1000&campaign=SUMMER`)).json() as Explained;
    expect(explained.methods.find((m) => m.name === 'Faktura')!.reasons).toEqual(['CAMPAIGN_KEYWORD_MISMATCH']);
  });

  it('uses the errors of group retrieval', async () => {
    expectError(await get(`/v2/stores/${STORE}/payment_methods/eligibility`), 400);
    expectError(await get(`/v2/stores/${STORE}/payment_methods/eligibility?amount=1&amount=2`), 400);
    expectError(await get(`/v2/stores/${STORE}/payment_methods/eligibility?amount=1.234`), 422);
    expectError(await get(`/v2/stores/${STORE}/payment_methods/eligibility?amount=1&customerType=x`), 422);
    expectError(await get(`/v2/stores/${STORE}/payment_methods/eligibility?amount=1&campaign=`), 422);
    expectError(await get(`/v2/stores/${OTHER_STORE}/payment_methods/eligibility?amount=1`), 403);
    expectError(await get(`/v2/stores/${STORE}/payment_methods/eligibility?amount=1`, null), 401);
  });
});
