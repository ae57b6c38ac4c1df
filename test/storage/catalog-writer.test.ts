// The catalog's upserts (storage/repositories/catalog-writer.ts) on either database: `insert … on
// conflict do update … where <changed>` tells created, updated and unchanged apart (xmax = 0), a
// write of the same values changes nothing (not even updated_at), the store number's trigger, and
// the constraints that turn a bad write into an error the services map (unique, foreign key, check).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compareDecimal } from '../../src/domain/money.ts';
import { isForeignKeyViolation } from '../../src/services/admin/common.ts';
import { catalogTransaction } from '../../src/storage/catalog-transaction.ts';
import { CatalogWriter } from '../../src/storage/repositories/catalog-writer.ts';
import { MerchantsRepository } from '../../src/storage/repositories/merchants.ts';
import { PaymentMethodsRepository } from '../../src/storage/repositories/payment-methods.ts';
import { StoresRepository } from '../../src/storage/repositories/stores.ts';
import { dec, method, plan, store } from '../helpers/fixtures.ts';
import { sqlState, useDatabase, uuid, writeCatalog } from './harness.ts';

const t = useDatabase();

function write<T>(work: (writer: CatalogWriter) => Promise<T>): Promise<T> {
  return catalogTransaction(t.db, (tx) => work(new CatalogWriter(tx)));
}

async function generation(): Promise<number> {
  const row = await t.db.selectFrom('catalog_generation').select('generation').executeTakeFirstOrThrow();
  return Number(row.generation);
}

describe('merchants', () => {
  it('created, then unchanged (updated_at kept), then updated', async () => {
    expect(await write((w) => w.upsertMerchant({ id: 'm-upsert', name: 'Upsert AB' }))).toBe('created');
    const before = await t.db.selectFrom('merchants').select('updated_at').where('id', '=', 'm-upsert').executeTakeFirstOrThrow();
    expect(await write((w) => w.upsertMerchant({ id: 'm-upsert', name: 'Upsert AB' }))).toBe('unchanged');
    const after = await t.db.selectFrom('merchants').select('updated_at').where('id', '=', 'm-upsert').executeTakeFirstOrThrow();
    expect(after.updated_at).toEqual(before.updated_at);
    expect(await write((w) => w.upsertMerchant({ id: 'm-upsert', name: 'Upsert Oy' }))).toBe('updated');
    expect(await new MerchantsRepository(t.db).findById('m-upsert')).toEqual({ id: 'm-upsert', name: 'Upsert Oy' });
  });

  it('a merchant with stores or clients cannot be deleted: a foreign-key violation, as the admin API maps it', async () => {
    await writeCatalog(t.db, {
      merchants: [{ id: 'm-owner', name: 'Owner' }],
      stores: [store({ id: uuid(900), merchantId: 'm-owner', nationalStoreId: 900 })],
    });
    const merchants = new MerchantsRepository(t.db);
    expect(await merchants.dependents('m-owner')).toEqual({ stores: 1, clients: 0 });
    let failure: unknown;
    await merchants.delete('m-owner').catch((error: unknown) => (failure = error));
    expect(isForeignKeyViolation(failure)).toBe(true);
    expect(await new StoresRepository(t.db).delete(uuid(900))).toBe(true);
    expect(await merchants.delete('m-owner')).toBe(true);
    expect(await merchants.delete('m-owner')).toBe(false);
  });
});

describe('stores', () => {
  it('numbers a store written without one (the highest + 1), keeps the number on later writes, and refuses a taken one', async () => {
    await writeCatalog(t.db, { merchants: [{ id: 'm-stores', name: 'Stores' }] });
    const given = store({ id: uuid(1, '5a000000'), merchantId: 'm-stores', nationalStoreId: 70 });
    const unnumbered = store({ id: uuid(2, '5a000000'), merchantId: 'm-stores', name: 'Unnumbered', nationalStoreId: undefined });
    expect(await write((w) => w.upsertStore(given))).toBe('created');
    expect(await write((w) => w.upsertStore(unnumbered))).toBe('created');
    const stores = new StoresRepository(t.db);
    const assigned = (await stores.findById(unnumbered.id))!.nationalStoreId;
    expect(assigned).toBeGreaterThan(70);
    // Written again without a number: the stored one is kept, and nothing changes.
    expect(await write((w) => w.upsertStore(unnumbered))).toBe('unchanged');
    expect((await stores.findById(unnumbered.id))!.nationalStoreId).toBe(assigned);
    expect(await write((w) => w.upsertStore({ ...unnumbered, name: 'Renamed' }))).toBe('updated');
    expect((await stores.findById(unnumbered.id))!.nationalStoreId).toBe(assigned);
    expect((await stores.nationalStoreIds()).get(70)).toBe(given.id);
    // Another store with a number in use: the unique index refuses it, and the write rolls back whole.
    const before = await generation();
    const clash = store({ id: uuid(3, '5a000000'), merchantId: 'm-stores', nationalStoreId: 70 });
    expect(await sqlState(write((w) => w.upsertStore(clash)))).toBe('23505');
    expect(await stores.findById(clash.id)).toBeUndefined();
    expect(await generation()).toBe(before);
    expect(await sqlState(write((w) => w.upsertStore({ ...clash, nationalStoreId: 0 })))).toBe('23514');
  });

  it('reads back decimals exactly and translations as written, whatever order JSONB keeps their keys in', async () => {
    await writeCatalog(t.db, { merchants: [{ id: 'm-json', name: 'Json' }] });
    const translated = store({
      id: uuid(4, '5a000000'),
      merchantId: 'm-json',
      nationalStoreId: 400,
      minimumInvoiceAmount: dec('12345678.90'),
      translations: { sv: { bundleTitle: 'Delbetalning' }, en: { bundleTitle: 'Part payment' }, fi: { bundleTitle: 'Osamaksu' } },
    });
    expect(await write((w) => w.upsertStore(translated))).toBe('created');
    const read = (await new StoresRepository(t.db).findById(translated.id))!;
    expect(read.minimumInvoiceAmount).toEqual(dec('12345678.90'));
    expect(read.translations).toEqual(translated.translations);
    expect(await write((w) => w.upsertStore(translated))).toBe('unchanged');
  });
});

describe('payment methods', () => {
  const STORE = uuid(10, '5a000000');

  it('unchanged when only the scale of a decimal differs; plans and links rewritten when they differ', async () => {
    await writeCatalog(t.db, {
      merchants: [{ id: 'm-methods', name: 'Methods' }],
      stores: [store({ id: STORE, merchantId: 'm-methods', nationalStoreId: 1000 })],
    });
    const written = method({
      id: uuid(11, '5a000000'),
      storeId: STORE,
      maxPurchaseLimit: dec('50000'),
      plans: [plan({ annuityFactor: dec('0.5'), translations: { sv: { name: '12 månader' }, en: { name: '12 months' } } })],
      legalLinks: [{ url: 'https://example.com/terms', type: 'TERMS', appendAmount: true, language: 'sv' }],
      campaign: { campaign: true, keywords: ['black-week', 'Å'] },
    });
    expect(await write((w) => w.upsertPaymentMethod(written))).toBe('created');
    // The same method with 50000.00 and 0.500: NUMERIC compares equal, nothing is written.
    const rescaled = { ...written, maxPurchaseLimit: dec('50000.00'), plans: [{ ...written.plans[0]!, annuityFactor: dec('0.500') }] };
    expect(await write((w) => w.upsertPaymentMethod(rescaled))).toBe('unchanged');
    // A plan changed alone still counts as the method updated.
    const replanned = { ...written, plans: [plan({ name: '24 months', durationMonths: 24 }), plan()] };
    expect(await write((w) => w.upsertPaymentMethod(replanned))).toBe('updated');
    const read = (await new PaymentMethodsRepository(t.db).findById(written.id))!;
    expect(read.plans.map((p) => p.name)).toEqual(['24 months', '12 months']);
    expect(read.legalLinks).toEqual(written.legalLinks);
    expect(read.campaign).toEqual({ campaign: true, keywords: ['black-week', 'Å'] });
    expect(compareDecimal(read.maxPurchaseLimit, dec('50000'))).toBe(0);
  });

  it('stores the order rules (excludedProductTypes, countries) and reads them back; null countries read as the default', async () => {
    const ruled = method({
      id: uuid(14, '5a000000'),
      storeId: STORE,
      excludedProductTypes: ['DIGITAL', 'GIFT_CARD'],
      countries: ['NO', 'SE'],
    });
    expect(await write((w) => w.upsertPaymentMethod(ruled))).toBe('created');
    const methods = new PaymentMethodsRepository(t.db);
    expect(await methods.findById(ruled.id)).toMatchObject({ excludedProductTypes: ['DIGITAL', 'GIFT_CARD'], countries: ['NO', 'SE'] });
    expect(await write((w) => w.upsertPaymentMethod(ruled))).toBe('unchanged');
    // Either field changed alone is an update.
    expect(await write((w) => w.upsertPaymentMethod({ ...ruled, excludedProductTypes: ['GIFT_CARD'] }))).toBe('updated');
    expect(await write((w) => w.upsertPaymentMethod({ ...ruled, excludedProductTypes: ['GIFT_CARD'], countries: ['SE'] }))).toBe('updated');
    // Back to the defaults: '{}' and null, read as [] and undefined (the store's country).
    expect(await write((w) => w.upsertPaymentMethod({ ...ruled, excludedProductTypes: undefined, countries: undefined }))).toBe('updated');
    const row = await t.db
      .selectFrom('payment_methods')
      .select(['excluded_product_types', 'countries'])
      .where('id', '=', ruled.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ excluded_product_types: [], countries: null });
    const read = (await methods.findById(ruled.id))!;
    expect(read.excludedProductTypes).toEqual([]);
    expect(read.countries).toBeUndefined();
    // [] and undefined are the same "none": nothing is written.
    expect(await write((w) => w.upsertPaymentMethod({ ...ruled, excludedProductTypes: [], countries: undefined }))).toBe('unchanged');
  });

  it('a row written without the order rules (as the release before them writes) gets the defaults; an empty countries list is refused', async () => {
    const id = uuid(15, '5a000000');
    // The previous release's insert names none of the new columns.
    await sql`insert into payment_methods (id, store_id, sort_order, name, description, type, min_purchase_limit, max_purchase_limit,
        min_application_limit, max_application_limit, enabled_for_legal_customer, enabled_for_natural_customer, is_campaign,
        campaign_keywords, price_signage_possible)
      values (${id}, ${STORE}, 0, 'Old release', '', 'PROVIDER_INVOICE', 0, 100, 0, 100, false, true, false, '{}', false)`.execute(t.db);
    const read = (await new PaymentMethodsRepository(t.db).findById(id))!;
    expect(read.excludedProductTypes).toEqual([]);
    expect(read.countries).toBeUndefined();
    expect(await sqlState(sql`update payment_methods set countries = '{}' where id = ${id}`.execute(t.db))).toBe('23514');
  });

  it('refuses a window that ends before it starts (check constraint) and a method of an unknown store (foreign key)', async () => {
    const window = method({
      id: uuid(12, '5a000000'),
      storeId: STORE,
      activeFrom: Date.parse('2026-12-01T00:00:00Z'),
      activeUntil: Date.parse('2026-11-01T00:00:00Z'),
    });
    expect(await sqlState(write((w) => w.upsertPaymentMethod(window)))).toBe('23514');
    const orphan = method({ id: uuid(13, '5a000000'), storeId: uuid(999, '5a000000') });
    expect(await sqlState(write((w) => w.upsertPaymentMethod(orphan)))).toBe('23503');
  });

  it('deleting a store takes its methods, plans and links with it (cascade)', async () => {
    const doomed = uuid(20, '5a000000');
    await writeCatalog(t.db, {
      stores: [store({ id: doomed, merchantId: 'm-methods', nationalStoreId: 2000 })],
      methods: [
        method({
          id: uuid(21, '5a000000'),
          storeId: doomed,
          plans: [plan()],
          legalLinks: [{ url: 'https://example.com/x', type: 'PRICE_INFO', appendAmount: false }],
        }),
      ],
    });
    expect(await new StoresRepository(t.db).delete(doomed)).toBe(true);
    const { rows } = await sql<{
      n: number;
    }>`select (select count(*) from payment_method_plans where payment_method_id = ${uuid(21, '5a000000')})::int
      + (select count(*) from payment_method_legal_links where payment_method_id = ${uuid(21, '5a000000')})::int
      + (select count(*) from payment_methods where id = ${uuid(21, '5a000000')})::int as n`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('the catalog transaction', () => {
  it('counts every write once, and a write rolled back not at all', async () => {
    const before = await generation();
    await write((w) => w.upsertMerchant({ id: 'm-generation', name: 'G' }));
    expect(await generation()).toBe(before + 1);
    await expect(
      write(async (w) => {
        await w.upsertMerchant({ id: 'm-rolled-back', name: 'R' });
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await generation()).toBe(before + 1);
    expect(await new MerchantsRepository(t.db).findById('m-rolled-back')).toBeUndefined();
  });
});
