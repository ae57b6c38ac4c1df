// GET /v2/stores (docs/merchant-api.md#stores): the stores of the token's merchant. A published
// client asks for `size=999999` to get them all: sizes above the maximum are served at the maximum.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { authenticate, principalOf } from '../plugins/authenticate.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { errorResponses } from '../schemas/common.ts';
import { STORES_MAX_PAGE_SIZE, StorePageResponse, StoresQuery } from './schemas.ts';

export function listStoresRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/stores',
    {
      schema: {
        operationId: 'listStores',
        summary: "List the merchant's stores",
        description: [
          "The stores the token's client is granted: every store of its merchant, one page at a time (`page` is " +
            `0-based; \`size\` at least 1, default 100, and values above ${STORES_MAX_PAGE_SIZE} are served as ` +
            `${STORES_MAX_PAGE_SIZE}, which \`page.size\` then says).`,
          'Ordered by `name` (compared byte-wise) unless `sort` says `nationalStoreId`; `,desc` reverses the order.',
          'Needs an access token of scope `merchant-api`.',
        ].join('\n\n'),
        tags: ['Merchant'],
        security: [{ oauth2: ['merchant-api'] }],
        querystring: StoresQuery,
        response: { 200: StorePageResponse, ...errorResponses(400, 401, 403, 429, 500, 503) },
        'x-docs': {
          responses: {
            '200': {
              description: 'One page of stores.',
              examples: {
                stores: {
                  summary: 'The demo merchant',
                  value: {
                    content: [
                      {
                        id: '84d19995-8ee7-4639-8e25-13b1691ccac6',
                        nationalStoreId: 1,
                        countryCode: 'SE',
                        name: 'Nordic Home Webshop',
                        organizationNumber: '556677-8899',
                      },
                    ],
                    page: { number: 0, size: 1000, totalElements: 1, totalPages: 1 },
                  },
                },
              },
            },
            '400': { description: '`page` or `size` not an integer in range, `sort` not one of the forms above, or a parameter repeated.' },
          },
        },
      },
      onRequest: authenticate(ctx, 'merchant-api'),
      config: { rateLimitPolicy: 'merchant' },
      preValidation: singleValuedQuery(['page', 'size', 'sort'], []),
    },
    async (request, reply) => {
      const { page = 0, size = 100, sort = 'name' } = request.query;
      const [field, direction = 'asc'] = sort.split(',') as ['name' | 'nationalStoreId', string?];
      const result = await ctx.merchantListing.listStores(principalOf(request).merchantId, {
        page,
        size: Math.min(size, STORES_MAX_PAGE_SIZE),
        orderBy: field,
        descending: direction.toLowerCase() === 'desc',
      });
      return reply.header('cache-control', 'private, no-cache').send({
        content: result.stores.map((s) => ({
          id: s.id,
          nationalStoreId: s.nationalStoreId!,
          countryCode: s.countryCode,
          name: s.name,
          ...(s.organizationNumber === undefined ? {} : { organizationNumber: s.organizationNumber }),
        })),
        page: result.page,
      });
    },
  );
}
