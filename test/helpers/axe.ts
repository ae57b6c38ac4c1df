// axe-core in Chromium, as every browser test scans a page: all of its WCAG 2.1 A and AA rules.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Violation {
  impact: string | null | undefined;
  /** `rule: help (the nodes' selectors)`. */
  text: string;
}

/** The WCAG 2.1 A and AA violations of the page as it stands. */
export async function wcagViolations(page: Page): Promise<Violation[]> {
  // Legacy mode: the results are gathered in the page itself, not in a blank page opened for each
  // scan (half of a scan's 2.5 s of CPU). What it gives up, cross-origin frames, no page of ours has
  // (no iframe anywhere in src/).
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().analyze();
  return results.violations.map((v) => ({
    impact: v.impact,
    text: `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  }));
}

/** No WCAG 2.1 A or AA violation on the page; `what` names it in the failure, with its URL. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const violations = await wcagViolations(page);
  expect(
    violations.map((v) => `${v.impact} ${v.text}`),
    `${what} (${page.url()})`,
  ).toEqual([]);
}
