// Merchants in the console (docs/console.md#pages): the list, one merchant with its stores, clients
// and webhook endpoints (each linked to its page; webhooks.ts has theirs), and the forms that create,
// rename and delete one (ctx.admin.merchants, as the admin API).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Merchant } from '../../domain/catalog.ts';
import { Errors } from '../../errors.ts';
import { actorOfPerson, type ConsoleSession } from '../../services/console/sessions.ts';
import { formOf, formValues, optional, pageParam, queryParam, refusedFields, withErrors } from './forms.ts';
import { html, type Html } from './html.ts';
import { canEdit, csrfField, emptyForm, errorSummary, noticeOf, page, postButton, sendPage, textField, type FormState } from './layout.ts';
import { pager } from './paging.ts';
import { requireSession } from './security.ts';
import { storesTable } from './stores.ts';

const NOTICES: Record<string, string> = {
  created: 'The merchant was created.',
  saved: 'The merchant was saved.',
  deleted: 'The merchant was deleted.',
  'webhook-endpoint-deleted': 'The webhook endpoint was deleted, with its deliveries.',
};

function merchantForm(session: ConsoleSession, form: FormState, action: string, creating: boolean): Html {
  const shown = (name: string) => name === 'name' || (creating && name === 'id');
  return html`${errorSummary(form, shown)}
    <form method="post" action="${action}" class="stacked" novalidate>
      ${csrfField(session)}
      ${creating && textField(form, 'id', { label: 'ID', hint: 'Letters, digits and . _ : -; it cannot be changed later.', required: true })}
      ${textField(form, 'name', { required: true })}
      <button type="submit">Save</button>
    </form>`;
}

export function merchantRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/console/merchants', async (request, reply) => {
    const session = requireSession(request);
    const number = pageParam(request);
    const merchants = await ctx.admin.merchants.list({ page: number, size: 100 });
    const body = html`${canEdit(session) && html`<p><a href="/console/merchants/new">New merchant</a></p>`}
      <table>
        <caption>
          Merchants (${merchants.page.totalElements})
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">ID</th>
          </tr>
        </thead>
        <tbody>
          ${merchants.content.map(
            (m) =>
              html`<tr>
                <td><a href="/console/merchants/${encodeURIComponent(m.id)}">${m.name}</a></td>
                <td class="mono">${m.id}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${pager('/console/merchants', merchants.page)}`;
    return sendPage(
      reply,
      200,
      page({ title: 'Merchants', session, section: 'merchants', notice: noticeOf(queryParam(request, 'done'), NOTICES), body }),
    );
  });

  app.get('/console/merchants/new', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const session = requireSession(request);
    return sendPage(
      reply,
      200,
      page({
        title: 'New merchant',
        session,
        section: 'merchants',
        body: merchantForm(session, emptyForm(), '/console/merchants/new', true),
      }),
    );
  });

  app.post('/console/merchants/new', async (request, reply) => {
    const session = requireSession(request);
    const values = formValues(formOf(request));
    const id = optional(values, 'id') ?? '';
    const refuse = (errors: Record<string, string>) =>
      sendPage(
        reply,
        400,
        page({
          title: 'New merchant',
          session,
          section: 'merchants',
          body: merchantForm(session, withErrors(values, errors), '/console/merchants/new', true),
        }),
      );
    // A PUT would replace an existing merchant: a creation must name a new one.
    if (id === '') return refuse({ id: 'is required' });
    if (await merchantExists(ctx, id)) return refuse({ id: `a merchant "${id}" exists already` });
    try {
      await ctx.admin.merchants.put(id, { name: values.name ?? '' }, actorOfPerson(session.person, request.id));
    } catch (error) {
      const errors = refusedFields(error);
      if (!errors) throw error;
      return refuse(errors);
    }
    return reply.redirect(`/console/merchants/${encodeURIComponent(id)}?done=created`, 303);
  });

  app.get('/console/merchants/:id', async (request, reply) => {
    const session = requireSession(request);
    const { id } = request.params as { id: string };
    const merchant = await ctx.admin.merchants.get(id);
    return sendPage(
      reply,
      200,
      await merchantPage(ctx, session, merchant, emptyForm({ name: merchant.name }), noticeOf(queryParam(request, 'done'), NOTICES)),
    );
  });

  app.post('/console/merchants/:id', async (request, reply) => {
    const session = requireSession(request);
    const { id } = request.params as { id: string };
    const merchant = await ctx.admin.merchants.get(id);
    const values = formValues(formOf(request));
    try {
      await ctx.admin.merchants.put(merchant.id, { name: values.name ?? '' }, actorOfPerson(session.person, request.id));
    } catch (error) {
      const errors = refusedFields(error);
      if (!errors) throw error;
      return sendPage(reply, 400, await merchantPage(ctx, session, merchant, withErrors(values, errors)));
    }
    return reply.redirect(`/console/merchants/${encodeURIComponent(merchant.id)}?done=saved`, 303);
  });

  app.post('/console/merchants/:id/delete', async (request, reply) => {
    const session = requireSession(request);
    const { id } = request.params as { id: string };
    await ctx.admin.merchants.delete(id, actorOfPerson(session.person, request.id));
    return reply.redirect('/console/merchants?done=deleted', 303);
  });
}

async function merchantExists(ctx: AppContext, id: string): Promise<boolean> {
  try {
    await ctx.admin.merchants.get(id);
    return true;
  } catch (error) {
    if (error instanceof Errors.NOT_FOUND) return false;
    throw error;
  }
}

async function merchantPage(ctx: AppContext, session: ConsoleSession, merchant: Merchant, form: FormState, notice?: string): Promise<Html> {
  const stores = await ctx.admin.stores.list({ page: 0, size: 1000, merchantId: merchant.id });
  const clients = await ctx.admin.clients.list({ page: 0, size: 1000, merchantId: merchant.id });
  const webhooks = await ctx.webhookEndpoints.list({ page: 0, size: 1000, merchantId: merchant.id });
  const path = `/console/merchants/${encodeURIComponent(merchant.id)}`;
  const body = html`<dl class="facts">
      <dt>ID</dt>
      <dd class="mono">${merchant.id}</dd>
      <dt>Name</dt>
      <dd>${merchant.name}</dd>
    </dl>
    <h2>Stores</h2>
    ${canEdit(session) && html`<p><a href="/console/stores/new?merchantId=${encodeURIComponent(merchant.id)}">New store of ${merchant.name}</a></p>`}
    ${stores.content.length === 0 ? html`<p>No stores.</p>` : storesTable(stores.content, `Stores of ${merchant.name}`)}
    <h2>Clients</h2>
    ${canEdit(session) && html`<p><a href="/console/clients/new?merchantId=${encodeURIComponent(merchant.id)}">New client of ${merchant.name}</a></p>`}
    ${
      clients.content.length === 0
        ? html`<p>No clients.</p>`
        : html`<table>
            <caption>
              Clients of ${merchant.name}
            </caption>
            <thead>
              <tr>
                <th scope="col">Client ID</th>
                <th scope="col">Scopes</th>
              </tr>
            </thead>
            <tbody>
              ${clients.content.map(
                (c) =>
                  html`<tr>
                    <td><a href="/console/clients/${encodeURIComponent(c.clientId)}">${c.clientId}</a></td>
                    <td>${c.scopes.join(', ')}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    <h2>Webhook endpoints</h2>
    ${canEdit(session) && html`<p><a href="${path}/webhook-endpoints/new">New webhook endpoint of ${merchant.name}</a></p>`}
    ${
      webhooks.content.length === 0
        ? html`<p>No webhook endpoints.</p>`
        : html`<table>
            <caption>
              Webhook endpoints of ${merchant.name}
            </caption>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Description</th>
                <th scope="col">Enabled</th>
              </tr>
            </thead>
            <tbody>
              ${webhooks.content.map(
                (w) =>
                  html`<tr>
                    <td class="mono"><a href="/console/webhook-endpoints/${w.id}">${w.url}</a></td>
                    <td>${w.description || '—'}</td>
                    <td>${w.enabled ? 'Yes' : 'No'}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    ${
      canEdit(session) &&
      html`<h2>Edit merchant</h2>
        ${merchantForm(session, form, path, false)}
        <h2>Delete merchant</h2>
        <p>Only a merchant without stores and clients can be deleted.</p>
        <div class="actions">${postButton(session, `${path}/delete`, `Delete merchant ${merchant.name}`, 'danger')}</div>`
    }`;
  return page({ title: `Merchant ${merchant.name}`, session, section: 'merchants', notice, body });
}
