// A method's order rules in the console (docs/console.md#payment-methods): a checkbox per product
// type and a countries field, shown as stored, saved through the admin service and read back, a
// refused code beside the countries field, the preview's Order column for a change of them, and both
// among a viewer's facts.
import { describe, expect, it } from 'vitest';
import type { TestService } from '../helpers/app.ts';
import { catalogSnapshot } from '../helpers/database.ts';
import { DEMO_METHODS } from '../helpers/demo.ts';
import * as harness from './harness.ts';

let service: TestService;
let user: harness.ConsoleUser;
harness.signedInForTests((signedIn) => ({ service, user } = signedIn));

/** Opens `url` and posts its form back with `changes` and the button `button`. */
async function send(url: string, changes: Record<string, string | null>, button: string) {
  const page = await user.get(url);
  expect(page.statusCode, page.body).toBe(200);
  return user.post(url, [...harness.changed(harness.formFields(page.body, url), changes), ['_action', button]]);
}

const checkbox = (type: string) => `excludedProductTypes.${type}`;

describe('a method’s order rules in the console', () => {
  it('shows them as stored: the checked product types, the countries empty for the store’s country', async () => {
    const page = await user.get(`/console/payment-methods/${DEMO_METHODS.account}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<legend>Excluded product types</legend>');
    for (const label of ['Physical goods', 'Digital goods', 'Gift cards', 'Services', 'Subscriptions', 'Countries']) {
      expect(page.body).toContain(`>${label}</label>`);
    }
    // The demo's account excludes gift cards, and nothing else.
    expect(harness.inputOf(page.body, checkbox('GIFT_CARD'))).toMatch(/\schecked/);
    expect(harness.inputOf(page.body, checkbox('DIGITAL'))).not.toMatch(/\schecked/);
    expect(harness.inputOf(page.body, 'countries')).toContain('value=""');
    expect(harness.textOfId(page.body, 'f-countries-hint')).toContain('the store&#39;s country (SE)');
  });

  it('saves them, reads them back, and a form sent back unchanged changes nothing', async () => {
    const url = `/console/payment-methods/${DEMO_METHODS.swish}`;
    const saved = await send(url, { [checkbox('SUBSCRIPTION')]: 'on', [checkbox('DIGITAL')]: 'on', countries: 'SE, NO FI' }, 'save');
    expect(saved.statusCode, saved.body).toBe(303);
    expect(await service.ctx.admin.paymentMethods.get(DEMO_METHODS.swish)).toMatchObject({
      excludedProductTypes: ['DIGITAL', 'SUBSCRIPTION'],
      countries: ['FI', 'NO', 'SE'],
    });
    const page = await user.get(url);
    expect(harness.inputOf(page.body, checkbox('SUBSCRIPTION'))).toMatch(/\schecked/);
    expect(harness.inputOf(page.body, 'countries')).toContain('value="FI, NO, SE"');
    const events = async () =>
      (await service.ctx.auditTrail.list({ page: 0, size: 1000, entityId: DEMO_METHODS.swish })).page.totalElements;
    const recorded = await events();
    expect((await send(url, {}, 'save')).statusCode).toBe(303);
    expect(await events()).toBe(recorded);
    // Unchecked and emptied: back to the defaults.
    expect((await send(url, { [checkbox('SUBSCRIPTION')]: null, [checkbox('DIGITAL')]: null, countries: '' }, 'save')).statusCode).toBe(
      303,
    );
    const reset = await service.ctx.admin.paymentMethods.get(DEMO_METHODS.swish);
    expect(reset.excludedProductTypes).toEqual([]);
    expect(reset.countries).toBeUndefined();
  });

  it('shows a refused code beside the countries field, saying which entry, and writes nothing', async () => {
    const before = await catalogSnapshot(service.database.handle.db);
    const url = `/console/payment-methods/${DEMO_METHODS.card}`;
    for (const button of ['preview', 'save']) {
      const response = await send(url, { countries: 'SE, no, XX' }, button);
      expect(response.statusCode, button).toBe(400);
      const input = harness.inputOf(response.body, 'countries');
      expect(input).toContain('aria-invalid="true"');
      expect(input).toContain('value="SE, no, XX"');
      // Structure first (a lower-case code), as the admin API refuses it.
      expect(harness.textOfId(response.body, 'f-countries-error')).toBe(
        'Entry 2: must be an ISO 3166-1 alpha-2 country code in upper case, such as SE',
      );
    }
    const unassigned = await send(url, { countries: 'SE, XX, SE' }, 'save');
    expect(unassigned.statusCode).toBe(400);
    expect(harness.textOfId(unassigned.body, 'f-countries-error')).toBe(
      'Entry 2: must be an assigned ISO 3166-1 alpha-2 country code (&quot;XX&quot; is not one); Entry 3: repeats &quot;SE&quot; (entry 0)',
    );
    expect(await catalogSnapshot(service.database.handle.db)).toEqual(before);
  });

  it('previews a change of them with an Order column', async () => {
    const url = `/console/payment-methods/${DEMO_METHODS.account}`;
    const preview = await send(url, { [checkbox('GIFT_CARD')]: null }, 'preview');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.body).toContain('<th scope="col">Order</th>');
    expect(preview.body).toContain('<td>Holding gift cards</td>');
    const countries = await send(url, { countries: 'SE, NO' }, 'preview');
    expect(countries.body).toContain('<td>From NO</td>');
    // A change for every order has no Order column.
    const limit = await send(url, { maxPurchaseLimit: '1000' }, 'preview');
    expect(limit.statusCode, limit.body).toBe(200);
    expect(limit.body).toContain('<th scope="col">Offered before</th>');
    expect(limit.body).not.toContain('<th scope="col">Order</th>');
  });

  it('shows them to a viewer among the method’s facts', async () => {
    const viewer = await harness.personSignedIn(service, { actorId: 'sub-rules', displayName: 'Viewer', role: 'catalog-viewer' });
    const page = await viewer.get(`/console/payment-methods/${DEMO_METHODS.account}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<dt>Excluded product types</dt>');
    expect(page.body).toContain('<dd>Gift cards</dd>');
    expect(page.body).toContain('<dd>The store&#39;s country</dd>');
  });
});
