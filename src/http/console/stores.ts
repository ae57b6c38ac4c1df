// Stores in the console (docs/console.md#pages): the list, one store with its payment methods, and
// the forms that create, edit and delete one (ctx.admin.stores, as the admin API). An edit may be
// previewed first: what shoppers would be offered differently with the store as proposed and its
// methods as stored (ctx.admin.preview, nothing written).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Store } from '../../domain/catalog.ts';
import { storeBody, storeValues } from '../../services/console/catalog-forms.ts';
import { attempt, emptyForm, text, type FormState } from '../../services/console/form-values.ts';
import { previewStoreChange } from '../../services/console/previews.ts';
import { actorOf, formOf, noticeOf, pageParam, param, queryParam, sendPage } from './pages.ts';
import { requireSession } from './security.ts';
import { NewStorePage, StorePage, StoresPage, merchantChoices, type StorePageProps } from './views/stores.tsx';

const NOTICES: Record<string, string> = {
  created: 'The store was created.',
  saved: 'The store was saved.',
  deleted: 'The store was deleted, with its payment methods.',
  'method-deleted': 'The payment method was deleted.',
};

async function allMerchants(ctx: AppContext) {
  return (await ctx.admin.merchants.list({ page: 0, size: 1000 })).content;
}

type StoreOptions = Pick<StorePageProps, 'notice' | 'preview'>;

async function storePage(ctx: AppContext, request: FastifyRequest, store: Store, form: FormState, options: StoreOptions = {}) {
  const merchant = await ctx.admin.merchants.get(store.merchantId);
  const methods = await ctx.admin.paymentMethods.list({ page: 0, size: 1000, storeId: store.id });
  const merchants = merchantChoices(await allMerchants(ctx));
  return StorePage({ session: requireSession(request), store, merchant, methods: methods.content, form, merchants, ...options });
}

export function storeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/console/stores', async (request, reply) => {
    const merchantId = queryParam(request, 'merchantId');
    const stores = await ctx.admin.stores.list({ page: pageParam(request), size: 100, merchantId });
    const merchants = new Map((await allMerchants(ctx)).map((m) => [m.id, m.name]));
    const notice = noticeOf(request, NOTICES);
    return sendPage(reply, 200, StoresPage({ session: requireSession(request), stores, merchants, merchantId, notice }));
  });

  const newStorePage = async (request: FastifyRequest, form: FormState) =>
    NewStorePage({ session: requireSession(request), form, merchants: merchantChoices(await allMerchants(ctx)) });

  app.get('/console/stores/new', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const form = emptyForm({ merchantId: queryParam(request, 'merchantId') ?? '', currency: 'SEK', countryCode: 'SE' });
    return sendPage(reply, 200, await newStorePage(request, form));
  });

  app.post('/console/stores/new', async (request, reply) => {
    const values = formOf(request);
    const id = randomUUID();
    const saved = await attempt(() => ctx.admin.stores.put(id, storeBody(values), actorOf(request)));
    if (saved.errors) return sendPage(reply, 400, await newStorePage(request, { values, errors: saved.errors }));
    return reply.redirect(`/console/stores/${id}?done=created`, 303);
  });

  app.get('/console/stores/:id', async (request, reply) => {
    const store = await ctx.admin.stores.get(param(request));
    return sendPage(
      reply,
      200,
      await storePage(ctx, request, store, emptyForm(storeValues(store)), { notice: noticeOf(request, NOTICES) }),
    );
  });

  app.post('/console/stores/:id', async (request, reply) => {
    const store = await ctx.admin.stores.get(param(request));
    const values = formOf(request);
    if (text(values, '_action') === 'preview') {
      const outcome = await previewStoreChange(ctx.admin, store, storeBody(values));
      if ('errors' in outcome) return sendPage(reply, 400, await storePage(ctx, request, store, { values, errors: outcome.errors }));
      const preview = { changes: outcome.changes, currency: text(values, 'currency').trim() || store.currency };
      return sendPage(reply, 200, await storePage(ctx, request, store, emptyForm(values), { preview }));
    }
    const saved = await attempt(() => ctx.admin.stores.put(store.id, storeBody(values), actorOf(request)));
    if (saved.errors) return sendPage(reply, 400, await storePage(ctx, request, store, { values, errors: saved.errors }));
    return reply.redirect(`/console/stores/${store.id}?done=saved`, 303);
  });

  app.post('/console/stores/:id/delete', async (request, reply) => {
    const store = await ctx.admin.stores.get(param(request));
    await ctx.admin.stores.delete(store.id, actorOf(request));
    return reply.redirect(`/console/stores?done=deleted`, 303);
  });
}
