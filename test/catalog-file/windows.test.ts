// Windows in the catalog file (docs/catalog.md#windows): stored and read back to the millisecond,
// applied again without a change, and a bad window refused whole, naming the field.
import { describe, expect, it } from 'vitest';
import { validateCatalog, CatalogValidationError, loadCatalogValidation } from '../../src/catalog-input/validate.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import { PaymentMethodsRepository } from '../../src/storage/repositories/payment-methods.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { catalogMethod, testIds } from '../helpers/fixtures.ts';

const [STORE] = testIds('7b0e0000', 1);
const [CAMPAIGN] = testIds('7b0f0000', 1);

function catalog(window: Record<string, unknown>) {
  return {
    merchants: [{ id: 'm-windows', name: 'Windows' }],
    stores: [{ id: STORE, merchantId: 'm-windows', name: 'Butiken', currency: 'SEK' }],
    paymentMethods: [{ ...catalogMethod(STORE, { id: CAMPAIGN, name: 'Black Week' }), ...window }],
  };
}

function issuesOf(value: unknown): string[] {
  try {
    validateCatalog(value, DEFAULT_OPERATOR_TYPES);
  } catch (error) {
    if (error instanceof CatalogValidationError) return error.issues.map((i) => i.path);
    throw error;
  }
  return [];
}

describe('windows in the catalog file', () => {
  it('are stored to the millisecond, read back, and applied again without a change', async () => {
    const database = await createTestDatabase();
    try {
      const file = catalog({ activeFrom: '2026-11-27T00:00:00.250+01:00', activeUntil: '2026-12-04T00:00:00Z' });
      await applyCatalog(database.handle.db, file);
      const [stored] = await new PaymentMethodsRepository(database.handle.db).listByStore(STORE);
      expect(stored).toMatchObject({ activeFrom: Date.UTC(2026, 10, 26, 23, 0, 0, 250), activeUntil: Date.UTC(2026, 11, 4) });
      const again = await applyCatalog(database.handle.db, file);
      expect(again.paymentMethods).toMatchObject({ updated: 0, unchanged: 1 });
    } finally {
      await database.drop();
    }
  });

  it('refuses a bad window whole, naming the field', async () => {
    await loadCatalogValidation();
    const path = (field: string) => `paymentMethods[0].${field}`;
    expect(issuesOf(catalog({ activeFrom: '2026-11-27T00:00:00' }))).toEqual([path('activeFrom')]);
    expect(issuesOf(catalog({ activeUntil: '2026-02-30T00:00:00Z' }))).toEqual([path('activeUntil')]);
    expect(issuesOf(catalog({ activeFrom: '2026-12-04T00:00:00Z', activeUntil: '2026-11-27T00:00:00Z' }))).toEqual([path('activeUntil')]);
    expect(issuesOf(catalog({ activeFrom: '2026-11-27T00:00:00Z', activeUntil: '2026-11-27T01:00:00+01:00' }))).toEqual([
      path('activeUntil'),
    ]);
    expect(issuesOf(catalog({ activeFrom: '2026-11-27T00:00:00Z', activeUntil: '2026-11-27T00:00:00.001Z' }))).toEqual([]);
    expect(issuesOf(catalog({ activeFrom: '2026-11-27T00:00:00.0001Z', activeUntil: '2026-11-27T00:00:00.001Z' }))).toEqual([
      path('activeUntil'),
    ]);
  });

  it('takes the forms clients send, a time between two milliseconds as the next one', async () => {
    const database = await createTestDatabase();
    try {
      await applyCatalog(
        database.handle.db,
        catalog({ activeFrom: '2027-01-01T00:00:00.123456+00:00', activeUntil: '2027-01-08t00:00+0100' }),
      );
      const [stored] = await new PaymentMethodsRepository(database.handle.db).listByStore(STORE);
      expect(stored).toMatchObject({ activeFrom: Date.UTC(2027, 0, 1, 0, 0, 0, 124), activeUntil: Date.UTC(2027, 0, 7, 23) });
    } finally {
      await database.drop();
    }
  });
});
