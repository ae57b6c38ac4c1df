// The console's views escape what they show (docs/console.md#headers): @kitajs/html escapes no text of
// its own accord, so every name, value and message a request or the database supplied goes through the
// views' escape(); this checks it on the pages that show the most of them. And the forms' parsing
// (services/console/form-values.ts): nested names as the admin API's bodies have them, by qs.
import { describe, expect, it } from 'vitest';
import { parseForm, valueAt } from '../../src/services/console/form-values.ts';
import { methodBody, methodValues } from '../../src/services/console/method-form.ts';
import type { TestService } from '../helpers/app.ts';
import { DEMO_METHODS, STORE } from '../helpers/demo.ts';
import { ConsoleUser, inputOf, signedInForTests } from './harness.ts';

const HOSTILE = `<script>alert(1)</script> & "Tom's" <b>`;
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Tom&#39;s&quot; &lt;b&gt;';
let service: TestService;
let user: ConsoleUser;
signedInForTests((signedIn) => ({ service, user } = signedIn));

describe('escaping', () => {
  it('shows a hostile name as text on every page that names it, in text and in values', async () => {
    const created = await user.submit('/console/merchants/new', '/console/merchants/new', { id: 'm-hostile', name: HOSTILE });
    expect(created.statusCode, created.body).toBe(303);
    const store = await service.ctx.admin.stores.get(STORE);
    await user.submit(`/console/stores/${STORE}`, `/console/stores/${STORE}`, {
      merchantId: store.merchantId,
      name: HOSTILE,
      currency: store.currency,
      _action: 'save',
    });
    for (const url of [
      '/console/merchants',
      '/console/merchants/m-hostile',
      '/console/stores',
      `/console/stores/${STORE}`,
      '/console/audit',
    ]) {
      const page = await user.get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain('<script');
      expect(page.body, url).not.toContain('<b>');
      expect(page.body, url).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
    expect((await user.get('/console/merchants/m-hostile')).body).toContain(`<h1>Merchant ${ESCAPED}</h1>`);
    expect(inputOf((await user.get(`/console/stores/${STORE}`)).body, 'name')).toContain(`value="${ESCAPED}"`);
  });

  it('keeps a typed entity (&amp;) as typed when a refused form is shown again', async () => {
    const response = await user.submit('/console/merchants/new', '/console/merchants/new', { id: 'm-hostile', name: 'A &amp; B' });
    expect(response.statusCode).toBe(400);
    expect(inputOf(response.body, 'name')).toContain('value="A &amp;amp; B"');
  });
});

describe('forms', () => {
  it('parses nested names into the body shape, the first of a repeated name, no prototype', () => {
    const values = parseForm(
      'name=Card&name=Other&plans[0].name=P1&plans[1].translations.sv.name=P2+sv&campaign.keywords[0]=spring&__proto__[x]=1&constructor.prototype.x=1',
    );
    expect(values.name).toBe('Card');
    expect(valueAt(values, 'plans[0].name')).toBe('P1');
    expect(valueAt(values, 'plans[1].translations.sv.name')).toBe('P2 sv');
    expect(valueAt(values, 'campaign.keywords[0]')).toBe('spring');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('gives back the body a stored method was written with (every field, list and translation)', async () => {
    const method = await service.ctx.admin.paymentMethods.get(DEMO_METHODS.pp12);
    const body = methodBody(methodValues(method), method.storeId);
    await service.ctx.admin.paymentMethods.put(method.id, body, { type: 'client', id: 'test' });
    expect(await service.ctx.admin.paymentMethods.get(method.id)).toEqual(method);
  });
});
