// Stores' pages (docs/console.md#pages): the list, one store with its payment methods, and the form
// that creates or edits one. Enter in a field of the store form saves, as it always has and as it
// does on the new-store form with the same fields: the hidden first button is the one a browser
// presses for Enter. Most store fields change nothing shoppers see, so an Enter that only previewed
// would leave an edit unsaved behind a page that says nothing changes.
import { customerTypesOf, type Merchant, type PaymentMethod, type Store } from '../../../domain/catalog.ts';
import type { OfferChange } from '../../../domain/change-preview.ts';
import { formatDecimalTrimmed } from '../../../domain/money.ts';
import { storeFieldShown } from '../../../services/console/catalog-forms.ts';
import type { FormState } from '../../../services/console/form-values.ts';
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import { escape } from './escape.ts';
import { Checkbox, Select, TextField, TranslationFields } from './fields.tsx';
import { EditForm, PreviewSaveButtons, SaveForm } from './forms.tsx';
import { EditorLink, Page, canEdit } from './layout.tsx';
import { Preview } from './preview.tsx';
import { Facts, Pager, Table, TableOr, fact } from './table.tsx';

export type Choices = Array<{ value: string; label: string }>;

/** The merchants a store or client may belong to, as a select's choices. */
export function merchantChoices(merchants: readonly Merchant[]): Choices {
  return merchants.map((m) => ({ value: m.id, label: `${m.name} (${m.id})` }));
}

const CREDIT_WARNING_HINT =
  'Shown beside every monthly cost offered to consumers; at most 500 characters. Left empty: the default of each language ("Att låna kostar pengar!" in Swedish)';
const TRANSLATED = [
  { field: 'bundleTitle', label: 'Bundle title' },
  { field: 'creditWarning', label: 'Credit warning' },
];

/** `editing` adds Preview beside Save (a new store has nothing to compare with). */
function StoreForm(props: {
  session: ConsoleSession;
  form: FormState;
  action: string;
  merchants: Choices;
  editing?: boolean;
}): JSX.Element {
  const { form } = props;
  const first = props.editing && (
    <button type="submit" name="_action" value="save" hidden tabindex="-1">
      Save
    </button>
  );
  return (
    <SaveForm
      session={props.session}
      form={form}
      action={props.action}
      shown={storeFieldShown}
      first={first || undefined}
      buttons={props.editing ? <PreviewSaveButtons /> : undefined}
    >
      <Select form={form} name="merchantId" choices={props.merchants} />
      <TextField form={form} name="name" required />
      <TextField form={form} name="currency" hint="ISO 4217, e.g. SEK" required />
      <TextField form={form} name="countryCode" hint="ISO 3166-1 alpha-2, e.g. SE; default SE" />
      <TextField form={form} name="bundleTitle" hint='Default "Part payment"' />
      <TextField form={form} name="creditWarning" hint={CREDIT_WARNING_HINT} />
      <Checkbox form={form} name="noCreditWarning" label="No credit warning at all (not even the default)" />
      <TextField form={form} name="minimumInvoiceAmount" hint="Default 0" inputmode="decimal" />
      <TextField form={form} name="nationalStoreId" label="National store ID" hint="Left empty: the next free number" inputmode="numeric" />
      <TextField form={form} name="organizationNumber" />
      <fieldset>
        <legend>Translations of the bundle title and the credit warning</legend>
        <TranslationFields form={form} fields={TRANSLATED} />
      </fieldset>
    </SaveForm>
  );
}

export function NewStorePage(props: { session: ConsoleSession; form: FormState; merchants: Choices }): JSX.Element {
  return (
    <Page title="New store" session={props.session} section="stores">
      <StoreForm {...props} action="/console/stores/new" />
    </Page>
  );
}

function creditWarningText(store: Store): string {
  if (store.creditWarning === undefined || store.creditWarning === null) return "Each language's default";
  return store.creditWarning === '' ? 'None' : store.creditWarning;
}

export function windowText(method: Pick<PaymentMethod, 'activeFrom' | 'activeUntil'>): string {
  if (method.activeFrom === undefined && method.activeUntil === undefined) return 'Always';
  const from = method.activeFrom === undefined ? 'always' : new Date(method.activeFrom).toISOString();
  const until = method.activeUntil === undefined ? 'for good' : new Date(method.activeUntil).toISOString();
  return `From ${from} until ${until}`;
}

export interface StorePageProps {
  session: ConsoleSession;
  store: Store;
  merchant: Merchant;
  methods: PaymentMethod[];
  form: FormState;
  merchants: Choices;
  notice?: string | undefined;
  preview?: { changes: OfferChange[]; currency: string } | undefined;
}

export function StorePage(props: StorePageProps): JSX.Element {
  const { session, store, merchant } = props;
  const path = `/console/stores/${store.id}`;
  const decimal = formatDecimalTrimmed;
  return (
    <Page title={`Store ${store.name}`} session={session} section="stores" notice={props.notice}>
      <Facts
        facts={[
          fact('ID', store.id, 'mono'),
          ['Merchant', <a href={`/console/merchants/${encodeURIComponent(merchant.id)}`}>{escape(merchant.name)}</a>],
          fact('Store number', store.nationalStoreId),
          fact('Country', store.countryCode),
          fact('Currency', store.currency),
          fact('Bundle title', store.bundleTitle),
          fact('Credit warning', creditWarningText(store)),
          fact('Minimum invoice amount', decimal(store.minimumInvoiceAmount)),
          store.organizationNumber !== undefined && fact('Organization number', store.organizationNumber),
        ]}
      />
      {props.preview ? <Preview {...props.preview} /> : ''}
      <h2>Payment methods</h2>
      <EditorLink session={session} href={`${path}/payment-methods/new`} label="New payment method" />
      <TableOr
        items={props.methods}
        empty="No payment methods."
        caption={`Payment methods of ${store.name}, in display order`}
        headers={['Name', 'Type', 'Purchase amounts', 'Customer types', 'Campaign', 'Plans', 'Window']}
        row={(m) => (
          <tr>
            <td>
              <a href={`/console/payment-methods/${m.id}`}>{escape(m.name)}</a>
            </td>
            <td>{escape(m.type)}</td>
            <td>{escape(`${decimal(m.minPurchaseLimit)}–${decimal(m.maxPurchaseLimit)}`)}</td>
            <td>{escape(customerTypesOf(m).join(', ') || 'none')}</td>
            <td>{escape(m.campaign.campaign ? m.campaign.keywords.join(', ') : 'No')}</td>
            <td>{m.plans.length}</td>
            <td>{escape(windowText(m))}</td>
          </tr>
        )}
      />
      {canEdit(session) && (
        <EditForm
          session={session}
          what="store"
          name={store.name}
          path={path}
          deleteNote="Deleting a store deletes its payment methods too."
        >
          <StoreForm session={session} form={props.form} action={path} merchants={props.merchants} editing />
        </EditForm>
      )}
    </Page>
  );
}

/** Stores as a table, each linked to its page; with `merchants` (id to name), a column naming each store's merchant. */
export function StoresTable(props: { stores: readonly Store[]; caption: string; merchants?: ReadonlyMap<string, string> }): JSX.Element {
  const { merchants } = props;
  return (
    <Table caption={props.caption} headers={['Name', merchants && 'Merchant', 'Store number', 'Country', 'Currency']}>
      {props.stores.map((s) => (
        <tr>
          <td>
            <a href={`/console/stores/${s.id}`}>{escape(s.name)}</a>
          </td>
          {merchants ? (
            <td>
              <a href={`/console/merchants/${encodeURIComponent(s.merchantId)}`}>{escape(merchants.get(s.merchantId) ?? s.merchantId)}</a>
            </td>
          ) : (
            ''
          )}
          <td>{s.nationalStoreId}</td>
          <td>{escape(s.countryCode)}</td>
          <td>{escape(s.currency)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function StoresPage(props: {
  session: ConsoleSession;
  stores: { content: Store[]; page: { number: number; totalPages: number; totalElements: number } };
  merchants: ReadonlyMap<string, string>;
  merchantId?: string | undefined;
  notice?: string | undefined;
}): JSX.Element {
  const { stores, merchantId } = props;
  return (
    <Page title="Stores" session={props.session} section="stores" notice={props.notice}>
      <EditorLink session={props.session} href="/console/stores/new" label="New store" />
      <StoresTable stores={stores.content} caption={`Stores (${stores.page.totalElements})`} merchants={props.merchants} />
      <Pager path="/console/stores" page={stores.page} query={merchantId ? { merchantId } : {}} />
    </Page>
  );
}
