// OAuth clients in the console (docs/console.md#clients): the list, one client, and the forms that
// create, edit, rotate the secret of and delete one (ctx.admin.clients, as the admin API). A secret
// is shown once, on the page that answers its creation or rotation, and never again.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUPPORTED_SCOPES } from '../../auth/index.ts';
import type { AppContext } from '../../context.ts';
import { Errors } from '../../errors.ts';
import { clientBody, clientValues } from '../../services/console/catalog-forms.ts';
import { attempt, emptyForm, optional, type FormState } from '../../services/console/form-values.ts';
import type { ClientSummary } from '../../storage/repositories/clients.ts';
import { actorOf, formOf, noticeOf, pageParam, param, queryParam, sendPage } from './pages.ts';
import { requireSession } from './security.ts';
import { ClientPage, ClientSecretPage, ClientsPage, NewClientPage, clientPath } from './views/clients.tsx';
import { merchantChoices } from './views/stores.tsx';

const NOTICES: Record<string, string> = { saved: 'The client was saved.', deleted: 'The client was deleted.' };

export function clientRoutes(app: FastifyInstance, ctx: AppContext): void {
  const merchants = async () => merchantChoices((await ctx.admin.merchants.list({ page: 0, size: 1000 })).content);
  const clientPage = async (request: FastifyRequest, client: ClientSummary, form: FormState, notice?: string) =>
    ClientPage({ session: requireSession(request), client, form, merchants: await merchants(), notice });
  const newClientPage = async (request: FastifyRequest, form: FormState) =>
    NewClientPage({ session: requireSession(request), form, merchants: await merchants() });
  const body = (request: FastifyRequest) => clientBody(formOf(request), SUPPORTED_SCOPES);

  app.get('/console/clients', async (request, reply) => {
    const merchantId = queryParam(request, 'merchantId');
    const clients = await ctx.admin.clients.list({ page: pageParam(request), size: 100, merchantId });
    return sendPage(reply, 200, ClientsPage({ session: requireSession(request), clients, merchantId, notice: noticeOf(request, NOTICES) }));
  });

  app.get('/console/clients/new', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const form = emptyForm({ merchantId: queryParam(request, 'merchantId') ?? '', scope: { 'merchant-api': 'on' } });
    return sendPage(reply, 200, await newClientPage(request, form));
  });

  app.post('/console/clients/new', async (request, reply) => {
    const values = formOf(request);
    const clientId = optional(values, 'clientId') ?? '';
    const refuse = async (errors: Record<string, string>) => sendPage(reply, 400, await newClientPage(request, { values, errors }));
    // A PUT would replace an existing client (and keep its secret): a creation must name a new one.
    if (clientId === '') return refuse({ clientId: 'is required' });
    const existing = await ctx.admin.clients.get(clientId).catch((error: unknown) => {
      if (error instanceof Errors.NOT_FOUND) return undefined;
      throw error;
    });
    if (existing) return refuse({ clientId: `a client "${clientId}" exists already` });
    const saved = await attempt(() => ctx.admin.clients.put(clientId, body(request), actorOf(request)));
    if (saved.errors) return refuse(saved.errors);
    const { entity: client, clientSecret } = saved.result;
    return sendPage(reply, 200, ClientSecretPage({ session: requireSession(request), client, secret: clientSecret!, created: true }));
  });

  app.get('/console/clients/:clientId', async (request, reply) => {
    const client = await ctx.admin.clients.get(param(request, 'clientId'));
    return sendPage(reply, 200, await clientPage(request, client, emptyForm(clientValues(client)), noticeOf(request, NOTICES)));
  });

  app.post('/console/clients/:clientId', async (request, reply) => {
    const client = await ctx.admin.clients.get(param(request, 'clientId'));
    const saved = await attempt(() => ctx.admin.clients.put(client.clientId, body(request), actorOf(request)));
    if (saved.errors) return sendPage(reply, 400, await clientPage(request, client, { values: formOf(request), errors: saved.errors }));
    return reply.redirect(`${clientPath(client.clientId)}?done=saved`, 303);
  });

  app.post('/console/clients/:clientId/rotate', async (request, reply) => {
    const rotated = await ctx.admin.clients.rotateSecret(param(request, 'clientId'), actorOf(request));
    const page = ClientSecretPage({
      session: requireSession(request),
      client: rotated.client,
      secret: rotated.clientSecret,
      created: false,
    });
    return sendPage(reply, 200, page);
  });

  app.post('/console/clients/:clientId/delete', async (request, reply) => {
    await ctx.admin.clients.delete(param(request, 'clientId'), actorOf(request));
    return reply.redirect('/console/clients?done=deleted', 303);
  });
}
