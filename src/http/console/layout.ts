// The console's page frame and form pieces: one layout with landmarks and a skip link, fields
// labelled with the catalog field's name in words, and a refused field's message tied to its input
// (aria-invalid, aria-describedby), as docs/console.md#accessibility describes.
import type { FastifyReply } from 'fastify';
import type { ConsoleSession } from '../../services/console/sessions.ts';
import { html, type Html } from './html.ts';

/** Where a page sits in the navigation (aria-current). */
export type Section = 'home' | 'merchants' | 'stores' | 'clients' | 'audit' | 'keys';

const NAVIGATION: Array<{ section: Section; href: string; label: string }> = [
  { section: 'merchants', href: '/console/merchants', label: 'Merchants' },
  { section: 'stores', href: '/console/stores', label: 'Stores' },
  { section: 'clients', href: '/console/clients', label: 'Clients' },
  { section: 'audit', href: '/console/audit', label: 'Audit trail' },
  { section: 'keys', href: '/console/keys', label: 'Signing keys' },
];

export interface PageOptions {
  title: string;
  session?: ConsoleSession | undefined;
  section?: Section;
  /** A confirmation shown above the heading (role=status). */
  notice?: string | undefined;
  /** A problem with the whole request shown above the heading (role=alert). */
  problem?: string | undefined;
  body: Html;
}

export function page(options: PageOptions): Html {
  const { session } = options;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${options.title} — Operator console</title>
        <link rel="stylesheet" href="/console/console.css" />
      </head>
      <body>
        <a class="skip-link" href="#main">Skip to main content</a>
        <header class="site">
          <a class="brand" href="/console">Operator console</a>
          ${
            session &&
            html`<nav aria-label="Main">
                <ul>
                  ${NAVIGATION.map(
                    (item) =>
                      html`<li>
                        <a href="${item.href}" ${item.section === options.section ? html` aria-current="page"` : ''}>${item.label}</a>
                      </li>`,
                  )}
                </ul>
              </nav>
              <span class="who">Signed in as ${session.person.displayName} (${roleName(session)})</span>
              <form method="post" action="/console/sign-out">${csrfField(session)}<button type="submit">Sign out</button></form>`
          }
        </header>
        <main id="main" tabindex="-1">
          ${options.notice && html`<p class="notice" role="status">${options.notice}</p>`}
          ${options.problem && html`<p class="problem" role="alert">${options.problem}</p>`}
          <h1>${options.title}</h1>
          ${options.body}
        </main>
      </body>
    </html> `;
}

function roleName(session: ConsoleSession): string {
  return session.person.role === 'catalog-editor' ? 'catalog editor' : 'catalog viewer, read only';
}

/** May this person change the catalog (forms and buttons shown, change routes allowed)? */
export function canEdit(session: ConsoleSession | undefined): boolean {
  return session?.person.role === 'catalog-editor';
}

/** The hidden field every console form carries (docs/console.md#cross-site-requests). */
export function csrfField(session: ConsoleSession): Html {
  return html`<input type="hidden" name="_csrf" value="${session.csrfToken}" />`;
}

/** A one-button form posting to `action` (delete, rotate …). */
export function postButton(session: ConsoleSession, action: string, label: string, className = 'secondary'): Html {
  return html`<form method="post" action="${action}">
    ${csrfField(session)}<button type="submit" class="${className}">${label}</button>
  </form>`;
}

/** `maxPurchaseLimit` → `Max purchase limit`: the label of a catalog field. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a form shows: its values by field name (`plans[0].name`) and the refused fields' messages. */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

export function emptyForm(values: Record<string, string> = {}): FormState {
  return { values, errors: {} };
}

/** `plans[0].name` → `f-plans-0-name`: an id for the input, and the message's id beside it. */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`;
}

export interface FieldOptions {
  label?: string;
  hint?: string;
  type?: 'text' | 'number' | 'password' | 'search';
  required?: boolean;
  autocomplete?: string;
  inputmode?: 'decimal' | 'numeric';
  /** The id of a datalist of suggestions. */
  list?: string;
}

function describedBy(id: string, hint: boolean, error: boolean): Html {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter((x) => x !== '').join(' ');
  return ids ? html` aria-describedby="${ids}"` : html``;
}

export function textField(form: FormState, name: string, options: FieldOptions = {}): Html {
  const id = fieldId(name);
  const error = form.errors[name];
  const hint = options.hint;
  return html`<div class="field">
    <label for="${id}">${options.label ?? fieldLabel(name.replace(/^.*\./, ''))}</label>
    ${hint && html`<span class="hint" id="${id}-hint">${hint}</span>`}
    <input
      type="${options.type ?? 'text'}"
      id="${id}"
      name="${name}"
      value="${form.values[name] ?? ''}"
      ${options.required ? html` required` : ''}${options.autocomplete ? html` autocomplete="${options.autocomplete}"` : ''}${options.inputmode ? html` inputmode="${options.inputmode}"` : ''}${options.list ? html` list="${options.list}"` : ''}${error !== undefined ? html` aria-invalid="true"` : ''}${describedBy(id, hint !== undefined, error !== undefined)}
    />
    ${error !== undefined && html`<span class="error" id="${id}-error">${error}</span>`}
  </div>`;
}

export function textArea(form: FormState, name: string, options: FieldOptions = {}): Html {
  const id = fieldId(name);
  const error = form.errors[name];
  const hint = options.hint;
  return html`<div class="field">
    <label for="${id}">${options.label ?? fieldLabel(name.replace(/^.*\./, ''))}</label>
    ${hint && html`<span class="hint" id="${id}-hint">${hint}</span>`}
    <textarea
      id="${id}"
      name="${name}"
      ${error !== undefined ? html` aria-invalid="true"` : ''}${describedBy(id, hint !== undefined, error !== undefined)}
    >
${form.values[name] ?? ''}</textarea>
    ${error !== undefined && html`<span class="error" id="${id}-error">${error}</span>`}
  </div>`;
}

export function checkbox(form: FormState, name: string, options: FieldOptions = {}): Html {
  const id = fieldId(name);
  const error = form.errors[name];
  return html`<div class="field checkbox">
    <input
      type="checkbox"
      id="${id}"
      name="${name}"
      value="on"
      ${form.values[name] === 'on' ? html` checked` : ''}${error !== undefined ? html` aria-invalid="true"` : ''}${describedBy(id, false, error !== undefined)}
    />
    <label for="${id}">${options.label ?? fieldLabel(name.replace(/^.*\./, ''))}</label>
    ${error !== undefined && html`<span class="error" id="${id}-error">${error}</span>`}
  </div>`;
}

export function select(form: FormState, name: string, choices: Array<{ value: string; label: string }>, options: FieldOptions = {}): Html {
  const id = fieldId(name);
  const error = form.errors[name];
  const current = form.values[name] ?? '';
  return html`<div class="field">
    <label for="${id}">${options.label ?? fieldLabel(name.replace(/^.*\./, ''))}</label>
    <select
      id="${id}"
      name="${name}"
      ${error !== undefined ? html` aria-invalid="true"` : ''}${describedBy(id, false, error !== undefined)}
    >
      ${choices.map((c) => html`<option value="${c.value}" ${c.value === current ? html` selected` : ''}>${c.label}</option>`)}
    </select>
    ${error !== undefined && html`<span class="error" id="${id}-error">${error}</span>`}
  </div>`;
}

/**
 * The refused fields a form does not show (the whole body, a list as a whole): listed above the
 * form, so that no message is lost; the fields it shows carry their own message.
 */
export function errorSummary(form: FormState, shown: (name: string) => boolean): Html {
  const entries = Object.entries(form.errors);
  if (entries.length === 0) return html``;
  const other = entries.filter(([name]) => !shown(name));
  return html`<div class="problem" role="alert">
    <p>Nothing was saved: ${entries.length === 1 ? 'one field was' : `${entries.length} fields were`} refused.</p>
    ${
      other.length > 0 &&
      html`<ul>
        ${other.map(([name, message]) => html`<li>${name === '(body)' ? '' : html`<code>${name}</code>: `}${message}</li>`)}
      </ul>`
    }
  </div>`;
}

export function homeLink(): Html {
  return html`<p><a href="/console">Back to the console</a></p>`;
}

/** Sends a rendered page. */
export function sendPage(reply: FastifyReply, status: number, body: Html): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(body.text);
}

/** A refused request as a page (nothing changed). */
export function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return sendPage(reply, status, page({ title: 'Request refused', problem: message, body: homeLink() }));
}

/** The confirmation of `?done=…` after a change (POST, then redirect to a GET). */
export function noticeOf(done: string | undefined, notices: Record<string, string>): string | undefined {
  return done === undefined ? undefined : notices[done];
}
