// A merchant's webhook endpoints in the console (docs/console.md#webhook-endpoints): one endpoint with
// its recent deliveries, and the forms that create, edit, rotate the secret of and delete one, and
// retry a delivery — all through ctx.webhookEndpoints, the service of the admin API's routes, with its
// validation and audit trail. A secret is shown once, on the page that answers its creation or
// rotation, and never again.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Merchant } from '../../domain/catalog.ts';
import { actorOfPerson, type ConsoleSession } from '../../services/console/sessions.ts';
import { ROTATION_OVERLAP_SECONDS } from '../../services/webhooks/endpoints.ts';
import type { WebhookEndpoint } from '../../storage/repositories/webhook-endpoints.ts';
import type { StoredAttempt, StoredDelivery } from '../../storage/repositories/webhook-outbox.ts';
import { checked, formOf, formValues, pageParam, queryParam, refusedFields, withErrors } from './forms.ts';
import { html, type Html } from './html.ts';
import {
  canEdit,
  checkbox,
  csrfField,
  emptyForm,
  errorSummary,
  noticeOf,
  page,
  postButton,
  sendPage,
  textField,
  type FormState,
} from './layout.ts';
import { pager } from './paging.ts';
import { requireSession } from './security.ts';

const NOTICES: Record<string, string> = {
  saved: 'The webhook endpoint was saved.',
  retried: 'The delivery is due again now: it is sent shortly, with the same webhook-id.',
};

const ENDPOINT_FIELDS = ['url', 'description', 'enabled'];
const DELIVERIES_PER_PAGE = 20;
const OVERLAP_HOURS = ROTATION_OVERLAP_SECONDS / 3600;

function endpointPath(endpoint: Pick<WebhookEndpoint, 'id'>): string {
  return `/console/webhook-endpoints/${endpoint.id}`;
}

function endpointValues(endpoint: WebhookEndpoint): Record<string, string> {
  return { url: endpoint.url, description: endpoint.description, ...(endpoint.enabled ? { enabled: 'on' } : {}) };
}

/** The admin API's endpoint body from the form: the merchant is the page's, an empty description is left out (its default). */
function endpointBody(merchantId: string, values: Record<string, string>): Record<string, unknown> {
  const description = values.description ?? '';
  return {
    merchantId,
    url: (values.url ?? '').trim(),
    ...(description.trim() === '' ? {} : { description }),
    enabled: checked(values, 'enabled'),
  };
}

function endpointForm(ctx: AppContext, session: ConsoleSession, form: FormState, action: string): Html {
  const urlHint = ctx.config.webhooks.allowPrivate
    ? 'Where events are posted: an http:// or https:// address.'
    : 'Where events are posted: an https:// address that reaches public addresses only.';
  return html`${errorSummary(form, (name) => ENDPOINT_FIELDS.includes(name))}
    <form method="post" action="${action}" class="stacked" novalidate>
      ${csrfField(session)} ${textField(form, 'url', { label: 'URL', hint: urlHint, required: true })}
      ${textField(form, 'description', { hint: 'For the operator; optional.' })}
      ${checkbox(form, 'enabled', { label: 'Enabled (a disabled endpoint gets no new deliveries; its pending ones wait)' })}
      <button type="submit">Save</button>
    </form>`;
}

/** The page that shows a secret, once: creation and rotation answer with it, nothing else ever shows it. */
function secretPage(session: ConsoleSession, endpoint: WebhookEndpoint, secret: string, created: boolean): Html {
  return page({
    title: created ? `Webhook endpoint ${endpoint.url} created` : `New secret of webhook endpoint ${endpoint.url}`,
    session,
    section: 'merchants',
    body: html`<p class="notice" role="status">
        ${
          created
            ? 'The webhook endpoint was created.'
            : `The secret was replaced: it signs from now on. For ${OVERLAP_HOURS} hours every event is also signed with the previous one, so the receiver can be switched to this one at any moment of that time.`
        }
      </p>
      <h2>Signing secret</h2>
      <p>Copy it now into the receiver: it is shown this once and cannot be shown again.</p>
      <p class="secret" id="webhook-secret">${secret}</p>
      <p><a href="${endpointPath(endpoint)}">Continue to the webhook endpoint</a></p>`,
  });
}

const STATES: Record<StoredDelivery['state'], string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

function attemptText(attempt: StoredAttempt): string {
  const status = attempt.statusCode === null ? 'no status' : `status ${attempt.statusCode}`;
  const error = attempt.error === null ? '' : `, ${attempt.error}`;
  return `${attempt.attemptedAt.toISOString()}: ${attempt.succeeded ? 'succeeded' : 'failed'}, ${status}${error}, ${attempt.durationMs} ms`;
}

/** `enabled`: the endpoint's; a disabled endpoint's deliveries cannot be retried (nothing is sent to it). */
function deliveriesTable(session: ConsoleSession, deliveries: readonly StoredDelivery[], enabled: boolean): Html {
  const editing = canEdit(session);
  return html`<table>
    <caption>
      Deliveries, newest first
    </caption>
    <thead>
      <tr>
        <th scope="col">Event</th>
        <th scope="col">Created</th>
        <th scope="col">State</th>
        <th scope="col">Next attempt</th>
        <th scope="col">Attempts</th>
        ${editing && html`<th scope="col">Action</th>`}
      </tr>
    </thead>
    <tbody>
      ${deliveries.map(
        (d) =>
          html`<tr>
            <td><span class="mono" id="delivery-${d.id}">${d.eventId}</span> (${d.eventType})</td>
            <td>${d.createdAt.toISOString()}</td>
            <td>${STATES[d.state]}</td>
            <td>${d.nextAttemptAt === null ? '—' : d.nextAttemptAt.toISOString()}</td>
            <td>
              ${
                d.attempts.length === 0
                  ? 'None yet'
                  : html`<ol>
                      ${d.attempts.map((a) => html`<li>${attemptText(a)}</li>`)}
                    </ol>`
              }
            </td>
            ${
              editing &&
              html`<td>
                ${
                  enabled
                    ? html`<form method="post" action="/console/webhook-deliveries/${d.id}/retry">
                        ${csrfField(session)}<button type="submit" class="secondary" aria-describedby="delivery-${d.id}">Retry</button>
                      </form>`
                    : 'Enable the endpoint to retry'
                }
              </td>`
            }
          </tr>`,
      )}
    </tbody>
  </table>`;
}

async function endpointPage(
  ctx: AppContext,
  session: ConsoleSession,
  endpoint: WebhookEndpoint,
  form: FormState,
  options: { notice?: string | undefined; deliveriesPage?: number } = {},
): Promise<Html> {
  const merchant = await ctx.admin.merchants.get(endpoint.merchantId);
  const deliveries = await ctx.webhookEndpoints.deliveries(endpoint.id, { page: options.deliveriesPage ?? 0, size: DELIVERIES_PER_PAGE });
  const path = endpointPath(endpoint);
  const body = html`<dl class="facts">
      <dt>ID</dt>
      <dd class="mono">${endpoint.id}</dd>
      <dt>Merchant</dt>
      <dd><a href="/console/merchants/${encodeURIComponent(merchant.id)}">${merchant.name}</a></dd>
      <dt>URL</dt>
      <dd class="mono">${endpoint.url}</dd>
      <dt>Description</dt>
      <dd>${endpoint.description || '—'}</dd>
      <dt>Enabled</dt>
      <dd>${endpoint.enabled ? 'Yes' : 'No: it gets no new deliveries, and its pending ones wait'}</dd>
    </dl>
    <h2>Deliveries</h2>
    ${
      deliveries.content.length === 0
        ? html`<p>No deliveries.</p>`
        : html`${deliveriesTable(session, deliveries.content, endpoint.enabled)} ${pager(path, deliveries.page)}`
    }
    ${
      canEdit(session) &&
      html`<h2>Edit webhook endpoint</h2>
        ${endpointForm(ctx, session, form, path)}
        <h2>Secret</h2>
        <p>
          The secret is never shown again after it was set. A rotation makes a new one, shown once, that signs from then on; for
          ${OVERLAP_HOURS} hours every event is also signed with the previous one, so the receiver can be switched at any moment of that
          time.
        </p>
        <div class="actions">${postButton(session, `${path}/rotate-secret`, 'Rotate secret')}</div>
        <h2>Delete webhook endpoint</h2>
        <p><a href="${path}/delete">Delete this webhook endpoint…</a></p>`
    }`;
  return page({ title: `Webhook endpoint ${endpoint.url}`, session, section: 'merchants', notice: options.notice, body });
}

function newEndpointPage(ctx: AppContext, session: ConsoleSession, merchant: Merchant, form: FormState): Html {
  return page({
    title: `New webhook endpoint of ${merchant.name}`,
    session,
    section: 'merchants',
    body: html`<p>Merchant: <a href="/console/merchants/${encodeURIComponent(merchant.id)}">${merchant.name}</a></p>
      <p>Its signing secret is made with it and shown once, on the next page.</p>
      ${endpointForm(ctx, session, form, newEndpointPath(merchant))}`,
  });
}

function newEndpointPath(merchant: Merchant): string {
  return `/console/merchants/${encodeURIComponent(merchant.id)}/webhook-endpoints/new`;
}

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

export function webhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.webhookEndpoints;

  app.get('/console/merchants/:merchantId/webhook-endpoints/new', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const session = requireSession(request);
    const merchant = await ctx.admin.merchants.get((request.params as { merchantId: string }).merchantId);
    return sendPage(reply, 200, newEndpointPage(ctx, session, merchant, emptyForm({ enabled: 'on' })));
  });

  app.post('/console/merchants/:merchantId/webhook-endpoints/new', async (request, reply) => {
    const session = requireSession(request);
    const merchant = await ctx.admin.merchants.get((request.params as { merchantId: string }).merchantId);
    const values = formValues(formOf(request));
    let created;
    try {
      created = await service.create(endpointBody(merchant.id, values), actorOfPerson(session.person, request.id));
    } catch (error) {
      const errors = refusedFields(error);
      if (!errors) throw error;
      return sendPage(reply, 400, newEndpointPage(ctx, session, merchant, withErrors(values, errors)));
    }
    return sendPage(reply, 200, secretPage(session, created.endpoint, created.secret, true));
  });

  app.get('/console/webhook-endpoints/:id', async (request, reply) => {
    const session = requireSession(request);
    const endpoint = await service.get(idParam(request));
    const notice = noticeOf(queryParam(request, 'done'), NOTICES);
    return sendPage(
      reply,
      200,
      await endpointPage(ctx, session, endpoint, emptyForm(endpointValues(endpoint)), { notice, deliveriesPage: pageParam(request) }),
    );
  });

  app.post('/console/webhook-endpoints/:id', async (request, reply) => {
    const session = requireSession(request);
    const endpoint = await service.get(idParam(request));
    const values = formValues(formOf(request));
    let result;
    try {
      result = await service.put(endpoint.id, endpointBody(endpoint.merchantId, values), actorOfPerson(session.person, request.id));
    } catch (error) {
      const errors = refusedFields(error);
      if (!errors) throw error;
      return sendPage(reply, 400, await endpointPage(ctx, session, endpoint, withErrors(values, errors)));
    }
    // Deleted meanwhile, the PUT made it again under its id with a new secret: shown once, not lost.
    if (result.secret !== undefined) return sendPage(reply, 200, secretPage(session, result.entity, result.secret, true));
    return reply.redirect(`${endpointPath(endpoint)}?done=saved`, 303);
  });

  app.post('/console/webhook-endpoints/:id/rotate-secret', async (request, reply) => {
    const session = requireSession(request);
    const rotated = await service.rotateSecret(idParam(request), actorOfPerson(session.person, request.id));
    return sendPage(reply, 200, secretPage(session, rotated.endpoint, rotated.secret, false));
  });

  // Deleting: first what goes with it, then the button.
  app.get('/console/webhook-endpoints/:id/delete', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const session = requireSession(request);
    const endpoint = await service.get(idParam(request));
    const merchant = await ctx.admin.merchants.get(endpoint.merchantId);
    const path = endpointPath(endpoint);
    const body = html`<p>Merchant: <a href="/console/merchants/${encodeURIComponent(merchant.id)}">${merchant.name}</a></p>
      <p>
        Its receiver gets no further events, and its deliveries are deleted with it, pending ones included. Events already delivered stay
        delivered.
      </p>
      <div class="actions">
        ${postButton(session, `${path}/delete`, 'Delete webhook endpoint', 'danger')} <a href="${path}">Keep it</a>
      </div>`;
    return sendPage(reply, 200, page({ title: `Delete webhook endpoint ${endpoint.url}?`, session, section: 'merchants', body }));
  });

  app.post('/console/webhook-endpoints/:id/delete', async (request, reply) => {
    const session = requireSession(request);
    const endpoint = await service.get(idParam(request));
    await service.delete(endpoint.id, actorOfPerson(session.person, request.id));
    return reply.redirect(`/console/merchants/${encodeURIComponent(endpoint.merchantId)}?done=webhook-endpoint-deleted`, 303);
  });

  app.post('/console/webhook-deliveries/:id/retry', async (request, reply) => {
    const delivery = await service.retry(idParam(request));
    return reply.redirect(`/console/webhook-endpoints/${delivery.endpointId}?done=retried`, 303);
  });
}
