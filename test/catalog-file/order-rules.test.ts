// A method's rules for orders in the catalog file (docs/catalog.md#order-rules): `excludedProductTypes`
// and `countries` stored and read back, applied again without a change, defaults when left out, and a
// bad value refused whole, naming the field and the entry.
import { describe, expect, it } from 'vitest';
import { validateCatalog, CatalogValidationError, loadCatalogValidation } from '../../src/catalog-input/validate.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import { PaymentMethodsRepository } from '../../src/storage/repositories/payment-methods.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { catalogMethod, testIds } from '../helpers/fixtures.ts';

const [STORE] = testIds('7c0e0000', 1);
const [FIRST, SECOND] = testIds('7c0f0000', 2);

function catalog(rules: Record<string, unknown>, others: Record<string, unknown> = {}) {
  return {
    merchants: [{ id: 'm-rules', name: 'Rules' }],
    stores: [{ id: STORE, merchantId: 'm-rules', name: 'Butiken', currency: 'SEK' }],
    paymentMethods: [
      { ...catalogMethod(STORE, { id: FIRST, name: 'Delbetalning', sortOrder: 1 }), ...others },
      { ...catalogMethod(STORE, { id: SECOND, name: 'Faktura', sortOrder: 2 }), ...rules },
    ],
  };
}

function issuesOf(value: unknown): Array<{ path: string; message: string }> {
  try {
    validateCatalog(value, DEFAULT_OPERATOR_TYPES);
  } catch (error) {
    if (error instanceof CatalogValidationError) return error.issues;
    throw error;
  }
  return [];
}

const pathsOf = (value: unknown) => issuesOf(value).map((i) => i.path);

describe('a method’s rules for orders in the catalog file', () => {
  it('are stored, read back, and applied again without a change; left out, they are the defaults', async () => {
    const database = await createTestDatabase();
    try {
      const file = catalog({ excludedProductTypes: ['SUBSCRIPTION', 'GIFT_CARD'], countries: ['SE', 'NO', 'FI'] });
      const applied = await applyCatalog(database.handle.db, file);
      expect(applied.paymentMethods).toMatchObject({ created: 2 });
      const methods = new PaymentMethodsRepository(database.handle.db);
      const [first, second] = await methods.listByStore(STORE);
      // As sets, sorted; none and the store's country by default.
      expect(second).toMatchObject({ excludedProductTypes: ['GIFT_CARD', 'SUBSCRIPTION'], countries: ['FI', 'NO', 'SE'] });
      expect(first!.excludedProductTypes).toEqual([]);
      expect(first!.countries).toBeUndefined();
      expect(await methods.findById(SECOND)).toMatchObject({ countries: ['FI', 'NO', 'SE'] });
      const again = await applyCatalog(database.handle.db, file);
      expect(again.paymentMethods).toMatchObject({ updated: 0, unchanged: 2 });
      // The same sets in another order change nothing.
      const reordered = await applyCatalog(
        database.handle.db,
        catalog({ excludedProductTypes: ['GIFT_CARD', 'SUBSCRIPTION'], countries: ['NO', 'FI', 'SE'] }),
      );
      expect(reordered.paymentMethods).toMatchObject({ updated: 0, unchanged: 2 });

      // Changed, then back to the defaults: each an update, read back as written.
      const changed = await applyCatalog(database.handle.db, catalog({ excludedProductTypes: ['DIGITAL'], countries: ['DK'] }));
      expect(changed.paymentMethods).toMatchObject({ updated: 1, unchanged: 1 });
      expect(await methods.findById(SECOND)).toMatchObject({ excludedProductTypes: ['DIGITAL'], countries: ['DK'] });
      const cleared = await applyCatalog(database.handle.db, catalog({}));
      expect(cleared.paymentMethods).toMatchObject({ updated: 1, unchanged: 1 });
      const reset = await methods.findById(SECOND);
      expect(reset!.excludedProductTypes).toEqual([]);
      expect(reset!.countries).toBeUndefined();
      // An empty list is the default written out: nothing changes.
      const empty = await applyCatalog(database.handle.db, catalog({ excludedProductTypes: [] }));
      expect(empty.paymentMethods).toMatchObject({ updated: 0, unchanged: 2 });
    } finally {
      await database.drop();
    }
  });

  it('takes every product type and any assigned country code', async () => {
    await loadCatalogValidation();
    const all = ['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE', 'SUBSCRIPTION'];
    expect(issuesOf(catalog({ excludedProductTypes: all, countries: ['AX', 'GB', 'US', 'ZW'] }))).toEqual([]);
    const [, method] = validateCatalog(catalog({ excludedProductTypes: all, countries: ['AX'] }), DEFAULT_OPERATOR_TYPES).paymentMethods;
    expect(method).toMatchObject({ excludedProductTypes: [...all].sort(), countries: ['AX'] });
  });

  it('refuses a bad value whole, naming the field and the entry', async () => {
    await loadCatalogValidation();
    const path = (field: string) => `paymentMethods[1].${field}`;
    // The wrong JSON type.
    expect(pathsOf(catalog({ excludedProductTypes: 'GIFT_CARD' }))).toEqual([path('excludedProductTypes')]);
    expect(pathsOf(catalog({ excludedProductTypes: [3] }))).toEqual([path('excludedProductTypes[0]')]);
    expect(pathsOf(catalog({ countries: 'SE' }))).toEqual([path('countries')]);
    expect(pathsOf(catalog({ countries: null }))).toEqual([path('countries')]);
    expect(pathsOf(catalog({ countries: ['SE', 46] }))).toEqual([path('countries[1]')]);
    // An unknown product type, or one in another case.
    expect(issuesOf(catalog({ excludedProductTypes: ['PHYSICAL', 'GIFTCARD'] }))).toEqual([
      { path: path('excludedProductTypes[1]'), message: 'must be one of PHYSICAL, DIGITAL, GIFT_CARD, SERVICE, SUBSCRIPTION' },
    ]);
    expect(pathsOf(catalog({ excludedProductTypes: ['gift_card'] }))).toEqual([path('excludedProductTypes[0]')]);
    // A repeated entry: the repeat is named.
    expect(issuesOf(catalog({ excludedProductTypes: ['GIFT_CARD', 'DIGITAL', 'GIFT_CARD'] }))).toEqual([
      { path: path('excludedProductTypes[2]'), message: 'repeats "GIFT_CARD" (entry 0)' },
    ]);
    expect(pathsOf(catalog({ countries: ['SE', 'NO', 'SE'] }))).toEqual([path('countries[2]')]);
    // Lower case, not two letters, or not an assigned code.
    expect(issuesOf(catalog({ countries: ['SE', 'no'] }))).toEqual([
      { path: path('countries[1]'), message: 'must be an ISO 3166-1 alpha-2 country code in upper case, such as SE' },
    ]);
    expect(pathsOf(catalog({ countries: ['SWE'] }))).toEqual([path('countries[0]')]);
    expect(issuesOf(catalog({ countries: ['SE', 'NO', 'XX'] }))).toEqual([
      { path: path('countries[2]'), message: 'must be an assigned ISO 3166-1 alpha-2 country code ("XX" is not one)' },
    ]);
    expect(pathsOf(catalog({ countries: ['UK'] }))).toEqual([path('countries[0]')]);
    // An empty list of countries (no country at all would never be offered: leave the field out for the default).
    expect(pathsOf(catalog({ countries: [] }))).toEqual([path('countries')]);
    // Every bad field of the file at once.
    expect(pathsOf(catalog({ countries: ['XK'] }, { excludedProductTypes: ['DIGITAL', 'DIGITAL'] }))).toEqual([
      'paymentMethods[0].excludedProductTypes[1]',
      path('countries[0]'),
    ]);
  });

  it('stores nothing of a refused file', async () => {
    const database = await createTestDatabase();
    try {
      await expect(applyCatalog(database.handle.db, catalog({ countries: ['se'] }))).rejects.toThrow(/paymentMethods\[1\]\.countries\[0\]/);
      expect(await new PaymentMethodsRepository(database.handle.db).listByStore(STORE)).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
