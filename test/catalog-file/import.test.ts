// Catalog file application (docs/catalog.md#catalog-file): validated whole, applied by idempotent upsert, secrets hashed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogValidationError } from '../../src/catalog-input/validate.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { demoCatalog } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase, catalogSnapshot } from '../helpers/database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

function snapshot() {
  return catalogSnapshot(database.handle.db);
}

function refusal(error: unknown): string {
  expect(error).toBeInstanceOf(CatalogValidationError);
  return (error as Error).message;
}

describe('applying the demo catalog', () => {
  it('creates everything once, then changes nothing on re-application', async () => {
    const catalog = await demoCatalog();
    const first = await applyCatalog(database.handle.db, catalog);
    expect(first.paymentMethods.created).toBe(12);
    expect(first.clients.created).toBe(2);
    const before = await snapshot();
    const second = await applyCatalog(database.handle.db, catalog);
    expect(second.paymentMethods).toEqual({ created: 0, updated: 0, unchanged: 12 });
    expect(second.clients).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(second.stores).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await snapshot()).toEqual(before);
  });

  it('stores client secrets only as scrypt hashes', async () => {
    const rows = await database.handle.db.selectFrom('clients').selectAll().execute();
    for (const row of rows) {
      expect(row.secret_hash).toMatch(/^scrypt\$/);
      expect(row.secret_hash).not.toContain('demo-secret');
    }
  });

  it('keeps amounts exact', async () => {
    const plan = await database.handle.db
      .selectFrom('payment_method_plans')
      .select(['annuity_factor', 'administration_fee'])
      .where('payment_method_id', '=', '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a')
      .executeTakeFirstOrThrow();
    expect(plan.annuity_factor).toBe('0.046121852303');
    expect(plan.administration_fee).toBe('29.00');
  });

  it('updates what changed and replaces plans and links', async () => {
    const catalog = await demoCatalog();
    const methods = catalog.paymentMethods as Array<Record<string, unknown>>;
    methods[1]!.maxPurchaseLimit = '99999.95';
    methods[1]!.plans = [];
    const result = await applyCatalog(database.handle.db, catalog);
    expect(result.paymentMethods).toEqual({ created: 0, updated: 1, unchanged: 11 });
    const row = await database.handle.db
      .selectFrom('payment_methods')
      .select('max_purchase_limit')
      .where('id', '=', methods[1]!.id as string)
      .executeTakeFirstOrThrow();
    expect(row.max_purchase_limit).toBe('99999.95');
    const plans = await database.handle.db
      .selectFrom('payment_method_plans')
      .selectAll()
      .where('payment_method_id', '=', methods[1]!.id as string)
      .execute();
    expect(plans).toEqual([]);
  });
});

describe('an invalid catalog is refused whole, naming the field', () => {
  it.each([
    ['a negative limit', (c: any) => (c.paymentMethods[3].minPurchaseLimit = -1), 'paymentMethods[3].minPurchaseLimit'],
    ['min above max', (c: any) => (c.paymentMethods[2].minPurchaseLimit = 200000), 'paymentMethods[2].maxPurchaseLimit'],
    ['three decimals on money', (c: any) => (c.paymentMethods[0].maxPurchaseLimit = 10.005), 'paymentMethods[0].maxPurchaseLimit'],
    ['a missing field', (c: any) => delete c.paymentMethods[4].enabledForLegalCustomer, 'paymentMethods[4].enabledForLegalCustomer'],
    ['an unknown field', (c: any) => (c.stores[0].colour = 'blue'), 'stores[0].colour'],
    ['a bad store id', (c: any) => (c.stores[1].id = 'store-1'), 'stores[1].id'],
    ['an unknown merchant', (c: any) => (c.clients[0].merchantId = 'm-nobody'), 'clients[0].merchantId'],
    ['an unknown store', (c: any) => (c.paymentMethods[5].storeId = '11111111-1111-4111-8111-111111111111'), 'paymentMethods[5].storeId'],
    ['a duplicate id', (c: any) => (c.paymentMethods[6].id = c.paymentMethods[0].id), 'paymentMethods[6].id'],
    ['a bad currency', (c: any) => (c.stores[0].currency = 'kronor'), 'stores[0].currency'],
    [
      'a legal link that is not a URL',
      (c: any) => (c.paymentMethods[0].legalLinks[0].url = 'terms'),
      'paymentMethods[0].legalLinks[0].url',
    ],
    [
      'a campaign without keywords',
      (c: any) => (c.paymentMethods[0].campaign = { campaign: true, keywords: [] }),
      'paymentMethods[0].campaign.keywords',
    ],
    [
      'a string where a boolean belongs',
      (c: any) => (c.paymentMethods[0].priceSignagePossible = 'yes'),
      'paymentMethods[0].priceSignagePossible',
    ],
  ])('%s', async (_name, mutate, field) => {
    const catalog = await demoCatalog();
    // A valid change alongside the invalid one must not be applied either.
    (catalog.merchants as Array<Record<string, string>>)[0]!.name = 'Renamed AB';
    mutate(catalog);
    const before = await snapshot();
    const message = await applyCatalog(database.handle.db, catalog).then(
      () => 'applied',
      (error: unknown) => refusal(error),
    );
    expect(message).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses something that is not a catalog at all', async () => {
    for (const value of [null, [], 'catalog', 42, { merchants: {} }]) {
      const message = await applyCatalog(database.handle.db, value).then(
        () => 'applied',
        (error: unknown) => refusal(error),
      );
      expect(message).not.toBe('applied');
    }
  });
});

it('resolves references to entities already in the database', async () => {
  const result = await applyCatalog(database.handle.db, {
    paymentMethods: [
      {
        id: 'a1a1a1a1-b2b2-4c3c-8d4d-e5e5e5e5e5e5',
        storeId: 'aeb7e15a-90be-4c89-a9a0-c6bb6cc54aca',
        name: 'Vipps',
        type: 'VIPPS',
        minPurchaseLimit: '1',
        maxPurchaseLimit: '1000',
        minApplicationLimit: 1,
        maxApplicationLimit: 1000,
        enabledForLegalCustomer: false,
        enabledForNaturalCustomer: true,
      },
    ],
  });
  expect(result.paymentMethods.created).toBe(1);
});
