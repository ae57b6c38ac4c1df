// The demo storefront's routes (/demo), served with the demo catalog: the page and its assets with
// their security headers, and the shop backend's session route. In the browser: test/embed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { STORE } from '../helpers/demo.ts';
import { PAGE_TEXTS, type PageTexts } from '../../src/http/demo/texts.ts';

const CSP =
  "default-src 'self'; script-src 'self' http://pms.test; style-src 'self' 'unsafe-inline'; connect-src 'self' http://pms.test; " +
  "img-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

describe('the demo storefront', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ demo: true });
  });
  afterAll(() => service?.close());

  it('serves the checkout page with a strict CSP, loading the components from embed.src', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/demo' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    expect(response.body).toMatch(/<script src="http:\/\/pms\.test\/embed\/payment-components\.[0-9a-f]{16}\.js" defer><\/script>/);
    expect(response.body).toContain('<title>Kassa · Nordic Home Webshop</title>');
    // Every script is a file: the CSP allows no inline script.
    expect(response.body.match(/<script\b[^>]*>/g)?.every((tag) => / src="/.test(tag))).toBe(true);
    expect(response.body).not.toMatch(/\{\{|\}\}/);
  });

  it("is written in the store's language (Swedish), before and without its script, which gets every language to switch", async () => {
    const page = (await service.app.inject({ method: 'GET', url: '/demo' })).body;
    expect(page).toMatch(/^<!doctype html>\n<html lang="sv">/);
    // The switch shows Swedish chosen.
    expect(page.match(/<input type="radio" name="language" value="(\w+)"[^>]* checked>/)?.[1]).toBe('sv');
    // Every text the script would set is already there, in Swedish.
    const texts = [...page.matchAll(/data-i18n="(\w+)"[^>]*>([^<]*)</g)].map(([, key, text]) => [key!, text!] as const);
    expect(texts.length).toBeGreaterThanOrEqual(20);
    for (const [key, text] of texts) expect(text, key).toBe(PAGE_TEXTS.sv[key as keyof PageTexts]);
    expect(page).not.toMatch(/Your cart|Checkout|Payment method|Private person/);
    // texts.js: every language of the switch, with every text.
    const script = (await service.app.inject({ method: 'GET', url: '/demo/texts.js' })).body;
    const module = JSON.parse(/^export const TEXTS = (.*);$/m.exec(script)![1]!) as Record<string, PageTexts>;
    expect(module).toEqual(PAGE_TEXTS);
    expect(Object.keys(module).sort()).toEqual(['en', 'fi', 'sv']);
  });

  it.each([
    ['/demo/shop.js', 'application/javascript; charset=utf-8'],
    ['/demo/texts.js', 'application/javascript; charset=utf-8'],
    ['/demo/shop.css', 'text/css; charset=utf-8'],
  ])('serves %s with the same headers, revalidated by ETag', async (url, type) => {
    const response = await service.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': type,
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    });
    const again = await service.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('creates a session for the demo store in the shop backend, handing out only its id and expiry', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/demo/session' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as { sessionId: string; expiresAt: string };
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'sessionId']);
    const session = await service.ctx.sessions.requireActive(body.sessionId);
    expect([session.storeId, session.campaign, session.expiresAt.toISOString()]).toEqual([STORE, undefined, body.expiresAt]);
  });

  it("shows price signage under a product's price, from the shop backend calling the merchant API", async () => {
    const response = await service.app.inject({ method: 'GET', url: '/demo/price-signage?amount=899.00' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { signage } = response.json() as { signage: Record<string, unknown> };
    // The lowest monthly cost among the demo store's part payments with price signage at 899 SEK.
    expect(signage).toMatchObject({ currency: 'SEK', secciUri: expect.stringContaining('amount=899.00') });
    expect(signage.monthlyCost).toEqual(expect.any(Number));
    expect(signage.totalCost as number).toBeGreaterThanOrEqual(899);
    expect(signage.effectiveInterest).toEqual(expect.any(Number));
    // No token or secret in what the browser gets.
    expect(response.body).not.toMatch(/secret|eyJ/);
    // Below every part payment's limits: nothing to show.
    expect((await service.app.inject({ method: 'GET', url: '/demo/price-signage?amount=1.00' })).json()).toEqual({ signage: null });
    expect((await service.app.inject({ method: 'GET', url: '/demo/price-signage?amount=abc' })).statusCode).toBe(400);
    expect((await service.app.inject({ method: 'GET', url: '/demo' })).body).toContain('data-signage');
  });

  it("passes price signage's credit disclosure on, its rate as written in its text, and the session's price-information link", async () => {
    const { sessionId } = (await service.app.inject({ method: 'POST', url: '/demo/session' })).json() as { sessionId: string };
    type Signage = {
      effectiveInterest: number;
      disclosure: { text: string; warning: string | null; apr: string };
      priceInformationUrl: string | null;
    };
    const signageOf = async (query: string) => {
      const response = await service.app.inject({ method: 'GET', url: `/demo/price-signage?amount=899.00${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { signage: Signage }).signage;
    };
    const english = await signageOf(`&locale=en-GB&sessionId=${sessionId}`);
    // The rate as the English text of a Swedish store writes it (Intl, en-SE: `99,94 %`), found inside the text.
    const rate = (tag: string, percent: number) =>
      new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(percent / 100);
    expect(english.disclosure.apr).toBe(rate('en-SE', english.effectiveInterest));
    expect(english.disclosure.text).toContain(`Annual percentage rate ${english.disclosure.apr}`);
    expect(english.disclosure.warning).toBe('Borrowing money costs money.');
    // The session's page for the group of the signage's plan at this amount, in the shopper's language:
    // the one group retrieval names for that group.
    const link = new URL(english.priceInformationUrl!);
    expect(link.pathname).toBe(`/v1/sessions/${sessionId}/price-information`);
    expect([link.searchParams.get('amount'), link.searchParams.get('locale')]).toEqual(['899.00', 'en-GB']);
    const groups = (
      await service.app.inject({
        method: 'GET',
        url: `/v1/sessions/${sessionId}/payment-method-groups?amount=899.00&customerType=NATURAL&locale=en-GB`,
      })
    ).json() as Array<{ id: string; disclosure: { priceInformationUrl: string } | null }>;
    expect(groups.find((g) => g.id === link.searchParams.get('group'))?.disclosure?.priceInformationUrl).toBe(english.priceInformationUrl);

    const swedish = await signageOf('&locale=sv-SE');
    expect(swedish.disclosure.apr).toBe(rate('sv-SE', swedish.effectiveInterest));
    expect(swedish.disclosure.text).toContain(`Effektiv ränta ${swedish.disclosure.apr}`);
    expect(swedish.disclosure.warning).toBe('Att låna kostar pengar!');
    // Without a session, or with one unknown, no page to link; the signage still shows.
    expect(swedish.priceInformationUrl).toBeNull();
    expect((await signageOf('&sessionId=no-such-session')).priceInformationUrl).toBeNull();
  });

  it('passes a campaign on', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/demo/session', payload: { campaign: 'BLACKWEEK' } });
    expect(response.statusCode).toBe(201);
    const session = await service.ctx.sessions.requireActive((response.json() as { sessionId: string }).sessionId);
    expect(session.campaign).toBe('BLACKWEEK');
  });

  it("passes the cart's kinds of goods on: a gift card in the cart removes part payment and the account", async () => {
    const created = async (productTypes?: string[]) => {
      const response = await service.app.inject({ method: 'POST', url: '/demo/session', payload: productTypes ? { productTypes } : {} });
      expect(response.statusCode).toBe(201);
      return (response.json() as { sessionId: string }).sessionId;
    };
    const withGiftCard = await created(['GIFT_CARD', 'PHYSICAL']);
    expect((await service.ctx.sessions.requireActive(withGiftCard)).rules).toEqual({ productTypes: ['GIFT_CARD', 'PHYSICAL'] });
    const typesOf = async (sessionId: string) => {
      const answer = await service.app.inject({ url: `/v1/sessions/${sessionId}/payment-method-groups?amount=1799.95` });
      return (answer.json() as Array<{ type: string }>).map((g) => g.type);
    };
    const plain = await typesOf(await created(['PHYSICAL']));
    expect(plain).toEqual(expect.arrayContaining(['PROVIDER_PART_PAYMENT_SELECT_NOW', 'PROVIDER_PART_PAYMENT_SELECT_LATER']));
    expect(await typesOf(withGiftCard)).toEqual(plain.filter((t) => !t.startsWith('PROVIDER_PART_PAYMENT')));
  });

  it.each([['{"campaign":""}'], ['{"campaign":7}'], ['[]'], ['{"productTypes":["FOOD"]}'], ['{"productTypes":[]}']])(
    'refuses the body %s with 400',
    async (payload) => {
      const response = await service.app.inject({
        method: 'POST',
        url: '/demo/session',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { code: string }).code).toBe('INVALID_REQUEST');
    },
  );
});

describe('without the demo catalog', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service?.close());

  it.each(['/demo', '/demo/shop.js', '/demo/texts.js'])('has no %s', async (url) => {
    const response = await service.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
  });
});

describe("the demo shop's backend and its access token", () => {
  let service: TestService;
  const clock = manualClock();

  beforeAll(async () => {
    service = await startTestService({ demo: true, clock, env: { TOKEN_TTL_SECONDS: '3600' } });
  });
  afterAll(() => service?.close());

  /** pms_access_tokens_issued_total, as /metrics reports it. */
  const tokensIssued = async () => {
    const text = (await service.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(/^pms_access_tokens_issued_total (\d+)$/m.exec(text)?.[1] ?? 0);
  };

  it('keeps one token for its requests, asks for one at a time, and renews it before it expires', async () => {
    const before = await tokensIssued();
    // Requests at once share the one token request in flight.
    const first = await Promise.all([
      service.app.inject({ method: 'POST', url: '/demo/session' }),
      service.app.inject({ method: 'GET', url: '/demo/price-signage?amount=899.00' }),
      service.app.inject({ method: 'POST', url: '/demo/session', payload: { campaign: 'BLACKWEEK' } }),
    ]);
    expect(first.map((r) => r.statusCode)).toEqual([201, 200, 201]);
    expect(await tokensIssued()).toBe(before + 1);
    // Later requests keep it until a minute before its hour is up (for a token of an hour, that is
    // later than 90 % of its life).
    clock.advance(3_539_000);
    expect((await service.app.inject({ method: 'POST', url: '/demo/session' })).statusCode).toBe(201);
    expect((await service.app.inject({ method: 'GET', url: '/demo/price-signage?amount=1299.95' })).statusCode).toBe(200);
    expect(await tokensIssued()).toBe(before + 1);
    clock.advance(2_000);
    expect((await service.app.inject({ method: 'POST', url: '/demo/session' })).statusCode).toBe(201);
    expect(await tokensIssued()).toBe(before + 2);
  });
});
