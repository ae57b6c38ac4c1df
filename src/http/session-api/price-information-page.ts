// The price-information page's HTML (docs/session-api.md#price-information-page): one document with its
// own stylesheet (screen and print) and no script. Every catalog text and figure goes through the
// escaping template (lib/html.ts); the page's own words come from the generated texts of its language.
import { createHash } from 'node:crypto';
import { generatedTexts } from '../../domain/generated-texts.ts';
import type { PriceInformationDocument, PriceInformationPage } from '../../domain/price-information.ts';
import type { PlanInformation } from '../../domain/credit-disclosure.ts';
import { html, raw, type Html } from '../../lib/html.ts';

// Colours keep a contrast of at least 7:1 on white; printed, everything is black on white, the tables
// keep their rules, a row never splits across pages and every link's address is printed after it.
const STYLESHEET = `
*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 100%; line-height: 1.5; color: #1b1b1b; background: #fff; }
body { margin: 0; }
main { max-width: 64rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.75rem; }
a { color: #0b4f9c; }
a:focus-visible { outline: 3px solid #0b4f9c; outline-offset: 2px; }
.warning { font-size: 1.15rem; font-weight: 700; border-left: 4px solid #1b1b1b; padding: 0.25rem 0 0.25rem 0.75rem; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1.5rem; }
caption { text-align: left; font-weight: 700; padding: 0.25rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.6rem; border-bottom: 1px solid #6b6b6b; }
thead th { border-bottom-width: 2px; }
td { font-variant-numeric: tabular-nums; }
@media print {
  html { font-size: 10pt; color: #000; }
  main { max-width: none; padding: 0; }
  a { color: #000; }
  a[href]::after { content: " (" attr(href) ")"; overflow-wrap: anywhere; }
  th, td { border-bottom-color: #000; padding: 0.2rem 0.3rem; }
  tr, .warning { break-inside: avoid; }
  h2 { break-after: avoid; }
}
`;

/**
 * The page's Content-Security-Policy: nothing may load, no script runs; its one stylesheet is
 * allowed by its hash (an inline style, so the page is one request and prints without another).
 */
export const PRICE_INFORMATION_CSP = [
  "default-src 'none'",
  `style-src '${'sha256-' + createHash('sha256').update(STYLESHEET).digest('base64')}'`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The element whose text the policy's hash covers: exactly STYLESHEET, whatever the template around it. */
const STYLE_ELEMENT = raw(`<style>${STYLESHEET}</style>`);

/** A link's address where it is one a browser may follow (the catalog allows only http and https). */
function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}

function planRow(p: PlanInformation, months: (m: string) => string): Html {
  const t = p.texts;
  return html`<tr>
    <th scope="row">${p.plan.name}</th>
    <td>${months(t.months)}</td>
    <td>${t.monthlyCost}</td>
    <td>${t.interest}</td>
    <td>${t.setupFee}</td>
    <td>${t.administrationFee}</td>
    <td>${t.totalCost}</td>
    <td>${t.apr}</td>
  </tr>`;
}

function documentItem(document: PriceInformationDocument, text: string): Html {
  const href = safeHref(document.url);
  return href ? html`<li><a href="${href}">${text}</a></li>` : html`<li>${text}: ${document.url}</li>`;
}

export function renderPriceInformationPage(page: PriceInformationPage): string {
  const words = generatedTexts(page.language).priceInformation;
  // The members in the order their plans come (display order), each with its plans.
  const byMethod = new Map<string, PlanInformation[]>();
  for (const p of page.plans) {
    const list = byMethod.get(p.method.id);
    if (list) list.push(p);
    else byMethod.set(p.method.id, [p]);
  }
  const tables = [...byMethod.values()].map(
    (plans) =>
      html`<table>
        <caption>
          ${words.caption(plans[0]!.method.name)}
        </caption>
        <thead>
          <tr>
            <th scope="col">${words.plan}</th>
            <th scope="col">${words.duration}</th>
            <th scope="col">${words.monthlyCost}</th>
            <th scope="col">${words.interest}</th>
            <th scope="col">${words.setupFee}</th>
            <th scope="col">${words.administrationFee}</th>
            <th scope="col">${words.totalCost}</th>
            <th scope="col">${words.apr}</th>
          </tr>
        </thead>
        <tbody>
          ${plans.map((p) => planRow(p, (months) => words.months(months)))}
        </tbody>
      </table>`,
  );
  const documents = page.documents.map((d) =>
    documentItem(d, d.type === 'SECCI' ? words.secci(d.method.name) : words.generalTerms(d.method.name)),
  );
  return html`<!doctype html>
    <html lang="${page.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${words.title}: ${page.title}</title>
        ${STYLE_ELEMENT}
      </head>
      <body>
        <main>
          <h1>${words.title}: ${page.title}</h1>
          <p>${words.purchaseAmount}: <strong>${page.amountText}</strong></p>
          ${page.warning !== null && html`<p class="warning">${page.warning}</p>`}
          <h2>${words.example}</h2>
          <p>${page.example.text}</p>
          <h2>${words.plans}</h2>
          ${tables}
          ${
            documents.length > 0 &&
            html`<h2>${words.documents}</h2>
              <ul>
                ${documents}
              </ul>`
          }
        </main>
      </body>
    </html> `.text;
}
