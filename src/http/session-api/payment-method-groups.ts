// GET /v1/sessions/{sessionId}/payment-method-groups (spec §4.2, contract §4): the storefront's
// hot path. Checks run in the contract's order: query (400, then 422), then the session (404, 409).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { parseDecimal } from '../../domain/money.ts';
import { offerGroups } from '../../domain/offer.ts';
import type { PaymentMethodGroup } from '../../domain/grouping.ts';
import { ServerTiming } from '../../observability/server-timing.ts';
import type { RenderedOffer } from '../../services/offer-cache.ts';
import { etagOf } from '../plugins/etag.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { GroupsParams, GroupsQuery, GroupsResponse } from './schemas.ts';

/** The route's path under /v1. */
export const GROUPS_PATH = '/sessions/:sessionId/payment-method-groups';

export function paymentMethodGroupsRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    GROUPS_PATH,
    {
      schema: {
        operationId: 'getPaymentMethodGroups',
        summary: 'Payment method groups a storefront session may offer for an amount',
        tags: ['Sessions'],
        security: [],
        params: GroupsParams,
        querystring: GroupsQuery,
        response: {
          200: GroupsResponse,
          304: { type: 'null', description: 'Not modified (If-None-Match matched the ETag).' },
          400: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          500: ErrorResponse,
          503: ErrorResponse,
        },
      },
      // A query that is present once but fails its pattern or enum is 422 (contract §4).
      // rateLimitPolicy: per IP address, before anything else (http/plugins/rate-limit.ts).
      config: { validationStatus: 422, rateLimitPolicy: 'storefront' },
      preValidation: singleValuedQuery(['amount', 'customerType', 'flattened'], ['amount']),
    },
    async (request, reply) => {
      const { amount, customerType, flattened = false } = request.query;
      const timing = new ServerTiming();
      const session = await ctx.sessions.requireActive(request.params.sessionId);
      timing.mark('session');
      const catalog = await ctx.storeMethods.storeMethods(session.storeId);
      timing.mark('catalog');
      // Serialized with this route's own response schema, once per catalog and question (the
      // answers are cached rendered: services/offer-cache.ts).
      const render = (groups: PaymentMethodGroup[]): RenderedOffer => {
        // (Fastify types the serializer for objects; it is the one compiled from GroupsResponse.)
        const serialize = reply.getSerializationFunction('200') as unknown as (value: PaymentMethodGroup[]) => string;
        const body = serialize(groups);
        return { body, etag: etagOf(body) };
      };
      const answer = catalog
        ? ctx.offers.get(catalog, { storeId: session.storeId, campaign: session.campaign, amount, customerType, flattened }, () =>
            render(offerGroups(catalog, { amount: parseDecimal(amount)!, customerType, campaign: session.campaign, flattened }, ctx.operatorTypes)),
          )
        : render([]);
      timing.mark('offer');
      // Kept on a 304 too (the ETag hook only changes the status and drops the body). A JSON
      // string is sent as it is (no second serialization).
      return reply
        .header('cache-control', 'private, max-age=600')
        .header('server-timing', timing.toString())
        .header('etag', answer.etag)
        .type('application/json; charset=utf-8')
        .send(answer.body as never);
    },
  );
}
