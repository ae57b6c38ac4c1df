// The docs page (/docs, @fastify/swagger-ui) in Chromium against the real service on a real port:
// it renders the operations of /openapi.json under its own strict Content-Security-Policy, with no
// console error, no CSP violation and nothing fetched from another origin.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsContentSecurityPolicy } from '../../src/http/openapi/openapi.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { reusablePage } from '../helpers/reusable-page.ts';
import { freePort } from '../helpers/process.ts';

describe('the docs page in Chromium', { timeout: 60_000 }, () => {
  // One page for the file's tests, reset before each (a new context and page cost more CPU than a navigation);
  // its pages report CSP violations as console errors.
  const shared = reusablePage({
    prepare: (_context, page) =>
      page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
        );
      }),
  });
  let service: TestService;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    service = await startTestService({ env: { PUBLIC_URL: base } });
    await service.app.listen({ host: '127.0.0.1', port });
  }, 120_000);

  afterAll(async () => {
    await service?.close();
  });

  /** Opens a URL, recording console errors, CSP violations and requests to other origins. */
  async function open(url: string): Promise<{ page: Page; problems: string[]; fetched: string[] }> {
    const page = shared.page;
    const problems: string[] = [];
    const fetched: string[] = [];
    shared.listen('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    shared.listen('pageerror', (error) => problems.push(`page error: ${error.message}`));
    shared.listen('request', (request) => fetched.push(request.url()));
    await page.goto(url);
    return { page, problems, fetched };
  }

  it('renders every operation of /openapi.json under a strict policy, without errors', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(docsContentSecurityPolicy(base));
    expect(response.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);

    const document = (await service.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string }>>;
      webhooks: Record<string, Record<string, { operationId: string }>>;
    };
    // The webhooks' events are operations too (OpenAPI 3.1), rendered beside the paths'.
    const operationIds = [...Object.values(document.paths), ...Object.values(document.webhooks)].flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(operationIds).toContain('paymentMethodsChanged');

    const { page, problems, fetched } = await open(`${base}/docs`);
    // Swagger UI renders one block per operation, with the operationId in its id.
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.opblock').count()).toBe(operationIds.length);
    const rendered = await page.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => block.id));
    expect(rendered.map((id) => id.replace(/^operations-[^-]+-/, '')).sort()).toEqual([...operationIds].sort());
    expect(await page.locator('.info .title').first().textContent()).toContain('Payment method sessions');
    // The page stays for the next test (reset before it); what it recorded for this one ends here.
    shared.removeListeners();

    expect(problems).toEqual([]);
    expect(fetched.filter((url) => !url.startsWith(`${base}/`) && !url.startsWith('data:'))).toEqual([]);
    expect(fetched).toContain(`${base}/openapi.json`);
  });

  it('shows an operation expanded, with its description and examples', async () => {
    const { page, problems } = await open(`${base}/docs#/Sessions/getPaymentMethodGroups`);
    const operation = page.locator('#operations-Sessions-getPaymentMethodGroups');
    await operation.waitFor({ timeout: 20_000 });
    await expect.poll(() => operation.locator('.opblock-description-wrapper').textContent()).toContain('No Authorization header');
    await expect.poll(() => operation.locator('.responses-wrapper').textContent()).toContain('Part payment');
    // The page stays for the next test (reset before it); what it recorded for this one ends here.
    shared.removeListeners();
    expect(problems).toEqual([]);
  });
});
