// The storefront script in Chromium against the real service (in-process, on a real port, demo
// catalog, database per test/helpers/database.ts): a merchant's checkout page on its own origin,
// and the bundled demo storefront at /demo. Every page must run without a console error and
// without a Content-Security-Policy violation.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page, Response as PageResponse } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { leaveChromium, sharedChromium } from '../helpers/chromium.ts';
import { reusablePage } from '../helpers/reusable-page.ts';
import { freePort } from '../helpers/process.ts';
import { readFileSync } from 'node:fs';
import {
  CHECKOUT_TIMEOUT_MS,
  Checkout,
  checkoutPage,
  plainSpaces,
  seriousViolations,
  typeOf,
  type CheckoutPageOptions,
} from './checkout-page.ts';
import { NORDIC as CLIENT, STORE } from '../helpers/demo.ts';
// What the published client types a group as: the tests read answers as a merchant's code does.
import type { PaymentMethodGroup as Group } from '../../client/src/index.ts';

/** The demo catalog's PRICE_INFO link of a method (the amount is appended to it). */
function priceInfoOf(methodId: string): string {
  const catalog = JSON.parse(readFileSync(new URL('../../demo/catalog.json', import.meta.url), 'utf8')) as {
    paymentMethods: Array<{ id: string; legalLinks?: Array<{ type: string; url: string }> }>;
  };
  const link = catalog.paymentMethods.find((m) => m.id === methodId)?.legalLinks?.find((l) => l.type === 'PRICE_INFO');
  if (!link) throw new Error(`no PRICE_INFO link for ${methodId}`);
  return link.url;
}

interface Session {
  id: string;
  expiresAt: string;
  embedSrc: string;
}

const selection = (group: Group) => ({
  groupId: group.id,
  methodIds: group.methodIds,
  type: group.type,
  internalData: group.internalData,
});

function named(groups: Group[], title: string): Group {
  const group = groups.find((g) => g.title === title);
  if (!group) throw new Error(`no group ${title}`);
  return group;
}

interface Storefront {
  url: string;
  /** Serves a page at a fresh path and returns its URL. */
  page(html: string): string;
  close(): Promise<void>;
}

/**
 * A merchant's storefront on an origin of its own, under a strict CSP of its own: its one inline
 * script by hash, and the service's origin for the components script and the groups.
 */
async function startStorefront(serviceOrigin: string): Promise<Storefront> {
  const pages = new Map<string, string>();
  const server = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    if (html === undefined) {
      res.writeHead(404).end();
      return;
    }
    const inline = createHash('sha256')
      .update(/<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '')
      .digest('base64');
    const policy = `default-src 'none'; script-src 'sha256-${inline}' ${serviceOrigin}; connect-src ${serviceOrigin}; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    page(html) {
      const path = `/checkout/${pages.size + 1}`;
      pages.set(path, html);
      return `${url}${path}`;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}

describe('storefront components against the real service', { timeout: 30_000 }, () => {
  const clock = manualClock();
  // One page for the file's tests, reset before each (a new context and page per test cost more CPU than
  // the rest of a test); its pages record CSP violations.
  const shared = reusablePage({
    defaultTimeout: CHECKOUT_TIMEOUT_MS,
    prepare: (context) =>
      context.addInitScript(() => {
        const record: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = record;
        document.addEventListener('securitypolicyviolation', (event) => record.push(`${event.violatedDirective} ${event.blockedURI}`));
      }),
  });
  let browser: Browser;
  let service: TestService;
  /** Origin of the service (PUBLIC_URL). */
  let base: string;
  let storefront: Storefront;
  let checkout: Checkout | undefined;
  /** HTTP error statuses the current test provokes; Chromium logs each as a console error. */
  let expectedStatuses: number[] = [];

  beforeAll(async () => {
    browser = await sharedChromium();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    service = await startTestService({ clock, demo: true, env: { PUBLIC_URL: base } });
    await service.app.listen({ host: '127.0.0.1', port });
    storefront = await startStorefront(base);
  }, 60_000);

  afterAll(async () => {
    await leaveChromium(browser);
    await storefront?.close();
    await service?.close();
  });

  afterEach(async () => {
    const violations = await checkout?.page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    const errors = checkout?.unexpectedConsoleErrors(expectedStatuses) ?? [];
    checkout = undefined;
    expectedStatuses = [];
    expect(errors, 'console errors').toEqual([]);
    expect(violations ?? [], 'CSP violations').toEqual([]);
  });

  /** Opens a page that records CSP violations; `prepare` runs before it loads (to await responses). */
  async function open(url: string, prepare?: (page: Page) => void): Promise<Checkout> {
    checkout = new Checkout(shared);
    prepare?.(shared.page);
    await shared.page.goto(url);
    return checkout;
  }

  /** A merchant's checkout page on the storefront's origin, loading the session's embed.src. */
  function openStorefront(session: Session, options: Omit<CheckoutPageOptions, 'scriptSrc' | 'sessionId'>): Promise<Checkout> {
    return open(storefront.page(checkoutPage({ scriptSrc: session.embedSrc, sessionId: session.id, ...options })));
  }

  /** What a merchant backend does: a token, then a session (in the shopper's `locale`, when given). */
  async function createSession(locale?: string): Promise<Session> {
    const token = await issueToken(service.app, CLIENT.id, CLIENT.secret);
    const response = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${token}`, ...(locale === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(locale === undefined ? {} : { payload: JSON.stringify({ locale }) }),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { id: string; expiresAt: string; embed: { src: string } };
    return { id: body.id, expiresAt: body.expiresAt, embedSrc: body.embed.src };
  }

  /** The groups as the service answers them; in English, as the English test pages ask for them. */
  async function apiGroups(sessionId: string, query: string, locale = 'en'): Promise<Group[]> {
    const url = `/v1/sessions/${sessionId}/payment-method-groups?${query}&locale=${locale}`;
    const response = await service.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json() as Group[];
  }

  function expireSessions(): void {
    clock.advance((service.config.sessionTtlSeconds + 1) * 1000);
  }

  describe('on a merchant checkout page of another origin', () => {
    it('renders the demo catalog in the store’s order with titles and monthly costs', async () => {
      const session = await createSession();
      const c = await openStorefront(session, { amount: '1299.95' });
      const options = await c.waitForOptions(6);
      const groups = await apiGroups(session.id, 'amount=1299.95');
      expect(options).toEqual(
        groups.map((g, index) => ({
          groupId: g.id,
          title: g.title,
          subtitle: g.subtitle,
          checked: 'false',
          tabIndex: index === 0 ? 0 : -1,
        })),
      );
      expect(options.map((o) => [o.title, o.subtitle])).toEqual([
        ['Invoice', 'Pay within 30 days'],
        ['Part payment', 'From 89 SEK/month'],
        ['Flexible account', 'From 69 SEK/month'],
        ['Card', 'Visa, Mastercard'],
        ['Swish', 'Pay with your mobile'],
        ['Business invoice', 'Invoice to your company, 30 days'],
      ]);

      await c.setAttribute('payment-methods', 'customer-type', 'LEGAL');
      expect((await c.waitForOptions(3)).map((o) => o.title)).toEqual(['Card', 'Swish', 'Business invoice']);
    });

    it('reports click and keyboard selections with the groups the API serves', async () => {
      const session = await createSession();
      const c = await openStorefront(session, { amount: '1299.95', attributes: { 'customer-type': 'NATURAL' } });
      await c.waitForOptions(5);
      const groups = await apiGroups(session.id, 'amount=1299.95&customerType=NATURAL');

      await c.option('Part payment').click();
      expect(await c.waitForEvents(1)).toEqual([{ type: 'payment-method-select', detail: selection(named(groups, 'Part payment')) }]);
      // The page passed internalData on: the bundle's plans, priced by the service.
      await expect(c.texts(c.details.locator('[part~="plan-cost"]'))).resolves.toEqual(['SEK 109/month', 'SEK 89/month']);

      await c.page.keyboard.press('ArrowDown');
      expect(await c.focusedTitle()).toBe('Flexible account');
      await c.page.keyboard.press('End');
      expect(await c.focusedTitle()).toBe('Swish');
      expect((await c.waitForEvents(5)).slice(1)).toEqual([
        { type: 'payment-method-deselect', detail: selection(named(groups, 'Part payment')) },
        { type: 'payment-method-select', detail: selection(named(groups, 'Flexible account')) },
        { type: 'payment-method-deselect', detail: selection(named(groups, 'Flexible account')) },
        { type: 'payment-method-select', detail: selection(named(groups, 'Swish')) },
      ]);
      expect((await c.optionStates()).map((o) => o.checked)).toEqual(['false', 'false', 'false', 'false', 'true']);
    });

    it('re-fetches when the amount changes: the offer and the monthly costs follow', async () => {
      const session = await createSession();
      const c = await openStorefront(session, { amount: '1299.95', attributes: { 'customer-type': 'NATURAL' } });
      await c.waitForOptions(5);
      const before = named(await apiGroups(session.id, 'amount=1299.95&customerType=NATURAL'), 'Part payment');
      await c.option('Part payment').click();
      await c.waitForEvents(1);

      // Same members at 2500, so the same group: still selected, announced again with its plans at 2500.
      await c.setAttribute('payment-methods', 'amount', '2500');
      const at2500 = named(await apiGroups(session.id, 'amount=2500&customerType=NATURAL'), 'Part payment');
      expect((await c.waitForEvents(2))[1]).toEqual({ type: 'payment-method-select', detail: selection(at2500) });
      expect(at2500.id).toBe(before.id);
      expect((await c.waitForOptions(5)).map((o) => [o.title, o.subtitle, o.checked])).toEqual([
        ['Invoice', 'Pay within 30 days', 'false'],
        ['Part payment', 'From 145 SEK/month', 'true'],
        ['Flexible account', 'From 106 SEK/month', 'false'],
        ['Card', 'Visa, Mastercard', 'false'],
        ['Swish', 'Pay with your mobile', 'false'],
      ]);
      await expect(c.texts(c.details.locator('[part~="plan-cost"]'))).resolves.toEqual(['SEK 209/month', 'SEK 145/month']);

      // From 3000 the 36-month plan joins: another set of methods is another group, so the
      // selection is withdrawn.
      await c.setAttribute('payment-methods', 'amount', '5000');
      expect((await c.waitForEvents(3))[2]).toEqual({ type: 'payment-method-deselect', detail: selection(at2500) });
      const at5000 = await apiGroups(session.id, 'amount=5000&customerType=NATURAL');
      expect(named(at5000, 'Part payment').methodIds).toHaveLength(3);
      const options = await c.waitForOptions(5);
      expect(options.map((o) => [o.groupId, o.subtitle, o.checked])).toEqual(at5000.map((g) => [g.id, g.subtitle, 'false']));
      expect(options.map((o) => o.subtitle)).toEqual([
        'Pay within 30 days',
        'From 203 SEK/month',
        'From 182 SEK/month',
        'Visa, Mastercard',
        'Pay with your mobile',
      ]);
    });

    it('on an expired session tells the page, with the service’s message, and shows it', async () => {
      expectedStatuses = [409];
      const session = await createSession();
      const c = await openStorefront(session, { amount: '1299.95' });
      await c.waitForOptions(6);

      expireSessions();
      await c.setAttribute('payment-methods', 'amount', '1500');
      const answer = await service.app.inject({ method: 'GET', url: `/v1/sessions/${session.id}/payment-method-groups?amount=1500` });
      expect(answer.statusCode).toBe(409);
      expect(await c.waitForEvents(1)).toEqual([
        { type: 'payment-session-expired', detail: { sessionId: session.id, message: (answer.json() as { message: string }).message } },
      ]);
      await expect(c.state.getAttribute('part')).resolves.toBe('state state-expired');
      await expect(c.state.textContent()).resolves.toBe('This payment session has expired.');
      await expect(c.radiogroup.isHidden()).resolves.toBe(true);
    });

    it("follows the session's language on a page without lang: Finnish texts, the components' and the service's", async () => {
      const session = await createSession('fi');
      let answered!: Promise<PageResponse>;
      const page = storefront.page(checkoutPage({ scriptSrc: session.embedSrc, sessionId: session.id, amount: '1299.95', lang: null }));
      const c = await open(page, (p) => {
        answered = p.waitForResponse((r) => r.url().startsWith(`${base}/v1/sessions/${session.id}/`));
      });
      const response = await answered;
      // No locale asked: the service answers in the session's language and says so.
      expect(new URL(response.url()).searchParams.has('locale')).toBe(false);
      expect(response.headers()['content-language']).toBe('fi');
      const options = await c.waitForOptions(6);
      const served = await service.app.inject({ method: 'GET', url: `/v1/sessions/${session.id}/payment-method-groups?amount=1299.95` });
      expect(options.map((o) => [o.groupId, o.title, o.subtitle])).toEqual(
        (served.json() as Group[]).map((g) => [g.id, g.title, plainSpaces(g.subtitle)]),
      );
      expect(options.map((o) => [o.title, o.subtitle])).toEqual([
        ['Lasku', 'Maksa 30 päivän kuluessa'],
        ['Osamaksu', 'Alkaen 89 SEK/kk'],
        ['Joustotili', 'Alkaen 69 SEK/kk'],
        ['Kortti', 'Visa, Mastercard'],
        ['Swish', 'Maksa puhelimella'],
        ['Yrityslasku', 'Lasku yrityksellesi, 30 päivää'],
      ]);
      // The components' own texts in Finnish too, marked so for screen readers though the page says no language.
      await expect(c.radiogroup.getAttribute('aria-label')).resolves.toBe('Maksutapa');
      await expect(c.radiogroup.getAttribute('lang')).resolves.toBe('fi');
      await c.option('Osamaksu').click();
      // <payment-method> reads the language from internalData: the catalog's Finnish plan names, its own words.
      await expect(c.texts(c.details.locator('[part~="plan-cost"]'))).resolves.toEqual(['109 SEK/kk', '89 SEK/kk']);
      await expect(c.details.locator('a').first().textContent()).resolves.toBe('Hintatiedot (avautuu uuteen ikkunaan)');
      const shown = `${await c.radiogroup.innerText()}\n${await c.details.innerText()}`;
      expect(shown).toContain('kuukautta');
      expect(
        shown.match(/\b(From|month|months|Part payment|Invoice|Pay|Interest|Duration|Setup fee|Price information)\b/),
        shown,
      ).toBeNull();
    });

    it('shows the credit disclosure the service serves under each monthly cost, linking the example member’s price information', async () => {
      const session = await createSession();
      const c = await openStorefront(session, { amount: '1299.95', attributes: { 'customer-type': 'NATURAL' } });
      await c.waitForOptions(5);
      const groups = await apiGroups(session.id, 'amount=1299.95&customerType=NATURAL');
      const disclosed = groups.filter((g) => g.disclosure);
      expect(disclosed.map((g) => g.title)).toEqual(['Part payment', 'Flexible account']);
      await expect(c.page.locator('payment-methods [part~="disclosure"]').count()).resolves.toBe(disclosed.length);
      for (const group of disclosed) {
        const disclosure = group.disclosure!;
        const option = c.option(group.title);
        // As the service writes the rate inside the text: Intl in English for a Swedish store.
        const rate = new Intl.NumberFormat('en-SE', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
          disclosure.example.effectiveInterest / 100,
        );
        await expect(c.texts(option.locator('[part~="disclosure-text"]'))).resolves.toEqual([plainSpaces(disclosure.text)]);
        await expect(c.texts(option.locator('[part~="apr"]'))).resolves.toEqual([plainSpaces(rate)]);
        await expect(c.texts(option.locator('[part~="disclosure-warning"]'))).resolves.toEqual(['Borrowing money costs money.']);
        expect(disclosure.warning).toBe('Borrowing money costs money.');
        const cost = await typeOf(option.locator('[part~="subtitle"]'));
        const apr = await typeOf(option.locator('[part~="apr"]'));
        expect(apr.size).toBeGreaterThanOrEqual(cost.size);
        expect(apr.weight).toBeGreaterThanOrEqual(cost.weight);
        // The catalog's PRICE_INFO link of the member whose plan the example is, the amount appended.
        const link = c.page
          .locator('payment-methods .item', { has: c.page.locator('[role="radio"]', { hasText: group.title }) })
          .locator('a');
        await expect(link.getAttribute('href')).resolves.toBe(`${priceInfoOf(disclosure.example.paymentMethodId)}1299.95`);
      }
      await expect(seriousViolations(c.page)).resolves.toEqual([]);
      await c.option('Part payment').click();
      const part = named(groups, 'Part payment').disclosure!;
      await expect(c.texts(c.details.locator('[part~="credit"] [part~="disclosure-text"]'))).resolves.toEqual([plainSpaces(part.text)]);
      await expect(seriousViolations(c.page)).resolves.toEqual([]);
    });

    it('reads the groups across origins: CORS lets the page read them', async () => {
      const session = await createSession();
      const c = await openStorefront(session, { amount: '1299.95' });
      await c.waitForOptions(6);
      expect(new URL(c.page.url()).origin).toBe(storefront.url);
      expect(storefront.url).not.toBe(base);

      const answered = c.page.waitForResponse((r) => r.url().startsWith(`${base}/v1/sessions/${session.id}/`));
      await c.setAttribute('payment-methods', 'amount', '2000');
      const response = await answered;
      await expect(response.request().allHeaders()).resolves.toMatchObject({ origin: storefront.url });
      expect(response.status()).toBe(200);
      await expect(response.allHeaders()).resolves.toMatchObject({ 'access-control-allow-origin': '*' });
      const options = await c.waitForOptions(6);
      expect(options.map((o) => o.groupId)).toEqual((await apiGroups(session.id, 'amount=2000')).map((g) => g.id));
    });
  });

  describe('the demo storefront at /demo', () => {
    const sessionIdOnPage = (c: Checkout) => c.page.locator('#session-id').textContent();
    /** The cart total as shown, its no-break spaces as plain ones. */
    const cartTotal = async (c: Checkout) => (await c.page.locator('#cart-total').textContent())?.replace(/\s/g, ' ');

    it('gets a session from its backend, follows the cart and the customer type, and logs the selection', async () => {
      let created!: Promise<PageResponse>;
      const c = await open(`${base}/demo`, (page) => {
        created = page.waitForResponse(`${base}/demo/session`);
      });
      // The shop's backend created the session server-side: the page gets its id, never a token.
      const answer = (await (await created).json()) as Record<string, string>;
      expect(Object.keys(answer).sort()).toEqual(['expiresAt', 'sessionId']);
      const sessionId = answer.sessionId!;
      const stored = await service.ctx.sessions.requireActive(sessionId);
      // The shop opens in its store's language, and its backend creates the session in it.
      expect([stored.storeId, stored.campaign, stored.locale]).toEqual([STORE, undefined, 'sv-SE']);
      await expect(c.page.locator('html').getAttribute('lang')).resolves.toBe('sv');
      await c.waitForOptions(5);

      await c.page.getByRole('radio', { name: 'English' }).check();
      await c.page.locator('payment-methods [role="radiogroup"][aria-label="Payment method"]').waitFor();
      await c.option('Part payment').waitFor();
      const options = await c.waitForOptions(5);
      expect(await sessionIdOnPage(c)).toBe(sessionId);
      expect(await cartTotal(c)).toBe('SEK 1,299.95');
      const atStart = await apiGroups(sessionId, 'amount=1299.95&customerType=NATURAL');
      expect(options.map((o) => [o.groupId, o.title, o.subtitle])).toEqual(atStart.map((g) => [g.id, g.title, g.subtitle]));

      // A second duvet cover: 2198.95.
      await c.page.getByRole('spinbutton', { name: /Linen duvet cover/ }).fill('2');
      await c.page.locator('#cart-total', { hasText: 'SEK 2,198.95' }).waitFor();
      await c.option('Part payment').filter({ hasText: 'From 131 SEK/month' }).waitFor();
      const atTwo = await apiGroups(sessionId, 'amount=2198.95&customerType=NATURAL');
      expect((await c.waitForOptions(5)).map((o) => [o.groupId, o.subtitle])).toEqual(atTwo.map((g) => [g.id, g.subtitle]));

      await c.page.getByRole('radio', { name: 'Business', exact: true }).check();
      await c.option('Business invoice').waitFor();
      expect((await c.waitForOptions(3)).map((o) => o.title)).toEqual(['Card', 'Swish', 'Business invoice']);

      await c.page.getByRole('radio', { name: 'Private person', exact: true }).check();
      await c.option('Part payment').waitFor();
      await c.waitForOptions(5);
      await expect(c.page.locator('#details-hint').isVisible()).resolves.toBe(true);
      await c.option('Part payment').click();

      const logged = c.page.locator('#event-log li[data-event="payment-method-select"]');
      await logged.waitFor();
      const detail = await logged.locator('pre').textContent();
      expect(detail).toContain(`"groupId": "${named(atTwo, 'Part payment').id}"`);
      expect(detail).toContain('"type": "PROVIDER_PART_PAYMENT_SELECT_NOW"');
      await expect(c.texts(c.details.locator('[part~="plan-cost"]'))).resolves.toEqual(['SEK 184/month', 'SEK 131/month']);
      await expect(c.page.locator('#details-hint').isHidden()).resolves.toBe(true);
    });

    it('a gift card in the cart gets a new session without part payment and the account, and taking it out brings them back', async () => {
      const c = await open(`${base}/demo`);
      await c.page.getByRole('radio', { name: 'English' }).check();
      await c.option('Part payment').waitFor();
      await c.waitForOptions(5);
      const first = await sessionIdOnPage(c);
      expect((await service.ctx.sessions.requireActive(first!)).rules).toEqual({ productTypes: ['PHYSICAL'] });

      await c.page.getByRole('spinbutton', { name: /Gift card/ }).fill('1');
      await c.page.locator('#cart-total', { hasText: 'SEK 1,799.95' }).waitFor();
      await c.page.locator('#session-id').filter({ hasNotText: first! }).waitFor();
      const withGiftCard = (await sessionIdOnPage(c))!;
      expect((await service.ctx.sessions.requireActive(withGiftCard)).rules).toEqual({ productTypes: ['GIFT_CARD', 'PHYSICAL'] });
      const offered = await apiGroups(withGiftCard, 'amount=1799.95&customerType=NATURAL');
      expect(offered.map((g) => g.type).filter((t) => t.startsWith('PROVIDER_PART_PAYMENT'))).toEqual([]);
      expect((await c.waitForOptions(offered.length)).map((o) => o.groupId)).toEqual(offered.map((g) => g.id));

      await c.page.getByRole('spinbutton', { name: /Gift card/ }).fill('0');
      await c.page.locator('#session-id').filter({ hasNotText: withGiftCard }).waitFor();
      await c.option('Part payment').waitFor();
      await c.waitForOptions(5);
    });

    it('shows the credit disclosure beside every monthly cost: the product page, the selector and the details', async () => {
      const c = await open(`${base}/demo`);
      await c.waitForOptions(5);
      await c.page.getByRole('radio', { name: 'English' }).check();
      await c.option('Part payment').waitFor();
      const signage = c.page.locator('[data-signage]');
      // The product page: the shop's backend passes price signage's disclosure on, with the session's page.
      await signage.locator('.signage-price-info[href*="/price-information?"]').waitFor();
      await signage.locator('.disclosure-text', { hasText: 'Representative example' }).waitFor();
      const rate = signage.locator('.disclosure-text .apr');
      await expect(signage.locator('.disclosure-text').textContent()).resolves.toContain(
        `Annual percentage rate ${await rate.textContent()}`,
      );
      await expect(signage.locator('.disclosure-warning').textContent()).resolves.toBe('Borrowing money costs money.');
      for (const shown of [rate, signage.locator('.disclosure-warning'), signage.locator('.signage-price-info')]) {
        await expect(shown.isVisible()).resolves.toBe(true);
      }
      const signageRate = await typeOf(rate);
      const signageText = await typeOf(signage.locator('.signage-text'));
      expect(signageRate.size).toBeGreaterThanOrEqual(signageText.size);
      expect(signageRate.weight).toBeGreaterThanOrEqual(signageText.weight);
      const sessionId = (await sessionIdOnPage(c))!;
      const link = new URL((await signage.locator('.signage-price-info').getAttribute('href'))!);
      expect(link.pathname).toBe(`/v1/sessions/${sessionId}/price-information`);

      // The selector and, once chosen, the details.
      await expect(c.texts(c.option('Part payment').locator('[part~="disclosure-warning"]'))).resolves.toEqual([
        'Borrowing money costs money.',
      ]);
      await c.option('Part payment').click();
      await c.details.locator('[part~="credit"] [part~="apr"]').waitFor();
      await expect(c.texts(c.details.locator('[part~="credit"] [part~="disclosure-warning"]'))).resolves.toEqual([
        'Borrowing money costs money.',
      ]);
      await expect(seriousViolations(c.page)).resolves.toEqual([]);
    });

    it("is in the store's language (Swedish) as served, before any script runs", async () => {
      // A context of its own: JavaScript is a context's option, which no reset of the shared one changes.
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        await page.goto(`${base}/demo`);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('sv');
        await expect(page.title()).resolves.toBe('Kassa · Nordic Home Webshop');
        await expect(page.locator('#cart-heading').textContent()).resolves.toBe('Din varukorg');
        await expect(page.getByRole('radio', { name: 'Svenska' }).isChecked()).resolves.toBe(true);
        await expect(page.getByText('Privatperson').isVisible()).resolves.toBe(true);
      } finally {
        await context.close();
      }
    });

    it('replaces an expired session through its backend, offers the campaign, in Swedish and in English', async () => {
      expectedStatuses = [409];
      const c = await open(`${base}/demo`);
      await c.waitForOptions(5);
      const first = await sessionIdOnPage(c);

      expireSessions();
      await c.page.getByRole('spinbutton', { name: /Doftljus/ }).fill('2');
      await c.page.locator('#event-log li[data-event="payment-session-expired"]').waitFor();
      await c.page.waitForFunction((old) => document.querySelector('payment-methods')?.getAttribute('session-id') !== old, first);
      const second = await sessionIdOnPage(c);
      expect(second).not.toBe(first);
      await c.waitForOptions(5);
      await expect(c.page.locator('#event-log li[data-event="payment-session-expired"] pre').textContent()).resolves.toContain(
        `"sessionId": "${first}"`,
      );

      await c.page.getByRole('checkbox', { name: 'Black Week-erbjudanden' }).check();
      await c.option('Black Week: 6 månader räntefritt').waitFor();
      expect((await c.waitForOptions(2)).map((o) => o.title)).toEqual(['Black Week: 6 månader räntefritt', 'Kort (Black Week)']);
      const campaignSession = await service.ctx.sessions.requireActive((await sessionIdOnPage(c))!);
      expect(campaignSession.campaign).toBe('BLACKWEEK');
      expect(await cartTotal(c)).toBe('1 451,90 kr');

      await c.page.getByRole('radio', { name: 'English' }).check();
      await c.option('Black Week: 6 months interest-free').waitFor();
      expect((await c.waitForOptions(2)).map((o) => o.title)).toEqual(['Black Week: 6 months interest-free', 'Card (Black Week)']);
      expect(await cartTotal(c)).toBe('SEK 1,451.90');
      await expect(c.page.locator('html').getAttribute('lang')).resolves.toBe('en');
    });

    /** Every text a shopper sees, the components' shadow roots included (the event log's JSON aside). */
    const visibleText = (c: Checkout) =>
      c.page.evaluate(() => {
        const parts: string[] = [];
        const walk = (root: Node) => {
          for (const node of Array.from(root.childNodes)) {
            if (node.nodeType === Node.TEXT_NODE) {
              const parent = node.parentElement;
              if (parent && parent.checkVisibility() && node.textContent!.trim() !== '') parts.push(node.textContent!.trim());
            } else if (node instanceof Element && !node.matches('script, style, #event-log, code')) {
              if (node.shadowRoot) walk(node.shadowRoot);
              walk(node);
            }
          }
        };
        walk(document.body);
        return [document.title, ...parts].join('\n');
      });
    const ENGLISH =
      /\b(From|month|months|Part payment|Invoice|Pay|Payment|Card|Business|Private|Cart|Total|Shipping|Free|Checkout|Choose|Details|Interest|Duration|Loading|Your|Account|Fee|information|Event|Language|Quantity|offers|Borrowing|example|rate|payable)\b/;
    const SWEDISH =
      /(Från|\/mån|Delbetalning|månader|Faktura|Betala|Kort\b|Ränta|Löptid|Prisinformation|Varukorg|Att betala|Att låna|Räkneexempel|ränta)/;

    it('in Swedish shows no English text; in English no Swedish; in Finnish neither', async () => {
      const c = await open(`${base}/demo`);
      await c.waitForOptions(5);
      // The details of a part payment too: plan names, costs, terms and the price information link.
      await c.option('Delbetalning').click();
      await c.details.locator('[part~="plan-cost"]').first().waitFor();
      await c.page.locator('.signage-text', { hasText: 'Från' }).waitFor();
      const swedish = await visibleText(c);
      expect(swedish).toMatch(/Från [\d\s]+kr\/mån/);
      expect(swedish).toContain('Delbetalning');
      expect(swedish.match(ENGLISH), swedish).toBeNull();

      await c.page.getByRole('radio', { name: 'English' }).check();
      await c.option('Part payment').waitFor();
      await c.page.locator('.signage-text', { hasText: 'From' }).waitFor();
      await c.option('Part payment').click();
      await c.details.locator('[part~="plan-name"]', { hasText: 'months' }).first().waitFor();
      const english = await visibleText(c);
      expect(english).toMatch(/From \d+ SEK\/month/);
      expect(english.match(SWEDISH), english).toBeNull();

      await c.page.getByRole('radio', { name: 'Suomi' }).check();
      await c.option('Osamaksu').waitFor();
      await c.page.locator('.signage-text', { hasText: 'Alkaen' }).waitFor();
      await c.details.locator('[part~="plan-name"]', { hasText: 'kuukautta' }).first().waitFor();
      const finnish = await visibleText(c);
      expect(finnish).toMatch(/Alkaen [\d\s]+SEK\/kk/);
      expect(finnish.match(ENGLISH), finnish).toBeNull();
      expect(finnish.match(SWEDISH), finnish).toBeNull();
    });
  });
});
