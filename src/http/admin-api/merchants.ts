// /admin/v1/merchants: list, read, create or replace, delete (docs/catalog.md#admin-api).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags, security
import type { AppContext } from '../../context.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { presentMerchant, presentPage } from './presenters.ts';
import {
  ADMIN_SECURITY,
  ADMIN_TAGS,
  AdminMerchantPage,
  AdminMerchantSchema,
  Deleted,
  MerchantBodySchema,
  MerchantParams,
  PAGE_PARAMETERS,
  PageQuery,
  adminErrorResponses,
} from './schemas.ts';

export function merchantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/merchants',
    {
      schema: {
        operationId: 'adminListMerchants',
        summary: 'List merchants, by id',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        querystring: PageQuery,
        response: { 200: AdminMerchantPage, ...adminErrorResponses(400) },
      },
      preValidation: singleValuedQuery(PAGE_PARAMETERS, []),
    },
    async (request) => {
      const { page = 0, size = 100 } = request.query;
      return presentPage(await ctx.admin.merchants.list({ page, size }), presentMerchant);
    },
  );

  routes.get(
    '/merchants/:id',
    {
      schema: {
        operationId: 'adminGetMerchant',
        summary: 'Read a merchant',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: MerchantParams,
        response: { 200: AdminMerchantSchema, ...adminErrorResponses(400, 404) },
      },
    },
    async (request) => presentMerchant(await ctx.admin.merchants.get(request.params.id)),
  );

  routes.put(
    '/merchants/:id',
    {
      schema: {
        operationId: 'adminPutMerchant',
        summary: 'Create (201) or replace (200) a merchant',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: MerchantParams,
        body: MerchantBodySchema,
        response: { 200: AdminMerchantSchema, 201: AdminMerchantSchema, ...adminErrorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const result = await ctx.admin.merchants.put(request.params.id, request.body);
      return reply.code(result.created ? 201 : 200).send(presentMerchant(result.entity));
    },
  );

  routes.delete(
    '/merchants/:id',
    {
      schema: {
        operationId: 'adminDeleteMerchant',
        summary: 'Delete a merchant that has no stores and no clients (409 otherwise)',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: MerchantParams,
        response: { 204: Deleted, ...adminErrorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      await ctx.admin.merchants.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
