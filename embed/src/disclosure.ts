// The credit disclosure beside a monthly cost (docs/session-api.md#credit-disclosure-in-the-components): the
// representative example's text with its annual percentage rate in bold, the warning, and the
// price-information link, all shown as they are (no toggle, no hover): consumer credit law wants
// them as visible as the monthly cost itself.

import { h } from './dom.ts';
import type { Locale } from './i18n.ts';
import type { DisclosureData, InternalData } from './internal-data.ts';
import { PRICE_INFO, legalLinkHref } from './links.ts';

/**
 * The text split around the rate: before, the rate, after. The service writes the rate inside the
 * text exactly as `apr` (same digits, same no-break spaces), so a plain search finds it; undefined
 * when it is not there (an older or broken service): the text is then shown whole.
 */
export function splitAtRate(text: string, apr: string): [string, string, string] | undefined {
  const at = apr === '' ? -1 : text.indexOf(apr);
  return at < 0 ? undefined : [text.slice(0, at), apr, text.slice(at + apr.length)];
}

/** The text with the rate wrapped in `<strong part="apr">`. */
function textWithRate(text: string, apr: string): Array<Node | string> {
  const parts = splitAtRate(text, apr);
  if (!parts) return [text];
  const [before, rate, after] = parts;
  return [before, h('strong', { part: 'apr' }, rate), after];
}

/**
 * Where the group's price information is: a member's catalog PRICE_INFO link (with appendAmount,
 * `amount` appended) wins over the service's own page. Of the members, the one whose plan the
 * disclosure's example describes (`exampleMethodId`, where the caller knows it), else the first in
 * display order with a usable link. Undefined when none is an http(s) URL.
 */
export function priceInformationHref(data: InternalData, amount: string, exampleMethodId?: string): string | undefined {
  const example = data.methods.filter((method) => method.id === exampleMethodId);
  for (const method of [...example, ...data.methods]) {
    for (const link of method.legalLinks) {
      if (link.type !== PRICE_INFO) continue;
      const href = legalLinkHref(link.url, link.appendAmount, amount);
      if (href !== undefined) return href;
    }
  }
  return data.disclosure ? legalLinkHref(data.disclosure.priceInformationUrl, false, amount) : undefined;
}

/** The text and warning, in spans (they may sit inside a radio, whose content must be phrasing). */
export function disclosureBody(disclosure: DisclosureData, idPrefix?: string): HTMLSpanElement {
  const id = (suffix: string): Record<string, string> => (idPrefix === undefined ? {} : { id: `${idPrefix}-${suffix}` });
  return h(
    'span',
    { part: 'disclosure' },
    h('span', { part: 'disclosure-text', ...id('disclosure-text') }, ...textWithRate(disclosure.text, disclosure.apr)),
    disclosure.warning ? h('span', { part: 'disclosure-warning', ...id('disclosure-warning') }, disclosure.warning) : undefined,
  );
}

export function priceInfoLink(href: string, { texts }: Locale): HTMLAnchorElement {
  return h(
    'a',
    { part: 'link', href, target: '_blank', rel: 'noopener' },
    texts.priceInfo,
    h('span', { class: 'sr-only' }, ` ${texts.opensInNewWindow}`),
  );
}
