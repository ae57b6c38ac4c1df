// OAuth clients in the console (docs/console.md#clients): the list, one client, and the forms that
// create, edit, rotate the secret of and delete one (ctx.admin.clients, as the admin API). A secret
// is shown once, on the page that answers its creation or rotation, and never again.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUPPORTED_SCOPES } from '../../auth/index.ts';
import type { AppContext } from '../../context.ts';
import { Errors } from '../../errors.ts';
import type { ClientSummary } from '../../storage/repositories/clients.ts';
import { actorOfPerson, type ConsoleSession } from '../../services/console/sessions.ts';
import { checked, formOf, formValues, optional, pageParam, queryParam, refusedFields, withErrors } from './forms.ts';
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
  select,
  sendPage,
  textField,
  type FormState,
} from './layout.ts';
import { pager } from './paging.ts';
import { requireSession } from './security.ts';

const NOTICES: Record<string, string> = { saved: 'The client was saved.', deleted: 'The client was deleted.' };

function scopeField(scope: string): string {
  return `scope.${scope}`;
}

function clientValues(client: ClientSummary): Record<string, string> {
  const values: Record<string, string> = { clientId: client.clientId, merchantId: client.merchantId };
  for (const scope of client.scopes) values[scopeField(scope)] = 'on';
  return values;
}

function clientBody(values: Record<string, string>): Record<string, unknown> {
  return { merchantId: values.merchantId ?? '', scopes: SUPPORTED_SCOPES.filter((scope) => checked(values, scopeField(scope))) };
}

async function clientForm(ctx: AppContext, session: ConsoleSession, form: FormState, action: string, creating: boolean): Promise<Html> {
  const merchants = await ctx.admin.merchants.list({ page: 0, size: 1000 });
  const shown = (name: string) => name === 'merchantId' || (creating && name === 'clientId');
  return html`${errorSummary(form, shown)}
    <form method="post" action="${action}" class="stacked" novalidate>
      ${csrfField(session)}
      ${creating && textField(form, 'clientId', { label: 'Client ID', hint: 'Letters, digits and . _ ~ -; it cannot be changed later.', required: true })}
      ${select(
        form,
        'merchantId',
        merchants.content.map((m) => ({ value: m.id, label: `${m.name} (${m.id})` })),
      )}
      <fieldset>
        <legend>Scopes</legend>
        ${checkbox(form, scopeField('merchant-api'), { label: 'merchant-api: sessions and the merchant API' })}
        ${checkbox(form, scopeField('admin'), { label: 'admin: the admin API and this console' })}
        ${form.errors.scopes !== undefined && html`<span class="error" id="f-scopes-error">${form.errors.scopes}</span>`}
      </fieldset>
      <button type="submit">Save</button>
    </form>`;
}

/** The page that shows a secret, once: creation and rotation answer with it, nothing else ever shows it. */
function secretPage(session: ConsoleSession, client: ClientSummary, secret: string, created: boolean): Html {
  return page({
    title: created ? `Client ${client.clientId} created` : `New secret of client ${client.clientId}`,
    session,
    section: 'clients',
    body: html`<p class="notice" role="status">
        ${created ? 'The client was created.' : 'The secret was replaced; the old one no longer works.'}
        ${
          !created && session.person.actorType === 'client' && session.person.actorId === client.clientId
            ? 'Your console session, signed in with the old one, has ended too: sign in again with the new secret.'
            : ''
        }
      </p>
      <h2>Client secret</h2>
      <p>Copy it now: it is shown this once and cannot be shown again (only a hash of it is kept).</p>
      <p class="secret" id="client-secret">${secret}</p>
      <p><a href="/console/clients/${encodeURIComponent(client.clientId)}">Continue to the client</a></p>`,
  });
}

async function clientPage(
  ctx: AppContext,
  session: ConsoleSession,
  client: ClientSummary,
  form: FormState,
  notice?: string,
): Promise<Html> {
  const path = `/console/clients/${encodeURIComponent(client.clientId)}`;
  const body = html`<dl class="facts">
      <dt>Client ID</dt>
      <dd class="mono">${client.clientId}</dd>
      <dt>Merchant</dt>
      <dd><a href="/console/merchants/${encodeURIComponent(client.merchantId)}">${client.merchantId}</a></dd>
      <dt>Scopes</dt>
      <dd>${client.scopes.join(', ') || 'none'}</dd>
    </dl>
    ${
      canEdit(session) &&
      html`<h2>Edit client</h2>
        ${await clientForm(ctx, session, form, path, false)}
        <h2>Secret</h2>
        <p>
          The secret is never shown again after it was set. A new one replaces it at once: tokens already issued stay valid until they
          expire.
        </p>
        <div class="actions">${postButton(session, `${path}/rotate`, 'Rotate secret')}</div>
        <h2>Delete client</h2>
        <div class="actions">${postButton(session, `${path}/delete`, `Delete client ${client.clientId}`, 'danger')}</div>`
    }`;
  return page({ title: `Client ${client.clientId}`, session, section: 'clients', notice, body });
}

function clientIdParam(request: FastifyRequest): string {
  return (request.params as { clientId: string }).clientId;
}

export function clientRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/console/clients', async (request, reply) => {
    const session = requireSession(request);
    const merchantId = queryParam(request, 'merchantId');
    const clients = await ctx.admin.clients.list({ page: pageParam(request), size: 100, merchantId });
    const body = html`${canEdit(session) && html`<p><a href="/console/clients/new">New client</a></p>`}
      <table>
        <caption>
          Clients (${clients.page.totalElements}); their secrets are never shown here
        </caption>
        <thead>
          <tr>
            <th scope="col">Client ID</th>
            <th scope="col">Merchant</th>
            <th scope="col">Scopes</th>
          </tr>
        </thead>
        <tbody>
          ${clients.content.map(
            (c) =>
              html`<tr>
                <td><a href="/console/clients/${encodeURIComponent(c.clientId)}">${c.clientId}</a></td>
                <td><a href="/console/merchants/${encodeURIComponent(c.merchantId)}">${c.merchantId}</a></td>
                <td>${c.scopes.join(', ')}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${pager('/console/clients', clients.page, merchantId ? { merchantId } : {})}`;
    return sendPage(
      reply,
      200,
      page({ title: 'Clients', session, section: 'clients', notice: noticeOf(queryParam(request, 'done'), NOTICES), body }),
    );
  });

  app.get('/console/clients/new', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const session = requireSession(request);
    const form = emptyForm({ merchantId: queryParam(request, 'merchantId') ?? '', [scopeField('merchant-api')]: 'on' });
    return sendPage(
      reply,
      200,
      page({ title: 'New client', session, section: 'clients', body: await clientForm(ctx, session, form, '/console/clients/new', true) }),
    );
  });

  app.post('/console/clients/new', async (request, reply) => {
    const session = requireSession(request);
    const values = formValues(formOf(request));
    const clientId = optional(values, 'clientId') ?? '';
    const refuse = async (errors: Record<string, string>) =>
      sendPage(
        reply,
        400,
        page({
          title: 'New client',
          session,
          section: 'clients',
          body: await clientForm(ctx, session, withErrors(values, errors), '/console/clients/new', true),
        }),
      );
    // A PUT would replace an existing client (and keep its secret): a creation must name a new one.
    if (clientId === '') return refuse({ clientId: 'is required' });
    const existing = await ctx.admin.clients.get(clientId).catch((error: unknown) => {
      if (error instanceof Errors.NOT_FOUND) return undefined;
      throw error;
    });
    if (existing) return refuse({ clientId: `a client "${clientId}" exists already` });
    let result;
    try {
      result = await ctx.admin.clients.put(clientId, clientBody(values), actorOfPerson(session.person, request.id));
    } catch (error) {
      const errors = refusedFields(error);
      if (!errors) throw error;
      return refuse(errors);
    }
    return sendPage(reply, 200, secretPage(session, result.entity, result.clientSecret!, true));
  });

  app.get('/console/clients/:clientId', async (request, reply) => {
    const session = requireSession(request);
    const client = await ctx.admin.clients.get(clientIdParam(request));
    return sendPage(
      reply,
      200,
      await clientPage(ctx, session, client, emptyForm(clientValues(client)), noticeOf(queryParam(request, 'done'), NOTICES)),
    );
  });

  app.post('/console/clients/:clientId', async (request, reply) => {
    const session = requireSession(request);
    const client = await ctx.admin.clients.get(clientIdParam(request));
    const values = formValues(formOf(request));
    try {
      await ctx.admin.clients.put(client.clientId, clientBody(values), actorOfPerson(session.person, request.id));
    } catch (error) {
      const errors = refusedFields(error);
      if (!errors) throw error;
      return sendPage(reply, 400, await clientPage(ctx, session, client, withErrors(values, errors)));
    }
    return reply.redirect(`/console/clients/${encodeURIComponent(client.clientId)}?done=saved`, 303);
  });

  app.post('/console/clients/:clientId/rotate', async (request, reply) => {
    const session = requireSession(request);
    const rotated = await ctx.admin.clients.rotateSecret(clientIdParam(request), actorOfPerson(session.person, request.id));
    return sendPage(reply, 200, secretPage(session, rotated.client, rotated.clientSecret, false));
  });

  app.post('/console/clients/:clientId/delete', async (request, reply) => {
    const session = requireSession(request);
    await ctx.admin.clients.delete(clientIdParam(request), actorOfPerson(session.person, request.id));
    return reply.redirect('/console/clients?done=deleted', 303);
  });
}
