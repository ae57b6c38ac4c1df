// Browsing and changing the catalog in the console (docs/console.md#pages): merchants and stores
// created, edited and deleted through the same services as the admin API, recorded in the audit
// trail as the signed-in client, and a refused field's message shown beside its input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog, startTestService, withAdminClient, type TestService } from '../helpers/app.ts';
import { STORE } from '../helpers/demo.ts';
import { ConsoleUser, expectConsoleHeaders, inputOf, textOfId } from './harness.ts';

const ADMIN = { id: 'ops-console', secret: 'ops-console-secret-8c1d4e7f2a', merchantId: 'm-operator' };
let service: TestService;
let user: ConsoleUser;

beforeAll(async () => {
  service = await startTestService({ catalog: withAdminClient(await demoCatalog(), ADMIN) });
  user = new ConsoleUser(service.app);
  expect((await user.signIn(ADMIN.id, ADMIN.secret)).statusCode).toBe(303);
});

afterAll(async () => {
  await service?.close();
});

async function lastAuditEvent(entity: string) {
  const events = await service.ctx.auditTrail.list({ page: 0, size: 1, entity: entity as 'merchant' });
  return events.content[0];
}

describe('browsing', () => {
  it('lists merchants, one merchant with its stores and clients, stores, one store with its methods', async () => {
    const merchants = await user.get('/console/merchants');
    expect(merchants.statusCode).toBe(200);
    expect(merchants.body).toContain('<a href="/console/merchants/m-nordic-home">');
    const merchant = await user.get('/console/merchants/m-nordic-home');
    expect(merchant.body).toContain(`<a href="/console/stores/${STORE}">`);
    expect(merchant.body).toContain('nordic-home-backend');
    expect(merchant.body).toContain('No webhook endpoints.');
    await service.ctx.webhookEndpoints.create(
      { merchantId: 'm-nordic-home', url: 'https://hooks.example.com/pms', description: 'ERP sync' },
      { type: 'cli', id: 'test' },
    );
    const withHook = await user.get('/console/merchants/m-nordic-home');
    expect(withHook.body).toContain('https://hooks.example.com/pms');
    expect(withHook.body).toContain('ERP sync');
    const stores = await user.get('/console/stores');
    expect(stores.body).toContain(`<a href="/console/stores/${STORE}">`);
    const store = await user.get(`/console/stores/${STORE}`);
    expect(store.statusCode).toBe(200);
    expect(store.body).toMatch(/<th scope="col">Purchase amounts<\/th>/);
    expect(store.body).toContain('<a href="/console/payment-methods/');
  });

  it('answers an unknown merchant or store with a 404 page', async () => {
    for (const url of ['/console/merchants/m-nope', '/console/stores/00000000-0000-4000-8000-000000000000']) {
      const response = await user.get(url);
      expect(response.statusCode).toBe(404);
      expectConsoleHeaders(response);
      expect(response.body).toContain('not found');
    }
  });
});

describe('merchants', () => {
  it('creates, renames and deletes a merchant, recorded as the signed-in client', async () => {
    const created = await user.submit('/console/merchants/new', '/console/merchants/new', { id: 'm-console', name: 'Console Shop' });
    expect(created.statusCode, created.body).toBe(303);
    expect(created.headers.location).toBe('/console/merchants/m-console?done=created');
    expect((await service.ctx.admin.merchants.get('m-console')).name).toBe('Console Shop');
    const event = await lastAuditEvent('merchant');
    expect(event).toMatchObject({ actorType: 'client', actor: ADMIN.id, entityId: 'm-console', action: 'create' });

    const page = await user.get('/console/merchants/m-console?done=created');
    expect(page.body).toContain('The merchant was created.');
    const saved = await user.submit('/console/merchants/m-console', '/console/merchants/m-console', { name: 'Console Shop AB' });
    expect(saved.statusCode).toBe(303);
    expect((await service.ctx.admin.merchants.get('m-console')).name).toBe('Console Shop AB');

    const deleted = await user.submit('/console/merchants/m-console', '/console/merchants/m-console/delete', {});
    expect(deleted.statusCode).toBe(303);
    await expect(service.ctx.admin.merchants.get('m-console')).rejects.toThrow(/not found/);
  });

  it('does not replace an existing merchant from the creation form', async () => {
    const response = await user.submit('/console/merchants/new', '/console/merchants/new', { id: 'm-nordic-home', name: 'Taken over' });
    expect(response.statusCode).toBe(400);
    expect(inputOf(response.body, 'id')).toContain('aria-invalid="true"');
    expect((await service.ctx.admin.merchants.get('m-nordic-home')).name).not.toBe('Taken over');
  });

  it('shows a refused field beside it: aria-invalid and aria-describedby', async () => {
    const response = await user.submit('/console/merchants/m-nordic-home', '/console/merchants/m-nordic-home', { name: '' });
    expect(response.statusCode).toBe(400);
    const input = inputOf(response.body, 'name');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="f-name-error"');
    expect(textOfId(response.body, 'f-name-error')).toMatch(/\S/);
  });

  it('refuses to delete a merchant that has stores, saying why', async () => {
    const response = await user.submit('/console/merchants/m-nordic-home', '/console/merchants/m-nordic-home/delete', {});
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('still has');
  });
});

describe('stores', () => {
  it('creates, edits (with a translation) and deletes a store', async () => {
    const created = await user.submit('/console/stores/new?merchantId=m-nordic-home', '/console/stores/new', {
      merchantId: 'm-nordic-home',
      name: 'Console outlet',
      currency: 'SEK',
      countryCode: 'SE',
      bundleTitle: '',
      minimumInvoiceAmount: '49.50',
      nationalStoreId: '',
      organizationNumber: '',
    });
    expect(created.statusCode, created.body).toBe(303);
    const id = /\/console\/stores\/([0-9a-f-]{36})/.exec(created.headers.location as string)![1]!;
    const store = await service.ctx.admin.stores.get(id);
    expect(store.name).toBe('Console outlet');
    expect(store.nationalStoreId).toBeGreaterThan(0);

    const page = await user.get(`/console/stores/${id}`);
    expect(page.body).toMatch(/<label for="f-minimumInvoiceAmount">Minimum invoice amount<\/label>/);
    expect(page.body).toMatch(/<label for="f-bundleTitle">Bundle title<\/label>/);
    const saved = await user.submit(`/console/stores/${id}`, `/console/stores/${id}`, {
      merchantId: 'm-nordic-home',
      name: 'Console outlet 2',
      currency: 'SEK',
      countryCode: 'SE',
      bundleTitle: 'Delbetalning',
      minimumInvoiceAmount: '50',
      nationalStoreId: String(store.nationalStoreId),
      'translations.en.bundleTitle': 'Part payment',
    });
    expect(saved.statusCode, saved.body).toBe(303);
    const after = await service.ctx.admin.stores.get(id);
    expect(after.name).toBe('Console outlet 2');
    expect(after.translations).toEqual({ en: { bundleTitle: 'Part payment' } });

    const deleted = await user.submit(`/console/stores/${id}`, `/console/stores/${id}/delete`, {});
    expect(deleted.statusCode).toBe(303);
    await expect(service.ctx.admin.stores.get(id)).rejects.toThrow(/not found/);
  });

  it('shows the refused fields of a store beside them', async () => {
    const fields = { merchantId: 'm-nordic-home', name: 'Nordic Home', currency: 'SEK', minimumInvoiceAmount: '0' };
    const currency = await user.submit(`/console/stores/${STORE}`, `/console/stores/${STORE}`, { ...fields, currency: 'kronor' });
    expect(currency.statusCode).toBe(400);
    expect(inputOf(currency.body, 'currency')).toContain('aria-invalid="true"');
    const amount = await user.submit(`/console/stores/${STORE}`, `/console/stores/${STORE}`, { ...fields, minimumInvoiceAmount: '1.234' });
    expect(amount.statusCode).toBe(400);
    expect(inputOf(amount.body, 'minimumInvoiceAmount')).toContain(
      'aria-describedby="f-minimumInvoiceAmount-hint f-minimumInvoiceAmount-error"',
    );
    expect(textOfId(amount.body, 'f-minimumInvoiceAmount-error')).toContain('decimal places');
    // What was typed stays in the form.
    expect(inputOf(amount.body, 'minimumInvoiceAmount')).toContain('value="1.234"');
    expect((await service.ctx.admin.stores.get(STORE)).currency).toBe('SEK');
  });
});
