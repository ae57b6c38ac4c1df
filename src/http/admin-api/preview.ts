// POST /admin/v1/stores/{storeId}/preview (docs/catalog.md#change-preview): what a change of a
// store's methods (and of the store) would change for its shoppers, by customer type, campaign and
// range of amounts. Nothing is written. The body is validated by the service with the admin API's
// rules (routes.ts turns Fastify's body validation off); its schema here documents it.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags, security
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { PaymentMethodSchema } from '../../catalog-input/schema.ts';
import { PRODUCT_TYPES } from '../../domain/order-rules.ts';
import { component } from '../schemas/common.ts';
import { ADMIN_SECURITY, ADMIN_TAGS, StoreBodySchema, adminErrorResponses } from './schemas.ts';

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const PreviewParams = Type.Object({ storeId: Type.String({ pattern: UUID_PATTERN, description: 'The store (UUID).' }) });

const PreviewBody = Type.Object(
  {
    paymentMethods: Type.Array(PaymentMethodSchema, {
      description:
        "The store's whole list of methods as the change would leave it, each as `PUT /admin/v1/payment-methods/{id}` " +
        'takes it, with its `id`, and of this store. A method of the store left out counts as deleted.',
    }),
    store: Type.Optional({
      ...StoreBodySchema,
      description: 'The store as `PUT /admin/v1/stores/{id}` would take it (its bundle title, country …); absent: as stored.',
    }),
  },
  { additionalProperties: false, description: 'A proposed change of a store: nothing of it is saved.' },
);

const PreviewGroupSchema = Type.Object(
  {
    id: Type.String({ description: 'The group id, as group retrieval gives it.' }),
    title: Type.String({ description: "The group's title in the store's language." }),
    type: Type.String({ description: 'The payment method type of the group.' }),
  },
  { description: 'A group offered, as group retrieval forms it (subtitles and monthly costs are not compared).' },
);

const OfferChangeSchema = component(
  'OfferChange',
  Type.Object(
    {
      customerType: Type.Enum(['NATURAL', 'LEGAL']),
      campaign: Type.Union([Type.String(), Type.Null()], {
        description: 'A campaign keyword of the store (today or proposed), or null for sessions without a campaign.',
      }),
      productType: Type.Optional(
        Type.Enum(PRODUCT_TYPES, {
          description:
            "Only on a change that sessions whose order holds this kind of goods see (a method's excludedProductTypes), " +
            'beyond what sessions without rules are told.',
        }),
      ),
      country: Type.Optional(
        Type.String({
          description:
            "Only on a change that sessions from this billing country see (a method's countries, or the store's country), " +
            'beyond what sessions without rules are told.',
        }),
      ),
      from: Type.String({ pattern: '^\\d+\\.\\d{2}$', description: 'The lowest amount of the range (inclusive, two decimals).' }),
      to: Type.Union([Type.String({ pattern: '^\\d+\\.\\d{2}$' }), Type.Null()], {
        description: 'The highest amount of the range (inclusive, two decimals); null: no upper end.',
      }),
      before: Type.Array(PreviewGroupSchema, { description: 'The groups offered there today, in display order.' }),
      after: Type.Array(PreviewGroupSchema, { description: 'The groups offered there after the change, in display order.' }),
    },
    {
      description:
        'One maximal range of amounts over which what a shopper of this customer type and campaign is offered differs, ' +
        'and over which each side stays the same.',
    },
  ),
);

const PreviewResponse = Type.Object(
  {
    changes: Type.Array(OfferChangeSchema, {
      description:
        'By customer type (NATURAL, LEGAL), campaign (null first, then the keywords), order (sessions without rules first, then ' +
        'each productType, then each country) and amount; [] when nothing changes.',
    }),
  },
  { description: 'What the change would change for shoppers, compared at this moment.' },
);

export function previewRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/stores/:storeId/preview',
    {
      schema: {
        operationId: 'adminPreviewStoreChange',
        summary: "Preview what a change of a store's payment methods would change for its shoppers; nothing is saved",
        description:
          "Compares the store's methods as stored with the proposed list, both as offered now (methods outside their " +
          'window count on neither side), for each customer type and campaign, over every cart amount from 0.00 up.',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: PreviewParams,
        body: PreviewBody,
        response: { 200: PreviewResponse, ...adminErrorResponses(400, 404, 413, 415) },
      },
    },
    async (request) => ctx.admin.preview.preview(request.params.storeId, request.body),
  );
}
