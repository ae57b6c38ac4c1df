// Stores in the console (docs/console.md#pages): the list, one store with its payment methods, and
// the forms that create, edit and delete one (ctx.admin.stores, as the admin API). An edit may be
// previewed first: what shoppers would be offered differently with the store as proposed and its
// methods as stored (ctx.admin.preview, nothing written).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { customerTypesOf, STORE_TRANSLATED_FIELDS, type PaymentMethod, type Store } from '../../domain/catalog.ts';
import { LANGUAGES } from '../../domain/languages.ts';
import { formatDecimalTrimmed } from '../../domain/money.ts';
import { actorOfPerson, type ConsoleSession } from '../../services/console/sessions.ts';
import {
  LANGUAGE_NAMES,
  formOf,
  formValues,
  integerOrText,
  optional,
  pageParam,
  queryParam,
  refusedFields,
  translationValues,
  translationsOf,
  withErrors,
} from './forms.ts';
import { html, type Html } from './html.ts';
import {
  canEdit,
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
import { methodBody, methodValues } from './method-form.ts';
import { pager } from './paging.ts';
import { previewTable } from './preview-table.ts';
import { requireSession } from './security.ts';

const NOTICES: Record<string, string> = {
  created: 'The store was created.',
  saved: 'The store was saved.',
  deleted: 'The store was deleted, with its payment methods.',
  'method-deleted': 'The payment method was deleted.',
};

const STORE_FIELDS = [
  'merchantId',
  'name',
  'currency',
  'countryCode',
  'bundleTitle',
  'minimumInvoiceAmount',
  'nationalStoreId',
  'organizationNumber',
];

function storeValues(store: Store): Record<string, string> {
  return {
    merchantId: store.merchantId,
    name: store.name,
    currency: store.currency,
    countryCode: store.countryCode,
    bundleTitle: store.bundleTitle,
    minimumInvoiceAmount: formatDecimalTrimmed(store.minimumInvoiceAmount),
    nationalStoreId: store.nationalStoreId === undefined ? '' : String(store.nationalStoreId),
    organizationNumber: store.organizationNumber ?? '',
    ...translationValues(store.translations, ''),
  };
}

/** The admin API's store body from the form: empty optional fields left out. */
function storeBody(values: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {
    merchantId: values.merchantId ?? '',
    name: values.name ?? '',
    currency: (values.currency ?? '').trim(),
  };
  for (const field of ['countryCode', 'bundleTitle', 'minimumInvoiceAmount', 'organizationNumber']) {
    const value = optional(values, field);
    if (value !== undefined) body[field] = value;
  }
  const number = integerOrText(optional(values, 'nationalStoreId'));
  if (number !== undefined) body.nationalStoreId = number;
  body.translations = translationsOf(values, '', STORE_TRANSLATED_FIELDS);
  return body;
}

async function merchantChoices(ctx: AppContext): Promise<Array<{ value: string; label: string }>> {
  const merchants = await ctx.admin.merchants.list({ page: 0, size: 1000 });
  return merchants.content.map((m) => ({ value: m.id, label: `${m.name} (${m.id})` }));
}

/**
 * The store form; `editing` adds **Preview** beside **Save** (a new store has nothing to compare with).
 * Enter in a field saves, as it always has on this form and as it does on the new-store form with the
 * same fields: the hidden first button is the one a browser presses for Enter. Most store fields change
 * nothing shoppers see, so an Enter that only previewed would leave an edit unsaved behind a page that
 * says nothing changes.
 */
async function storeForm(ctx: AppContext, session: ConsoleSession, form: FormState, action: string, editing = false): Promise<Html> {
  const shown = (name: string) => STORE_FIELDS.includes(name) || /^translations\.[a-z]{2}\.bundleTitle$/.test(name);
  return html`${errorSummary(form, shown)}
    <form method="post" action="${action}" class="stacked" novalidate>
      ${csrfField(session)} ${editing && html`<button type="submit" name="_action" value="save" hidden tabindex="-1">Save</button>`}
      ${select(form, 'merchantId', await merchantChoices(ctx))} ${textField(form, 'name', { required: true })}
      ${textField(form, 'currency', { hint: 'ISO 4217, e.g. SEK', required: true })}
      ${textField(form, 'countryCode', { hint: 'ISO 3166-1 alpha-2, e.g. SE; default SE' })}
      ${textField(form, 'bundleTitle', { hint: 'Default "Part payment"' })}
      ${textField(form, 'minimumInvoiceAmount', { hint: 'Default 0', inputmode: 'decimal' })}
      ${textField(form, 'nationalStoreId', { label: 'National store ID', hint: 'Left empty: the next free number', inputmode: 'numeric' })}
      ${textField(form, 'organizationNumber')}
      <fieldset>
        <legend>Translations of the bundle title</legend>
        ${LANGUAGES.map((language) => textField(form, `translations.${language}.bundleTitle`, { label: `Bundle title in ${LANGUAGE_NAMES[language]}` }))}
      </fieldset>
      ${
        editing
          ? html`<div class="actions">
              <button type="submit" class="secondary" name="_action" value="preview">Preview</button>
              <button type="submit" name="_action" value="save">Save</button>
            </div>`
          : html`<button type="submit">Save</button>`
      }
    </form>`;
}

function amountText(method: PaymentMethod): string {
  return `${formatDecimalTrimmed(method.minPurchaseLimit)}–${formatDecimalTrimmed(method.maxPurchaseLimit)}`;
}

export function windowText(method: Pick<PaymentMethod, 'activeFrom' | 'activeUntil'>): string {
  if (method.activeFrom === undefined && method.activeUntil === undefined) return 'Always';
  const from = method.activeFrom === undefined ? 'always' : new Date(method.activeFrom).toISOString();
  const until = method.activeUntil === undefined ? 'for good' : new Date(method.activeUntil).toISOString();
  return `From ${from} until ${until}`;
}

async function storePage(
  ctx: AppContext,
  session: ConsoleSession,
  store: Store,
  form: FormState,
  options: { notice?: string | undefined; preview?: Html | undefined } = {},
): Promise<Html> {
  const merchant = await ctx.admin.merchants.get(store.merchantId);
  const methods = await ctx.admin.paymentMethods.list({ page: 0, size: 1000, storeId: store.id });
  const path = `/console/stores/${store.id}`;
  const body = html`<dl class="facts">
      <dt>ID</dt>
      <dd class="mono">${store.id}</dd>
      <dt>Merchant</dt>
      <dd><a href="/console/merchants/${encodeURIComponent(merchant.id)}">${merchant.name}</a></dd>
      <dt>Store number</dt>
      <dd>${store.nationalStoreId}</dd>
      <dt>Country</dt>
      <dd>${store.countryCode}</dd>
      <dt>Currency</dt>
      <dd>${store.currency}</dd>
      <dt>Bundle title</dt>
      <dd>${store.bundleTitle}</dd>
      <dt>Minimum invoice amount</dt>
      <dd>${formatDecimalTrimmed(store.minimumInvoiceAmount)}</dd>
      ${
        store.organizationNumber !== undefined &&
        html`<dt>Organization number</dt>
          <dd>${store.organizationNumber}</dd>`
      }
    </dl>
    ${options.preview}
    <h2>Payment methods</h2>
    ${canEdit(session) && html`<p><a href="${path}/payment-methods/new">New payment method</a></p>`}
    ${
      methods.content.length === 0
        ? html`<p>No payment methods.</p>`
        : html`<table>
            <caption>
              Payment methods of ${store.name}, in display order
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Purchase amounts</th>
                <th scope="col">Customer types</th>
                <th scope="col">Campaign</th>
                <th scope="col">Plans</th>
                <th scope="col">Window</th>
              </tr>
            </thead>
            <tbody>
              ${methods.content.map(
                (m) =>
                  html`<tr>
                    <td><a href="/console/payment-methods/${m.id}">${m.name}</a></td>
                    <td>${m.type}</td>
                    <td>${amountText(m)}</td>
                    <td>${customerTypesOf(m).join(', ') || 'none'}</td>
                    <td>${m.campaign.campaign ? m.campaign.keywords.join(', ') : 'No'}</td>
                    <td>${m.plans.length}</td>
                    <td>${windowText(m)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    ${
      canEdit(session) &&
      html`<h2>Edit store</h2>
        ${await storeForm(ctx, session, form, path, true)}
        <h2>Delete store</h2>
        <p>Deleting a store deletes its payment methods too.</p>
        <div class="actions">${postButton(session, `${path}/delete`, `Delete store ${store.name}`, 'danger')}</div>`
    }`;
  return page({ title: `Store ${store.name}`, session, section: 'stores', notice: options.notice, body });
}

/** The preview's refusals of the store by the form's field names (`store.currency` → `currency`), as a save names them. */
function errorsOfStore(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === 'store') result['(body)'] = message;
    else if (path.startsWith('store.')) result[path.slice('store.'.length)] = message;
    else result[path] = message;
  }
  return result;
}

function storeIdParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** Stores as a table, each linked to its page; with `merchants` (id to name), a column naming each store's merchant. */
export function storesTable(stores: readonly Store[], caption: string, merchants?: ReadonlyMap<string, string>): Html {
  return html`<table>
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        <th scope="col">Name</th>
        ${merchants && html`<th scope="col">Merchant</th>`}
        <th scope="col">Store number</th>
        <th scope="col">Country</th>
        <th scope="col">Currency</th>
      </tr>
    </thead>
    <tbody>
      ${stores.map(
        (s) =>
          html`<tr>
            <td><a href="/console/stores/${s.id}">${s.name}</a></td>
            ${
              merchants &&
              html`<td>
                <a href="/console/merchants/${encodeURIComponent(s.merchantId)}">${merchants.get(s.merchantId) ?? s.merchantId}</a>
              </td>`
            }
            <td>${s.nationalStoreId}</td>
            <td>${s.countryCode}</td>
            <td>${s.currency}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function storeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/console/stores', async (request, reply) => {
    const session = requireSession(request);
    const merchantId = queryParam(request, 'merchantId');
    const number = pageParam(request);
    const stores = await ctx.admin.stores.list({ page: number, size: 100, merchantId });
    const merchants = new Map((await ctx.admin.merchants.list({ page: 0, size: 1000 })).content.map((m) => [m.id, m.name]));
    const body = html`${canEdit(session) && html`<p><a href="/console/stores/new">New store</a></p>`}
    ${storesTable(stores.content, `Stores (${stores.page.totalElements})`, merchants)}
    ${pager('/console/stores', stores.page, merchantId ? { merchantId } : {})}`;
    return sendPage(
      reply,
      200,
      page({ title: 'Stores', session, section: 'stores', notice: noticeOf(queryParam(request, 'done'), NOTICES), body }),
    );
  });

  app.get('/console/stores/new', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const session = requireSession(request);
    const form = emptyForm({ merchantId: queryParam(request, 'merchantId') ?? '', currency: 'SEK', countryCode: 'SE' });
    return sendPage(
      reply,
      200,
      page({ title: 'New store', session, section: 'stores', body: await storeForm(ctx, session, form, '/console/stores/new') }),
    );
  });

  app.post('/console/stores/new', async (request, reply) => {
    const session = requireSession(request);
    const values = formValues(formOf(request));
    const id = randomUUID();
    try {
      await ctx.admin.stores.put(id, storeBody(values), actorOfPerson(session.person, request.id));
    } catch (error) {
      const errors = refusedFields(error);
      if (!errors) throw error;
      const body = await storeForm(ctx, session, withErrors(values, errors), '/console/stores/new');
      return sendPage(reply, 400, page({ title: 'New store', session, section: 'stores', body }));
    }
    return reply.redirect(`/console/stores/${id}?done=created`, 303);
  });

  app.get('/console/stores/:id', async (request, reply) => {
    const session = requireSession(request);
    const store = await ctx.admin.stores.get(storeIdParam(request));
    return sendPage(
      reply,
      200,
      await storePage(ctx, session, store, emptyForm(storeValues(store)), { notice: noticeOf(queryParam(request, 'done'), NOTICES) }),
    );
  });

  app.post('/console/stores/:id', async (request, reply) => {
    const session = requireSession(request);
    const store = await ctx.admin.stores.get(storeIdParam(request));
    const values = formValues(formOf(request));
    if (formOf(request).get('_action') === 'preview') {
      // The store as proposed, with its methods as stored (each as its form would send it).
      const methods = await ctx.admin.paymentMethods.list({ page: 0, size: 1000, storeId: store.id });
      const paymentMethods = methods.content.map((m) => ({ ...methodBody(methodValues(m), store.id), id: m.id }));
      try {
        const result = await ctx.admin.preview.preview(store.id, { store: storeBody(values), paymentMethods });
        const currency = (values.currency ?? '').trim() || store.currency;
        return sendPage(
          reply,
          200,
          await storePage(ctx, session, store, emptyForm(values), { preview: previewTable(result.changes, currency) }),
        );
      } catch (error) {
        const errors = refusedFields(error);
        if (!errors) throw error;
        return sendPage(reply, 400, await storePage(ctx, session, store, withErrors(values, errorsOfStore(errors))));
      }
    }
    try {
      await ctx.admin.stores.put(store.id, storeBody(values), actorOfPerson(session.person, request.id));
    } catch (error) {
      const errors = refusedFields(error);
      if (!errors) throw error;
      return sendPage(reply, 400, await storePage(ctx, session, store, withErrors(values, errors)));
    }
    return reply.redirect(`/console/stores/${store.id}?done=saved`, 303);
  });

  app.post('/console/stores/:id/delete', async (request, reply) => {
    const session = requireSession(request);
    const store = await ctx.admin.stores.get(storeIdParam(request));
    await ctx.admin.stores.delete(store.id, actorOfPerson(session.person, request.id));
    return reply.redirect(`/console/stores?done=deleted`, 303);
  });
}
