// Writes docs/demo-storefront.png for the README: builds, starts the server with the demo catalog
// on a fresh embedded database, opens /demo in Debian's Chromium at 1280×1400 (tall enough for the
// credit disclosures and the selected group's details), switches it to English and selects the
// part-payment group. Run: node scripts/screenshot-demo.mjs
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../bench/lib/processes.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT = join(ROOT, 'docs/demo-storefront.png');
const STARTUP_TIMEOUT_MS = 30_000;

/** Resolves once the server prints its "serving on" line; rejects if it exits or takes too long. */
function serving(child) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), STARTUP_TIMEOUT_MS);
    const collect = (chunk) => {
      output += chunk;
      if (output.includes('serving on ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}

execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
const dataDir = await mkdtemp(join(tmpdir(), 'pms-screenshot-'));
const port = await freePort();
const server = spawn(process.execPath, [join(ROOT, 'dist/main.js')], {
  cwd: ROOT,
  env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const exited = new Promise((resolve) => server.once('exit', resolve));

let browser;
try {
  await serving(server);
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
  page.setDefaultTimeout(15_000);
  await page.goto(`http://127.0.0.1:${port}/demo`);
  // The shop opens in Swedish, its store's language; the README's picture is in English.
  await page.getByRole('radio', { name: 'English' }).check();
  await page.locator('payment-methods [role="radio"]', { hasText: 'Part payment' }).click();
  await page.locator('payment-method [part~="plan"]').first().waitFor();
  await page.locator('#event-log li').first().waitFor();
  // Runs in the page, where document is the page's.
  await page.evaluate(() => globalThis.document.fonts.ready);
  await page.screenshot({ path: OUTPUT });
  process.stdout.write(`wrote ${OUTPUT}\n`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await exited;
  await rm(dataDir, { recursive: true, force: true });
}
