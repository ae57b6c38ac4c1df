// The change preview as the console shows it (docs/console.md#payment-methods): per customer type,
// campaign and range of amounts, what shoppers are offered now and would be offered after a change.
// Shared by the method form, the deletion of a method and the store form.
import type { OfferChange } from '../../domain/change-preview.ts';
import { html, type Html } from './html.ts';

function moneyRange(change: OfferChange): string {
  return change.to === null ? `${change.from} and above` : `${change.from} – ${change.to}`;
}

function groupList(groups: OfferChange['before']): Html {
  if (groups.length === 0) return html`Nothing`;
  return html`<ul>
    ${groups.map((g) => html`<li>${g.title} <span class="hint">(${g.type})</span></li>`)}
  </ul>`;
}

/** The preview as a table: per customer type, campaign and range of amounts, what was and would be offered. */
export function previewTable(changes: OfferChange[], currency: string): Html {
  if (changes.length === 0) {
    return html`<section aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <p class="notice" role="status">Shoppers would be offered exactly what they are offered now.</p>
    </section>`;
  }
  return html`<section aria-labelledby="preview-heading">
    <h2 id="preview-heading">Preview</h2>
    <p role="status">
      ${changes.length === 1 ? 'One change' : `${changes.length} changes`} in what shoppers would be offered. Nothing has been saved yet.
    </p>
    <table>
      <caption>
        What shoppers of this store would be offered differently (amounts in ${currency})
      </caption>
      <thead>
        <tr>
          <th scope="col">Customer type</th>
          <th scope="col">Campaign</th>
          <th scope="col">Amounts</th>
          <th scope="col">Offered before</th>
          <th scope="col">Offered after</th>
        </tr>
      </thead>
      <tbody>
        ${changes.map(
          (c) =>
            html`<tr>
              <td>${c.customerType === 'NATURAL' ? 'Private person' : 'Business'}</td>
              <td>${c.campaign ?? 'None'}</td>
              <td>${moneyRange(c)}</td>
              <td>${groupList(c.before)}</td>
              <td>${groupList(c.after)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}
