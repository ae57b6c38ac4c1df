// The change preview as the console shows it (docs/console.md#payment-methods): per customer type,
// campaign and range of amounts, what shoppers are offered now and would be offered after a change.
// Shared by the method form, the deletion of a method and the store form.
import type { OfferChange } from '../../../domain/change-preview.ts';
import { PRODUCT_TYPE_LABELS } from '../../../services/console/method-form.ts';
import { escape } from './escape.ts';
import { Table } from './table.tsx';

function GroupList({ groups }: { groups: OfferChange['before'] }): JSX.Element {
  if (groups.length === 0) return 'Nothing';
  return (
    <ul>
      {groups.map((g) => (
        <li>
          {escape(g.title)} <span class="hint">({escape(g.type)})</span>
        </li>
      ))}
    </ul>
  );
}

/** The order a change concerns (a method's rules for orders): any, one holding a kind of goods, or one from a country. */
function orderText(change: OfferChange): string {
  if (change.productType !== undefined) return `Holding ${PRODUCT_TYPE_LABELS[change.productType].toLowerCase()}`;
  if (change.country !== undefined) return `From ${change.country}`;
  return 'Any';
}

/**
 * The preview as a table: per customer type, campaign and range of amounts, what was and would be
 * offered; with an Order column when a change concerns only some orders (docs/catalog.md#order-rules).
 */
export function Preview({ changes, currency }: { changes: OfferChange[]; currency: string }): JSX.Element {
  const withOrders = changes.some((c) => c.productType !== undefined || c.country !== undefined);
  const heading = <h2 id="preview-heading">Preview</h2>;
  if (changes.length === 0) {
    return (
      <section aria-labelledby="preview-heading">
        {heading}
        <p class="notice" role="status">
          Shoppers would be offered exactly what they are offered now.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="preview-heading">
      {heading}
      <p role="status">
        {changes.length === 1 ? 'One change' : escape(`${changes.length} changes`)} in what shoppers would be offered. Nothing has been
        saved yet.
      </p>
      <Table
        caption={`What shoppers of this store would be offered differently (amounts in ${currency})`}
        headers={['Customer type', 'Campaign', ...(withOrders ? ['Order'] : []), 'Amounts', 'Offered before', 'Offered after']}
      >
        {changes.map((c) => (
          <tr>
            <td>{c.customerType === 'NATURAL' ? 'Private person' : 'Business'}</td>
            <td>{escape(c.campaign ?? 'None')}</td>
            {withOrders ? <td>{escape(orderText(c))}</td> : ''}
            <td>{escape(c.to === null ? `${c.from} and above` : `${c.from} – ${c.to}`)}</td>
            <td>
              <GroupList groups={c.before} />
            </td>
            <td>
              <GroupList groups={c.after} />
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
