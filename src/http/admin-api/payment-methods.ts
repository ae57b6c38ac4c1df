// /admin/v1/payment-methods: list (optionally of one store), read, create or replace one method
// object, delete (docs/catalog.md#admin-api). A deleted method is no longer offered; sessions keep answering.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags, security
import type { AppContext } from '../../context.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { presentPage, presentPaymentMethod } from './presenters.ts';
import {
  ADMIN_SECURITY,
  ADMIN_TAGS,
  AdminPaymentMethodPage,
  AdminPaymentMethodSchema,
  Deleted,
  PAGE_PARAMETERS,
  PaymentMethodBodySchema,
  PaymentMethodListQuery,
  UuidParams,
  adminErrorResponses,
} from './schemas.ts';

export function paymentMethodRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/payment-methods',
    {
      schema: {
        operationId: 'adminListPaymentMethods',
        summary: "List payment methods by store, in each store's display order; optionally of one store",
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        querystring: PaymentMethodListQuery,
        response: { 200: AdminPaymentMethodPage, ...adminErrorResponses(400) },
      },
      preValidation: singleValuedQuery([...PAGE_PARAMETERS, 'storeId'], []),
    },
    async (request) => {
      const { page = 0, size = 100, storeId } = request.query;
      return presentPage(await ctx.admin.paymentMethods.list({ page, size, storeId }), presentPaymentMethod);
    },
  );

  routes.get(
    '/payment-methods/:id',
    {
      schema: {
        operationId: 'adminGetPaymentMethod',
        summary: 'Read a payment method with its plans and legal links',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: UuidParams,
        response: { 200: AdminPaymentMethodSchema, ...adminErrorResponses(400, 404) },
      },
    },
    async (request) => presentPaymentMethod(await ctx.admin.paymentMethods.get(request.params.id)),
  );

  routes.put(
    '/payment-methods/:id',
    {
      schema: {
        operationId: 'adminPutPaymentMethod',
        summary: 'Create (201) or replace (200) a payment method: one method object of the catalog',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: UuidParams,
        body: PaymentMethodBodySchema,
        response: { 200: AdminPaymentMethodSchema, 201: AdminPaymentMethodSchema, ...adminErrorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const result = await ctx.admin.paymentMethods.put(request.params.id, request.body);
      return reply.code(result.created ? 201 : 200).send(presentPaymentMethod(result.entity));
    },
  );

  routes.delete(
    '/payment-methods/:id',
    {
      schema: {
        operationId: 'adminDeletePaymentMethod',
        summary: 'Delete a payment method; sessions keep answering without it',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: UuidParams,
        response: { 204: Deleted, ...adminErrorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await ctx.admin.paymentMethods.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
