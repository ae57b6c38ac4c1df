// /admin/v1/webhook-endpoints and /admin/v1/webhook-deliveries (docs/webhooks.md): a merchant's
// receivers of events. POST creates one with a generated id and secret (shown once, as on a
// rotation); list, read, PUT and DELETE are those of every admin resource.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags, security
import type { AppContext } from '../../context.ts';
import type { WebhookEndpoint } from '../../storage/repositories/webhook-endpoints.ts';
import type { StoredDelivery } from '../../storage/repositories/webhook-outbox.ts';
import type { WebhookEndpointPutResult } from '../../services/webhooks/endpoints.ts';
import { errorExample } from '../openapi/route-docs.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { actorOf, adminEntityRoutes } from './entity-routes.ts';
import { presentPage } from './presenters.ts';
import {
  ADMIN_SECURITY,
  ADMIN_TAGS,
  AdminWebhookDeliveryPage,
  AdminWebhookDeliverySchema,
  AdminWebhookEndpointPage,
  AdminWebhookEndpointPutResponse,
  AdminWebhookEndpointSchema,
  AdminWebhookEndpointWithSecret,
  ByMerchantQuery,
  PAGE_PARAMETERS,
  PageQuery,
  UuidParams,
  WebhookEndpointBodySchema,
  adminErrorResponses,
} from './schemas.ts';

function presentEndpoint(e: WebhookEndpoint) {
  return { id: e.id, merchantId: e.merchantId, url: e.url, description: e.description, enabled: e.enabled };
}

function presentDelivery(d: StoredDelivery) {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    endpointId: d.endpointId,
    state: d.state,
    createdAt: d.createdAt.toISOString(),
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    attempts: d.attempts.map((a) => ({
      attemptedAt: a.attemptedAt.toISOString(),
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      error: a.error,
      succeeded: a.succeeded,
    })),
  };
}

export function webhookEndpointRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.webhookEndpoints;
  adminEntityRoutes(app, {
    path: '/webhook-endpoints',
    param: 'id',
    params: UuidParams,
    singular: 'WebhookEndpoint',
    plural: 'WebhookEndpoints',
    summaries: {
      list: "List webhook endpoints; optionally one merchant's (never their secrets)",
      get: 'Read a webhook endpoint (never its secret)',
      put: 'Replace (200) a webhook endpoint, or create one under this id (201, with its secret shown once)',
      delete: 'Delete a webhook endpoint and its deliveries',
    },
    listQuery: ByMerchantQuery,
    listFilter: 'merchantId',
    schemas: {
      page: AdminWebhookEndpointPage,
      entity: AdminWebhookEndpointSchema,
      body: WebhookEndpointBodySchema,
      putResponse: AdminWebhookEndpointPutResponse,
    },
    service,
    present: presentEndpoint,
    presentPut: (result: WebhookEndpointPutResult) =>
      result.secret === undefined ? presentEndpoint(result.entity) : { ...presentEndpoint(result.entity), secret: result.secret },
  });

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.post(
    '/webhook-endpoints',
    {
      schema: {
        operationId: 'adminCreateWebhookEndpoint',
        summary: 'Create a webhook endpoint for a merchant; its secret is shown once, in this answer',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        body: WebhookEndpointBodySchema,
        response: { 201: AdminWebhookEndpointWithSecret, ...adminErrorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body, actorOf(request));
      return reply.code(201).send({ ...presentEndpoint(created.endpoint), secret: created.secret });
    },
  );

  typed.post(
    '/webhook-endpoints/:id/rotate-secret',
    {
      schema: {
        operationId: 'adminRotateWebhookEndpointSecret',
        summary: 'Replace the signing secret with a generated one, shown once; the previous one keeps signing beside it for 24 hours',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: UuidParams,
        response: { 200: AdminWebhookEndpointWithSecret, ...adminErrorResponses(400, 404) },
      },
    },
    async (request) => {
      const rotated = await service.rotateSecret(request.params.id, actorOf(request));
      return { ...presentEndpoint(rotated.endpoint), secret: rotated.secret };
    },
  );

  typed.get(
    '/webhook-endpoints/:id/deliveries',
    {
      schema: {
        operationId: 'adminListWebhookDeliveries',
        summary: "List an endpoint's deliveries, newest first, each with its attempts",
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: UuidParams,
        querystring: PageQuery,
        response: { 200: AdminWebhookDeliveryPage, ...adminErrorResponses(400, 404) },
      },
      preValidation: singleValuedQuery([...PAGE_PARAMETERS], []),
    },
    async (request) => {
      const { page = 0, size = 100 } = request.query;
      return presentPage(await service.deliveries(request.params.id, { page, size }), presentDelivery);
    },
  );

  typed.post(
    '/webhook-deliveries/:id/retry',
    {
      schema: {
        operationId: 'adminRetryWebhookDelivery',
        summary: 'Send a delivery again now (the same event and webhook-id), whatever its state; not while its endpoint is disabled',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: UuidParams,
        'x-docs': {
          responses: {
            '202': { description: 'The delivery, due now: an instance sends it within a second.' },
            '404': { description: 'No delivery has this id (it was purged, or its endpoint was deleted).' },
            '409': {
              description:
                "The delivery's endpoint is disabled (`WEBHOOK_ENDPOINT_DISABLED`): nothing is sent to it, so the delivery " +
                'is left as it is. Enable the endpoint (its pending deliveries then go out by themselves), then retry.',
              examples: errorExample(
                'The endpoint is disabled',
                'Webhook endpoint 0b4e6a3c-5f1d-4c2b-9e8a-7d6c5b4a3f21 is disabled: nothing is sent to it. Enable it (its pending deliveries then go out), then retry',
                'WEBHOOK_ENDPOINT_DISABLED',
              ),
            },
          },
        },
        response: { 202: AdminWebhookDeliverySchema, ...adminErrorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(presentDelivery(await service.retry(request.params.id))),
  );
}
