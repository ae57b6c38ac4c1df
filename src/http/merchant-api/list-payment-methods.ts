// GET /v2/stores/{store_id}/payment_methods (docs/merchant-api.md#payment-method-listing).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { authenticate, requireStoreGrant } from '../plugins/authenticate.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { presentPaymentMethod } from '../presenters/payment-method.ts';
import { ListingQuery, ListingResponse, StoreParams } from './schemas.ts';
import { CAMPAIGN_METHOD, INVOICE_METHOD } from './examples.ts';
import { DEFAULT_COUNTRY_CODE } from '../../domain/catalog.ts';

// A store deleted between the page and its lookup: the links get the default country's language.
const DEFAULT_STORE_COUNTRY = { countryCode: DEFAULT_COUNTRY_CODE };

export function listPaymentMethodsRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/stores/:store_id/payment_methods',
    {
      schema: {
        operationId: 'listPaymentMethods',
        description: [
          'Every payment method of the store, campaign and non-campaign alike (with their campaign info), in the ' +
            "store's display order, one page at a time (`page` is 0-based; `size` 1 to 1000, default 100; a page past " +
            'the end has an empty `content`).',
          'With `amount`, only the methods whose purchase limits include it (inclusive).',
          "`name` and `description` are in the language of `locale` (else the store's): their translation, else as written; " +
            'a method with translations lists them in `translations`.',
          'Needs an access token of scope `merchant-api` whose client is granted the store.',
        ].join('\n\n'),
        'x-docs': {
          responses: {
            '200': {
              description: 'One page of payment methods.',
              headers: { 'Content-Language': 'The language of the texts: `sv`, `nb`, `da`, `fi` or `en`.' },
              examples: {
                page: {
                  summary: 'The first page of two methods (of nine) at 1299.95',
                  value: { content: [CAMPAIGN_METHOD, INVOICE_METHOD], page: { number: 0, size: 2, totalElements: 9, totalPages: 5 } },
                },
              },
            },
            '400': {
              description:
                '`amount` not a plain non-negative decimal, `page` or `size` out of range, `locale` not a well-formed BCP 47 tag, ' +
                'or a parameter repeated.',
            },
          },
        },
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
      preValidation: singleValuedQuery(['amount', 'page', 'size', 'locale'], []),
    },
    async (request, reply) => {
      const { store_id: storeId } = request.params;
      await requireStoreGrant(ctx, request, storeId);
      const { amount, page = 0, size = 100, locale } = request.query;
      const result = await ctx.merchantListing.listPage(storeId.toLowerCase(), { amount, page, size, locale });
      const store = result.store ?? DEFAULT_STORE_COUNTRY;
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-language', result.language)
        .send({ content: result.methods.map((m) => presentPaymentMethod(m, store, result.language)), page: result.page });
    },
  );
}
