// Payment methods in the console (docs/console.md#payment-methods): the form with its lists (plans,
// legal links, campaign keywords) grown and shrunk server-side, Preview showing what shoppers
// would be offered differently without writing anything, Save writing through the admin service,
// refused fields beside their inputs, deletion previewed first, viewers read only.
import { describe, expect, it } from 'vitest';
import { formatDecimalTrimmed } from '../../src/domain/money.ts';
import type { TestService } from '../helpers/app.ts';
import { catalogSnapshot } from '../helpers/database.ts';
import { DEMO_METHODS, STORE } from '../helpers/demo.ts';
import * as harness from './harness.ts';

const ADMIN = harness.CONSOLE_ADMIN;
const INVOICE = DEMO_METHODS.invoice;
let service: TestService;
let user: harness.ConsoleUser;
harness.signedInForTests((signedIn) => ({ service, user } = signedIn));

/** Opens `url` and posts its form (to `action`) with `changes` and the button `action_`. */
async function send(url: string, action: string, changes: Record<string, string | null>, button: string) {
  const page = await user.get(url);
  expect(page.statusCode, page.body).toBe(200);
  return user.post(action, [...harness.changed(harness.formFields(page.body, action), changes), ['_action', button]]);
}

describe('a method form', () => {
  it('labels the catalog fields in words and shows the method as stored', async () => {
    const page = await user.get(`/console/payment-methods/${INVOICE}`);
    expect(page.statusCode).toBe(200);
    harness.expectConsoleHeaders(page);
    for (const label of [
      'Max purchase limit',
      'Min purchase limit',
      'Active from',
      'Active until',
      'Sort order',
      'Min application limit',
    ]) {
      expect(page.body).toContain(`>${label}</label>`);
    }
    const method = await service.ctx.admin.paymentMethods.get(INVOICE);
    expect(harness.inputOf(page.body, 'name')).toContain(`value="${method.name}"`);
    expect(page.body).toContain('<button type="submit" class="secondary" name="_action" value="preview">Preview</button>');
    expect(page.body).toContain('<button type="submit" name="_action" value="save">Save</button>');
  });

  it('previews an edit without writing it, then saves it', async () => {
    const before = await catalogSnapshot(service.database.handle.db);
    const url = `/console/payment-methods/${INVOICE}`;
    const preview = await send(url, url, { maxPurchaseLimit: '1000' }, 'preview');
    expect(preview.statusCode, preview.body).toBe(200);
    for (const header of ['Customer type', 'Campaign', 'Amounts', 'Offered before', 'Offered after']) {
      expect(preview.body).toContain(`<th scope="col">${header}</th>`);
    }
    // The invoice (up to 50000 before) is no longer offered above 1000.
    expect(preview.body).toContain('<td>1000.01 – 2999.99</td>');
    // The form keeps what was typed, for the save.
    expect(harness.inputOf(preview.body, 'maxPurchaseLimit')).toContain('value="1000"');
    expect(await catalogSnapshot(service.database.handle.db)).toEqual(before);

    const saved = await user.post(url, [...harness.formFields(preview.body, url), ['_action', 'save']]);
    expect(saved.statusCode, saved.body).toBe(303);
    expect(saved.headers.location).toBe(`${url}?done=saved`);
    const method = await service.ctx.admin.paymentMethods.get(INVOICE);
    expect(formatDecimalTrimmed(method.maxPurchaseLimit)).toBe('1000');
    const events = await service.ctx.auditTrail.list({ page: 0, size: 1, entityId: INVOICE });
    expect(events.content[0]).toMatchObject({ actorType: 'client', actor: ADMIN.id, action: 'update' });
    expect(events.content[0]!.changes).toHaveProperty('maxPurchaseLimit');
  });

  it('shows a refused field beside it on preview and on save, and writes nothing', async () => {
    const before = await catalogSnapshot(service.database.handle.db);
    const url = `/console/payment-methods/${INVOICE}`;
    for (const button of ['preview', 'save']) {
      const response = await send(url, url, { minPurchaseLimit: '500', maxPurchaseLimit: '100' }, button);
      expect(response.statusCode, button).toBe(400);
      const input = harness.inputOf(response.body, 'maxPurchaseLimit');
      expect(input).toContain('aria-invalid="true"');
      expect(input).toContain('aria-describedby="f-maxPurchaseLimit-error"');
      expect(harness.textOfId(response.body, 'f-maxPurchaseLimit-error')).toContain('must be at least minPurchaseLimit');
    }
    const plan = await send(
      `/console/payment-methods/${DEMO_METHODS.pp12}`,
      `/console/payment-methods/${DEMO_METHODS.pp12}`,
      { 'plans[0].durationMonths': 'twelve' },
      'save',
    );
    expect(plan.statusCode).toBe(400);
    expect(harness.inputOf(plan.body, 'plans[0].durationMonths')).toContain('aria-describedby="f-plans-0-durationMonths-error"');
    // A window's instant without an offset: told in words, as the admin API and the catalog file tell it.
    const window = await send(url, url, { activeFrom: '2026-11-27 00:00' }, 'save');
    expect(window.statusCode).toBe(400);
    expect(harness.textOfId(window.body, 'f-activeFrom-error')).toContain(
      'must be an ISO 8601 date and time with an offset, such as 2026-11-27T00:00:00+01:00',
    );
    expect(await catalogSnapshot(service.database.handle.db)).toEqual(before);
  });

  it('takes a window in the forms clients write, a time between two milliseconds as the next one', async () => {
    const url = `/console/payment-methods/${DEMO_METHODS.swish}`;
    const saved = await send(url, url, { activeFrom: '2027-01-01t00:00:00.123456+0100', activeUntil: '2027-01-08T00:00Z' }, 'save');
    expect(saved.statusCode, saved.body).toBe(303);
    expect(await service.ctx.admin.paymentMethods.get(DEMO_METHODS.swish)).toMatchObject({
      activeFrom: Date.UTC(2026, 11, 31, 23, 0, 0, 124),
      activeUntil: Date.UTC(2027, 0, 8),
    });
    expect((await send(url, url, { activeFrom: '', activeUntil: '' }, 'save')).statusCode).toBe(303);
  });

  it('adds and removes plans, legal links and keywords server-side', async () => {
    const url = `/console/payment-methods/${DEMO_METHODS.pp12}`;
    const method = await service.ctx.admin.paymentMethods.get(DEMO_METHODS.pp12);
    const plans = method.plans.length;
    const added = await send(url, url, {}, 'add-plan');
    expect(added.statusCode).toBe(200);
    expect(added.body).toContain(`name="plans[${plans}].name"`);
    expect(added.body).toContain(`>Remove plan ${plans + 1}</button>`);
    const withLink = await user.post(url, [...harness.formFields(added.body, url), ['_action', 'add-link']]);
    expect(withLink.body).toContain(`name="legalLinks[${method.legalLinks.length}].url"`);
    // Removing the first plan moves the others up.
    const removed = await user.post(url, [...harness.formFields(withLink.body, url), ['_action', 'remove-plan:0']]);
    expect(harness.inputOf(removed.body, 'plans[0].name')).toContain(`value="${method.plans[1]?.name ?? ''}"`);
    expect(removed.body).not.toContain(`name="plans[${plans}].name"`);
    // Nothing is written by any of it.
    expect((await service.ctx.admin.paymentMethods.get(DEMO_METHODS.pp12)).plans.length).toBe(plans);
  });

  it('creates a method with a plan, a legal link, a campaign keyword, a translation and a window', async () => {
    const url = `/console/stores/${STORE}/payment-methods/new`;
    let page = await user.get(url);
    for (const button of ['add-plan', 'add-link', 'add-keyword'])
      page = await user.post(url, [...harness.formFields(page.body, url), ['_action', button]]);
    const fields = harness.changed(harness.formFields(page.body, url), {
      name: 'Console gift card',
      description: 'Pay with a gift card',
      type: 'GENERIC',
      sortOrder: '90',
      minPurchaseLimit: '10',
      maxPurchaseLimit: '2500.50',
      minApplicationLimit: '0',
      maxApplicationLimit: '2500',
      enabledForNaturalCustomer: 'on',
      enabledForLegalCustomer: null,
      'campaign.campaign': 'on',
      'campaign.keywords[0]': 'GIFT',
      'legalLinks[0].url': 'https://example.com/gift',
      'legalLinks[0].type': 'GENERAL_TERMS',
      'plans[0].name': '3 months',
      'plans[0].durationMonths': '3',
      'plans[0].annuityFactor': '0.3333333333',
      'plans[0].administrationFee': '19',
      'translations.en.name': 'Gift card',
      activeFrom: '2026-11-27T00:00:00+01:00',
      activeUntil: '',
    });
    const preview = await user.post(url, [...fields, ['_action', 'preview']]);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.body).toContain('id="preview-heading"');
    const created = await user.post(url, [...harness.formFields(preview.body, url), ['_action', 'save']]);
    expect(created.statusCode, created.body).toBe(303);
    const id = /payment-methods\/([0-9a-f-]{36})/.exec(created.headers.location as string)![1]!;
    const method = await service.ctx.admin.paymentMethods.get(id);
    expect(method).toMatchObject({
      name: 'Console gift card',
      storeId: STORE,
      sortOrder: 90,
      campaign: { campaign: true, keywords: ['GIFT'] },
      translations: { en: { name: 'Gift card' } },
      activeFrom: Date.parse('2026-11-27T00:00:00+01:00'),
    });
    expect(method.plans.map((p) => p.name)).toEqual(['3 months']);
    expect(method.legalLinks).toEqual([{ url: 'https://example.com/gift', type: 'GENERAL_TERMS', appendAmount: false }]);
    // The store's list of methods shows its window, in UTC; a method without one is offered always.
    const storePage = await user.get(`/console/stores/${STORE}`);
    expect(storePage.body).toContain('<td>From 2026-11-26T23:00:00.000Z until for good</td>');
    expect(storePage.body).toContain('<td>Always</td>');
    // Sending the creation again does not make a second method.
    const again = await user.post(url, [...harness.formFields(preview.body, url), ['_action', 'save']]);
    expect(again.statusCode).toBe(303);
    expect(
      (await service.ctx.admin.paymentMethods.list({ page: 0, size: 1000, storeId: STORE })).content.filter(
        (m) => m.name === 'Console gift card',
      ),
    ).toHaveLength(1);
  });

  it('previews a deletion, then deletes', async () => {
    const confirm = await user.get(`/console/payment-methods/${DEMO_METHODS.swish}/delete`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('<th scope="col">Offered before</th>');
    expect(confirm.body).toContain('Swish');
    const deleted = await user.post(`/console/payment-methods/${DEMO_METHODS.swish}/delete`, { _csrf: harness.csrfOf(confirm.body) });
    expect(deleted.statusCode).toBe(303);
    await expect(service.ctx.admin.paymentMethods.get(DEMO_METHODS.swish)).rejects.toThrow(/not found/);
  });

  it('shows a viewer the method without a form, and refuses their changes', async () => {
    const viewer = await harness.personSignedIn(service, { actorId: 'sub-v', displayName: 'Viewer', role: 'catalog-viewer' });
    const page = await viewer.get(`/console/payment-methods/${INVOICE}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('value="save"');
    expect(page.body).toContain('<dt>Purchase amounts</dt>');
    const plans = await viewer.get(`/console/payment-methods/${DEMO_METHODS.pp12}`);
    const method = await service.ctx.admin.paymentMethods.get(DEMO_METHODS.pp12);
    expect(plans.body).toContain(`Plans of ${method.name}`);
    expect(plans.body).toContain(`<td>${method.plans[0]!.name}</td>`);
    expect(plans.body).toContain('<th scope="col">Annuity factor</th>');
    expect(plans.body).not.toContain('<form method="post" action="/console/payment-methods/');
    expect((await viewer.get(`/console/payment-methods/${INVOICE}/delete`)).statusCode).toBe(403);
    expect((await viewer.get(`/console/stores/${STORE}/payment-methods/new`)).statusCode).toBe(403);
    const before = await catalogSnapshot(service.database.handle.db);
    const token2 = harness.csrfOf(page.body);
    for (const url of [
      `/console/payment-methods/${INVOICE}`,
      `/console/payment-methods/${INVOICE}/delete`,
      `/console/stores/${STORE}/payment-methods/new`,
    ]) {
      expect((await viewer.post(url, { _csrf: token2, _action: 'save', name: 'x' })).statusCode, url).toBe(403);
    }
    expect(await catalogSnapshot(service.database.handle.db)).toEqual(before);
  });
});
