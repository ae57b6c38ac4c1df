// Time limits of the browser tests (test/console/*.browser.test.ts), sized for a busy 2-core machine
// where Chromium, the server process and the other test workers share the cores: there one axe run
// takes seconds and a page load more than expect.poll's default second. They bound how long a test
// waits, never what it checks.

/** Each browser test: the longest (axe on every console page) took 20 s on a 2-core machine shared with other runs, 30 s more than once. */
export const BROWSER_TEST_TIMEOUT_MS = 120_000;

/** expect.poll's options for what a page shows after a click or a navigation. */
export const BROWSER_POLL = { timeout: 15_000 } as const;
