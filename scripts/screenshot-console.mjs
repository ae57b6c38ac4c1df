// Writes docs/console-*.png for docs/tour.md: builds, starts the server with the demo catalog on a
// fresh embedded database, signs in to the operator console with the admin client `npm start`
// prints, and takes the main pages in Debian's Chromium at 1280×900: sign-in, a store with its
// payment methods, a method's form with the preview of an edit, a refused field, and the audit
// trail. Run: node scripts/screenshot-console.mjs
import { join } from 'node:path';
import { ROOT, withDemoServer } from './demo-server.mjs';

const STORE = '84d19995-8ee7-4639-8e25-13b1691ccac6';
const INVOICE = '9f44e032-0b86-4592-ac19-ff8f3b87a4f2';
const CARD = '579c1bb9-03c0-4760-b4bc-952d8efdda47';

await withDemoServer({ viewport: { width: 1280, height: 900 }, printed: ['client secret:'] }, async ({ base, output, page }) => {
  const secret = /client id:\s+demo-console\n\s+client secret:\s+(\S+)/.exec(output)?.[1];
  if (!secret) throw new Error(`no console credentials printed:\n${output}`);
  const shoot = async (name) => {
    await page.evaluate(() => globalThis.document.fonts.ready);
    const path = join(ROOT, `docs/console-${name}.png`);
    await page.screenshot({ path });
    process.stdout.write(`wrote ${path}\n`);
  };

  await page.goto(`${base}/console`);
  await page.getByLabel('Client ID').fill('demo-console');
  await shoot('sign-in');
  await page.getByLabel('Client secret').fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as demo-console').waitFor();

  await page.goto(`${base}/console/stores/${STORE}`);
  await shoot('store');

  await page.goto(`${base}/console/payment-methods/${INVOICE}`);
  await page.getByLabel('Max purchase limit').fill('40000');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('heading', { name: 'Preview' }).waitFor();
  await page.getByRole('heading', { name: 'Preview' }).scrollIntoViewIfNeeded();
  await shoot('preview');

  await page.goto(`${base}/console/payment-methods/${CARD}`);
  await page.getByLabel('Min purchase limit').fill('500');
  await page.getByLabel('Max purchase limit').fill('100');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
  await page.getByLabel('Min purchase limit').scrollIntoViewIfNeeded();
  await shoot('refused-field');

  await page.goto(`${base}/console/audit`);
  await shoot('audit');
});
