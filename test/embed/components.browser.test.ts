// The storefront script in Chromium against the stub service: what a shopper sees and does, and
// what the storefront page is told.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEmbedBundle, type EmbedBundle } from '../../src/http/embed/routes.ts';
import { reusablePage } from '../helpers/reusable-page.ts';
import {
  CHECKOUT_TIMEOUT_MS,
  Checkout,
  checkoutPage,
  openCheckout,
  plainSpaces,
  seenAsIs,
  seriousViolations,
  typeOf,
  type CheckoutPageOptions,
} from './checkout-page.ts';
import { PRICE_INFO_URL, disclosureOf, groupsFor, memberPriceInfoUrl, withOperatorPrefix } from './fixtures.ts';
import type { Language } from '../../src/domain/languages.ts';
import { EXPIRED_MESSAGE, INTERNAL_MESSAGE, SESSIONS, startStubServer, type StubServer } from './stub-server.ts';

/** The groups the service answers at `amount` in `language` (the test pages are English unless they say otherwise). */
const at = (amount: string, language: Language = 'en') => groupsFor({ amount, customerType: undefined, flattened: false, language });

function selection(group: ReturnType<typeof at>[number]) {
  return { groupId: group.id, methodIds: group.methodIds, type: group.type, internalData: group.internalData };
}

function named(groups: ReturnType<typeof at>, title: string) {
  const group = groups.find((g) => g.title === title);
  if (!group) throw new Error(`no group ${title}`);
  return group;
}

describe('storefront components in Chromium', { timeout: 30_000 }, () => {
  // One page for the file's tests, reset before each: a new context and page per test cost more CPU than the rest of a test.
  const shared = reusablePage({ defaultTimeout: CHECKOUT_TIMEOUT_MS });
  let bundleDir: string;
  let bundle: EmbedBundle;
  /** The service: the script and the groups endpoint. */
  let api: StubServer;
  /** A merchant's storefront on another origin, serving only pages (and the script, when asked). */
  let storefront: StubServer;
  let checkout: Checkout | undefined;
  /** HTTP error statuses the current test provokes; Chromium logs each as a console error. */
  let expectedStatuses: number[] = [];

  beforeAll(async () => {
    bundleDir = await mkdtemp(path.join(tmpdir(), 'embed-browser-'));
    bundle = await loadEmbedBundle(bundleDir);
  }, 60_000);

  afterAll(async () => {
    if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    api = await startStubServer({ bundle });
    storefront = await startStubServer({ bundle });
    expectedStatuses = [];
  });

  afterEach(async () => {
    const errors = checkout?.unexpectedConsoleErrors(expectedStatuses) ?? [];
    checkout = undefined;
    await api.close();
    await storefront.close();
    expect(errors, 'console errors').toEqual([]);
  });

  /** Opens a checkout page on the service's own origin, loading the script from the service. */
  async function open(options: Omit<CheckoutPageOptions, 'scriptSrc'>, host: StubServer = api): Promise<Checkout> {
    checkout = await openCheckout(shared, host.page(checkoutPage({ scriptSrc: api.scriptUrl!, ...options })));
    return checkout;
  }

  it('renders the groups in the order served, as an accessible radio group', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500' });
    const options = await c.waitForOptions(4);
    const served = at('1500');
    expect(options).toEqual(
      served.map((g, index) => ({
        groupId: g.id,
        title: g.title,
        subtitle: options[index]!.subtitle,
        checked: 'false',
        tabIndex: index === 0 ? 0 : -1,
      })),
    );
    expect(options.map((o) => o.title)).toEqual(['Invoice', 'Part payment', 'Kort – Visa & Mastercard', 'Swish']);
    // As served, in the page's language (English): the service writes the monthly cost.
    expect(options.map((o) => o.subtitle)).toEqual(['Pay within 30 days', 'From 100 SEK/month', '', 'Pay with the Swish app']);
    await expect(c.radiogroup.getAttribute('aria-label')).resolves.toBe('Payment method');
    await expect(c.state.textContent()).resolves.toBe('');
    const request = api.groupsRequests[0]!;
    // The page's language goes with the request, so that the service's texts are in it too.
    expect([request.sessionId, request.query.toString()]).toEqual([SESSIONS.ok, 'amount=1500&locale=en']);
  });

  it('sends customerType and flattened when the attributes are set', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500', attributes: { 'customer-type': 'NATURAL', flattened: true } });
    const options = await c.waitForOptions(5);
    expect(options.map((o) => o.title)).toEqual(CATALOG_NAMES);
    expect(api.groupsRequests[0]!.query.toString()).toBe('amount=1500&customerType=NATURAL&flattened=true&locale=en');
  });

  it('selects on click and tells the page which group, with its internalData', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500' });
    await c.waitForOptions(4);
    await c.option('Part payment').click();
    const events = await c.waitForEvents(1);
    expect(events).toEqual([{ type: 'payment-method-select', detail: selection(named(at('1500'), 'Part payment')) }]);
    const options = await c.optionStates();
    expect(options.map((o) => [o.checked, o.tabIndex])).toEqual([
      ['false', -1],
      ['true', 0],
      ['false', -1],
      ['false', -1],
    ]);
    // Clicking the checked option again changes nothing.
    await c.option('Part payment').click();
    await c.option('Swish').click();
    expect((await c.waitForEvents(3)).map((e) => e.type)).toEqual([
      'payment-method-select',
      'payment-method-deselect',
      'payment-method-select',
    ]);
  });

  it('deselects the previous group before selecting the next', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500' });
    await c.waitForOptions(4);
    const groups = at('1500');
    await c.option('Invoice').click();
    await c.option('Swish').click();
    expect(await c.waitForEvents(3)).toEqual([
      { type: 'payment-method-select', detail: selection(named(groups, 'Invoice')) },
      { type: 'payment-method-deselect', detail: selection(named(groups, 'Invoice')) },
      { type: 'payment-method-select', detail: selection(named(groups, 'Swish')) },
    ]);
  });

  it('follows the radio group keyboard pattern with a visible focus', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500' });
    await c.waitForOptions(4);
    const { page } = c;

    // Tab reaches the group once, on its first option; nothing is selected by focusing.
    await page.keyboard.press('Tab');
    expect(await c.focusedTitle()).toBe('Invoice');
    expect(await c.events()).toEqual([]);
    const outline = await page.evaluate(() => {
      const active = document.querySelector('payment-methods')!.shadowRoot!.activeElement!;
      return getComputedStyle(active).outlineStyle;
    });
    expect(outline).toBe('solid');

    await page.keyboard.press('Space');
    await c.waitForEvents(1);
    await page.keyboard.press('ArrowDown');
    expect(await c.focusedTitle()).toBe('Part payment');
    await page.keyboard.press('ArrowRight');
    expect(await c.focusedTitle()).toBe('Kort – Visa & Mastercard');
    await page.keyboard.press('End');
    expect(await c.focusedTitle()).toBe('Swish');
    await page.keyboard.press('ArrowDown'); // wraps
    expect(await c.focusedTitle()).toBe('Invoice');
    await page.keyboard.press('ArrowUp'); // wraps back
    expect(await c.focusedTitle()).toBe('Swish');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft'); // wraps
    expect(await c.focusedTitle()).toBe('Swish');
    const events = await c.waitForEvents(15);
    expect(events).toHaveLength(15); // 8 selections, each but the first after a deselection
    const titles = (id: unknown) => at('1500').find((g) => g.id === id)!.title;
    expect(events.filter((e) => e.type === 'payment-method-select').map((e) => titles(e.detail.groupId))).toEqual([
      'Invoice',
      'Part payment',
      'Kort – Visa & Mastercard',
      'Swish',
      'Invoice',
      'Swish',
      'Invoice',
      'Swish',
    ]);
    expect((await c.optionStates()).map((o) => o.checked)).toEqual(['false', 'false', 'false', 'true']);

    // Tab order holds only the checked option.
    expect((await c.optionStates()).map((o) => o.tabIndex)).toEqual([-1, -1, -1, 0]);

    // Enter checks a focused but unchecked option.
    await c.option('Part payment').focus();
    await page.keyboard.press('Enter');
    const all = await c.waitForEvents(17);
    expect(all).toHaveLength(17);
    const last = all.slice(-2);
    expect(last.map((e) => [e.type, titles(e.detail.groupId)])).toEqual([
      ['payment-method-deselect', 'Swish'],
      ['payment-method-select', 'Part payment'],
    ]);
  });

  it('re-fetches once when the amount changes, keeping a selection that is still offered', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500' });
    await c.waitForOptions(4);
    await c.option('Invoice').click();
    await c.waitForEvents(1);

    // Three quick changes, as from typing: one request, for the last value.
    await c.page.evaluate(() => {
      const selector = document.querySelector('payment-methods')!;
      for (const amount of ['2', '25', '2500']) selector.setAttribute('amount', amount);
    });
    // Invoice is still offered, so it stays checked; it is announced again because its
    // internalData now carries plans and links for the new amount.
    const events = await c.waitForEvents(2);
    expect(events[1]).toEqual({ type: 'payment-method-select', detail: selection(named(at('2500'), 'Invoice')) });
    const options = await c.waitForOptions(3); // Swish ends at 2000
    expect(options.map((o) => [o.title, o.checked])).toEqual([
      ['Invoice', 'true'],
      ['Part payment', 'false'],
      ['Kort – Visa & Mastercard', 'false'],
    ]);
    expect(options[1]!.subtitle).toBe('From 147 SEK/month');
    expect(api.groupsRequests.map((r) => r.query.get('amount'))).toEqual(['1500', '2500']);
    // The page passed the new internalData on: the price link carries the new amount.
    await expect(c.details.locator('a').getAttribute('href')).resolves.toBe(`${PRICE_INFO_URL}2500`);
  });

  it('deselects when the selected group is no longer offered', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500', attributes: { debounce: '0' } });
    await c.waitForOptions(4);
    await c.option('Swish').click();
    await c.waitForEvents(1);
    await c.setAttribute('payment-methods', 'amount', '2500');
    const events = await c.waitForEvents(2);
    expect(events[1]).toEqual({ type: 'payment-method-deselect', detail: selection(named(at('1500'), 'Swish')) });
    const options = await c.waitForOptions(3);
    expect(options.map((o) => [o.checked, o.tabIndex])).toEqual([
      ['false', 0],
      ['false', -1],
      ['false', -1],
    ]);
  });

  it('shows loading, and aborts a request that a newer one replaces', async () => {
    const c = await open({ sessionId: SESSIONS.held, amount: '1500', attributes: { debounce: '0' } });
    const first = await api.groupsRequest(0);
    await expect(c.state.textContent()).resolves.toBe('Loading payment methods…');
    await c.setAttribute('payment-methods', 'amount', '2500');
    await first.abandoned;
    const second = await api.groupsRequest(1);
    expect(second.query.get('amount')).toBe('2500');
    api.release();
    const options = await c.waitForOptions(3);
    expect(options.map((o) => o.groupId)).toEqual(at('2500').map((g) => g.id));
  });

  it('on 409 tells the page the session expired and shows it', async () => {
    expectedStatuses = [409];
    const c = await open({ sessionId: SESSIONS.expired, amount: '1500' });
    expect(await c.waitForEvents(1)).toEqual([
      { type: 'payment-session-expired', detail: { sessionId: SESSIONS.expired, message: EXPIRED_MESSAGE } },
    ]);
    await expect(c.state.textContent()).resolves.toBe('This payment session has expired.');
    await expect(c.state.getAttribute('part')).resolves.toBe('state state-expired');
    await expect(c.radiogroup.isHidden()).resolves.toBe(true);
  });

  it('shows the server message on an error, and retries on request', async () => {
    expectedStatuses = [500];
    const c = await open({ sessionId: SESSIONS.failing, amount: '1500' });
    await c.page.locator('payment-methods [part~="state-error"]').waitFor();
    await expect(c.state.textContent()).resolves.toBe(`Payment methods could not be loaded. ${INTERNAL_MESSAGE}Try again`);
    await c.page.locator('payment-methods [part~="retry"]').click();
    const retried = await api.groupsRequest(1);
    expect(retried.sessionId).toBe(SESSIONS.failing);
  });

  it('shows the empty state, in Swedish when the page is Swedish', async () => {
    const c = await open({ sessionId: SESSIONS.empty, amount: '1500', lang: 'sv-SE' });
    await c.page.locator('payment-methods [part~="state-ready"]').waitFor();
    await expect(c.state.textContent()).resolves.toBe('Inga betalsätt är tillgängliga för det här beloppet');
    await expect(c.radiogroup.getAttribute('aria-label')).resolves.toBe('Betalsätt');
    // The element's own lang wins over the page's.
    await c.setAttribute('payment-methods', 'lang', 'en');
    await expect(c.state.textContent()).resolves.toBe('No payment methods available for this amount');
  });

  it('shows the selected group’s plans and price information with the amount appended', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500' });
    await c.waitForOptions(4);
    await c.option('Part payment').click();
    await c.details.locator('[part~="plan"]').first().waitFor();
    await expect(c.details.locator('[part~="method-name"]').allTextContents()).resolves.toEqual([
      'Delbetalning 12 mån',
      'Delbetalning 24 mån',
    ]);
    // 1500 × 0.0899 + 29 → 164; 1500 × 0.0469 + 29 → 100 (docs/session-api.md#the-group-object, rounded up).
    await expect(c.texts(c.details.locator('[part~="plan-cost"]'))).resolves.toEqual(['SEK 164/month', 'SEK 100/month']);
    await expect(c.texts(c.details.locator('[part~="plan-terms"]').first())).resolves.toEqual([
      'Duration12 monthsInterest9.95%Administration feeSEK 29/monthSetup feeSEK 0',
    ]);
    // Both members link the same page: shown once.
    const link = c.details.locator('a');
    await expect(link.count()).resolves.toBe(1);
    await expect(link.evaluate((a: HTMLAnchorElement) => [a.getAttribute('href'), a.target, a.rel])).resolves.toEqual([
      `${PRICE_INFO_URL}1500`,
      '_blank',
      'noopener',
    ]);
    // The page's own amount attribute wins.
    await c.setAttribute('payment-method', 'amount', '1500.50');
    await expect(link.getAttribute('href')).resolves.toBe(`${PRICE_INFO_URL}1500.50`);
    // Undecodable data degrades to a quiet note, never an exception.
    await c.setAttribute('payment-method', 'data', 'not base64!');
    await expect(c.details.textContent()).resolves.toBe('Payment details are unavailable.');
  });

  it('shows details in Swedish', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500', lang: 'sv' });
    await c.waitForOptions(4);
    // The service's texts in Swedish too: the default bundle title and the monthly cost.
    await c.option('Delbetalning').click();
    expect((await c.optionStates())[1]!.subtitle).toBe('Från 100 kr/mån');
    await expect(c.texts(c.details.locator('[part~="plan-cost"]'))).resolves.toEqual(['164 kr/mån', '100 kr/mån']);
    await expect(c.texts(c.details.locator('[part~="plan-terms"]').first())).resolves.toEqual([
      'Löptid12 månaderRänta9,95 %Administrationsavgift29 kr/månUppläggningsavgift0 kr',
    ]);
    await expect(c.details.locator('a').textContent()).resolves.toBe('Prisinformation (öppnas i ett nytt fönster)');
  });

  it('speaks Finnish when the page is Finnish, prices and interest written the Finnish way', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500', lang: 'fi-FI' });
    const options = await c.waitForOptions(4);
    expect(options.map((o) => o.subtitle)).toEqual(['Pay within 30 days', 'Alkaen 100 SEK/kk', '', 'Pay with the Swish app']);
    await expect(c.radiogroup.getAttribute('aria-label')).resolves.toBe('Maksutapa');
    await c.option('Osamaksu').click();
    await expect(c.texts(c.details.locator('[part~="plan-cost"]'))).resolves.toEqual(['164 SEK/kk', '100 SEK/kk']);
    await expect(c.texts(c.details.locator('[part~="plan-terms"]').first())).resolves.toEqual([
      'Maksuaika12 kuukauttaKorko9,95 %Tilinhoitomaksu29 SEK/kkAvausmaksu0 SEK',
    ]);
    await expect(c.details.locator('a').textContent()).resolves.toBe('Hintatiedot (avautuu uuteen ikkunaan)');
    await c.setAttribute('payment-method', 'data', 'not base64!');
    await expect(c.details.textContent()).resolves.toBe('Maksun tiedot eivät ole saatavilla.');
  });

  it('speaks Norwegian from its own lang on an English page, and follows a change of lang', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500', attributes: { lang: 'nb' } });
    const options = await c.waitForOptions(4);
    expect(options[1]!.subtitle).toBe('Fra 100 SEK/mnd');
    await expect(c.radiogroup.getAttribute('aria-label')).resolves.toBe('Betalingsmåte');
    // `no` is Norwegian bokmål too.
    await c.setAttribute('payment-methods', 'lang', 'no-NO');
    await expect(c.radiogroup.getAttribute('aria-label')).resolves.toBe('Betalingsmåte');
    // A change of lang: our texts at once, the service's with its answer in the new language.
    await c.setAttribute('payment-methods', 'lang', 'da-DK');
    await expect(c.radiogroup.getAttribute('aria-label')).resolves.toBe('Betalingsmetode');
    // (One request or two, for no-NO and da-DK, as the debounce falls: the last one is in Danish.)
    await expect.poll(() => api.groupsRequests.at(-1)?.query.get('locale')).toBe('da');
    await expect.poll(async () => (await c.optionStates())[1]!.subtitle).toBe('Fra 100 SEK/md.');
    // <payment-method> has no lang of its own: it follows the English page.
    await c.option('Delbetaling').click();
    await expect(c.texts(c.details.locator('[part~="plan-cost"]'))).resolves.toEqual(['SEK 164/month', 'SEK 100/month']);
  });

  it('follows the session’s language on a page without lang: Finnish texts, its own and the service’s', async () => {
    const c = await open({ sessionId: SESSIONS.finnish, amount: '1500', lang: null });
    const options = await c.waitForOptions(4);
    // No locale sent: the service answers in the session's language and says so (Content-Language).
    expect(api.groupsRequests[0]!.query.has('locale')).toBe(false);
    expect(options.map((o) => [o.title, o.subtitle])).toEqual(at('1500', 'fi').map((g) => [g.title, plainSpaces(g.subtitle)]));
    expect(options[1]).toMatchObject({ title: 'Osamaksu', subtitle: 'Alkaen 100 SEK/kk' });
    await expect(c.radiogroup.getAttribute('aria-label')).resolves.toBe('Maksutapa');
    // What is written in Finnish is marked so, for screen readers, though the page says no language.
    await expect(c.radiogroup.getAttribute('lang')).resolves.toBe('fi');
    await c.option('Osamaksu').click();
    // <payment-method> reads the language from internalData.
    await expect(c.texts(c.details.locator('[part~="plan-cost"]'))).resolves.toEqual(['164 SEK/kk', '100 SEK/kk']);
    await expect(c.details.locator('a').first().textContent()).resolves.toBe('Hintatiedot (avautuu uuteen ikkunaan)');
    // A lang set on the element later wins, and the service is asked in it.
    await c.setAttribute('payment-methods', 'lang', 'sv');
    await expect.poll(async () => (await c.optionStates())[1]!.title).toBe('Delbetalning');
    expect(api.groupsRequests.at(-1)!.query.get('locale')).toBe('sv');
  });

  it('shows the loading and expired states in Norwegian', async () => {
    expectedStatuses = [409];
    const c = await open({ sessionId: SESSIONS.held, amount: '1500', lang: 'nb-NO' });
    await api.groupsRequest(0);
    await expect(c.state.textContent()).resolves.toBe('Henter betalingsmåter…');
    await c.setAttribute('payment-methods', 'session-id', SESSIONS.expired);
    await c.waitForEvents(1);
    await expect(c.state.textContent()).resolves.toBe('Betalingsøkten har utløpt.');
  });

  it('bundles part payment under another operator’s prefix (RESURS_…) just the same', async () => {
    const c = await open({ sessionId: SESSIONS.resurs, amount: '1500' });
    const options = await c.waitForOptions(4);
    const served = withOperatorPrefix(at('1500'), 'RESURS');
    expect(served.map((g) => g.type)).toEqual(['RESURS_INVOICE', 'RESURS_PART_PAYMENT_SELECT_NOW', 'CARD', 'SWISH']);
    expect(options.map((o) => [o.groupId, o.title, o.subtitle])).toEqual([
      [served[0]!.id, 'Invoice', 'Pay within 30 days'],
      [served[1]!.id, 'Part payment', 'From 100 SEK/month'],
      [served[2]!.id, 'Kort – Visa & Mastercard', ''],
      [served[3]!.id, 'Swish', 'Pay with the Swish app'],
    ]);
    await c.option('Part payment').click();
    expect(await c.waitForEvents(1)).toEqual([{ type: 'payment-method-select', detail: selection(served[1]!) }]);
    await expect(c.details.locator('[part~="method-name"]').allTextContents()).resolves.toEqual([
      'Delbetalning 12 mån',
      'Delbetalning 24 mån',
    ]);
    await expect(c.texts(c.details.locator('[part~="plan-cost"]'))).resolves.toEqual(['SEK 164/month', 'SEK 100/month']);
    await expect(c.details.locator('a').getAttribute('href')).resolves.toBe(`${PRICE_INFO_URL}1500`);
  });

  it('works on a storefront of another origin, calling the service the script came from', async () => {
    const c = await open({ sessionId: SESSIONS.ok, amount: '1500' }, storefront);
    await c.waitForOptions(4);
    expect(new URL(c.page.url()).origin).not.toBe(api.url);
    expect(api.groupsRequests.map((r) => r.origin)).toEqual([storefront.url]);
    expect(storefront.groupsRequests).toEqual([]);
  });

  it('calls the api-base attribute’s service instead, when given', async () => {
    checkout = await openCheckout(
      shared,
      storefront.page(
        checkoutPage({
          scriptSrc: storefront.scriptUrl!,
          sessionId: SESSIONS.ok,
          amount: '1500',
          attributes: { 'api-base': api.url },
        }),
      ),
    );
    await checkout.waitForOptions(4);
    expect(api.groupsRequests).toHaveLength(1);
    expect(storefront.groupsRequests).toEqual([]);
  });

  it('shows the credit disclosure under the subtitle as it is: the APR as large and heavy as the monthly cost, the catalog’s price information linked', async () => {
    const c = await open({ sessionId: SESSIONS.disclosure, amount: '1500' });
    await c.waitForOptions(4);
    const expected = disclosureOf(named(at('1500'), 'Part payment'), '1500', 'en', '')!;
    // Only the group whose subtitle names a monthly cost has one.
    await expect(c.page.locator('payment-methods [part~="disclosure"]').count()).resolves.toBe(1);
    const option = c.option('Part payment');
    const text = option.locator('[part~="disclosure-text"]');
    const warning = option.locator('[part~="disclosure-warning"]');
    const apr = text.locator('[part~="apr"]');
    await expect(c.texts(text)).resolves.toEqual([plainSpaces(expected.text)]);
    await expect(c.texts(warning)).resolves.toEqual(['Borrowing money costs money.']);
    await expect(c.texts(apr)).resolves.toEqual([plainSpaces(expected.apr)]);
    // Seen before anything is clicked, hovered or focused.
    for (const shown of [text, warning, apr]) await expect(seenAsIs(shown)).resolves.toBe(true);
    const cost = await typeOf(option.locator('[part~="subtitle"]'));
    const rate = await typeOf(apr);
    expect(rate.size).toBeGreaterThanOrEqual(cost.size);
    expect(rate.weight).toBeGreaterThanOrEqual(cost.weight);
    // Read out with the subtitle, as it is seen with it.
    await expect(option.getAttribute('aria-describedby')).resolves.toBe('pm-1-subtitle pm-1-disclosure-text pm-1-disclosure-warning');
    // The members' catalog PRICE_INFO link wins over the service's page, the amount appended.
    const link = c.page.locator('payment-methods a');
    await expect(link.count()).resolves.toBe(1);
    await expect(link.evaluate((a: HTMLAnchorElement) => [a.getAttribute('href'), a.target, a.rel, a.textContent])).resolves.toEqual([
      `${PRICE_INFO_URL}1500`,
      '_blank',
      'noopener',
      'Price information (opens in a new window)',
    ]);
    // Inside the option's box, not covering the text.
    await expect(seenAsIs(link)).resolves.toBe(true);
    const [box, linkBox, textBox] = await Promise.all([option.boundingBox(), link.boundingBox(), warning.boundingBox()]);
    expect(linkBox!.y).toBeGreaterThanOrEqual(textBox!.y + textBox!.height);
    expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(box!.y + box!.height);
    expect(linkBox!.x).toBeGreaterThanOrEqual(box!.x);
    await expect(seriousViolations(c.page)).resolves.toEqual([]);

    // The details: the same disclosure above the plans, the rate as heavy as a plan's monthly cost.
    await option.click();
    const credit = c.details.locator('[part~="credit"]');
    await expect(c.texts(credit.locator('[part~="disclosure-text"]'))).resolves.toEqual([plainSpaces(expected.text)]);
    await expect(c.texts(credit.locator('[part~="disclosure-warning"]'))).resolves.toEqual(['Borrowing money costs money.']);
    const detailsRate = await typeOf(credit.locator('[part~="apr"]'));
    const planCost = await typeOf(c.details.locator('[part~="plan-cost"]').first());
    expect(detailsRate.size).toBeGreaterThanOrEqual(planCost.size);
    expect(detailsRate.weight).toBeGreaterThanOrEqual(planCost.weight);
    await expect(seenAsIs(credit.locator('[part~="apr"]'))).resolves.toBe(true);
    // The catalog's link, shown once with the plans; the service's page is not linked beside it.
    await expect(c.details.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).resolves.toEqual([
      `${PRICE_INFO_URL}1500`,
    ]);
    await expect(seriousViolations(c.page)).resolves.toEqual([]);
  });

  it('links the service’s price-information page where no member has a PRICE_INFO link, in the page’s language', async () => {
    const c = await open({ sessionId: SESSIONS.disclosureOwnPage, amount: '1500', lang: 'sv' });
    await c.waitForOptions(4);
    const group = named(at('1500', 'sv'), 'Delbetalning');
    const page = `${api.url}/v1/sessions/${SESSIONS.disclosureOwnPage}/price-information?amount=1500&group=${group.id}`;
    const expected = disclosureOf(group, '1500', 'sv', page)!;
    const option = c.option('Delbetalning');
    await expect(c.texts(option.locator('[part~="disclosure-text"]'))).resolves.toEqual([plainSpaces(expected.text)]);
    await expect(c.texts(option.locator('[part~="apr"]'))).resolves.toEqual([plainSpaces(expected.apr)]);
    await expect(c.texts(option.locator('[part~="disclosure-warning"]'))).resolves.toEqual(['Att låna kostar pengar!']);
    const link = c.page.locator('payment-methods a');
    await expect(link.evaluate((a: HTMLAnchorElement) => [a.getAttribute('href'), a.textContent])).resolves.toEqual([
      page,
      'Prisinformation (öppnas i ett nytt fönster)',
    ]);
    await expect(seriousViolations(c.page)).resolves.toEqual([]);
    await option.click();
    await expect(c.details.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).resolves.toEqual([page]);
    await expect(c.texts(c.details.locator('[part~="disclosure-warning"]'))).resolves.toEqual(['Att låna kostar pengar!']);
    await expect(seriousViolations(c.page)).resolves.toEqual([]);
  });

  it('links the PRICE_INFO page of the member whose plan the example describes; the details link each member’s', async () => {
    const c = await open({ sessionId: SESSIONS.disclosurePerMember, amount: '1500' });
    await c.waitForOptions(4);
    const example = disclosureOf(named(at('1500'), 'Part payment'), '1500', 'en', '')!;
    // 1500 at 24 months costs 100 a month, at 12 months 164: the example is the 24-month member's, the second.
    expect(example.durationMonths).toBe(24);
    await expect(c.page.locator('payment-methods a').getAttribute('href')).resolves.toBe(
      `${memberPriceInfoUrl(example.paymentMethodId)}1500`,
    );
    await c.option('Part payment').click();
    await c.details.locator('[part~="plan"]').first().waitFor();
    const members = named(at('1500'), 'Part payment').methodIds;
    await expect(c.details.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).resolves.toEqual(
      members.map((id) => `${memberPriceInfoUrl(id)}1500`),
    );
  });

  it('keeps the keyboard pattern with links beside the radios: arrows move between radios, Tab reaches the link', async () => {
    const c = await open({ sessionId: SESSIONS.disclosure, amount: '1500' });
    await c.waitForOptions(4);
    await c.option('Invoice').focus();
    await c.page.keyboard.press('ArrowDown');
    await expect(c.focusedTitle()).resolves.toBe('Part payment');
    await c.page.keyboard.press('ArrowDown');
    await expect(c.focusedTitle()).resolves.toBe('Kort – Visa & Mastercard');
    await c.page.keyboard.press('ArrowUp');
    await expect(c.focusedTitle()).resolves.toBe('Part payment');
    const before = await c.waitForEvents(5);
    await c.page.keyboard.press('Tab');
    await expect(
      c.page.evaluate(() => document.querySelector('payment-methods')!.shadowRoot!.activeElement?.getAttribute('href')),
    ).resolves.toBe(`${PRICE_INFO_URL}1500`);
    // Reaching the link selects nothing.
    await expect(c.events()).resolves.toEqual(before);
    // A new amount rebuilds the list: focus stays on the group's link, which has the new amount.
    await c.setAttribute('payment-methods', 'amount', '1600');
    await expect
      .poll(() => c.page.evaluate(() => document.querySelector('payment-methods')!.shadowRoot!.activeElement?.getAttribute('href')))
      .toBe(`${PRICE_INFO_URL}1600`);
  });
});

const CATALOG_NAMES = ['Invoice', 'Delbetalning 12 mån', 'Delbetalning 24 mån', 'Kort – Visa & Mastercard', 'Swish'];
