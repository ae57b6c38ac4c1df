// A payment method's pages (docs/console.md#payment-methods): its page (the form for an editor, its
// fields, plans, legal links and translations for a viewer), the new method's page, and the
// confirmation of its deletion with what shoppers would lose.
import { customerTypesOf, type PaymentMethod, type Store } from '../../../domain/catalog.ts';
import type { OfferChange } from '../../../domain/change-preview.ts';
import { formatDecimalTrimmed as decimal } from '../../../domain/money.ts';
import type { FormState } from '../../../services/console/form-values.ts';
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import { PRODUCT_TYPE_LABELS } from '../../../services/console/method-form.ts';
import { escape } from './escape.ts';
import { LANGUAGE_NAMES } from './fields.tsx';
import { Page, PostButton, canEdit } from './layout.tsx';
import { MethodForm } from './method-form.tsx';
import { Preview } from './preview.tsx';
import { windowText } from './stores.tsx';
import { Facts, TableOr, fact } from './table.tsx';

function StoreLine({ store }: { store: Store }): JSX.Element {
  return (
    <p>
      Store: <a href={`/console/stores/${store.id}`}>{escape(store.name)}</a>
    </p>
  );
}

export interface MethodPageProps {
  session: ConsoleSession;
  store: Store;
  /** Undefined on the new method's page. */
  method: PaymentMethod | undefined;
  form: FormState;
  knownTypes: readonly string[];
  preview?: OfferChange[] | undefined;
  notice?: string | undefined;
}

export function MethodPage(props: MethodPageProps): JSX.Element {
  const { session, store, method } = props;
  const action = method ? `/console/payment-methods/${method.id}` : `/console/stores/${store.id}/payment-methods/new`;
  const title = method ? `Payment method ${method.name}` : `New payment method for ${store.name}`;
  const facts = method ? (
    <Facts
      facts={[
        fact('ID', method.id, 'mono'),
        fact('Window', windowText(method)),
        fact('Plans', method.plans.length),
        fact('Legal links', method.legalLinks.length),
      ]}
    />
  ) : (
    ''
  );
  return (
    <Page title={title} session={session} section="stores" notice={props.notice}>
      <StoreLine store={store} />
      {facts}
      {canEdit(session) ? (
        <>
          {props.preview ? <Preview changes={props.preview} currency={store.currency} /> : ''}
          {method ? (
            <p>
              <a href={`/console/payment-methods/${method.id}/delete`}>Delete this payment method…</a>
            </p>
          ) : (
            ''
          )}
          <h2>{method ? 'Edit' : 'Create'}</h2>
          <MethodForm session={session} form={props.form} action={action} knownTypes={props.knownTypes} storeCountry={store.countryCode} />
        </>
      ) : method ? (
        <ReadOnlyMethod method={method} />
      ) : (
        ''
      )}
    </Page>
  );
}

/** A method as a viewer reads it: its fields, plans, legal links and translations (no form). */
function ReadOnlyMethod({ method }: { method: PaymentMethod }): JSX.Element {
  const offeredTo = customerTypesOf(method).map((t) => (t === 'NATURAL' ? 'private persons' : 'businesses'));
  return (
    <>
      <Facts
        facts={[
          fact('Name', method.name),
          fact('Description', method.description || '—'),
          fact('Type', method.type),
          fact('Sort order', method.sortOrder),
          fact('Purchase amounts', `${decimal(method.minPurchaseLimit)} – ${decimal(method.maxPurchaseLimit)}`),
          fact('Application amounts', `${decimal(method.minApplicationLimit)} – ${decimal(method.maxApplicationLimit)}`),
          fact('Offered to', offeredTo.join(', ') || 'nobody'),
          fact('Price signage possible', method.priceSignagePossible ? 'Yes' : 'No'),
          fact('Campaign', method.campaign.campaign ? `Yes: ${method.campaign.keywords.join(', ')}` : 'No'),
          fact('Excluded product types', (method.excludedProductTypes ?? []).map((t) => PRODUCT_TYPE_LABELS[t]).join(', ') || 'None'),
          fact('Countries', method.countries?.join(', ') ?? "The store's country"),
        ]}
      />
      <h2>Plans</h2>
      <TableOr
        items={method.plans}
        empty="No plans."
        caption={`Plans of ${method.name}`}
        headers={['Name', 'Duration months', 'Annuity factor', 'Administration fee', 'Setup fee', 'Interest']}
        row={(p) => (
          <tr>
            <td>{escape(p.name)}</td>
            <td>{p.durationMonths}</td>
            <td>{escape(decimal(p.annuityFactor))}</td>
            <td>{escape(decimal(p.administrationFee))}</td>
            <td>{escape(decimal(p.setupFee))}</td>
            <td>{escape(decimal(p.interest))}</td>
          </tr>
        )}
      />
      <h2>Legal links</h2>
      <TableOr
        items={method.legalLinks}
        empty="No legal links."
        caption={`Legal links of ${method.name}`}
        headers={['Type', 'URL', 'Append amount', 'Language']}
        row={(l) => (
          <tr>
            <td>{escape(l.type)}</td>
            <td class="mono">{escape(l.url)}</td>
            <td>{l.appendAmount ? 'Yes' : 'No'}</td>
            <td>{escape(l.language ?? "the store's")}</td>
          </tr>
        )}
      />
      <h2>Translations</h2>
      <TableOr
        items={Object.entries(method.translations ?? {})}
        empty="No translations."
        caption="Translations of the name and description"
        headers={['Language', 'Name', 'Description']}
        row={([language, t]) => (
          <tr>
            <td>{escape(LANGUAGE_NAMES[language as keyof typeof LANGUAGE_NAMES] ?? language)}</td>
            <td>{escape(t?.name ?? '—')}</td>
            <td>{escape(t?.description ?? '—')}</td>
          </tr>
        )}
      />
    </>
  );
}

export function DeleteMethodPage(props: {
  session: ConsoleSession;
  store: Store;
  method: PaymentMethod;
  changes: OfferChange[];
}): JSX.Element {
  const { method } = props;
  return (
    <Page title={`Delete payment method ${method.name}?`} session={props.session} section="stores">
      <StoreLine store={props.store} />
      <Preview changes={props.changes} currency={props.store.currency} />
      <div class="actions">
        <PostButton
          session={props.session}
          action={`/console/payment-methods/${method.id}/delete`}
          label={`Delete payment method ${method.name}`}
          danger
        />
        <a href={`/console/payment-methods/${method.id}`}>Keep it</a>
      </div>
    </Page>
  );
}
