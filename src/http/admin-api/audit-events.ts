// /admin/v1/audit-events: the audit trail of catalog writes, newest first (docs/audit.md). Read
// only: no route changes or deletes an event (other methods on the path answer 404 ROUTE_NOT_FOUND,
// as for any unknown route); only the retention purge deletes them.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags, security
import type { AppContext } from '../../context.ts';
import { Errors, withParameters } from '../../errors.ts';
import type { AuditEvent } from '../../services/audit.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { presentPage } from './presenters.ts';
import {
  ADMIN_SECURITY,
  ADMIN_TAGS,
  AUDIT_EVENT_PARAMETERS,
  AdminAuditEventPage,
  AuditEventQuery,
  PAGE_PARAMETERS,
  adminErrorResponses,
} from './schemas.ts';

function presentAuditEvent(e: AuditEvent) {
  return {
    id: e.id,
    occurredAt: e.occurredAt.toISOString(),
    actor: { type: e.actorType, id: e.actor, ...(e.actorName === null ? {} : { name: e.actorName }) },
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    changes: e.changes,
    traceId: e.traceId,
  };
}

export function auditEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/audit-events',
    {
      schema: {
        operationId: 'adminListAuditEvents',
        summary: 'List the audit trail of catalog writes, newest first; optionally of one entity, within a time range',
        description:
          'One event per entity that a catalog write (admin API, CLI, catalog file) created, changed or deleted, recorded in the ' +
          "write's own transaction: a refused or rolled-back write leaves none, and a write that changed nothing records nothing. " +
          'Each signing-key rotation (`pms keys rotate`) is recorded too, by its key id. ' +
          'Secrets and their hashes are never recorded. Events are never changed, and no API deletes them; they are kept ' +
          '`AUDIT_RETENTION_DAYS` (default 400) and then purged.',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        querystring: AuditEventQuery,
        response: { 200: AdminAuditEventPage, ...adminErrorResponses(400) },
      },
      preValidation: singleValuedQuery([...PAGE_PARAMETERS, ...AUDIT_EVENT_PARAMETERS], []),
    },
    async (request) => {
      const { page = 0, size = 100, entity, entityId, actor, from, to } = request.query;
      const range = { from: from === undefined ? undefined : new Date(from), to: to === undefined ? undefined : new Date(to) };
      if (range.from && range.to && range.from > range.to) {
        throw withParameters(new Errors.INVALID_REQUEST('Query parameter from must not be after to'), { from: 'must not be after to' });
      }
      return presentPage(await ctx.auditTrail.list({ page, size, entity, entityId, actor, ...range }), presentAuditEvent);
    },
  );
}
