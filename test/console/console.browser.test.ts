// The operator console in Chromium against the real server process (`npm start`'s demo: its admin
// client for the console, printed at start-up): sign-in and one edit by keyboard alone, browsing,
// Preview then Save, a refused field, sign-out; axe (WCAG 2.1 A and AA) on every console page,
// error states, the preview tables (a method's, a store's) and a webhook endpoint's pages included;
// and a cross-site form post from another origin's page, refused with nothing changed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../helpers/axe.ts';
import { BROWSER_POLL, BROWSER_TEST_TIMEOUT_MS } from '../helpers/browser-limits.ts';
import { startTestService } from '../helpers/app.ts';
import { DEMO_METHODS, NORDIC, STORE } from '../helpers/demo.ts';
import { CONSOLE_PAGES } from './harness.ts';
import { freePort, type ServerProcess } from '../helpers/process.ts';
import { reusablePage } from '../helpers/reusable-page.ts';
import { serverAndChromiumForFile } from './browser-server.ts';

let server: ServerProcess;
let base: string;
let secret: string;

serverAndChromiumForFile(
  'console-browser',
  () => ({}),
  (running) => {
    ({ server, base } = running);
    const printed = /Operator console: \S+\/console[^\n]*\n\s+client id:\s+demo-console\n\s+client secret:\s+(\S+)/.exec(server.output());
    if (!printed) throw new Error(`no console credentials printed:\n${server.output()}`);
    secret = printed[1]!;
  },
);

/** Presses Tab until the focused element matches, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, matches: (element: { name: string; value: string; text: string; tag: string }) => boolean, limit = 250) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const e = document.activeElement as HTMLInputElement | null;
      return { name: e?.getAttribute('name') ?? '', value: e?.value ?? '', text: e?.textContent?.trim() ?? '', tag: e?.tagName ?? '' };
    });
    if (matches(focused)) return;
  }
  throw new Error('the element was never reached with Tab');
}

// One page for the file's tests, reset before each (no cookie, storage or listener of an earlier test):
// a new context and page per test cost more CPU than most of what a test does.
const shared = reusablePage();

/** The file's page, as the reset left it, reporting CSP violations and console errors of this test. */
function testPage(): { context: BrowserContext; page: Page; problems: string[] } {
  const problems: string[] = [];
  shared.listen('console', (message) => {
    // An error page's own status (400, 404) is reported too: not a problem of the page.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  shared.listen('pageerror', (error) => problems.push(error.message));
  return { context: shared.context, page: shared.page, problems };
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${base}/console`);
  await page.getByLabel('Client ID').fill('demo-console');
  await page.getByLabel('Client secret').fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByText('Signed in as demo-console').count(), BROWSER_POLL).toBe(1);
}

describe('the console in Chromium', { timeout: BROWSER_TEST_TIMEOUT_MS }, () => {
  it('signs in by keyboard alone, browses, previews and saves an edit by keyboard, and signs out', async () => {
    const { page, problems } = testPage();
    await page.goto(`${base}/console`);
    await expectAccessible(page, 'the sign-in page');
    // The skip link comes first and leads to the main content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await tabTo(page, (e) => e.name === 'clientId');
    await page.keyboard.type('demo-console');
    await page.keyboard.press('Tab');
    await page.keyboard.type(secret);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Signed in as demo-console (catalog editor)').count(), BROWSER_POLL).toBe(1);

    // Browsing: merchants, a merchant, its store, one of its methods.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Merchants' }).click();
    await page.getByRole('link', { name: 'Nordic Home AB' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Merchant Nordic Home AB' }).count(), BROWSER_POLL).toBe(1);
    await page.getByRole('link', { name: 'Nordic Home Webshop' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Store Nordic Home Webshop' }).count(), BROWSER_POLL).toBe(1);
    await page.getByRole('link', { name: 'Faktura', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Payment method Faktura' }).count(), BROWSER_POLL).toBe(1);

    // The edit, by keyboard: the field, then Preview, then Save.
    await tabTo(page, (e) => e.name === 'maxPurchaseLimit');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('40000');
    await tabTo(page, (e) => e.tag === 'BUTTON' && e.text === 'Preview');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('table', { name: /would be offered differently/ }).count(), BROWSER_POLL).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Offered after' }).count()).toBe(1);
    expect(await page.getByText('40000.01 – 50000.00').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'the preview table');
    await tabTo(page, (e) => e.tag === 'BUTTON' && e.text === 'Save');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByText('The payment method was saved.').count(), BROWSER_POLL).toBe(1);
    expect(await page.getByLabel('Max purchase limit').inputValue()).toBe('40000');

    // Signing out ends the session.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByText('You have signed out.').count(), BROWSER_POLL).toBe(1);
    await page.goto(`${base}/console/merchants`);
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('shows a refused field beside it, announced and described', async () => {
    const { page, problems } = testPage();
    await signIn(page);
    await page.goto(`${base}/console/payment-methods/${DEMO_METHODS.pp12}`);
    // Enter in a field previews (the form's first, hidden, button), never removes a list item.
    const plansBefore = await page.getByRole('group', { name: /^Plan \d+$/ }).count();
    expect(plansBefore).toBeGreaterThan(0);
    await page.getByLabel('Max purchase limit').fill('90000');
    await page.getByLabel('Max purchase limit').press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: 'Preview', exact: true }).count(), BROWSER_POLL).toBe(1);
    expect(await page.getByRole('group', { name: /^Plan \d+$/ }).count()).toBe(plansBefore);
    await page.getByLabel('Min purchase limit').fill('500');
    await page.getByLabel('Max purchase limit').fill('100');
    await page.getByRole('button', { name: 'Save' }).click();
    const field = page.getByLabel('Max purchase limit');
    await expect.poll(() => field.getAttribute('aria-invalid'), BROWSER_POLL).toBe('true');
    const described = await field.getAttribute('aria-describedby');
    expect(await page.locator(`#${described}`).textContent()).toContain('must be at least minPurchaseLimit');
    expect(await page.getByRole('alert').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'a refused field');
    expect(problems).toEqual([]);
  });

  it('has no WCAG 2.1 A/AA violation on any console page', async () => {
    const { page, problems } = testPage();
    // Signed out: the sign-in page with a refusal.
    await page.goto(`${base}/console`);
    await page.getByLabel('Client ID').fill('demo-console');
    await page.getByLabel('Client secret').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('The client ID or the client secret is wrong.').count(), BROWSER_POLL).toBe(1);
    await expectAccessible(page, 'a refused sign-in');
    await signIn(page);
    const pages = [...CONSOLE_PAGES, '/console/stores/00000000-0000-4000-8000-000000000000'];
    for (const path of pages) {
      await page.goto(`${base}${path}`);
      await expectAccessible(page, path);
    }
    // The secret shown once, and a form's lists grown server-side.
    await page.goto(`${base}/console/clients/new`);
    await page.getByLabel('Client ID').fill('axe-client');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('#client-secret').count(), BROWSER_POLL).toBe(1);
    await expectAccessible(page, 'a secret shown once');
    await page.goto(`${base}/console/stores/${STORE}/payment-methods/new`);
    await page.getByRole('button', { name: 'Add plan' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Plan 1', exact: true }).count(), BROWSER_POLL).toBe(1);
    await page.getByRole('button', { name: 'Add legal link' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Legal link 1', exact: true }).count(), BROWSER_POLL).toBe(1);
    await expectAccessible(page, 'a new method with a plan and a legal link');
    expect(problems).toEqual([]);
  });

  it("previews a store's edit with no WCAG 2.1 A/AA violation, and saves it with Enter", async () => {
    const { page, problems } = testPage();
    await signIn(page);
    // The preview, then a refused field on preview; Enter in a field saves (the form's first, hidden, button).
    await page.goto(`${base}/console/stores/${STORE}`);
    await page.getByLabel('Bundle title', { exact: true }).fill('Dela upp betalningen');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Preview', exact: true }).count(), BROWSER_POLL).toBe(1);
    expect(await page.getByText('Dela upp betalningen').count()).toBeGreaterThan(0);
    await expectAccessible(page, "a store's preview");
    await page.getByLabel('Currency').fill('kronor');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => page.getByText('Nothing was saved: one field was refused.').count(), BROWSER_POLL).toBe(1);
    await expectAccessible(page, "a store's refused preview");
    await page.goto(`${base}/console/stores/${STORE}`);
    await page.getByLabel('Organization number').press('Enter');
    await expect.poll(() => page.getByText('The store was saved.').count(), BROWSER_POLL).toBe(1);
    expect(problems).toEqual([]);
  });

  it("has no WCAG 2.1 A/AA violation on a webhook endpoint's pages: its creation, secret, deliveries, a refusal and its deletion", async () => {
    const { page, problems } = testPage();
    await signIn(page);
    await page.goto(`${base}/console/merchants/m-nordic-home`);
    await page.getByRole('link', { name: 'New webhook endpoint of Nordic Home AB' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New webhook endpoint of Nordic Home AB' }).count(), BROWSER_POLL).toBe(1);
    await expectAccessible(page, 'a new webhook endpoint');
    await page.getByLabel('URL').fill('https://hooks.example.com/axe');
    await page.getByLabel('Description').fill('Price signage');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('#webhook-secret').count(), BROWSER_POLL).toBe(1);
    expect(await page.locator('#webhook-secret').textContent()).toMatch(/^whsec_/);
    await expectAccessible(page, "a webhook endpoint's secret shown once");
    await page.getByRole('link', { name: 'Continue to the webhook endpoint' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Webhook endpoint https://hooks.example.com/axe' }).count(), BROWSER_POLL)
      .toBe(1);
    const endpointUrl = page.url();
    await expectAccessible(page, 'a webhook endpoint');

    // A change of the store's methods makes a delivery (its address does not resolve: its attempts fail).
    await page.goto(`${base}/console/payment-methods/${DEMO_METHODS.card}`);
    await page.getByLabel('Max purchase limit').fill('45000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('The payment method was saved.').count(), BROWSER_POLL).toBe(1);
    await expect
      .poll(async () => {
        await page.goto(endpointUrl);
        return page.getByRole('table', { name: 'Deliveries, newest first' }).count();
      })
      .toBe(1);
    await expectAccessible(page, "a webhook endpoint's deliveries");
    await page.getByRole('button', { name: 'Retry' }).first().click();
    await expect.poll(() => page.getByText('The delivery is due again now').count(), BROWSER_POLL).toBe(1);
    await expectAccessible(page, 'a retried delivery');

    // A refused URL, beside its field.
    await page.getByLabel('URL').fill('http://hooks.example.com/axe');
    await page.getByRole('button', { name: 'Save' }).click();
    const field = page.getByLabel('URL');
    await expect.poll(() => field.getAttribute('aria-invalid'), BROWSER_POLL).toBe('true');
    const errorId = (await field.getAttribute('aria-describedby'))!.split(' ').find((id) => id.endsWith('-error'));
    expect(await page.locator(`#${errorId}`).textContent()).toBe('must be an https:// URL');
    await expectAccessible(page, 'a refused webhook endpoint URL');

    await page.goto(endpointUrl);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await expect.poll(() => page.locator('#webhook-secret').count(), BROWSER_POLL).toBe(1);
    await expectAccessible(page, "a webhook endpoint's new secret");
    await page.goto(endpointUrl);
    await page.getByRole('link', { name: 'Delete this webhook endpoint…' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Delete webhook endpoint https://hooks.example.com/axe?' }).count(), BROWSER_POLL)
      .toBe(1);
    await expectAccessible(page, "a webhook endpoint's deletion");
    await page.getByRole('button', { name: 'Delete webhook endpoint' }).click();
    await expect.poll(() => page.getByText('The webhook endpoint was deleted, with its deliveries.').count(), BROWSER_POLL).toBe(1);
    expect(problems).toEqual([]);
  });

  it('refuses a form posted from another origin page, with nothing changed', async () => {
    const { page } = testPage();
    await signIn(page);
    // Another origin on the same host (a different port): same site, so the Lax cookie is sent, and
    // only the console's own checks stand between the page and the catalog.
    const attacker: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><form method="post" action="${base}/console/merchants/m-nordic-home">
<input name="name" value="Hacked"><input name="_csrf" value="guessed"><button>Send</button></form>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    try {
      await page.goto(attackerUrl);
      const [response] = await Promise.all([
        page.waitForResponse(`${base}/console/merchants/m-nordic-home`),
        page.getByRole('button', { name: 'Send' }).click(),
      ]);
      expect(response.status()).toBe(403);
      await page.goto(`${base}/console/merchants/m-nordic-home`);
      expect(await page.getByRole('heading', { name: 'Merchant Nordic Home AB' }).count()).toBe(1);
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
    }
  });

  it('has no WCAG 2.1 A/AA violation on the pages a read-only viewer sees', async () => {
    // A viewer comes from single sign-on; here the session is made directly, in a service of this process.
    const port = await freePort();
    const viewerBase = `http://127.0.0.1:${port}`;
    const service = await startTestService({ env: { PUBLIC_URL: viewerBase } });
    const { context, page, problems } = testPage();
    try {
      await service.app.listen({ host: '127.0.0.1', port });
      const { token } = await service.ctx.consoleSessions.create({
        actorType: 'console',
        actorId: 'sub-viewer',
        displayName: 'Vera Viewer',
        role: 'catalog-viewer',
      });
      await context.addCookies([{ name: 'pms_console_session', value: token, url: `${viewerBase}/console` }]);
      const { endpoint } = await service.ctx.webhookEndpoints.create(
        { merchantId: 'm-nordic-home', url: 'https://hooks.example.com/viewer', description: 'ERP sync' },
        { type: 'cli', id: 'test' },
      );
      for (const path of [
        '/console',
        '/console/merchants/m-nordic-home',
        `/console/webhook-endpoints/${endpoint.id}`,
        `/console/stores/${STORE}`,
        `/console/payment-methods/${DEMO_METHODS.pp12}`,
        `/console/clients/${NORDIC.id}`,
        '/console/audit',
        '/console/keys',
      ]) {
        await page.goto(`${viewerBase}${path}`);
        expect(await page.getByText('Signed in as Vera Viewer').count(), path).toBe(1);
        expect(await page.getByRole('button', { name: 'Save' }).count(), path).toBe(0);
        expect(await page.getByRole('button', { name: 'Preview' }).count(), path).toBe(0);
        expect(await page.getByRole('button', { name: 'Rotate secret' }).count(), path).toBe(0);
        await expectAccessible(page, `${path} (viewer)`);
      }
      expect(problems).toEqual([]);
    } finally {
      await service.close();
    }
  });
});
