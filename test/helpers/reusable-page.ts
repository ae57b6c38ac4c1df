// One browser context and page for a test file's tests (or a describe block's), reset before each test
// (issue 46): a new context and page cost 1.2–1.4 s of CPU on a 2-core machine (each page is a renderer
// process of its own), a navigation of an open page 0.13 s. The reset gives each test what a fresh
// context gave it: at about:blank, with no cookie, permission, storage (local, session, IndexedDB, cache
// storage, service workers) or HTTP cache entry of an earlier test, no route and no listener of its own,
// and the context's viewport and emulated media. A page that crashed or was closed is opened anew.
import type { BrowserContext, BrowserContextOptions, CDPSession, ConsoleMessage, Page, Request } from 'playwright-core';
import { afterAll, beforeEach } from 'vitest';
import { sharedChromium } from './chromium.ts';

/** The page events tests listen to, with what each hands its listener. */
export interface PageEvents {
  console: ConsoleMessage;
  pageerror: Error;
  request: Request;
}

export interface ReusablePageOptions {
  /** The context's options, for every test that shares it. */
  context?: BrowserContextOptions;
  /** Runs once on each new context and page, before a test uses them (init scripts every test wants). */
  prepare?: (context: BrowserContext, page: Page) => Promise<unknown>;
  /** The page's default timeout (page.setDefaultTimeout), set again at each reset. */
  defaultTimeout?: number;
}

interface Opened {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Set when the renderer crashed: the next reset opens a new page. */
  crashed: boolean;
  /** The origins the context's documents were on since the last reset, whose storage the reset clears. */
  origins: Set<string>;
  /** The context's viewport, as a fresh page has it. */
  viewport: { width: number; height: number } | null;
}

function originOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const { protocol, origin } = new URL(url);
  return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
}

/** Page.on and Page.off, whose overloads take one literal event at a time (PageEvents holds the same pairs). */
type AnyListener = (this: Page, event: string, listener: (value: never) => void) => Page;

export class ReusablePage {
  private opened: Opened | undefined;
  /** The listeners the current test added (listen()), removed at the next reset. */
  private added: Array<() => void> = [];
  /** How many contexts were opened: one per file, unless a page crashed or was closed. */
  opens = 0;

  constructor(private readonly options: ReusablePageOptions = {}) {}

  /** The page, as the last reset left it. */
  get page(): Page {
    if (!this.opened) throw new Error('no page yet: reset() opens it (in beforeEach)');
    return this.opened.page;
  }

  get context(): BrowserContext {
    if (!this.opened) throw new Error('no page yet: reset() opens it (in beforeEach)');
    return this.opened.context;
  }

  /** Adds a page listener for the current test alone: removeListeners() or the next reset removes it. */
  listen<E extends keyof PageEvents>(event: E, listener: (value: PageEvents[E]) => void): void {
    const page = this.page;
    (page.on as AnyListener).call(page, event, listener);
    this.added.push(() => (page.off as AnyListener).call(page, event, listener));
  }

  /** Removes the current test's listeners: what they recorded is final. */
  removeListeners(): void {
    for (const remove of this.added.splice(0)) remove();
  }

  /** Before each test: the page as a fresh context's would be (opened if there is none, or it crashed or closed). */
  async reset(): Promise<Page> {
    this.removeListeners();
    const opened = this.opened;
    if (!opened || opened.crashed || opened.page.isClosed() || !opened.context.browser()?.isConnected()) return this.open();
    try {
      await this.clean(opened);
    } catch (error) {
      // Only a page that went away during the reset is replaced; any other failure is the reset's, and shown.
      if (!opened.crashed && !opened.page.isClosed()) throw error;
      return this.open();
    }
    return opened.page;
  }

  /** After the tests: the context closed. */
  async close(): Promise<void> {
    this.removeListeners();
    const opened = this.opened;
    this.opened = undefined;
    await opened?.context.close().catch(() => {});
  }

  private async clean({ context, page, cdp, origins, viewport }: Opened): Promise<void> {
    // Pages the test opened besides this one (popups) go, with their state.
    await Promise.all(
      context
        .pages()
        .filter((other) => other !== page)
        .map((other) => other.close()),
    );
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    // Away from the test's documents, so that no script of theirs writes storage after the clearing.
    await page.goto('about:blank');
    await context.clearCookies();
    await context.clearPermissions();
    await cdp.send('Network.clearBrowserCache');
    for (const origin of origins) {
      // Local and session storage, IndexedDB, cache storage, service workers...: 'all' of the origin's storage.
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
    origins.clear();
    if (viewport && JSON.stringify(page.viewportSize()) !== JSON.stringify(viewport)) await page.setViewportSize(viewport);
    // A fresh page's media: the context's options, Playwright's defaults where they say nothing (null
    // would turn the emulation off, which a fresh page does not have).
    const own = this.options.context ?? {};
    await page.emulateMedia({
      media: null,
      colorScheme: own.colorScheme ?? 'light',
      reducedMotion: own.reducedMotion ?? 'no-preference',
      forcedColors: own.forcedColors ?? 'none',
      contrast: own.contrast ?? 'no-preference',
    });
    // The pointer where a fresh page has none over anything: no hover style carried into the next page.
    await page.mouse.move(0, 0);
    if (this.options.defaultTimeout !== undefined) page.setDefaultTimeout(this.options.defaultTimeout);
  }

  private async open(): Promise<Page> {
    await this.close();
    const browser = await sharedChromium();
    const context = await browser.newContext(this.options.context);
    this.opens += 1;
    try {
      const page = await context.newPage();
      const opened: Opened = {
        context,
        page,
        cdp: await context.newCDPSession(page),
        crashed: false,
        origins: new Set(),
        viewport: page.viewportSize(),
      };
      page.on('crash', () => {
        opened.crashed = true;
      });
      // Every document's origin, its frames' and popups' too: only a document (or its workers) writes an origin's storage.
      const track = (on: Page) =>
        on.on('framenavigated', (frame) => {
          const origin = originOf(frame.url());
          if (origin) opened.origins.add(origin);
        });
      track(page);
      context.on('page', track);
      if (this.options.defaultTimeout !== undefined) page.setDefaultTimeout(this.options.defaultTimeout);
      await this.options.prepare?.(context, page);
      this.opened = opened;
      return page;
    } catch (error) {
      await context.close().catch(() => {});
      throw error;
    }
  }
}

/**
 * A page shared by the tests of the current file or describe block: reset before each test (so a failed
 * test leaves nothing to the next), its context closed after the last.
 */
export function reusablePage(options: ReusablePageOptions = {}): ReusablePage {
  const shared = new ReusablePage(options);
  beforeEach(async () => {
    await shared.reset();
  }, 60_000);
  afterAll(async () => {
    await shared.close();
  });
  return shared;
}
