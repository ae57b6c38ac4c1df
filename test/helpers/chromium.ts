// One Chromium per test worker, shared by the browser test files it runs (isolate: false keeps the
// worker's process from file to file): a launch costs a second of CPU, and each file stays apart in
// browser contexts of its own (cookies, storage, cache), as it did in a browser per file. Within a file,
// the tests share one context and page, reset before each test (reusable-page.ts).
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.mjs';

// On globalThis, not in this module: each test project loads its own copy of the modules, and a
// worker may run files of both browser projects (unit, pglite).
const KEY = Symbol.for('payment-method-sessions.test.chromium');
const holder = globalThis as { [KEY]?: Promise<Browser> };

/**
 * The worker's Chromium, launched by the first file that asks. It is never closed by a file: when
 * the worker stops, Playwright's SIGTERM handler closes it (and Chromium quits when its pipe closes).
 */
export function sharedChromium(): Promise<Browser> {
  const held = holder[KEY];
  if (held) return held;
  const launched = launchChromium().then((browser) => {
    // A crashed browser is not handed to the next file: it launches a new one.
    browser.once('disconnected', () => {
      if (holder[KEY] === launched) delete holder[KEY];
    });
    return browser;
  });
  launched.catch(() => {
    if (holder[KEY] === launched) delete holder[KEY];
  });
  holder[KEY] = launched;
  return launched;
}

/** After a file's tests: closes the contexts it left open (a failed test's too); the browser stays for the next file. */
export async function leaveChromium(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => context.close()));
}
