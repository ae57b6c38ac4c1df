// GET /v1/sessions/{sessionId}/payment-method-groups (spec §4.2, contract §4): the storefront's
// hot path. Checks run in the contract's order: query (400, then 422), then the session (404, 409).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { parseDecimal } from '../../domain/money.ts';
import { offerGroups } from '../../domain/offer.ts';
import { Errors } from '../../errors.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { GroupsParams, GroupsQuery, GroupsResponse } from './schemas.ts';

const SINGLE_VALUED = ['amount', 'customerType', 'flattened'] as const;

export function paymentMethodGroupsRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/sessions/:sessionId/payment-method-groups',
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
          500: ErrorResponse,
          503: ErrorResponse,
        },
      },
      // A query that is present once but fails its pattern or enum is 422 (contract §4).
      config: { validationStatus: 422 },
      // 400 before schema validation: a missing amount or a repeated parameter is a request
      // that cannot be understood, not a field that failed validation.
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>;
        for (const name of SINGLE_VALUED) {
          if (Array.isArray(query[name])) throw new Errors.DUPLICATE_QUERY_PARAMETER(name);
        }
        if (query.amount === undefined) throw new Errors.MISSING_QUERY_PARAMETER('amount');
      },
    },
    async (request, reply) => {
      const { amount, customerType, flattened } = request.query;
      const session = await ctx.sessions.requireActive(request.params.sessionId);
      const catalog = await ctx.catalog.storeCatalog(session.storeId);
      const groups = catalog
        ? offerGroups(catalog, { amount: parseDecimal(amount)!, customerType, campaign: session.campaign, flattened: flattened ?? false })
        : [];
      return reply.header('cache-control', 'private, max-age=600').send(groups);
    },
  );
}
