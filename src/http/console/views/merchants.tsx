// Merchants' pages (docs/console.md#pages): the list, one merchant with its stores, clients and
// webhook endpoints, and the form that creates or renames one.
import type { Merchant, Store } from '../../../domain/catalog.ts';
import type { FormState } from '../../../services/console/form-values.ts';
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import type { ClientSummary } from '../../../storage/repositories/clients.ts';
import type { WebhookEndpoint } from '../../../storage/repositories/webhook-endpoints.ts';
import { escape } from './escape.ts';
import { EditForm, SaveForm } from './forms.tsx';
import { EditorLink, Page, canEdit } from './layout.tsx';
import { TextField } from './fields.tsx';
import { StoresTable } from './stores.tsx';
import { Facts, Pager, Table, TableOr, fact } from './table.tsx';

export const merchantPath = (id: string) => `/console/merchants/${encodeURIComponent(id)}`;

export function MerchantsPage(props: {
  session: ConsoleSession;
  merchants: { content: Merchant[]; page: { number: number; totalPages: number; totalElements: number } };
  notice?: string | undefined;
}): JSX.Element {
  const { merchants } = props;
  return (
    <Page title="Merchants" session={props.session} section="merchants" notice={props.notice}>
      <EditorLink session={props.session} href="/console/merchants/new" label="New merchant" />
      <Table caption={`Merchants (${merchants.page.totalElements})`} headers={['Name', 'ID']}>
        {merchants.content.map((m) => (
          <tr>
            <td>
              <a href={merchantPath(m.id)}>{escape(m.name)}</a>
            </td>
            <td class="mono">{escape(m.id)}</td>
          </tr>
        ))}
      </Table>
      <Pager path="/console/merchants" page={merchants.page} />
    </Page>
  );
}

function MerchantForm(props: { session: ConsoleSession; form: FormState; action: string; creating: boolean }): JSX.Element {
  const { form, creating } = props;
  return (
    <SaveForm session={props.session} form={form} action={props.action} shown={(name) => name === 'name' || (creating && name === 'id')}>
      {creating && <TextField form={form} name="id" label="ID" hint="Letters, digits and . _ : -; it cannot be changed later." required />}
      <TextField form={form} name="name" required />
    </SaveForm>
  );
}

export function NewMerchantPage(props: { session: ConsoleSession; form: FormState }): JSX.Element {
  return (
    <Page title="New merchant" session={props.session} section="merchants">
      <MerchantForm session={props.session} form={props.form} action="/console/merchants/new" creating />
    </Page>
  );
}

export interface MerchantPageProps {
  session: ConsoleSession;
  merchant: Merchant;
  stores: Store[];
  clients: ClientSummary[];
  webhooks: WebhookEndpoint[];
  form: FormState;
  notice?: string | undefined;
}

export function MerchantPage(props: MerchantPageProps): JSX.Element {
  const { session, merchant } = props;
  const path = merchantPath(merchant.id);
  const name = merchant.name;
  return (
    <Page title={`Merchant ${name}`} session={session} section="merchants" notice={props.notice}>
      <Facts facts={[fact('ID', merchant.id, 'mono'), fact('Name', name)]} />
      <h2>Stores</h2>
      <EditorLink
        session={session}
        href={`/console/stores/new?merchantId=${encodeURIComponent(merchant.id)}`}
        label={`New store of ${name}`}
      />
      {props.stores.length === 0 ? <p>No stores.</p> : <StoresTable stores={props.stores} caption={`Stores of ${name}`} />}
      <h2>Clients</h2>
      <EditorLink
        session={session}
        href={`/console/clients/new?merchantId=${encodeURIComponent(merchant.id)}`}
        label={`New client of ${name}`}
      />
      <TableOr
        items={props.clients}
        empty="No clients."
        caption={`Clients of ${name}`}
        headers={['Client ID', 'Scopes']}
        row={(c) => (
          <tr>
            <td>
              <a href={`/console/clients/${encodeURIComponent(c.clientId)}`}>{escape(c.clientId)}</a>
            </td>
            <td>{escape(c.scopes.join(', '))}</td>
          </tr>
        )}
      />
      <h2>Webhook endpoints</h2>
      <EditorLink session={session} href={`${path}/webhook-endpoints/new`} label={`New webhook endpoint of ${name}`} />
      <TableOr
        items={props.webhooks}
        empty="No webhook endpoints."
        caption={`Webhook endpoints of ${name}`}
        headers={['URL', 'Description', 'Enabled']}
        row={(w) => (
          <tr>
            <td class="mono">
              <a href={`/console/webhook-endpoints/${w.id}`}>{escape(w.url)}</a>
            </td>
            <td>{escape(w.description || '—')}</td>
            <td>{w.enabled ? 'Yes' : 'No'}</td>
          </tr>
        )}
      />
      {canEdit(session) && (
        <EditForm
          session={session}
          what="merchant"
          name={name}
          path={path}
          deleteNote="Only a merchant without stores and clients can be deleted."
        >
          <MerchantForm session={session} form={props.form} action={path} creating={false} />
        </EditForm>
      )}
    </Page>
  );
}
