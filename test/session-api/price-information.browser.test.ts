// The price-information page (docs/session-api.md#price-information-page) in Chromium: axe (every
// WCAG 2.1 A and AA rule) finds nothing on the page in each language, on screen and printed; the
// page's stylesheet applies under its own Content-Security-Policy (no violation reported), and
// printed it keeps every figure and prints the documents' addresses.
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIdOf } from '../../src/domain/group-id.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { BROWSER_TEST_TIMEOUT_MS } from '../helpers/browser-limits.ts';
import { leaveChromium, sharedChromium } from '../helpers/chromium.ts';
import { issueToken, startTestService, type TestService } from '../helpers/app.ts';
import { catalogMethod, testIds, merchantBackend, PLAN_24_MONTHS, PLAN_36_MONTHS } from '../helpers/fixtures.ts';

const [STORE] = testIds('9a2e0000', 1);
const [TWELVE, TWENTY_FOUR] = testIds('9a2f0000', 2);
const CLIENT = merchantBackend('price-page', 'm-page');
const partPayment = (overrides: Record<string, unknown>) =>
  catalogMethod(STORE, { type: 'PROVIDER_PART_PAYMENT_SELECT_NOW', priceSignagePossible: true, maxPurchaseLimit: 100000, ...overrides });

const CATALOG = {
  merchants: [{ id: CLIENT.merchantId, name: 'Sida AB' }],
  stores: [{ id: STORE, merchantId: CLIENT.merchantId, name: 'Butiken', currency: 'SEK', countryCode: 'SE' }],
  clients: [CLIENT],
  paymentMethods: [
    partPayment({
      id: TWELVE,
      sortOrder: 1,
      name: 'Delbetalning 12 månader',
      plans: [{ name: '12 månader', durationMonths: 12, annuityFactor: 0.0833333333, setupFee: 195 }],
      legalLinks: [
        { url: 'https://pay.example.com/secci', type: 'SECCI', appendAmount: false },
        { url: 'https://pay.example.com/terms?amount=', type: 'GENERAL_TERMS', appendAmount: true },
      ],
    }),
    partPayment({
      id: TWENTY_FOUR,
      sortOrder: 2,
      name: 'Delbetalning 24 och 36 månader',
      plans: [PLAN_24_MONTHS, PLAN_36_MONTHS],
    }),
  ],
};

let service: TestService;
let browser: Browser;
let url: string;

beforeAll(async () => {
  service = await startTestService({ catalog: CATALOG });
  const token = await issueToken(service.app, CLIENT.clientId, CLIENT.clientSecret);
  const created = await service.app.inject({
    method: 'POST',
    url: `/v1/stores/${STORE}/sessions`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: '{}',
  });
  const session = (created.json() as { id: string }).id;
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = service.app.server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}/v1/sessions/${session}/price-information?amount=1299.95&group=${groupIdOf([TWELVE, TWENTY_FOUR])}`;
  browser = await sharedChromium();
}, 120_000);

afterAll(async () => {
  await leaveChromium(browser);
  await service?.close();
});

describe('the price-information page in Chromium', () => {
  it(
    'passes axe in every language, on screen and printed, its stylesheet applied under its policy',
    async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      try {
        for (const language of ['sv', 'nb', 'da', 'fi', 'en']) {
          const response = await page.goto(`${url}&locale=${language}`);
          expect(response?.status()).toBe(200);
          expect(await page.getAttribute('html', 'lang')).toBe(language);
          // The stylesheet applied (a CSP refusal would leave the table's borders collapsed away).
          expect(await page.$eval('table', (t) => getComputedStyle(t).borderCollapse)).toBe('collapse');
          await page.emulateMedia({ media: 'screen' });
          await expectAccessible(page, `${language}, screen`);
          await page.emulateMedia({ media: 'print' });
          await expectAccessible(page, `${language}, print`);
          // Printed: black on white, the documents' addresses after their links.
          expect(await page.$eval('a[href]', (a) => getComputedStyle(a, '::after').content)).toContain('https://pay.example.com/secci');
          expect(await page.$eval('a[href]', (a) => getComputedStyle(a).color)).toBe('rgb(0, 0, 0)');
          expect(await page.locator('tbody tr').count()).toBe(3);
        }
        const pdf = await page.pdf({ format: 'A4' });
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
