// Writes docs/console-*.png for docs/tour.md: builds, starts the server with the demo catalog on a
// fresh embedded database, signs in to the operator console with the admin client `npm start`
// prints, and takes the main pages in Debian's Chromium at 1280×900: sign-in, a store with its
// payment methods, a method's form with the preview of an edit, a refused field, and the audit
// trail. Run: node scripts/screenshot-console.mjs
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../bench/lib/processes.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_TIMEOUT_MS = 30_000;
const STORE = '84d19995-8ee7-4639-8e25-13b1691ccac6';
const INVOICE = '9f44e032-0b86-4592-ac19-ff8f3b87a4f2';
const CARD = '579c1bb9-03c0-4760-b4bc-952d8efdda47';

/** Resolves with the server's output once it prints its "serving on" line (and the walk-through with it). */
function serving(child) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), STARTUP_TIMEOUT_MS);
    const collect = (chunk) => {
      output += chunk;
      if (output.includes('serving on ') && output.includes('client secret:')) {
        clearTimeout(timer);
        resolve(output);
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
const dataDir = await mkdtemp(join(tmpdir(), 'pms-console-screenshot-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(ROOT, 'dist/main.js')], {
  cwd: ROOT,
  env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const exited = new Promise((resolve) => server.once('exit', resolve));

let browser;
try {
  const output = await serving(server);
  const secret = /client id:\s+demo-console\n\s+client secret:\s+(\S+)/.exec(output)?.[1];
  if (!secret) throw new Error(`no console credentials printed:\n${output}`);
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
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
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await exited;
  await rm(dataDir, { recursive: true, force: true });
}
