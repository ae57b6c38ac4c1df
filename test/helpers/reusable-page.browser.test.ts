// The shared page's reset (test/helpers/reusable-page.ts) isolates tests as a fresh context did: the
// first test leaves behind everything a page can keep (cookies, storage of two origins, a cached
// response, a service worker, a permission, a route, a listener, a viewport, media, offline); the next
// finds none of it. Without the reset, or with any part of it left out, the second test fails.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveChromium, sharedChromium } from './chromium.ts';
import { reusablePage } from './reusable-page.ts';

interface Site {
  url: string;
  /** How many times /cached was fetched from the server (not from the browser's cache). */
  cachedHits: number;
  server: Server;
}

async function startSite(frameUrl = ''): Promise<Site> {
  const site: Site = { url: '', cachedHits: 0, server: createServer() };
  site.server.on('request', (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/cached') {
      site.cachedHits += 1;
      response.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'max-age=3600' });
      response.end(String(site.cachedHits));
    } else if (path === '/set-cookie') {
      response.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'server=1; Path=/; HttpOnly' });
      response.end('set');
    } else if (path === '/sw.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end('self.addEventListener("fetch", () => {});');
    } else if (path === '/frame') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>frame</title><script>localStorage.setItem("framed", "1")</script>');
    } else if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><title>site</title>${frameUrl ? `<iframe src="${frameUrl}/frame"></iframe>` : ''}`);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  return site;
}

function stop(site: Site | undefined): Promise<void> {
  if (!site) return Promise.resolve();
  site.server.closeAllConnections();
  return new Promise((resolve) => site.server.close(() => resolve()));
}

describe('a page shared by the tests of a file', { timeout: 60_000 }, () => {
  /** The top-level site, another origin (another port) in its iframe, and one the tab leaves. */
  let site: Site;
  let framed: Site;
  let visited: Site;
  const shared = reusablePage();
  /** What the first test's listener saw; it must hear nothing of the second test. */
  const heardByTheFirstTest: string[] = [];
  let firstTestLeftItsState = false;

  beforeAll(async () => {
    framed = await startSite();
    site = await startSite(framed.url);
    visited = await startSite();
  });

  afterAll(async () => {
    await leaveChromium(await sharedChromium());
    await stop(site);
    await stop(framed);
    await stop(visited);
  });

  it('leaves cookies, storage, a cached response, a service worker, a permission, a route, a listener and emulation behind', async () => {
    const { page, context } = shared;
    shared.listen('console', (message) => {
      if (message.type() === 'log') heardByTheFirstTest.push(message.text());
    });
    // Session storage of an origin the tab then leaves: no document of it is open at the reset.
    await page.goto(`${visited.url}/`);
    await page.evaluate(() => sessionStorage.setItem('left', '1'));
    await page.goto(`${site.url}/`);
    await page.frameLocator('iframe').locator('title').waitFor({ state: 'attached' });
    await page.goto(`${site.url}/set-cookie`);
    await page.goto(`${site.url}/`);
    await context.grantPermissions(['geolocation'], { origin: site.url });
    // A cookie of a host no page of the test was on.
    await context.addCookies([{ name: 'elsewhere', value: '1', url: 'http://elsewhere.test/' }]);
    const left = await page.evaluate(async () => {
      document.cookie = 'page=1; path=/';
      localStorage.setItem('local', '1');
      sessionStorage.setItem('session', '1');
      await new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('left-behind');
        opening.onupgradeneeded = () => opening.result.createObjectStore('things');
        opening.onsuccess = () => {
          opening.result.close();
          resolve();
        };
        opening.onerror = () => reject(new Error(String(opening.error)));
      });
      await (await caches.open('left-behind')).put('/kept', new Response('kept'));
      await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
      const cached = await (await fetch('/cached')).text();
      const again = await (await fetch('/cached')).text();
      console.log('heard');
      return {
        cookie: document.cookie,
        cached: [cached, again],
        databases: (await indexedDB.databases()).map((d) => d.name),
        caches: await caches.keys(),
        workers: (await navigator.serviceWorker.getRegistrations()).length,
        permission: (await navigator.permissions.query({ name: 'geolocation' })).state,
      };
    });
    // Routed after the fetches above: Playwright turns the HTTP cache off while a route is on.
    await page.route('**/routed', (route) => route.fulfill({ body: 'routed' }));
    const routed = await page.evaluate(async () => (await fetch('/routed')).text());
    await page.setViewportSize({ width: 400, height: 300 });
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    await context.setOffline(true);
    // All of it is there, so that the next test's finding none of it means something.
    expect(left).toEqual({
      cookie: 'page=1',
      cached: ['1', '1'],
      databases: ['left-behind'],
      caches: ['left-behind'],
      workers: 1,
      permission: 'granted',
    });
    expect(routed).toBe('routed');
    expect(site.cachedHits).toBe(1);
    expect((await context.cookies()).map((c) => c.name).sort()).toEqual(['elsewhere', 'page', 'server']);
    await expect(page.evaluate(() => matchMedia('print').matches && matchMedia('(prefers-color-scheme: dark)').matches)).resolves.toBe(
      true,
    );
    expect(heardByTheFirstTest).toEqual(['heard']);
    firstTestLeftItsState = true;
  });

  it('finds none of it after the reset', async () => {
    expect(firstTestLeftItsState, 'the first test ran first and left its state').toBe(true);
    // The same context and page, cleaned: not a new context, which would pass this test without any reset.
    expect(shared.opens).toBe(1);
    const { page, context } = shared;
    expect(page.url()).toBe('about:blank');
    expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
    await expect(context.cookies()).resolves.toEqual([]);
    // The iframe's origin was cleared too (its storage written by its document alone), seen before the
    // site's page frames it again.
    await page.goto(`${framed.url}/sw.js`);
    await expect(page.evaluate(() => localStorage.length)).resolves.toBe(0);
    await page.goto(`${visited.url}/`);
    await expect(page.evaluate(() => sessionStorage.length)).resolves.toBe(0);
    await page.goto(`${site.url}/`);
    const found = await page.evaluate(async () => ({
      cookie: document.cookie,
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).map((d) => d.name),
      caches: await caches.keys(),
      workers: (await navigator.serviceWorker.getRegistrations()).length,
      permission: (await navigator.permissions.query({ name: 'geolocation' })).state,
      cached: await (await fetch('/cached')).text(),
      routed: (await fetch('/routed')).status,
      print: matchMedia('print').matches,
      dark: matchMedia('(prefers-color-scheme: dark)').matches,
      online: navigator.onLine,
      width: innerWidth,
    }));
    expect(found).toEqual({
      cookie: '',
      local: 0,
      session: 0,
      databases: [],
      caches: [],
      workers: 0,
      permission: 'prompt',
      // Fetched from the server again: the first test's copy is no longer cached.
      cached: '2',
      routed: 404,
      print: false,
      dark: false,
      online: true,
      width: 1280,
    });
    await page.evaluate(() => console.log('not heard'));
    expect(heardByTheFirstTest).toEqual(['heard']);
  });

  it('closes the page, as a test may', async () => {
    await shared.page.close();
  });

  it('gets a new page after the last one was closed', async () => {
    expect(shared.page.isClosed()).toBe(false);
    expect(shared.opens).toBe(2);
    await shared.page.goto(`${site.url}/`);
    await expect(shared.page.title()).resolves.toBe('site');
  });
});
