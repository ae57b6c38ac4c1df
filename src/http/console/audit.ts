// The audit trail in the console (docs/console.md#audit-trail): every catalog change, newest first,
// with the filters of GET /admin/v1/audit-events (entity, entity id, actor, from, to), read through
// the same service.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseInstant } from '../../domain/windows.ts';
import { AUDIT_ENTITIES, actorLabel, type AuditChanges, type AuditEntity, type AuditEvent } from '../../services/audit.ts';
import { pageParam, queryParam } from './forms.ts';
import { html, type Html } from './html.ts';
import { page, select, sendPage, textField, type FormState } from './layout.ts';
import { pager } from './paging.ts';
import { requireSession } from './security.ts';

const FILTERS = ['entity', 'entityId', 'actor', 'from', 'to'] as const;

function changesText(event: AuditEvent): Html {
  const entries = Object.entries(event.changes as AuditChanges);
  if (entries.length === 0) return html`—`;
  const show = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));
  return html`<ul>
    ${entries.map(([field, change]) =>
      typeof change === 'string'
        ? html`<li><code>${field}</code>: ${change}</li>`
        : event.action === 'create'
          ? html`<li><code>${field}</code>: ${show(change.after)}</li>`
          : event.action === 'delete'
            ? html`<li><code>${field}</code>: was ${show(change.before)}</li>`
            : html`<li><code>${field}</code>: ${show(change.before)} → ${show(change.after)}</li>`,
    )}
  </ul>`;
}

function filterForm(form: FormState): Html {
  return html`<form method="get" action="/console/audit" class="filters" aria-label="Filters">
    ${select(form, 'entity', [{ value: '', label: 'Any' }, ...AUDIT_ENTITIES.map((e) => ({ value: e, label: e }))])}
    ${textField(form, 'entityId', { label: 'Entity ID' })}
    ${textField(form, 'actor', { hint: 'As shown in the Actor column (console:editor-1, client:ops-admin), or its id alone' })}
    ${textField(form, 'from', { hint: 'e.g. 2026-11-01T00:00:00Z' })} ${textField(form, 'to', { hint: 'e.g. 2026-11-30T23:59:59+01:00' })}
    <button type="submit">Filter</button>
  </form>`;
}

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/console/audit', async (request, reply) => {
    const session = requireSession(request);
    const values: Record<string, string> = {};
    for (const name of FILTERS) values[name] = queryParam(request, name) ?? '';
    const errors: Record<string, string> = {};
    const entity =
      values.entity === ''
        ? undefined
        : (AUDIT_ENTITIES as readonly string[]).includes(values.entity!)
          ? (values.entity as AuditEntity)
          : undefined;
    if (values.entity !== '' && entity === undefined) errors.entity = 'is not a kind of entity';
    const instant = (name: 'from' | 'to') => {
      const text = values[name]!;
      if (text === '') return undefined;
      const parsed = parseInstant(text);
      if (parsed === undefined) errors[name] = 'must be an ISO 8601 date and time with an offset, e.g. 2026-11-01T00:00:00Z';
      return parsed === undefined ? undefined : new Date(parsed);
    };
    const from = instant('from');
    const to = instant('to');
    if (from && to && from > to) errors.from = 'must not be after to';
    for (const name of ['entityId', 'actor'] as const) if (values[name]!.length > 4096) errors[name] = 'is too long';
    const form = { values, errors };
    if (Object.keys(errors).length > 0) {
      return sendPage(
        reply,
        400,
        page({ title: 'Audit trail', session, section: 'audit', problem: 'Check the filters marked below.', body: filterForm(form) }),
      );
    }
    const events = await ctx.auditTrail.list({
      page: pageParam(request),
      size: 50,
      entity,
      entityId: values.entityId || undefined,
      actor: values.actor || undefined,
      from,
      to,
    });
    const query = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    const body = html`${filterForm(form)}
      <table>
        <caption>
          Events, newest first (${events.page.totalElements})
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Actor</th>
            <th scope="col">Actor's name</th>
            <th scope="col">Entity</th>
            <th scope="col">Entity ID</th>
            <th scope="col">Action</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          ${events.content.map(
            (e) =>
              html`<tr>
                <td>${e.occurredAt.toISOString()}</td>
                <td class="mono">${actorLabel(e)}</td>
                <td>${e.actorName ?? ''}</td>
                <td>${e.entity}</td>
                <td class="mono">${e.entityId}</td>
                <td>${e.action}</td>
                <td>${changesText(e)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${pager('/console/audit', events.page, query)}`;
    return sendPage(reply, 200, page({ title: 'Audit trail', session, section: 'audit', body }));
  });
}
