// Browsing and changing the catalog in the console (docs/console.md#pages): merchants and stores
// created, edited and deleted through the same services as the admin API, recorded in the audit
// trail as the signed-in client, and a refused field's message shown beside its input; a store's
// edit previewed (what shoppers would be offered differently) without anything written.
import { describe, expect, it } from 'vitest';
import type { TestService } from '../helpers/app.ts';
import { catalogSnapshot } from '../helpers/database.ts';
import { STORE } from '../helpers/demo.ts';
import * as harness from './harness.ts';

const ADMIN = harness.CONSOLE_ADMIN;
let service: TestService;
let user: harness.ConsoleUser;
harness.signedInForTests((signedIn) => ({ service, user } = signedIn));

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
      harness.expectConsoleHeaders(response);
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
    expect(harness.inputOf(response.body, 'id')).toContain('aria-invalid="true"');
    expect((await service.ctx.admin.merchants.get('m-nordic-home')).name).not.toBe('Taken over');
  });

  it('shows a refused field beside it: aria-invalid and aria-describedby', async () => {
    const response = await user.submit('/console/merchants/m-nordic-home', '/console/merchants/m-nordic-home', { name: '' });
    expect(response.statusCode).toBe(400);
    const input = harness.inputOf(response.body, 'name');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="f-name-error"');
    expect(harness.textOfId(response.body, 'f-name-error')).toMatch(/\S/);
  });

  it('shows a refused field of a new merchant beside it, and creates nothing', async () => {
    const response = await user.submit('/console/merchants/new', '/console/merchants/new', { id: 'm-unnamed', name: '' });
    expect(response.statusCode).toBe(400);
    expect(harness.inputOf(response.body, 'name')).toContain('aria-invalid="true"');
    expect(harness.inputOf(response.body, 'id')).toContain('value="m-unnamed"');
    await expect(service.ctx.admin.merchants.get('m-unnamed')).rejects.toThrow(/not found/);
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
    expect(harness.inputOf(currency.body, 'currency')).toContain('aria-invalid="true"');
    const amount = await user.submit(`/console/stores/${STORE}`, `/console/stores/${STORE}`, { ...fields, minimumInvoiceAmount: '1.234' });
    expect(amount.statusCode).toBe(400);
    expect(harness.inputOf(amount.body, 'minimumInvoiceAmount')).toContain(
      'aria-describedby="f-minimumInvoiceAmount-hint f-minimumInvoiceAmount-error"',
    );
    expect(harness.textOfId(amount.body, 'f-minimumInvoiceAmount-error')).toContain('decimal places');
    // What was typed stays in the form.
    expect(harness.inputOf(amount.body, 'minimumInvoiceAmount')).toContain('value="1.234"');
    expect((await service.ctx.admin.stores.get(STORE)).currency).toBe('SEK');
  });
});

describe('a new store', () => {
  it('shows its refused fields beside them, keeps what was typed, and creates nothing', async () => {
    const before = (await service.ctx.admin.stores.list({ page: 0, size: 1000 })).content.length;
    const response = await user.submit('/console/stores/new?merchantId=m-nordic-home', '/console/stores/new', {
      merchantId: 'm-nordic-home',
      name: 'Refused outlet',
      currency: 'kronor',
      countryCode: 'SE',
      minimumInvoiceAmount: '0',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<title>New store');
    expect(harness.inputOf(response.body, 'currency')).toContain('aria-invalid="true"');
    expect(harness.inputOf(response.body, 'name')).toContain('value="Refused outlet"');
    expect((await service.ctx.admin.stores.list({ page: 0, size: 1000 })).content).toHaveLength(before);
  });
});

describe('store preview', () => {
  const url = `/console/stores/${STORE}`;

  /** Opens the store's page and posts its edit form with `changes` and the button `button`. */
  async function send(changes: Record<string, string | null>, button: string) {
    const page = await user.get(url);
    expect(page.statusCode, page.body).toBe(200);
    return user.post(url, [...harness.changed(harness.formFields(page.body, url), changes), ['_action', button]]);
  }

  async function auditCount(): Promise<number> {
    return (await service.ctx.auditTrail.list({ page: 0, size: 1 })).page.totalElements;
  }

  it('has Preview beside Save, and a hidden first Save that Enter presses', async () => {
    const page = await user.get(url);
    const form = page.body.slice(page.body.indexOf(`action="${url}"`));
    const buttons = [...form.slice(0, form.indexOf('</form>')).matchAll(/<button[^>]*>[^<]*<\/button>/g)].map((m) => m[0]);
    expect(buttons).toEqual([
      '<button type="submit" name="_action" value="save" hidden tabindex="-1">Save</button>',
      '<button type="submit" class="secondary" name="_action" value="preview">Preview</button>',
      '<button type="submit" name="_action" value="save">Save</button>',
    ]);
    // A new store has nothing to compare with: Save only.
    expect((await user.get('/console/stores/new')).body).not.toContain('value="preview"');
  });

  it("previews a bundle title's change: the bundle's title before and after, nothing saved", async () => {
    const before = await catalogSnapshot(service.database.handle.db);
    const events = await auditCount();
    const stored = await service.ctx.admin.stores.get(STORE);
    const preview = await send({ bundleTitle: 'Dela upp betalningen' }, 'preview');
    expect(preview.statusCode, preview.body).toBe(200);
    harness.expectConsoleHeaders(preview);
    expect(preview.body).toContain('id="preview-heading"');
    expect(preview.body).toContain('Nothing has been saved yet.');
    for (const header of ['Customer type', 'Campaign', 'Amounts', 'Offered before', 'Offered after']) {
      expect(preview.body).toContain(`<th scope="col">${header}</th>`);
    }
    const table = preview.body.slice(preview.body.indexOf('<table>', preview.body.indexOf('id="preview-heading"')));
    const rows = table.slice(0, table.indexOf('</table>'));
    // Stored with the default title, offered in the store's language (Swedish) today.
    expect(rows).toContain('<li>Delbetalning <span class="hint">(PROVIDER_PART_PAYMENT_SELECT_NOW)</span></li>');
    expect(rows).toContain('<li>Dela upp betalningen <span class="hint">(PROVIDER_PART_PAYMENT_SELECT_NOW)</span></li>');
    expect(rows).not.toContain('<li>Dela upp betalningen <span class="hint">(CARD)');
    // The form keeps what was typed, ready to save.
    expect(harness.inputOf(preview.body, 'bundleTitle')).toContain('value="Dela upp betalningen"');
    expect(await catalogSnapshot(service.database.handle.db)).toEqual(before);
    expect(await auditCount()).toBe(events);
    expect((await service.ctx.admin.stores.get(STORE)).bundleTitle).toBe(stored.bundleTitle);
  });

  it('says when nothing changes for shoppers', async () => {
    const before = await catalogSnapshot(service.database.handle.db);
    const preview = await send({ organizationNumber: '556677-0000' }, 'preview');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.body).toContain('Shoppers would be offered exactly what they are offered now.');
    expect(await catalogSnapshot(service.database.handle.db)).toEqual(before);
  });

  it('shows a refused field beside it on preview exactly as on save, 400, nothing saved', async () => {
    const before = await catalogSnapshot(service.database.handle.db);
    const events = await auditCount();
    for (const [field, value] of [
      ['currency', 'kronor'],
      ['minimumInvoiceAmount', '1.234'],
      ['translations.en.bundleTitle', 'x'.repeat(101)],
    ] as const) {
      const answers = [];
      for (const button of ['preview', 'save']) {
        const response = await send({ [field]: value }, button);
        expect(response.statusCode, `${field} ${button}`).toBe(400);
        expect(response.body).not.toContain('id="preview-heading"');
        const input = harness.inputOf(response.body, field);
        const id = /aria-describedby="(?:[^"]* )?([^" ]*-error)"/.exec(input)?.[1];
        expect(input, `${field} ${button}`).toContain('aria-invalid="true"');
        expect(input).toContain(`value="${value}"`);
        answers.push({ input, message: harness.textOfId(response.body, id!) });
      }
      expect(answers[0], field).toEqual(answers[1]);
    }
    expect(await catalogSnapshot(service.database.handle.db)).toEqual(before);
    expect(await auditCount()).toBe(events);
  });

  it('shows a refused credit warning (over 500 characters) beside it, on preview and on save; keeps none apart from the default', async () => {
    const before = await catalogSnapshot(service.database.handle.db);
    const long = 'Borrowing costs money. '.repeat(22).slice(0, 501);
    for (const field of ['creditWarning', 'translations.en.creditWarning']) {
      for (const button of ['preview', 'save']) {
        const response = await send({ [field]: long }, button);
        expect(response.statusCode, `${field} ${button}`).toBe(400);
        const input = harness.inputOf(response.body, field);
        expect(input, `${field} ${button}`).toContain('aria-invalid="true"');
        expect(input).toContain(`value="${long}"`);
        const id = /aria-describedby="(?:[^"]* )?([^" ]*-error)"/.exec(input)?.[1];
        expect(harness.textOfId(response.body, id!), `${field} ${button}`).toMatch(/\S/);
      }
    }
    expect(await catalogSnapshot(service.database.handle.db)).toEqual(before);
    // None at all ('') stays none through an edit of other fields, and is not the default (left out).
    expect((await send({ noCreditWarning: 'on' }, 'save')).statusCode).toBe(303);
    expect((await service.ctx.admin.stores.get(STORE)).creditWarning).toBe('');
    expect(harness.inputOf((await user.get(url)).body, 'noCreditWarning')).toContain('checked');
    expect((await send({}, 'save')).statusCode).toBe(303);
    expect((await service.ctx.admin.stores.get(STORE)).creditWarning).toBe('');
    expect((await send({ noCreditWarning: null }, 'save')).statusCode).toBe(303);
    expect((await service.ctx.admin.stores.get(STORE)).creditWarning ?? undefined).toBeUndefined();
  });

  it('shows a viewer neither button and refuses their preview', async () => {
    const viewer = await harness.personSignedIn(service, { actorId: 'sub-store-viewer', displayName: 'Viewer', role: 'catalog-viewer' });
    const page = await viewer.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('value="preview"');
    expect(page.body).not.toContain('value="save"');
    const stored = await service.ctx.admin.stores.get(STORE);
    const response = await viewer.post(url, {
      _csrf: harness.csrfOf(page.body),
      _action: 'preview',
      merchantId: stored.merchantId,
      name: stored.name,
      currency: stored.currency,
      bundleTitle: 'Viewer title',
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('id="preview-heading"');
  });
});
