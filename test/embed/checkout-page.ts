// Browser side of the storefront tests (the worker's Chromium: test/helpers/chromium.ts, one page per
// file: test/helpers/reusable-page.ts): a checkout page that loads the script the way a storefront
// does, and readers for what the page shows.
// Nothing here knows about the stub, so the same helpers can drive a page against the real service.
import type { Locator, Page } from 'playwright-core';
import { wcagViolations } from '../helpers/axe.ts';
import type { ReusablePage } from '../helpers/reusable-page.ts';

export const EVENT_TYPES = ['payment-method-select', 'payment-method-deselect', 'payment-session-expired'] as const;

export interface RecordedEvent {
  type: (typeof EVENT_TYPES)[number];
  detail: Record<string, unknown>;
}

export interface CheckoutPageOptions {
  /** The script URL (embed.src). */
  scriptSrc: string;
  sessionId: string;
  amount: string;
  /** The document language (`<html lang>`, default `en`); null: no lang anywhere on the page. */
  lang?: string | null;
  /** More attributes of <payment-methods>; `true` for a boolean attribute. */
  attributes?: Record<string, string | true>;
}

/**
 * Intl separates digits and currency with no-break spaces (U+00A0, or U+202F in some locales and
 * ICU versions): comparing with plain spaces keeps expectations readable and ICU-independent.
 */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A minimal storefront checkout: <payment-methods> and, as a storefront would wire it, a
 * <payment-method> showing the selected group's details. Every event lands in window.__events.
 */
export function checkoutPage(options: CheckoutPageOptions): string {
  const all: Record<string, string | true> = { 'session-id': options.sessionId, amount: options.amount, ...options.attributes };
  const attributes = Object.entries(all)
    .map(([name, value]) => (value === true ? name : `${name}="${escapeHtml(value)}"`))
    .join(' ');
  return `<!doctype html>
<html${options.lang === null ? '' : ` lang="${escapeHtml(options.lang ?? 'en')}"`}>
<head>
<meta charset="utf-8">
<title>Checkout</title>
<link rel="icon" href="data:,">
<script>
  window.__events = [];
  for (const type of ${JSON.stringify(EVENT_TYPES)}) {
    document.addEventListener(type, (event) => {
      window.__events.push({ type, detail: event.detail });
      const details = document.querySelector('payment-method');
      if (type === 'payment-method-select') details.setAttribute('data', event.detail.internalData);
      if (type === 'payment-method-deselect') details.removeAttribute('data');
    });
  }
</script>
</head>
<body>
<h1>Checkout</h1>
<payment-methods ${attributes}></payment-methods>
<payment-method></payment-method>
<script src="${escapeHtml(options.scriptSrc)}"></script>
</body>
</html>`;
}

export interface OptionState {
  groupId: string | null;
  title: string;
  subtitle: string;
  checked: string | null;
  tabIndex: number;
}

export class Checkout {
  /** Console errors and uncaught exceptions of this test's page, as they came. */
  readonly consoleErrors: string[] = [];
  readonly page: Page;

  /** On the file's shared page, as the last reset left it: the listeners are this test's, removed at the next reset. */
  constructor(shared: ReusablePage) {
    this.page = shared.page;
    shared.listen('console', (message) => {
      if (message.type() === 'error') this.consoleErrors.push(message.text());
    });
    shared.listen('pageerror', (error) => this.consoleErrors.push(`uncaught: ${error.message}`));
  }

  /** Locators pierce open shadow roots, so these reach inside the components. */
  get radiogroup(): Locator {
    return this.page.locator('payment-methods [role="radiogroup"]');
  }

  get options(): Locator {
    return this.page.locator('payment-methods [role="radio"]');
  }

  option(title: string): Locator {
    return this.options.filter({ hasText: title });
  }

  get state(): Locator {
    return this.page.locator('payment-methods [part~="state"]');
  }

  get details(): Locator {
    return this.page.locator('payment-method [part~="details"]');
  }

  /** Waits until the selector shows `count` options and no refresh is under way. */
  async waitForOptions(count: number): Promise<OptionState[]> {
    await this.page.waitForFunction((n) => {
      const root = document.querySelector('payment-methods')?.shadowRoot;
      const group = root?.querySelector('[role="radiogroup"]');
      return group?.querySelectorAll('[role="radio"]').length === n && !group.hasAttribute('aria-busy');
    }, count);
    return this.optionStates();
  }

  /** The options as shown, no-break spaces in subtitles (as Intl writes prices) read as plain ones. */
  async optionStates(): Promise<OptionState[]> {
    const states = await this.page.evaluate(() =>
      Array.from(document.querySelector('payment-methods')!.shadowRoot!.querySelectorAll<HTMLElement>('[role="radio"]'), (o) => ({
        groupId: o.getAttribute('data-group-id'),
        title: o.querySelector('[part~="title"]')?.textContent ?? '',
        subtitle: o.querySelector('[part~="subtitle"]')?.textContent ?? '',
        checked: o.getAttribute('aria-checked'),
        tabIndex: o.tabIndex,
      })),
    );
    return states.map((state) => ({ ...state, subtitle: plainSpaces(state.subtitle) }));
  }

  /** The text of each element a locator matches, no-break spaces read as plain ones. */
  async texts(locator: Locator): Promise<string[]> {
    return (await locator.allTextContents()).map(plainSpaces);
  }

  /** Title of the option that has focus, or null. */
  async focusedTitle(): Promise<string | null> {
    return this.page.evaluate(() => {
      const active = document.querySelector('payment-methods')!.shadowRoot!.activeElement;
      return active?.querySelector('[part~="title"]')?.textContent ?? null;
    });
  }

  async events(): Promise<RecordedEvent[]> {
    return this.page.evaluate(() => (window as unknown as { __events: RecordedEvent[] }).__events);
  }

  /** Waits until at least `count` events were dispatched, and returns them all. */
  async waitForEvents(count: number): Promise<RecordedEvent[]> {
    await this.page.waitForFunction((n) => (window as unknown as { __events: unknown[] }).__events.length >= n, count);
    return this.events();
  }

  async setAttribute(selector: string, name: string, value: string): Promise<void> {
    await this.page.locator(selector).evaluate((element, [n, v]) => element.setAttribute(n!, v!), [name, value]);
  }

  /**
   * Console errors other than the browser's own "Failed to load resource" line for an HTTP
   * status the test provoked on purpose (Chromium logs one for every 4xx/5xx answer).
   */
  unexpectedConsoleErrors(expectedStatuses: readonly number[] = []): string[] {
    return this.consoleErrors.filter((text) => {
      const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(text)?.[1];
      return status === undefined || !expectedStatuses.includes(Number(status));
    });
  }
}

/** Fail with Playwright's own message well before the test runner's timeout. */
export const CHECKOUT_TIMEOUT_MS = 10_000;

/** The checkout at `url` on the file's shared page (reusablePage({ defaultTimeout: CHECKOUT_TIMEOUT_MS })). */
export async function openCheckout(shared: ReusablePage, url: string): Promise<Checkout> {
  const checkout = new Checkout(shared);
  await shared.page.goto(url);
  return checkout;
}

/** Font size in px and weight of an element inside the page, as computed. */
export async function typeOf(locator: Locator): Promise<{ size: number; weight: number }> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { size: parseFloat(style.fontSize), weight: Number(style.fontWeight) };
  });
}

/** True when the element is rendered, unclipped, and the topmost element at its centre: seen without any interaction. */
export async function seenAsIs(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(element);
    if (style.visibility !== 'visible' || Number(style.opacity) === 0) return false;
    const root = element.getRootNode() as ShadowRoot | Document;
    const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** axe-core's WCAG 2.1 A and AA rules on the page as it stands: serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.text);
}
