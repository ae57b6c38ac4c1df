// A merchant's webhook endpoints' pages (docs/console.md#webhook-endpoints): one endpoint with its
// recent deliveries, its form, the confirmation of its deletion and the page that shows a new
// signing secret once.
import type { Merchant } from '../../../domain/catalog.ts';
import { ENDPOINT_FIELDS } from '../../../services/console/catalog-forms.ts';
import type { FormState } from '../../../services/console/form-values.ts';
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import { ROTATION_OVERLAP_SECONDS } from '../../../services/webhooks/endpoints.ts';
import type { WebhookEndpoint } from '../../../storage/repositories/webhook-endpoints.ts';
import type { StoredAttempt, StoredDelivery } from '../../../storage/repositories/webhook-outbox.ts';
import { escape } from './escape.ts';
import { Checkbox, TextField } from './fields.tsx';
import { EditForm, RotateSection, SaveForm, SecretPage } from './forms.tsx';
import { CsrfField, Page, PostButton, canEdit } from './layout.tsx';
import { Facts, Pager, Table, fact } from './table.tsx';

const OVERLAP_HOURS = ROTATION_OVERLAP_SECONDS / 3600;
const STATES: Record<StoredDelivery['state'], string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

export const endpointPath = (endpoint: Pick<WebhookEndpoint, 'id'>) => `/console/webhook-endpoints/${endpoint.id}`;
export const newEndpointPath = (merchant: Merchant) => `/console/merchants/${encodeURIComponent(merchant.id)}/webhook-endpoints/new`;

function MerchantLine({ merchant }: { merchant: Merchant }): JSX.Element {
  return (
    <p>
      Merchant: <a href={`/console/merchants/${encodeURIComponent(merchant.id)}`}>{escape(merchant.name)}</a>
    </p>
  );
}

/** `allowPrivate`: whether receivers on private addresses and plain http:// are allowed (the URL's hint says which). */
function EndpointForm(props: { session: ConsoleSession; form: FormState; action: string; allowPrivate: boolean }): JSX.Element {
  const { form } = props;
  const urlHint = props.allowPrivate
    ? 'Where events are posted: an http:// or https:// address.'
    : 'Where events are posted: an https:// address that reaches public addresses only.';
  return (
    <SaveForm session={props.session} form={form} action={props.action} shown={(name) => ENDPOINT_FIELDS.includes(name)}>
      <TextField form={form} name="url" label="URL" hint={urlHint} required />
      <TextField form={form} name="description" hint="For the operator; optional." />
      <Checkbox form={form} name="enabled" label="Enabled (a disabled endpoint gets no new deliveries; its pending ones wait)" />
    </SaveForm>
  );
}

export function NewEndpointPage(props: {
  session: ConsoleSession;
  merchant: Merchant;
  form: FormState;
  allowPrivate: boolean;
}): JSX.Element {
  return (
    <Page title={`New webhook endpoint of ${props.merchant.name}`} session={props.session} section="merchants">
      <MerchantLine merchant={props.merchant} />
      <p>Its signing secret is made with it and shown once, on the next page.</p>
      <EndpointForm session={props.session} form={props.form} action={newEndpointPath(props.merchant)} allowPrivate={props.allowPrivate} />
    </Page>
  );
}

function attemptText(attempt: StoredAttempt): string {
  const status = attempt.statusCode === null ? 'no status' : `status ${attempt.statusCode}`;
  const error = attempt.error === null ? '' : `, ${attempt.error}`;
  return `${attempt.attemptedAt.toISOString()}: ${attempt.succeeded ? 'succeeded' : 'failed'}, ${status}${error}, ${attempt.durationMs} ms`;
}

/** `enabled`: the endpoint's; a disabled endpoint's deliveries cannot be retried (nothing is sent to it). */
function DeliveriesTable(props: { session: ConsoleSession; deliveries: readonly StoredDelivery[]; enabled: boolean }): JSX.Element {
  const editing = canEdit(props.session);
  return (
    <Table caption="Deliveries, newest first" headers={['Event', 'Created', 'State', 'Next attempt', 'Attempts', editing && 'Action']}>
      {props.deliveries.map((d) => (
        <tr>
          <td>
            <span class="mono" id={`delivery-${d.id}`}>
              {escape(d.eventId)}
            </span>{' '}
            ({escape(d.eventType)})
          </td>
          <td>{escape(d.createdAt.toISOString())}</td>
          <td>{escape(STATES[d.state])}</td>
          <td>{d.nextAttemptAt === null ? '—' : escape(d.nextAttemptAt.toISOString())}</td>
          <td>
            {d.attempts.length === 0 ? (
              'None yet'
            ) : (
              <ol>
                {d.attempts.map((a) => (
                  <li>{escape(attemptText(a))}</li>
                ))}
              </ol>
            )}
          </td>
          {editing && (
            <td>
              {props.enabled ? (
                <form method="post" action={`/console/webhook-deliveries/${d.id}/retry`}>
                  <CsrfField session={props.session} />
                  <button type="submit" class="secondary" aria-describedby={`delivery-${d.id}`}>
                    Retry
                  </button>
                </form>
              ) : (
                'Enable the endpoint to retry'
              )}
            </td>
          )}
        </tr>
      ))}
    </Table>
  );
}

export interface EndpointPageProps {
  session: ConsoleSession;
  endpoint: WebhookEndpoint;
  merchant: Merchant;
  deliveries: { content: StoredDelivery[]; page: { number: number; totalPages: number } };
  form: FormState;
  allowPrivate: boolean;
  notice?: string | undefined;
}

export function EndpointPage(props: EndpointPageProps): JSX.Element {
  const { session, endpoint, merchant, deliveries } = props;
  const path = endpointPath(endpoint);
  return (
    <Page title={`Webhook endpoint ${endpoint.url}`} session={session} section="merchants" notice={props.notice}>
      <Facts
        facts={[
          fact('ID', endpoint.id, 'mono'),
          ['Merchant', <a href={`/console/merchants/${encodeURIComponent(merchant.id)}`}>{escape(merchant.name)}</a>],
          fact('URL', endpoint.url, 'mono'),
          fact('Description', endpoint.description || '—'),
          fact('Enabled', endpoint.enabled ? 'Yes' : 'No: it gets no new deliveries, and its pending ones wait'),
        ]}
      />
      <h2>Deliveries</h2>
      {deliveries.content.length === 0 ? (
        <p>No deliveries.</p>
      ) : (
        <>
          <DeliveriesTable session={session} deliveries={deliveries.content} enabled={endpoint.enabled} />
          <Pager path={path} page={deliveries.page} />
        </>
      )}
      {canEdit(session) && (
        <EditForm
          session={session}
          what="webhook endpoint"
          name={endpoint.url}
          path={path}
          between={
            <RotateSection session={session} action={`${path}/rotate-secret`}>
              The secret is never shown again after it was set. A rotation makes a new one, shown once, that signs from then on; for{' '}
              {OVERLAP_HOURS} hours every event is also signed with the previous one, so the receiver can be switched at any moment of that
              time.
            </RotateSection>
          }
          deletion={
            <p>
              <a href={`${path}/delete`}>Delete this webhook endpoint…</a>
            </p>
          }
        >
          <EndpointForm session={session} form={props.form} action={path} allowPrivate={props.allowPrivate} />
        </EditForm>
      )}
    </Page>
  );
}

export function DeleteEndpointPage(props: { session: ConsoleSession; endpoint: WebhookEndpoint; merchant: Merchant }): JSX.Element {
  const path = endpointPath(props.endpoint);
  return (
    <Page title={`Delete webhook endpoint ${props.endpoint.url}?`} session={props.session} section="merchants">
      <MerchantLine merchant={props.merchant} />
      <p>
        Its receiver gets no further events, and its deliveries are deleted with it, pending ones included. Events already delivered stay
        delivered.
      </p>
      <div class="actions">
        <PostButton session={props.session} action={`${path}/delete`} label="Delete webhook endpoint" danger /> <a href={path}>Keep it</a>
      </div>
    </Page>
  );
}

/** `created`: the answer to a creation (or to a save that made it again); else to a rotation. */
export function EndpointSecretPage(props: {
  session: ConsoleSession;
  endpoint: WebhookEndpoint;
  secret: string;
  created: boolean;
}): JSX.Element {
  const { endpoint, created } = props;
  return (
    <SecretPage
      session={props.session}
      title={created ? `Webhook endpoint ${endpoint.url} created` : `New secret of webhook endpoint ${endpoint.url}`}
      section="merchants"
      notice={escape(
        created
          ? 'The webhook endpoint was created.'
          : `The secret was replaced: it signs from now on. For ${OVERLAP_HOURS} hours every event is also signed with the previous one, so the receiver can be switched to this one at any moment of that time.`,
      )}
      heading="Signing secret"
      advice="Copy it now into the receiver: it is shown this once and cannot be shown again."
      id="webhook-secret"
      secret={props.secret}
      next={{ href: endpointPath(endpoint), label: 'Continue to the webhook endpoint' }}
    />
  );
}
