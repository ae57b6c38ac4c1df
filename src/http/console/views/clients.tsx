// OAuth clients' pages (docs/console.md#clients): the list, one client, its form, and the page that
// shows a new secret once.
import type { FormState } from '../../../services/console/form-values.ts';
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import type { ClientSummary } from '../../../storage/repositories/clients.ts';
import { escape } from './escape.ts';
import { Checkbox, Select, TextField } from './fields.tsx';
import { EditForm, RotateSection, SaveForm, SecretPage } from './forms.tsx';
import { EditorLink, Page, canEdit } from './layout.tsx';
import type { Choices } from './stores.tsx';
import { Facts, Pager, Table, fact } from './table.tsx';

export const clientPath = (clientId: string) => `/console/clients/${encodeURIComponent(clientId)}`;
const merchantLink = (merchantId: string) => <a href={`/console/merchants/${encodeURIComponent(merchantId)}`}>{escape(merchantId)}</a>;

function ClientForm(props: {
  session: ConsoleSession;
  form: FormState;
  action: string;
  creating: boolean;
  merchants: Choices;
}): JSX.Element {
  const { form, creating } = props;
  const scopesError = form.errors.scopes;
  return (
    <SaveForm
      session={props.session}
      form={form}
      action={props.action}
      shown={(name) => name === 'merchantId' || (creating && name === 'clientId')}
    >
      {creating && (
        <TextField form={form} name="clientId" label="Client ID" hint="Letters, digits and . _ ~ -; it cannot be changed later." required />
      )}
      <Select form={form} name="merchantId" choices={props.merchants} />
      <fieldset>
        <legend>Scopes</legend>
        <Checkbox form={form} name="scope.merchant-api" label="merchant-api: sessions and the merchant API" />
        <Checkbox form={form} name="scope.admin" label="admin: the admin API and this console" />
        {scopesError !== undefined && (
          <span class="error" id="f-scopes-error">
            {escape(scopesError)}
          </span>
        )}
      </fieldset>
    </SaveForm>
  );
}

export function NewClientPage(props: { session: ConsoleSession; form: FormState; merchants: Choices }): JSX.Element {
  return (
    <Page title="New client" session={props.session} section="clients">
      <ClientForm {...props} action="/console/clients/new" creating />
    </Page>
  );
}

export function ClientsPage(props: {
  session: ConsoleSession;
  clients: { content: ClientSummary[]; page: { number: number; totalPages: number; totalElements: number } };
  merchantId?: string | undefined;
  notice?: string | undefined;
}): JSX.Element {
  const { clients, merchantId } = props;
  return (
    <Page title="Clients" session={props.session} section="clients" notice={props.notice}>
      <EditorLink session={props.session} href="/console/clients/new" label="New client" />
      <Table
        caption={`Clients (${clients.page.totalElements}); their secrets are never shown here`}
        headers={['Client ID', 'Merchant', 'Scopes']}
      >
        {clients.content.map((c) => (
          <tr>
            <td>
              <a href={clientPath(c.clientId)}>{escape(c.clientId)}</a>
            </td>
            <td>{merchantLink(c.merchantId)}</td>
            <td>{escape(c.scopes.join(', '))}</td>
          </tr>
        ))}
      </Table>
      <Pager path="/console/clients" page={clients.page} query={merchantId ? { merchantId } : {}} />
    </Page>
  );
}

export function ClientPage(props: {
  session: ConsoleSession;
  client: ClientSummary;
  form: FormState;
  merchants: Choices;
  notice?: string | undefined;
}): JSX.Element {
  const { session, client } = props;
  const path = clientPath(client.clientId);
  return (
    <Page title={`Client ${client.clientId}`} session={session} section="clients" notice={props.notice}>
      <Facts
        facts={[
          fact('Client ID', client.clientId, 'mono'),
          ['Merchant', merchantLink(client.merchantId)],
          fact('Scopes', client.scopes.join(', ') || 'none'),
        ]}
      />
      {canEdit(session) && (
        <EditForm
          session={session}
          what="client"
          name={client.clientId}
          path={path}
          between={
            <RotateSection session={session} action={`${path}/rotate`}>
              The secret is never shown again after it was set. A new one replaces it at once: tokens already issued stay valid until they
              expire.
            </RotateSection>
          }
        >
          <ClientForm session={session} form={props.form} action={path} creating={false} merchants={props.merchants} />
        </EditForm>
      )}
    </Page>
  );
}

/** `created`: the answer to a creation; else to a rotation. */
export function ClientSecretPage(props: { session: ConsoleSession; client: ClientSummary; secret: string; created: boolean }): JSX.Element {
  const { session, client, created } = props;
  const signedInWithIt = !created && session.person.actorType === 'client' && session.person.actorId === client.clientId;
  return (
    <SecretPage
      session={session}
      title={created ? `Client ${client.clientId} created` : `New secret of client ${client.clientId}`}
      section="clients"
      notice={
        <>
          {created ? 'The client was created.' : 'The secret was replaced; the old one no longer works.'}{' '}
          {signedInWithIt ? 'Your console session, signed in with the old one, has ended too: sign in again with the new secret.' : ''}
        </>
      }
      heading="Client secret"
      advice="Copy it now: it is shown this once and cannot be shown again (only a hash of it is kept)."
      id="client-secret"
      secret={props.secret}
      next={{ href: clientPath(client.clientId), label: 'Continue to the client' }}
    />
  );
}
