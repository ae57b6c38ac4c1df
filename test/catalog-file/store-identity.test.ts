// The store fields, link languages and plan descriptions of the catalog (docs/catalog.md#stores,
// #legal-links, #payment-plans): defaults, the store number assigned once and kept, and refusals.
// The migration that brought them to a database that already had stores: test/storage/migrations.test.ts.

import { afterEach, describe, expect, it } from 'vitest';
import { CatalogValidationError } from '../../src/catalog-input/validate.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';

import { StoresRepository } from '../../src/storage/repositories/stores.ts';
import { PaymentMethodsRepository } from '../../src/storage/repositories/payment-methods.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const A = '40000000-0000-4000-8000-00000000000a';
const B = '40000000-0000-4000-8000-00000000000b';
const C = '40000000-0000-4000-8000-00000000000c';
const METHOD = '40000000-0000-4000-8000-0000000000f1';
const merchants = [{ id: 'm-id', name: 'Identity AB' }];
const store = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  merchantId: 'm-id',
  name: `Store ${id.slice(-1)}`,
  currency: 'SEK',
  ...extra,
});

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

async function fresh(): Promise<TestDatabase> {
  database = await createTestDatabase();
  return database;
}

async function numbers(db: TestDatabase): Promise<Record<string, number | undefined>> {
  const stores = await Promise.all([A, B, C].map((id) => new StoresRepository(db.handle.db).findById(id)));
  return Object.fromEntries(stores.filter((s) => s).map((s) => [s!.id, s!.nationalStoreId]));
}

function refusal(error: unknown): string {
  expect(error).toBeInstanceOf(CatalogValidationError);
  return (error as Error).message;
}

describe('store identity', () => {
  it('defaults the country to SE and assigns the next free store number, kept on every re-application', async () => {
    const db = await fresh();
    await applyCatalog(db.handle.db, { merchants, stores: [store(A, { nationalStoreId: 10 }), store(B)] });
    expect(await numbers(db)).toEqual({ [A]: 10, [B]: 11 });
    const stored = await new StoresRepository(db.handle.db).findById(B);
    expect(stored).toMatchObject({ countryCode: 'SE', organizationNumber: undefined });
    // The same file again changes nothing; a new store gets the next number; B keeps its own.
    const again = await applyCatalog(db.handle.db, { merchants, stores: [store(A, { nationalStoreId: 10 }), store(B)] });
    expect(again.stores).toEqual({ created: 0, updated: 0, unchanged: 2 });
    await applyCatalog(db.handle.db, { merchants, stores: [store(C), store(B, { countryCode: 'FI' })] });
    expect(await numbers(db)).toEqual({ [A]: 10, [B]: 11, [C]: 12 });
    // Given explicitly, a number changes (a free one).
    await applyCatalog(db.handle.db, { merchants, stores: [store(B, { nationalStoreId: 3, organizationNumber: '556677-8899' })] });
    expect(await new StoresRepository(db.handle.db).findById(B)).toMatchObject({
      nationalStoreId: 3,
      organizationNumber: '556677-8899',
      countryCode: 'SE',
    });
  });

  it('refuses a store number another store has, in the file or in the database, naming the field; nothing applied', async () => {
    const db = await fresh();
    await applyCatalog(db.handle.db, { merchants, stores: [store(A, { nationalStoreId: 7 })] });
    const inDatabase = await applyCatalog(db.handle.db, { merchants, stores: [store(B, { nationalStoreId: 7 })] }).catch(refusal);
    expect(inDatabase).toContain('stores[0].nationalStoreId: 7 is already the number of store');
    const inFile = await applyCatalog(db.handle.db, {
      merchants,
      stores: [store(B, { nationalStoreId: 8 }), store(C, { nationalStoreId: 8 })],
    }).catch(refusal);
    expect(inFile).toContain(`stores[1].nationalStoreId: 8 is already the number of store ${B}`);
    expect(await numbers(db)).toEqual({ [A]: 7 });
  });

  it('refuses malformed store fields, link languages and plan descriptions, naming each', async () => {
    const db = await fresh();
    const message = await applyCatalog(db.handle.db, {
      merchants,
      stores: [store(A, { countryCode: 'se', nationalStoreId: 0, organizationNumber: '' })],
      paymentMethods: [
        {
          id: METHOD,
          storeId: A,
          name: 'M',
          type: 'CARD',
          minPurchaseLimit: 0,
          maxPurchaseLimit: 1,
          minApplicationLimit: 0,
          maxApplicationLimit: 1,
          enabledForLegalCustomer: true,
          enabledForNaturalCustomer: true,
          legalLinks: [{ url: 'https://x.example/', type: 'SECCI', language: 'SV' }],
          plans: [{ name: 'P', durationMonths: 1, annuityFactor: 1, description: 7 }],
        },
      ],
    }).catch(refusal);
    for (const field of [
      'stores[0].countryCode',
      'stores[0].nationalStoreId',
      'stores[0].organizationNumber',
      'legalLinks[0].language',
      'plans[0].description',
    ]) {
      expect(message).toContain(field);
    }
  });

  it('keeps link languages and plan descriptions, and changes a method when only they change', async () => {
    const db = await fresh();
    const method = (language: string | undefined, description: string) => ({
      id: METHOD,
      storeId: A,
      name: 'Part payment',
      type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
      minPurchaseLimit: 0,
      maxPurchaseLimit: 1000,
      minApplicationLimit: 0,
      maxApplicationLimit: 1000,
      enabledForLegalCustomer: false,
      enabledForNaturalCustomer: true,
      legalLinks: [{ url: 'https://x.example/secci', type: 'SECCI', ...(language ? { language } : {}) }],
      plans: [{ name: '12', durationMonths: 12, annuityFactor: 0.09, description }],
    });
    await applyCatalog(db.handle.db, { merchants, stores: [store(A)], paymentMethods: [method(undefined, '')] });
    const changed = await applyCatalog(db.handle.db, { merchants, stores: [store(A)], paymentMethods: [method('en', 'A year')] });
    expect(changed.paymentMethods.updated).toBe(1);
    const [stored] = await new PaymentMethodsRepository(db.handle.db).listByStore(A);
    expect(stored!.legalLinks[0]!.language).toBe('en');
    expect(stored!.plans[0]!.description).toBe('A year');
  });
});
