// Single sign-on in Chromium (docs/console.md#single-sign-on): a person clicks "Sign in with single
// sign-on", signs in on the provider's own pages and consents, and lands in the console signed in as
// themselves, as an editor and as a viewer. The server process trusts the provider's certificate through
// NODE_EXTRA_CA_CERTS; the browser is told to accept it (it has no trust store the test can add to), which
// changes nothing of what the server checks (oidc.test.ts tests that a server without the authority refuses).
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER_POLL, BROWSER_TEST_TIMEOUT_MS } from '../helpers/browser-limits.ts';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider.ts';
import type { ServerProcess } from '../helpers/process.ts';
import { reusablePage } from '../helpers/reusable-page.ts';
import { serverAndChromiumForFile } from './browser-server.ts';

let provider: TestProvider;
let server: ServerProcess;

// Registered first, so that it runs last: the provider outlives the service that signs in with it.
afterAll(async () => {
  await provider?.close();
});

serverAndChromiumForFile(
  'console-oidc-browser',
  async (publicUrl) => {
    provider = await startTestProvider({ redirectUris: [`${publicUrl}/console/callback`] });
    return {
      NODE_EXTRA_CA_CERTS: provider.caFile,
      CONSOLE_OIDC_ISSUER: provider.issuer,
      CONSOLE_OIDC_CLIENT_ID: provider.clientId,
      CONSOLE_OIDC_CLIENT_SECRET: provider.clientSecret,
    };
  },
  (running) => ({ server } = running),
);

// One page for the file's tests, reset before each (no cookie of an earlier sign-in, at the provider or the
// console): a new context and page per test cost more CPU than a sign-in. The provider's certificate is accepted.
const shared = reusablePage({ context: { ignoreHTTPSErrors: true } });

/** From the console's sign-in page through the provider's login and consent pages, back to the console. */
async function signInWithSingleSignOn(page: Page, login: string): Promise<void> {
  await page.goto(`${server.baseUrl}/console`);
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.origin === server.baseUrl && url.pathname.startsWith('/console'));
}

describe('single sign-on in a browser', { timeout: BROWSER_TEST_TIMEOUT_MS }, () => {
  it('signs an editor in, who may change the catalog', async () => {
    const { page, context } = shared;
    await signInWithSingleSignOn(page, 'editor-1');
    await expect.poll(() => page.locator('header').innerText(), BROWSER_POLL).toContain('Signed in as Edith Editor (catalog editor)');
    await page.goto(`${server.baseUrl}/console/merchants/new`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).not.toMatch(/refused|not found/i);
    const cookies = await context.cookies(`${server.baseUrl}/console`);
    expect(cookies.find((c) => c.name === 'pms_console_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.find((c) => c.name === 'pms_console_sso')).toBeUndefined();
  });

  it('signs a viewer in, who may read but not change', async () => {
    const { page, context } = shared;
    await signInWithSingleSignOn(page, 'viewer-1');
    await expect
      .poll(() => page.locator('header').innerText(), BROWSER_POLL)
      .toContain('Signed in as Victor Viewer (catalog viewer, read only)');
    const merchants = await page.goto(`${server.baseUrl}/console/merchants`);
    expect(merchants?.status()).toBe(200);
    // A method's page offers a viewer nothing to change: no Preview, no Save.
    await page.goto(`${server.baseUrl}/console/stores`);
    await page.getByRole('link', { name: 'Nordic Home Webshop' }).click();
    await page.getByRole('link', { name: 'Faktura' }).first().click();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Faktura');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Preview', exact: true }).count()).toBe(0);
    const creation = await page.goto(`${server.baseUrl}/console/merchants/new`);
    expect(creation?.status()).toBe(403);
    // Signing out ends the session: the console asks to sign in again.
    await page.goto(`${server.baseUrl}/console`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/console');
    expect(await page.getByRole('button', { name: 'Sign in with single sign-on' }).count()).toBe(1);
    expect((await context.cookies(`${server.baseUrl}/console`)).find((c) => c.name === 'pms_console_session')).toBeUndefined();
  });

  it('refuses a person with neither role: a page that says why, and no session', async () => {
    const { page, context } = shared;
    const refusal = page.waitForResponse((response) => new URL(response.url()).pathname === '/console/callback');
    await signInWithSingleSignOn(page, 'norole-1');
    expect((await refusal).status()).toBe(403);
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toContain('Nora Norole has neither the catalog-editor nor the catalog-viewer role');
    expect((await context.cookies(`${server.baseUrl}/console`)).find((c) => c.name === 'pms_console_session')).toBeUndefined();
    await page.goto(`${server.baseUrl}/console/merchants`);
    await page.waitForURL((url) => url.pathname === '/console');
    expect(await page.getByRole('button', { name: 'Sign in with single sign-on' }).count()).toBe(1);
  });
});
