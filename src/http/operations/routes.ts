// Operations endpoints (docs/README.md#interfaces): liveness and readiness for orchestrators.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Errors } from '../../errors.ts';
import type { DatabaseProbe } from '../../observability/database-probe.ts';
import type { ReplicaState } from '../../context.ts';
import type { Draining } from '../plugins/draining.ts';
import { ErrorResponse } from '../schemas/common.ts';

const Status = Type.Object({ status: Type.String() });
const Readiness = Type.Object({
  status: Type.String(),
  replica: Type.Optional(
    Type.Object(
      {
        status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable'), Type.Literal('unused')]),
        message: Type.Optional(Type.String()),
      },
      {
        description:
          'Only with `DATABASE_REPLICA_URL` set: `ready` when the replica answers within 1 s; `unavailable` when it does not, and ' +
          '`unused` when the setting is refused (`message` says why). The instance is ready either way: it serves from the primary alone.',
      },
    ),
  ),
});

export async function operationsRoutes(
  app: FastifyInstance,
  { databaseProbe, draining, replica }: { databaseProbe: DatabaseProbe; draining: Draining; replica?: ReplicaState | undefined },
): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'health',
        // Public: no credentials (an explicit empty requirement, not an omission).
        security: [],
        description: 'Answers 200 as long as the process serves requests; it does not touch the database.',
        summary: 'Liveness: the process is up and serving',
        tags: ['Operations'],
        response: { 200: Status },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'ready',
        // Public: no credentials (an explicit empty requirement, not an omission).
        security: [],
        description:
          'Answers 200 when the database answers within 2 seconds (with `replica`, how the replica of `DATABASE_REPLICA_URL` answers, when one is set), 503 otherwise, and 503 `SHUTTING_DOWN` from the moment ' +
          'the instance received SIGTERM: it keeps serving for `SHUTDOWN_DELAY_SECONDS` so that load balancers stop routing to it first.',
        'x-docs': {
          responses: { '503': { description: 'The database did not answer (in time), or the instance is shutting down.' } },
        },
        summary: 'Readiness: the database answers',
        tags: ['Operations'],
        response: { 200: Readiness, 503: ErrorResponse },
      },
    },
    async (_request, reply) => {
      if (draining.active) throw new Errors.SHUTTING_DOWN();
      // Bounded (2 s): a hung database makes this answer 503 quickly, never hang the probe. It also
      // refreshes pms_database_up.
      // The replica (DATABASE_REPLICA_URL) asked beside it, within 1 s: reported, never a reason to be unready.
      const [replicaStatus] = await Promise.all([replica?.status(), databaseProbe.check()]);
      return reply.header('cache-control', 'no-store').send({ status: 'ready', ...(replicaStatus && { replica: replicaStatus }) });
    },
  );
}
