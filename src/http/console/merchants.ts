// Merchants in the console (docs/console.md#pages): the list, one merchant with its stores, clients
// and webhook endpoints (each linked to its page; webhooks.ts has theirs), and the forms that create,
// rename and delete one (ctx.admin.merchants, as the admin API).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Merchant } from '../../domain/catalog.ts';
import { Errors } from '../../errors.ts';
import { merchantBody } from '../../services/console/catalog-forms.ts';
import { attempt, emptyForm, optional, type FormState } from '../../services/console/form-values.ts';
import type { ConsoleSession } from '../../services/console/sessions.ts';
import { actorOf, formOf, noticeOf, pageParam, param, sendPage } from './pages.ts';
import { requireSession } from './security.ts';
import { MerchantPage, MerchantsPage, NewMerchantPage, merchantPath } from './views/merchants.tsx';

const NOTICES: Record<string, string> = {
  created: 'The merchant was created.',
  saved: 'The merchant was saved.',
  deleted: 'The merchant was deleted.',
  'webhook-endpoint-deleted': 'The webhook endpoint was deleted, with its deliveries.',
};

export function merchantRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/console/merchants', async (request, reply) => {
    const merchants = await ctx.admin.merchants.list({ page: pageParam(request), size: 100 });
    return sendPage(reply, 200, MerchantsPage({ session: requireSession(request), merchants, notice: noticeOf(request, NOTICES) }));
  });

  app.get('/console/merchants/new', { config: { consoleAccess: 'editor' } }, async (request, reply) =>
    sendPage(reply, 200, NewMerchantPage({ session: requireSession(request), form: emptyForm() })),
  );

  app.post('/console/merchants/new', async (request, reply) => {
    const values = formOf(request);
    const id = optional(values, 'id') ?? '';
    const refuse = (errors: Record<string, string>) =>
      sendPage(reply, 400, NewMerchantPage({ session: requireSession(request), form: { values, errors } }));
    // A PUT would replace an existing merchant: a creation must name a new one.
    if (id === '') return refuse({ id: 'is required' });
    if (await merchantExists(ctx, id)) return refuse({ id: `a merchant "${id}" exists already` });
    const saved = await attempt(() => ctx.admin.merchants.put(id, merchantBody(values), actorOf(request)));
    if (saved.errors) return refuse(saved.errors);
    return reply.redirect(`${merchantPath(id)}?done=created`, 303);
  });

  app.get('/console/merchants/:id', async (request, reply) => {
    const merchant = await ctx.admin.merchants.get(param(request));
    const form = emptyForm({ name: merchant.name });
    return sendPage(reply, 200, await merchantPage(ctx, requireSession(request), merchant, form, noticeOf(request, NOTICES)));
  });

  app.post('/console/merchants/:id', async (request, reply) => {
    const merchant = await ctx.admin.merchants.get(param(request));
    const values = formOf(request);
    const saved = await attempt(() => ctx.admin.merchants.put(merchant.id, merchantBody(values), actorOf(request)));
    if (saved.errors)
      return sendPage(reply, 400, await merchantPage(ctx, requireSession(request), merchant, { values, errors: saved.errors }));
    return reply.redirect(`${merchantPath(merchant.id)}?done=saved`, 303);
  });

  app.post('/console/merchants/:id/delete', async (request, reply) => {
    await ctx.admin.merchants.delete(param(request), actorOf(request));
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

async function merchantPage(ctx: AppContext, session: ConsoleSession, merchant: Merchant, form: FormState, notice?: string) {
  const all = { page: 0, size: 1000, merchantId: merchant.id };
  const stores = await ctx.admin.stores.list(all);
  const clients = await ctx.admin.clients.list(all);
  const webhooks = await ctx.webhookEndpoints.list(all);
  return MerchantPage({ session, merchant, stores: stores.content, clients: clients.content, webhooks: webhooks.content, form, notice });
}
