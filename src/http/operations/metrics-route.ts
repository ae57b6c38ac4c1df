// GET /metrics (docs/README.md#interfaces): the Prometheus text exposition of this instance's registry.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags
import type { Metrics } from '../../observability/metrics.ts';
import { ErrorResponse } from '../schemas/common.ts';

export function metricsRoute(app: FastifyInstance, metrics: Metrics): void {
  app.get(
    '/metrics',
    {
      schema: {
        operationId: 'metrics',
        // Public: no credentials (an explicit empty requirement, not an omission).
        security: [],
        summary: 'Prometheus metrics of this instance (text exposition format 0.0.4)',
        tags: ['Operations'],
        response: {
          200: {
            description: 'Prometheus text exposition format.',
            content: { 'text/plain': { schema: Type.String() } },
          },
          429: ErrorResponse,
        },
      },
      // Rendering costs about 13 storefront requests (SECURITY.md): per address, like the storefront.
      config: { rateLimitPolicy: 'public' },
    },
    async (_request, reply) => {
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    },
  );
}
