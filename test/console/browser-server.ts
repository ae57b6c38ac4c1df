// The browser tests' service and browser: the built service as a process of its own (the console as
// deployed, scripts and styles served from dist) and the worker's Chromium, for a whole test file.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { leaveChromium, sharedChromium } from '../helpers/chromium.ts';
import { buildDist, freePort, processEnvironment, startServer, type ProcessEnvironment, type ServerProcess } from '../helpers/process.ts';

export interface RunningServer {
  /** The service's address, also its PUBLIC_URL. */
  base: string;
  server: ServerProcess;
  browser: Browser;
}

/**
 * Before the file's tests: the service with the demo catalog on a free port (`env(base)` adds the
 * settings that need its address), and the worker's Chromium, handed to `started`; the service stopped
 * and the file's browser contexts closed after the tests.
 */
export function serverAndChromiumForFile(
  name: string,
  env: (base: string) => Record<string, string> | Promise<Record<string, string>>,
  started: (running: RunningServer) => void,
): void {
  let environment: ProcessEnvironment | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    buildDist();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const settings = await env(base);
    environment = await processEnvironment(name, {}, { DEMO: '1' }, { migrated: true });
    server = await startServer({ ...environment.env, PORT: String(port), PUBLIC_URL: base, ...settings }, 60_000);
    browser = await sharedChromium();
    started({ base, server, browser });
  }, 120_000);
  afterAll(async () => {
    await leaveChromium(browser);
    server?.child.kill('SIGTERM');
    await server?.exited;
    await environment?.close();
  });
}
