// The listings' SQL on either database (storage/repositories/payment-methods.ts, stores.ts,
// merchants.ts, clients.ts): byte-wise order (collate "C": 'Z' before 'a', 'Ä' after 'z', whatever
// the database's locale), ties by id so that pages never overlap, amounts compared as NUMERIC,
// windows from inclusive to exclusive, and the total beside each page.
import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../src/domain/money.ts';
import { ClientsRepository } from '../../src/storage/repositories/clients.ts';
import { MerchantsRepository } from '../../src/storage/repositories/merchants.ts';
import { PaymentMethodsRepository } from '../../src/storage/repositories/payment-methods.ts';
import { StoresRepository } from '../../src/storage/repositories/stores.ts';
import { dec, method, store } from '../helpers/fixtures.ts';
import { useDatabase, uuid, writeCatalog } from './harness.ts';

const t = useDatabase();
const STORE = uuid(1, '11000000');
const OTHER_STORE = uuid(2, '11000000');
/** Names in byte order; a locale's collation would interleave the cases and put Ä beside A. */
const BYTE_ORDER = ['Zeta', 'alpha', 'zeta', 'Ärlig', 'Örn'];
const AT = new Date('2026-11-21T12:00:00.000Z');

async function seed(): Promise<void> {
  await writeCatalog(t.db, {
    merchants: [
      { id: 'm-b', name: 'B' },
      { id: 'm-A', name: 'A' },
      { id: 'm-a', name: 'a' },
    ],
    stores: [
      store({ id: STORE, merchantId: 'm-a', name: 'Älmhult', nationalStoreId: 3 }),
      store({ id: OTHER_STORE, merchantId: 'm-a', name: 'Zürich', nationalStoreId: 1 }),
      store({ id: uuid(3, '11000000'), merchantId: 'm-a', name: 'bergen', nationalStoreId: 2 }),
      store({ id: uuid(4, '11000000'), merchantId: 'm-b', name: 'Other merchant', nationalStoreId: 4 }),
    ],
    methods: [
      // The same sort order: by name byte-wise; the same name too: by id.
      ...[...BYTE_ORDER].reverse().map((name, i) => method({ id: uuid(100 + i, '11000000'), storeId: STORE, sortOrder: 10, name })),
      method({ id: uuid(201, '11000000'), storeId: STORE, sortOrder: 10, name: 'Twin' }),
      method({ id: uuid(200, '11000000'), storeId: STORE, sortOrder: 10, name: 'Twin' }),
      method({
        id: uuid(300, '11000000'),
        storeId: STORE,
        sortOrder: -5,
        name: 'First',
        minPurchaseLimit: dec('100.00'),
        maxPurchaseLimit: dec('100.01'),
      }),
      // Windows: from inclusive, until exclusive.
      method({ id: uuid(400, '11000000'), storeId: STORE, sortOrder: 99, name: 'Starts at AT', activeFrom: AT.getTime() }),
      method({ id: uuid(401, '11000000'), storeId: STORE, sortOrder: 99, name: 'Ends at AT', activeUntil: AT.getTime() }),
      method({ id: uuid(402, '11000000'), storeId: STORE, sortOrder: 99, name: 'Ends after AT', activeUntil: AT.getTime() + 1 }),
      method({ id: uuid(500, '11000000'), storeId: OTHER_STORE, sortOrder: 1, name: 'Elsewhere' }),
    ],
  });
}

describe('payment methods', () => {
  it('in display order: sort order, then name byte-wise, then id', async () => {
    await seed();
    const methods = await new PaymentMethodsRepository(t.db).listByStore(STORE);
    expect(methods.map((m) => m.name)).toEqual(['First', 'Twin', 'Twin', ...BYTE_ORDER, 'Ends after AT', 'Ends at AT', 'Starts at AT']);
    const twins = methods.filter((m) => m.name === 'Twin').map((m) => m.id);
    expect(twins).toEqual([uuid(200, '11000000'), uuid(201, '11000000')]);
  });

  it('a page within the windows at a time, with the total, in the same order', async () => {
    const repository = new PaymentMethodsRepository(t.db);
    const all = await repository.listPage(STORE, { limit: 100, offset: 0, at: AT });
    expect(all.methods.map((m) => m.name)).toEqual(['First', 'Twin', 'Twin', ...BYTE_ORDER, 'Ends after AT', 'Starts at AT']);
    expect(all.totalElements).toBe(10);
    const before = await repository.listPage(STORE, { limit: 100, offset: 0, at: new Date(AT.getTime() - 1) });
    expect(before.methods.map((m) => m.name)).toContain('Ends at AT');
    expect(before.methods.map((m) => m.name)).not.toContain('Starts at AT');
    // Pages of 3 put together are the whole list, none twice.
    const pages = [];
    for (let offset = 0; offset < 10; offset += 3) pages.push(...(await repository.listPage(STORE, { limit: 3, offset, at: AT })).methods);
    expect(pages.map((m) => m.id)).toEqual(all.methods.map((m) => m.id));
    const beyond = await repository.listPage(STORE, { limit: 3, offset: 30, at: AT });
    expect(beyond).toEqual({ methods: [], totalElements: 10 });
  });

  it('filters by amount as NUMERIC: limits are inclusive, and 100.01 is not 100.1', async () => {
    const repository = new PaymentMethodsRepository(t.db);
    const names = async (amount: string) =>
      (await repository.listPage(STORE, { amount, limit: 100, offset: 0, at: AT })).methods.map((m) => m.name);
    expect(await names('100')).toContain('First');
    expect(await names('100.01')).toContain('First');
    expect(await names('100.010000')).toContain('First');
    expect(await names('100.1')).not.toContain('First');
    expect(await names('99.99')).not.toContain('First');
    expect(await names('50000')).toHaveLength(9);
    expect(await names('50000.01')).toEqual([]);
    const first = (await repository.findById(uuid(300, '11000000')))!;
    expect(formatDecimal(first.maxPurchaseLimit)).toBe('100.01');
  });

  it("every store's methods: by store, then display order; a delete takes one away", async () => {
    const repository = new PaymentMethodsRepository(t.db);
    const page = await repository.list({ limit: 100, offset: 0 });
    expect(page.totalElements).toBe(12);
    expect(page.methods.map((m) => m.storeId)).toEqual([...Array<string>(11).fill(STORE), OTHER_STORE]);
    expect((await repository.list({ storeId: OTHER_STORE, limit: 100, offset: 0 })).methods.map((m) => m.name)).toEqual(['Elsewhere']);
    expect(await repository.delete(uuid(500, '11000000'))).toBe(true);
    expect(await repository.delete(uuid(500, '11000000'))).toBe(false);
    expect(await repository.findById(uuid(500, '11000000'))).toBeUndefined();
  });
});

describe('stores, merchants and clients', () => {
  it("a merchant's stores by name byte-wise or by number, either way round", async () => {
    const stores = new StoresRepository(t.db);
    const names = async (orderBy: 'name' | 'nationalStoreId', descending: boolean) =>
      (await stores.pageOfMerchant('m-a', { orderBy, descending, limit: 10, offset: 0 })).stores.map((s) => s.name);
    expect(await names('name', false)).toEqual(['Zürich', 'bergen', 'Älmhult']);
    expect(await names('name', true)).toEqual(['Älmhult', 'bergen', 'Zürich']);
    expect(await names('nationalStoreId', false)).toEqual(['Zürich', 'bergen', 'Älmhult']);
    expect(await names('nationalStoreId', true)).toEqual(['Älmhult', 'bergen', 'Zürich']);
    const second = await stores.pageOfMerchant('m-a', { orderBy: 'name', descending: false, limit: 1, offset: 1 });
    expect(second.stores.map((s) => s.name)).toEqual(['bergen']);
    expect(second.totalElements).toBe(3);
    expect((await stores.list({ merchantId: 'm-b', limit: 10, offset: 0 })).stores.map((s) => s.name)).toEqual(['Other merchant']);
    expect(await stores.merchantOf(STORE)).toBe('m-a');
    expect(await stores.merchantOf(uuid(999, '11000000'))).toBeUndefined();
  });

  it('merchants and clients by id, byte-wise', async () => {
    const merchants = await new MerchantsRepository(t.db).list({ limit: 10, offset: 0 });
    expect(merchants.merchants.map((m) => m.id)).toEqual(['m-A', 'm-a', 'm-b']);
    expect(merchants.totalElements).toBe(3);
    const clients = new ClientsRepository(t.db);
    for (const clientId of ['z-client', 'Z-client', 'a-client']) {
      expect(await clients.upsert({ clientId, merchantId: 'm-a', secretHash: `hash-${clientId}`, scopes: ['merchant-api'] })).toBe(
        'created',
      );
    }
    expect(await clients.upsert({ clientId: 'a-client', merchantId: 'm-a', secretHash: 'hash-a-client', scopes: ['merchant-api'] })).toBe(
      'unchanged',
    );
    expect(
      await clients.upsert({ clientId: 'a-client', merchantId: 'm-a', secretHash: 'hash-a-client', scopes: ['merchant-api', 'admin'] }),
    ).toBe('updated');
    const page = await clients.list({ merchantId: 'm-a', limit: 10, offset: 0 });
    expect(page.clients).toEqual([
      { clientId: 'Z-client', merchantId: 'm-a', scopes: ['merchant-api'] },
      { clientId: 'a-client', merchantId: 'm-a', scopes: ['merchant-api', 'admin'] },
      { clientId: 'z-client', merchantId: 'm-a', scopes: ['merchant-api'] },
    ]);
    expect(await clients.setSecretHash('a-client', 'rotated')).toBe(true);
    expect((await clients.findById('a-client'))?.secretHash).toBe('rotated');
    expect(await clients.setSecretHash('nobody', 'x')).toBe(false);
    // PostgreSQL text cannot hold NUL: such an id is nobody, not an error.
    expect(await clients.findById('a-client\u0000')).toBeUndefined();
    expect(await clients.delete('z-client')).toBe(true);
    expect((await clients.list({ limit: 10, offset: 0 })).totalElements).toBe(2);
  });
});
