// The audit trail's filters as the console's form gives them (docs/console.md#audit-trail): the
// filters of GET /admin/v1/audit-events (entity, entity id, actor, from, to), checked field by field
// so that each refusal is shown beside its field.
import { parseInstant } from '../../domain/windows.ts';
import { AUDIT_ENTITIES, type AuditEntity } from '../audit.ts';

export const AUDIT_FILTERS = ['entity', 'entityId', 'actor', 'from', 'to'] as const;
export type AuditFilterValues = Record<(typeof AUDIT_FILTERS)[number], string>;

export interface AuditFilters {
  entity?: AuditEntity | undefined;
  entityId?: string | undefined;
  actor?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The filters the form's values give, or the refused fields. */
export function auditFiltersOf(values: AuditFilterValues): { filters: AuditFilters; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const entity = (AUDIT_ENTITIES as readonly string[]).includes(values.entity) ? (values.entity as AuditEntity) : undefined;
  if (values.entity !== '' && entity === undefined) errors.entity = 'is not a kind of entity';
  const instant = (name: 'from' | 'to') => {
    if (values[name] === '') return undefined;
    const parsed = parseInstant(values[name]);
    if (parsed === undefined) errors[name] = 'must be an ISO 8601 date and time with an offset, e.g. 2026-11-01T00:00:00Z';
    return parsed === undefined ? undefined : new Date(parsed);
  };
  const from = instant('from');
  const to = instant('to');
  if (from && to && from > to) errors.from = 'must not be after to';
  for (const name of ['entityId', 'actor'] as const) if (values[name].length > 4096) errors[name] = 'is too long';
  return { filters: { entity, entityId: values.entityId || undefined, actor: values.actor || undefined, from, to }, errors };
}
