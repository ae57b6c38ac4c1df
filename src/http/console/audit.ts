// The audit trail in the console (docs/console.md#audit-trail): every catalog change, newest first,
// with the filters of GET /admin/v1/audit-events (entity, entity id, actor, from, to), read through
// the same service.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AUDIT_FILTERS, auditFiltersOf, type AuditFilterValues } from '../../services/console/audit-filters.ts';
import { pageParam, queryParam, sendPage } from './pages.ts';
import { requireSession } from './security.ts';
import { AuditPage } from './views/audit.tsx';

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/console/audit', async (request, reply) => {
    const session = requireSession(request);
    const values = Object.fromEntries(AUDIT_FILTERS.map((name) => [name, queryParam(request, name) ?? ''])) as AuditFilterValues;
    const { filters, errors } = auditFiltersOf(values);
    const form = { values, errors };
    if (Object.keys(errors).length > 0) return sendPage(reply, 400, AuditPage({ session, form }));
    const events = await ctx.auditTrail.list({ page: pageParam(request), size: 50, ...filters });
    return sendPage(reply, 200, AuditPage({ session, form, events }));
  });
}
