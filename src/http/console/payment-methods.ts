// A store's payment methods in the console (docs/console.md#payment-methods): one method's form
// with its plans, legal links, campaign keywords, translations and window; **Preview** shows what
// shoppers of the store would be offered differently (services/console/previews.ts, nothing
// written), **Save** writes it (ctx.admin.paymentMethods, as the admin API). Deleting a method is
// previewed first too.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { PaymentMethod, Store } from '../../domain/catalog.ts';
import { Errors } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { attempt, emptyForm, text, type FormState } from '../../services/console/form-values.ts';
import {
  methodActionOf,
  methodBody,
  methodFormErrors,
  methodValues,
  newMethodValues,
  withListChanged,
} from '../../services/console/method-form.ts';
import { previewMethodChange, previewMethodRemoval } from '../../services/console/previews.ts';
import { actorOf, formOf, noticeOf, param, sendPage } from './pages.ts';
import { requireSession } from './security.ts';
import { DeleteMethodPage, MethodPage, type MethodPageProps } from './views/payment-methods.tsx';

const NOTICES: Record<string, string> = { created: 'The payment method was created.', saved: 'The payment method was saved.' };

async function methodOf(ctx: AppContext, request: FastifyRequest): Promise<{ method: PaymentMethod; store: Store }> {
  const method = await ctx.admin.paymentMethods.get(param(request));
  return { method, store: await ctx.admin.stores.get(method.storeId) };
}

export function paymentMethodRoutes(app: FastifyInstance, ctx: AppContext): void {
  const knownTypes = ctx.operatorTypes.known;
  const methodPage = (request: FastifyRequest, props: Omit<MethodPageProps, 'session' | 'knownTypes'>) =>
    MethodPage({ session: requireSession(request), knownTypes, ...props });

  /** A post of a method's form: a list changed, a preview or the save. `method`: undefined when creating. */
  async function handle(request: FastifyRequest, reply: FastifyReply, store: Store, method: PaymentMethod | undefined) {
    const posted = formOf(request);
    // The method's id: its own, or the new one this form carries from its first rendering.
    const given = text(posted, 'id');
    const id = method?.id ?? (isUuid(given) ? given.toLowerCase() : randomUUID());
    const values = { ...posted, id };
    const render = (status: number, form: FormState, preview?: MethodPageProps['preview']) =>
      sendPage(reply, status, methodPage(request, { store, method, form, preview }));
    const action = methodActionOf(posted._action);
    if (action.kind === 'add' || action.kind === 'remove') return render(200, emptyForm(withListChanged(values, action)));
    const body = methodBody(values, store.id);
    if (action.kind === 'preview') {
      const outcome = await previewMethodChange(ctx.admin, store, { id, body });
      return 'errors' in outcome
        ? render(400, { values, errors: methodFormErrors(outcome.errors) })
        : render(200, emptyForm(values), outcome.changes);
    }
    // A creation never replaces another method (a form's id reused by a second save).
    if (!method && (await methodExists(ctx, id))) return reply.redirect(`/console/payment-methods/${id}?done=saved`, 303);
    const saved = await attempt(() => ctx.admin.paymentMethods.put(id, body, actorOf(request)));
    if (saved.errors) return render(400, { values, errors: methodFormErrors(saved.errors) });
    return reply.redirect(`/console/payment-methods/${id}?done=${method ? 'saved' : 'created'}`, 303);
  }

  app.get('/console/payment-methods/:id', async (request, reply) => {
    const { method, store } = await methodOf(ctx, request);
    return sendPage(
      reply,
      200,
      methodPage(request, { store, method, form: emptyForm(methodValues(method)), notice: noticeOf(request, NOTICES) }),
    );
  });

  app.post('/console/payment-methods/:id', async (request, reply) => {
    const { method, store } = await methodOf(ctx, request);
    return handle(request, reply, store, method);
  });

  app.get('/console/stores/:storeId/payment-methods/new', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const store = await ctx.admin.stores.get(param(request, 'storeId'));
    return sendPage(reply, 200, methodPage(request, { store, method: undefined, form: emptyForm(newMethodValues(randomUUID())) }));
  });

  app.post('/console/stores/:storeId/payment-methods/new', async (request, reply) => {
    const store = await ctx.admin.stores.get(param(request, 'storeId'));
    return handle(request, reply, store, undefined);
  });

  // Deleting: first what shoppers would lose (the preview of the store without it), then the button.
  app.get('/console/payment-methods/:id/delete', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const { method, store } = await methodOf(ctx, request);
    const changes = await previewMethodRemoval(ctx.admin, store, method.id);
    return sendPage(reply, 200, DeleteMethodPage({ session: requireSession(request), store, method, changes }));
  });

  app.post('/console/payment-methods/:id/delete', async (request, reply) => {
    const { method, store } = await methodOf(ctx, request);
    await ctx.admin.paymentMethods.delete(method.id, actorOf(request));
    return reply.redirect(`/console/stores/${store.id}?done=method-deleted`, 303);
  });
}

async function methodExists(ctx: AppContext, id: string): Promise<boolean> {
  const existing = await ctx.admin.paymentMethods.get(id).catch((error: unknown) => {
    if (error instanceof Errors.NOT_FOUND) return undefined;
    throw error;
  });
  return existing !== undefined;
}
