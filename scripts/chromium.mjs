// Debian's Chromium through playwright-core, launched one way for the browser tests (one per test
// worker: test/helpers/chromium.ts) and the README's screenshot (scripts/screenshot-demo.mjs).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Fails, not skips, without Chromium: CI installs it, so its absence is a broken machine. */
export async function launchChromium() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed (${CHROMIUM} is missing). The storefront browser tests and the demo ` +
        "screenshot need Debian's chromium: run `apt-get update && apt-get install -y chromium`.",
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // No sandbox in containers; without the networking flags Chromium calls home at start-up,
    // which a sandbox without the internet refuses.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
