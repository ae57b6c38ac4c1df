// The screenshot scripts' common part: build, start the server with the demo catalog on a fresh
// embedded database, open a page in Debian's Chromium, and stop and clean up all of it afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../bench/lib/processes.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_TIMEOUT_MS = 30_000;

/**
 * Resolves with the server's output once it prints its "serving on" line and whatever else `printed`
 * names (the console's credentials come after it); rejects if it exits or takes too long.
 */
function serving(child, printed) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), STARTUP_TIMEOUT_MS);
    const collect = (chunk) => {
      output += chunk;
      if (output.includes('serving on ') && printed.every((text) => output.includes(text))) {
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

/**
 * Runs `use({ base, output, page })` against a freshly built demo server: `base` its URL, `output` what
 * it printed on start-up, `page` a Chromium page of `viewport`.
 */
export async function withDemoServer({ viewport, printed = [] }, use) {
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
    const output = await serving(server, printed);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport });
    page.setDefaultTimeout(15_000);
    await use({ base: `http://127.0.0.1:${port}`, output, page });
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}
