// Writes docs/demo-storefront.png for the README: builds, starts the server with the demo catalog
// on a fresh embedded database, opens /demo in Debian's Chromium at 1280×1400 (tall enough for the
// credit disclosures and the selected group's details), switches it to English and selects the
// part-payment group. Run: node scripts/screenshot-demo.mjs
import { join } from 'node:path';
import { ROOT, withDemoServer } from './demo-server.mjs';

const OUTPUT = join(ROOT, 'docs/demo-storefront.png');

await withDemoServer({ viewport: { width: 1280, height: 1400 } }, async ({ base, page }) => {
  await page.goto(`${base}/demo`);
  // The shop opens in Swedish, its store's language; the README's picture is in English.
  await page.getByRole('radio', { name: 'English' }).check();
  await page.locator('payment-methods [role="radio"]', { hasText: 'Part payment' }).click();
  await page.locator('payment-method [part~="plan"]').first().waitFor();
  await page.locator('#event-log li').first().waitFor();
  // Runs in the page, where document is the page's.
  await page.evaluate(() => globalThis.document.fonts.ready);
  await page.screenshot({ path: OUTPUT });
  process.stdout.write(`wrote ${OUTPUT}\n`);
});
