// A store's payment methods in the console (docs/console.md#payment-methods): one method's form
// with its plans, legal links, campaign keywords, translations and window; **Preview** shows what
// shoppers of the store would be offered differently (ctx.admin.preview, nothing written), **Save**
// writes it (ctx.admin.paymentMethods, as the admin API). Deleting a method is previewed first too.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { customerTypesOf, type PaymentMethod, type Store } from '../../domain/catalog.ts';
import { formatDecimalTrimmed } from '../../domain/money.ts';
import { LANGUAGES } from '../../domain/languages.ts';
import { isUuid } from '../../lib/ids.ts';
import { Errors } from '../../errors.ts';
import { actorOfPerson, type ConsoleSession } from '../../services/console/sessions.ts';
import { LANGUAGE_NAMES, formOf, formValues, queryParam, refusedFields } from './forms.ts';
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
  textArea,
  textField,
  type FormState,
} from './layout.ts';
import { METHOD_FIELDS, countOf, methodBody, methodValues, withItem, withoutItem } from './method-form.ts';
import { previewTable } from './preview-table.ts';
import { requireSession } from './security.ts';
import { windowText } from './stores.ts';

const NOTICES: Record<string, string> = { created: 'The payment method was created.', saved: 'The payment method was saved.' };

/** What the form was sent for: a list changed, a preview, or the save. */
type Action = { kind: 'save' } | { kind: 'preview' } | { kind: 'add'; list: string } | { kind: 'remove'; list: string; index: number };

const LIST_ACTIONS: Record<string, string> = { plan: 'plans', link: 'legalLinks', keyword: 'campaign.keywords' };

function actionOf(request: FastifyRequest): Action {
  const given = formOf(request).get('_action') ?? 'preview';
  const add = /^add-(plan|link|keyword)$/.exec(given);
  if (add) return { kind: 'add', list: LIST_ACTIONS[add[1]!]! };
  const remove = /^remove-(plan|link|keyword):(\d{1,3})$/.exec(given);
  if (remove) return { kind: 'remove', list: LIST_ACTIONS[remove[1]!]!, index: Number(remove[2]) };
  return given === 'save' ? { kind: 'save' } : { kind: 'preview' };
}

/** The store's methods as preview bodies: `replace` stands in for the method of its id (or is added); `remove` is left out. */
async function proposal(ctx: AppContext, store: Store, change: { replace?: Record<string, unknown>; id: string; remove?: boolean }) {
  const methods = await ctx.admin.paymentMethods.list({ page: 0, size: 1000, storeId: store.id });
  const bodies: Array<Record<string, unknown>> = [];
  let index = -1;
  for (const method of methods.content) {
    if (method.id === change.id) {
      if (change.remove) continue;
      index = bodies.length;
      bodies.push({ ...change.replace, id: change.id });
    } else {
      bodies.push({ ...methodBody(methodValues(method), store.id), id: method.id });
    }
  }
  if (index < 0 && !change.remove) {
    index = bodies.length;
    bodies.push({ ...change.replace, id: change.id });
  }
  return { paymentMethods: bodies, index };
}

/** The preview's refusals of the edited method, by the form's field names (`paymentMethods[3].name` → `name`). */
function errorsOfMethod(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `paymentMethods[${index}]`;
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) result['(body)'] = message;
    else if (path.startsWith(`${prefix}.`)) result[path.slice(prefix.length + 1)] = message;
    else result[path] = message;
  }
  return result;
}

function shownField(name: string): boolean {
  return (
    (METHOD_FIELDS as readonly string[]).includes(name) ||
    /^(plans|legalLinks)\[\d+\]\.[A-Za-z]+$/.test(name) ||
    /^campaign\.keywords\[\d+\]$/.test(name) ||
    /^(plans\[\d+\]\.)?translations\.[a-z]{2}\.[A-Za-z]+$/.test(name)
  );
}

function translationFields(form: FormState, prefix: string, fields: readonly string[], legend: string): Html {
  return html`<fieldset>
    <legend>${legend}</legend>
    ${LANGUAGES.map((language) =>
      fields.map((field) =>
        field === 'description'
          ? textArea(form, `${prefix}translations.${language}.${field}`, { label: `Description in ${LANGUAGE_NAMES[language]}` })
          : textField(form, `${prefix}translations.${language}.${field}`, { label: `Name in ${LANGUAGE_NAMES[language]}` }),
      ),
    )}
  </fieldset>`;
}

function listButton(action: string, label: string): Html {
  return html`<button type="submit" class="secondary" name="_action" value="${action}">${label}</button>`;
}

function methodForm(ctx: AppContext, session: ConsoleSession, form: FormState, action: string): Html {
  const plans = countOf(form.values, 'plans');
  const links = countOf(form.values, 'legalLinks');
  const keywords = countOf(form.values, 'campaign.keywords');
  const amount = { inputmode: 'decimal' as const };
  return html`${errorSummary(form, shownField)}
    <form method="post" action="${action}" class="stacked" novalidate>
      ${csrfField(session)}
      <button type="submit" name="_action" value="preview" hidden tabindex="-1">Preview</button>
      <input type="hidden" name="id" value="${form.values.id ?? ''}" />
      <fieldset>
        <legend>Method</legend>
        ${textField(form, 'name', { required: true })} ${textArea(form, 'description')}
        ${textField(form, 'type', { hint: 'A known type, or any other (served as it is)', list: 'known-types', required: true })}
        <datalist id="known-types">${ctx.operatorTypes.known.map((t) => html`<option value="${t}"></option>`)}</datalist>
        ${textField(form, 'sortOrder', { hint: 'Display order, lowest first; default 0', inputmode: 'numeric' })}
      </fieldset>
      <fieldset>
        <legend>Amounts</legend>
        ${textField(form, 'minPurchaseLimit', amount)} ${textField(form, 'maxPurchaseLimit', amount)}
        ${textField(form, 'minApplicationLimit', amount)} ${textField(form, 'maxApplicationLimit', amount)}
      </fieldset>
      <fieldset>
        <legend>Offered to</legend>
        ${checkbox(form, 'enabledForNaturalCustomer', { label: 'Enabled for natural customer (private persons)' })}
        ${checkbox(form, 'enabledForLegalCustomer', { label: 'Enabled for legal customer (businesses)' })}
        ${checkbox(form, 'priceSignagePossible')}
      </fieldset>
      <fieldset>
        <legend>Window</legend>
        ${textField(form, 'activeFrom', { hint: 'Offered from this instant (inclusive), e.g. 2026-11-27T00:00:00+01:00; empty: since always' })}
        ${textField(form, 'activeUntil', { hint: 'Offered until this instant (exclusive); empty: for good' })}
      </fieldset>
      <fieldset>
        <legend>Campaign</legend>
        ${checkbox(form, 'campaign.campaign', { label: 'Campaign method (offered only to sessions with one of its keywords)' })}
        ${Array.from({ length: keywords }, (_, i) => html`${textField(form, `campaign.keywords[${i}]`, { label: `Keyword ${i + 1}` })}${listButton(`remove-keyword:${i}`, `Remove keyword ${i + 1}`)}`)}
        <div class="actions">${listButton('add-keyword', 'Add keyword')}</div>
      </fieldset>
      <fieldset>
        <legend>Legal links</legend>
        ${Array.from(
          { length: links },
          (_, i) =>
            html`<fieldset>
              <legend>Legal link ${i + 1}</legend>
              ${textField(form, `legalLinks[${i}].url`, { label: 'URL' })}
              ${textField(form, `legalLinks[${i}].type`, { hint: 'PRICE_INFO, SECCI or GENERAL_TERMS' })}
              ${checkbox(form, `legalLinks[${i}].appendAmount`)}
              ${textField(form, `legalLinks[${i}].language`, { hint: "ISO 639-1, e.g. sv; empty: the store's country's" })}
              ${listButton(`remove-link:${i}`, `Remove legal link ${i + 1}`)}
            </fieldset>`,
        )}
        <div class="actions">${listButton('add-link', 'Add legal link')}</div>
      </fieldset>
      <fieldset>
        <legend>Plans</legend>
        ${Array.from(
          { length: plans },
          (_, i) =>
            html`<fieldset>
              <legend>Plan ${i + 1}</legend>
              ${textField(form, `plans[${i}].name`)} ${textArea(form, `plans[${i}].description`)}
              ${textField(form, `plans[${i}].durationMonths`, { label: 'Duration months', inputmode: 'numeric' })}
              ${textField(form, `plans[${i}].annuityFactor`, { ...amount, hint: 'Monthly cost per unit borrowed, up to 12 decimals' })}
              ${textField(form, `plans[${i}].administrationFee`, { ...amount, hint: 'Monthly; default 0' })}
              ${textField(form, `plans[${i}].setupFee`, { ...amount, hint: 'Default 0' })}
              ${textField(form, `plans[${i}].interest`, { ...amount, hint: 'Nominal annual interest, e.g. 0.0995; default 0' })}
              ${translationFields(form, `plans[${i}].`, ['name', 'description'], `Translations of plan ${i + 1}`)}
              ${listButton(`remove-plan:${i}`, `Remove plan ${i + 1}`)}
            </fieldset>`,
        )}
        <div class="actions">${listButton('add-plan', 'Add plan')}</div>
      </fieldset>
      ${translationFields(form, '', ['name', 'description'], 'Translations of the name and description')}
      <div class="actions">
        <button type="submit" class="secondary" name="_action" value="preview">Preview</button>
        <button type="submit" name="_action" value="save">Save</button>
      </div>
    </form>`;
}

interface MethodPage {
  session: ConsoleSession;
  store: Store;
  method: PaymentMethod | undefined;
  form: FormState;
  preview?: Html | undefined;
  notice?: string | undefined;
}

function methodPage(ctx: AppContext, p: MethodPage): Html {
  const storeLink = html`<p>Store: <a href="/console/stores/${p.store.id}">${p.store.name}</a></p>`;
  const action = p.method ? `/console/payment-methods/${p.method.id}` : `/console/stores/${p.store.id}/payment-methods/new`;
  const title = p.method ? `Payment method ${p.method.name}` : `New payment method for ${p.store.name}`;
  const facts =
    p.method &&
    html`<dl class="facts">
      <dt>ID</dt>
      <dd class="mono">${p.method.id}</dd>
      <dt>Window</dt>
      <dd>${windowText(p.method)}</dd>
      <dt>Plans</dt>
      <dd>${p.method.plans.length}</dd>
      <dt>Legal links</dt>
      <dd>${p.method.legalLinks.length}</dd>
    </dl>`;
  const body = canEdit(p.session)
    ? html`${storeLink}${facts}${p.preview}
        ${p.method && html`<p><a href="/console/payment-methods/${p.method.id}/delete">Delete this payment method…</a></p>`}
        <h2>${p.method ? 'Edit' : 'Create'}</h2>
        ${methodForm(ctx, p.session, p.form, action)}`
    : html`${storeLink}${facts}${p.method && readOnlyMethod(p.method)}`;
  return page({ title, session: p.session, section: 'stores', notice: p.notice, body });
}

/** A method as a viewer reads it: its fields, plans, legal links and translations (no form). */
function readOnlyMethod(method: PaymentMethod): Html {
  const decimal = formatDecimalTrimmed;
  const translations = Object.entries(method.translations ?? {});
  return html`<dl class="facts">
      <dt>Name</dt>
      <dd>${method.name}</dd>
      <dt>Description</dt>
      <dd>${method.description || '—'}</dd>
      <dt>Type</dt>
      <dd>${method.type}</dd>
      <dt>Sort order</dt>
      <dd>${method.sortOrder}</dd>
      <dt>Purchase amounts</dt>
      <dd>${decimal(method.minPurchaseLimit)} – ${decimal(method.maxPurchaseLimit)}</dd>
      <dt>Application amounts</dt>
      <dd>${decimal(method.minApplicationLimit)} – ${decimal(method.maxApplicationLimit)}</dd>
      <dt>Offered to</dt>
      <dd>
        ${
          customerTypesOf(method)
            .map((t) => (t === 'NATURAL' ? 'private persons' : 'businesses'))
            .join(', ') || 'nobody'
        }
      </dd>
      <dt>Price signage possible</dt>
      <dd>${method.priceSignagePossible ? 'Yes' : 'No'}</dd>
      <dt>Campaign</dt>
      <dd>${method.campaign.campaign ? `Yes: ${method.campaign.keywords.join(', ')}` : 'No'}</dd>
    </dl>
    <h2>Plans</h2>
    ${
      method.plans.length === 0
        ? html`<p>No plans.</p>`
        : html`<table>
            <caption>
              Plans of ${method.name}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Duration months</th>
                <th scope="col">Annuity factor</th>
                <th scope="col">Administration fee</th>
                <th scope="col">Setup fee</th>
                <th scope="col">Interest</th>
              </tr>
            </thead>
            <tbody>
              ${method.plans.map(
                (p) =>
                  html`<tr>
                    <td>${p.name}</td>
                    <td>${p.durationMonths}</td>
                    <td>${decimal(p.annuityFactor)}</td>
                    <td>${decimal(p.administrationFee)}</td>
                    <td>${decimal(p.setupFee)}</td>
                    <td>${decimal(p.interest)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    <h2>Legal links</h2>
    ${
      method.legalLinks.length === 0
        ? html`<p>No legal links.</p>`
        : html`<table>
            <caption>
              Legal links of ${method.name}
            </caption>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">URL</th>
                <th scope="col">Append amount</th>
                <th scope="col">Language</th>
              </tr>
            </thead>
            <tbody>
              ${method.legalLinks.map(
                (l) =>
                  html`<tr>
                    <td>${l.type}</td>
                    <td class="mono">${l.url}</td>
                    <td>${l.appendAmount ? 'Yes' : 'No'}</td>
                    <td>${l.language ?? "the store's"}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    <h2>Translations</h2>
    ${
      translations.length === 0
        ? html`<p>No translations.</p>`
        : html`<table>
            <caption>
              Translations of the name and description
            </caption>
            <thead>
              <tr>
                <th scope="col">Language</th>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              ${translations.map(
                ([language, t]) =>
                  html`<tr>
                    <td>${LANGUAGE_NAMES[language as keyof typeof LANGUAGE_NAMES] ?? language}</td>
                    <td>${t?.name ?? '—'}</td>
                    <td>${t?.description ?? '—'}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }`;
}

async function methodOf(ctx: AppContext, request: FastifyRequest): Promise<{ method: PaymentMethod; store: Store }> {
  const method = await ctx.admin.paymentMethods.get((request.params as { id: string }).id);
  return { method, store: await ctx.admin.stores.get(method.storeId) };
}

export function paymentMethodRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Handles a post of a method's form: list changes, preview or save. `method`: undefined when creating. */
  async function handle(request: FastifyRequest, store: Store, method: PaymentMethod | undefined) {
    const session = requireSession(request);
    let values = formValues(formOf(request));
    // The method's id: its own, or the new one this form carries from its first rendering.
    const id = method?.id ?? (isUuid(values.id ?? '') ? values.id!.toLowerCase() : randomUUID());
    values = { ...values, id };
    const action = actionOf(request);
    const render = (status: number, form: FormState, preview?: Html) => ({
      status,
      body: methodPage(ctx, { session, store, method, form, preview }),
    });
    if (action.kind === 'add') return render(200, emptyForm(withItem(values, action.list)));
    if (action.kind === 'remove') return render(200, emptyForm(withoutItem(values, action.list, action.index)));
    const body = methodBody(values, store.id);
    if (action.kind === 'preview') {
      const proposed = await proposal(ctx, store, { id, replace: body });
      try {
        const result = await ctx.admin.preview.preview(store.id, { paymentMethods: proposed.paymentMethods });
        return render(200, emptyForm(values), previewTable(result.changes, store.currency));
      } catch (error) {
        const errors = refusedFields(error);
        if (!errors) throw error;
        return render(400, { values, errors: errorsOfMethod(errors, proposed.index) });
      }
    }
    if (!method) {
      // A creation never replaces another method (a form's id reused by a second save).
      const existing = await ctx.admin.paymentMethods.get(id).catch((error: unknown) => {
        if (error instanceof Errors.NOT_FOUND) return undefined;
        throw error;
      });
      if (existing) return { redirect: `/console/payment-methods/${id}?done=saved` };
    }
    try {
      await ctx.admin.paymentMethods.put(id, body, actorOfPerson(session.person, request.id));
    } catch (error) {
      const errors = refusedFields(error);
      if (!errors) throw error;
      return render(400, { values, errors });
    }
    return { redirect: `/console/payment-methods/${id}?done=${method ? 'saved' : 'created'}` };
  }

  app.get('/console/payment-methods/:id', async (request, reply) => {
    const session = requireSession(request);
    const { method, store } = await methodOf(ctx, request);
    const form = emptyForm(methodValues(method));
    return sendPage(reply, 200, methodPage(ctx, { session, store, method, form, notice: noticeOf(queryParam(request, 'done'), NOTICES) }));
  });

  app.post('/console/payment-methods/:id', async (request, reply) => {
    const { method, store } = await methodOf(ctx, request);
    const outcome = await handle(request, store, method);
    return 'redirect' in outcome ? reply.redirect(outcome.redirect, 303) : sendPage(reply, outcome.status, outcome.body);
  });

  app.get('/console/stores/:storeId/payment-methods/new', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const session = requireSession(request);
    const store = await ctx.admin.stores.get((request.params as { storeId: string }).storeId);
    const form = emptyForm({
      id: randomUUID(),
      sortOrder: '0',
      enabledForNaturalCustomer: 'on',
      minPurchaseLimit: '0',
      minApplicationLimit: '0',
    });
    return sendPage(reply, 200, methodPage(ctx, { session, store, method: undefined, form }));
  });

  app.post('/console/stores/:storeId/payment-methods/new', async (request, reply) => {
    const store = await ctx.admin.stores.get((request.params as { storeId: string }).storeId);
    const outcome = await handle(request, store, undefined);
    return 'redirect' in outcome ? reply.redirect(outcome.redirect, 303) : sendPage(reply, outcome.status, outcome.body);
  });

  // Deleting: first what shoppers would lose (the preview of the store without it), then the button.
  app.get('/console/payment-methods/:id/delete', { config: { consoleAccess: 'editor' } }, async (request, reply) => {
    const session = requireSession(request);
    const { method, store } = await methodOf(ctx, request);
    const proposed = await proposal(ctx, store, { id: method.id, remove: true });
    const result = await ctx.admin.preview.preview(store.id, { paymentMethods: proposed.paymentMethods });
    const body = html`<p>Store: <a href="/console/stores/${store.id}">${store.name}</a></p>
      ${previewTable(result.changes, store.currency)}
      <div class="actions">
        ${postButton(session, `/console/payment-methods/${method.id}/delete`, `Delete payment method ${method.name}`, 'danger')}
        <a href="/console/payment-methods/${method.id}">Keep it</a>
      </div>`;
    return sendPage(reply, 200, page({ title: `Delete payment method ${method.name}?`, session, section: 'stores', body }));
  });

  app.post('/console/payment-methods/:id/delete', async (request, reply) => {
    const session = requireSession(request);
    const { method, store } = await methodOf(ctx, request);
    await ctx.admin.paymentMethods.delete(method.id, actorOfPerson(session.person, request.id));
    return reply.redirect(`/console/stores/${store.id}?done=method-deleted`, 303);
  });
}
