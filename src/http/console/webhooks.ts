// A merchant's webhook endpoints in the console (docs/console.md#webhook-endpoints): one endpoint with
// its recent deliveries, and the forms that create, edit, rotate the secret of and delete one, and
// retry a delivery — all through ctx.webhookEndpoints, the service of the admin API's routes, with its
// validation and audit trail. A secret is shown once, on the page that answers its creation or
// rotation, and never again.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointBody, endpointValues } from '../../services/console/catalog-forms.ts';
import { attempt, emptyForm, type FormState } from '../../services/console/form-values.ts';
import type { WebhookEndpoint } from '../../storage/repositories/webhook-endpoints.ts';
import { actorOf, formOf, noticeOf, pageParam, param, sendPage } from './pages.ts';
import { requireSession } from './security.ts';
import { DeleteEndpointPage, EndpointPage, EndpointSecretPage, NewEndpointPage, endpointPath } from './views/webhooks.tsx';

const NOTICES: Record<string, string> = {
  saved: 'The webhook endpoint was saved.',
  retried: 'The delivery is due again now: it is sent shortly, with the same webhook-id.',
};
const DELIVERIES_PER_PAGE = 20;

export function webhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.webhookEndpoints;
  const allowPrivate = ctx.config.webhooks.allowPrivate;

  async function endpointPage(request: FastifyRequest, endpoint: WebhookEndpoint, form: FormState, notice?: string, deliveriesPage = 0) {
    const merchant = await ctx.admin.merchants.get(endpoint.merchantId);
    const deliveries = await service.deliveries(endpoint.id, { page: deliveriesPage, size: DELIVERIES_PER_PAGE });
    return EndpointPage({ session: requireSession(request), endpoint, merchant, deliveries, form, allowPrivate, notice });
  }

  const secretPage = (request: FastifyRequest, endpoint: WebhookEndpoint, secret: string, created: boolean) =>
    EndpointSecretPage({ session: requireSession(request), endpoint, secret, created });

  app.get('/console/merchants/:merchantId/webhook-endpoints/new', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const merchant = await ctx.admin.merchants.get(param(request, 'merchantId'));
    return sendPage(
      reply,
      200,
      NewEndpointPage({ session: requireSession(request), merchant, form: emptyForm({ enabled: 'on' }), allowPrivate }),
    );
  });

  app.post('/console/merchants/:merchantId/webhook-endpoints/new', async (request, reply) => {
    const merchant = await ctx.admin.merchants.get(param(request, 'merchantId'));
    const values = formOf(request);
    const created = await attempt(() => service.create(endpointBody(merchant.id, values), actorOf(request)));
    if (created.errors) {
      const form = { values, errors: created.errors };
      return sendPage(reply, 400, NewEndpointPage({ session: requireSession(request), merchant, form, allowPrivate }));
    }
    return sendPage(reply, 200, secretPage(request, created.result.endpoint, created.result.secret, true));
  });

  app.get('/console/webhook-endpoints/:id', async (request, reply) => {
    const endpoint = await service.get(param(request));
    const page = await endpointPage(request, endpoint, emptyForm(endpointValues(endpoint)), noticeOf(request, NOTICES), pageParam(request));
    return sendPage(reply, 200, page);
  });

  app.post('/console/webhook-endpoints/:id', async (request, reply) => {
    const endpoint = await service.get(param(request));
    const values = formOf(request);
    const saved = await attempt(() => service.put(endpoint.id, endpointBody(endpoint.merchantId, values), actorOf(request)));
    if (saved.errors) return sendPage(reply, 400, await endpointPage(request, endpoint, { values, errors: saved.errors }));
    // Deleted meanwhile, the PUT made it again under its id with a new secret: shown once, not lost.
    const { entity, secret } = saved.result;
    if (secret !== undefined) return sendPage(reply, 200, secretPage(request, entity, secret, true));
    return reply.redirect(`${endpointPath(endpoint)}?done=saved`, 303);
  });

  app.post('/console/webhook-endpoints/:id/rotate-secret', async (request, reply) => {
    const rotated = await service.rotateSecret(param(request), actorOf(request));
    return sendPage(reply, 200, secretPage(request, rotated.endpoint, rotated.secret, false));
  });

  // Deleting: first what goes with it, then the button.
  app.get('/console/webhook-endpoints/:id/delete', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const endpoint = await service.get(param(request));
    const merchant = await ctx.admin.merchants.get(endpoint.merchantId);
    return sendPage(reply, 200, DeleteEndpointPage({ session: requireSession(request), endpoint, merchant }));
  });

  app.post('/console/webhook-endpoints/:id/delete', async (request, reply) => {
    const endpoint = await service.get(param(request));
    await service.delete(endpoint.id, actorOf(request));
    return reply.redirect(`/console/merchants/${encodeURIComponent(endpoint.merchantId)}?done=webhook-endpoint-deleted`, 303);
  });

  app.post('/console/webhook-deliveries/:id/retry', async (request, reply) => {
    const delivery = await service.retry(param(request));
    return reply.redirect(`/console/webhook-endpoints/${delivery.endpointId}?done=retried`, 303);
  });
}
