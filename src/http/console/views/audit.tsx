// The audit trail's page (docs/console.md#audit-trail): its filters and the events, newest first.
import { AUDIT_ENTITIES, actorLabel, type AuditChanges, type AuditEvent } from '../../../services/audit.ts';
import type { FormState } from '../../../services/console/form-values.ts';
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import { escape } from './escape.ts';
import { Select, TextField } from './fields.tsx';
import { Page } from './layout.tsx';
import { Pager, Table } from './table.tsx';

function Changes({ event }: { event: AuditEvent }): JSX.Element {
  const entries = Object.entries(event.changes as AuditChanges);
  if (entries.length === 0) return '—';
  const show = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));
  const described = (change: (typeof entries)[number][1]) =>
    typeof change === 'string'
      ? change
      : event.action === 'create'
        ? show(change.after)
        : event.action === 'delete'
          ? `was ${show(change.before)}`
          : `${show(change.before)} → ${show(change.after)}`;
  return (
    <ul>
      {entries.map(([field, change]) => (
        <li>
          <code>{escape(field)}</code>: {escape(described(change))}
        </li>
      ))}
    </ul>
  );
}

function FilterForm({ form }: { form: FormState }): JSX.Element {
  return (
    <form method="get" action="/console/audit" class="filters" aria-label="Filters">
      <Select form={form} name="entity" choices={[{ value: '', label: 'Any' }, ...AUDIT_ENTITIES.map((e) => ({ value: e, label: e }))]} />
      <TextField form={form} name="entityId" label="Entity ID" />
      <TextField form={form} name="actor" hint="As shown in the Actor column (console:editor-1, client:ops-admin), or its id alone" />
      <TextField form={form} name="from" hint="e.g. 2026-11-01T00:00:00Z" />
      <TextField form={form} name="to" hint="e.g. 2026-11-30T23:59:59+01:00" />
      <button type="submit">Filter</button>
    </form>
  );
}

export interface AuditPageProps {
  session: ConsoleSession;
  form: FormState;
  /** Absent when the filters were refused. */
  events?: { content: AuditEvent[]; page: { number: number; totalPages: number; totalElements: number } };
}

export function AuditPage({ session, form, events }: AuditPageProps): JSX.Element {
  const problem = events ? undefined : 'Check the filters marked below.';
  const query = Object.fromEntries(
    Object.entries(form.values).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  return (
    <Page title="Audit trail" session={session} section="audit" problem={problem}>
      <FilterForm form={form} />
      {events ? (
        <>
          <Table
            caption={`Events, newest first (${events.page.totalElements})`}
            headers={['When', 'Actor', "Actor's name", 'Entity', 'Entity ID', 'Action', 'Changes']}
          >
            {events.content.map((e) => (
              <tr>
                <td>{escape(e.occurredAt.toISOString())}</td>
                <td class="mono">{escape(actorLabel(e))}</td>
                <td>{escape(e.actorName ?? '')}</td>
                <td>{escape(e.entity)}</td>
                <td class="mono">{escape(e.entityId)}</td>
                <td>{escape(e.action)}</td>
                <td>
                  <Changes event={e} />
                </td>
              </tr>
            ))}
          </Table>
          <Pager path="/console/audit" page={events.page} query={query} />
        </>
      ) : (
        ''
      )}
    </Page>
  );
}
