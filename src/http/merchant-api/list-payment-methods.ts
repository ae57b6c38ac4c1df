// GET /v2/stores/{store_id}/payment_methods (spec §4.3, contract §5).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { authenticate, requireStoreGrant } from '../plugins/authenticate.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { presentPaymentMethod } from '../presenters/payment-method.ts';
import { ListingQuery, ListingResponse, StoreParams } from './schemas.ts';

export function listPaymentMethodsRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/stores/:store_id/payment_methods',
    {
      schema: {
        operationId: 'listPaymentMethods',
        summary: "List a store's payment methods with limits, legal links and campaigns",
        tags: ['Merchant'],
        security: [{ oauth2: ['merchant-api'] }],
        params: StoreParams,
        querystring: ListingQuery,
        response: {
          200: ListingResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          429: ErrorResponse,
          500: ErrorResponse,
          503: ErrorResponse,
        },
      },
      onRequest: authenticate(ctx, 'merchant-api'),
      // Per client, after authentication (http/plugins/rate-limit.ts).
      config: { rateLimitPolicy: 'merchant' },
      preValidation: singleValuedQuery(['amount', 'page', 'size'], []),
    },
    async (request, reply) => {
      const { store_id: storeId } = request.params;
      await requireStoreGrant(ctx, request, storeId);
      const { amount, page = 0, size = 100 } = request.query;
      const result = await ctx.merchantListing.listPage(storeId.toLowerCase(), { amount, page, size });
      return reply
        .header('cache-control', 'private, no-cache')
        .send({ content: result.methods.map(presentPaymentMethod), page: result.page });
    },
  );
}
