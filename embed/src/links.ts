// Legal links from the catalog (docs/catalog.md#legal-links): only PRICE_INFO is shown; with appendAmount the
// purchase amount is appended to the URL as it stands (catalogs end such URLs in `?amount=`).

export const PRICE_INFO = 'PRICE_INFO';

/**
 * The href for a legal link, or undefined when the URL is not absolute http(s): the URL comes
 * from catalog data, and a `javascript:` href must never reach an anchor on a checkout page.
 */
export function legalLinkHref(url: string, appendAmount: boolean, amount: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  return appendAmount ? url + encodeURIComponent(amount) : url;
}
