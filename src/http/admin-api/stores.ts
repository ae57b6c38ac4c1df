// /admin/v1/stores: list, read, create or replace, delete (docs/catalog.md#admin-api). Deleting a store deletes
// its payment methods; its sessions keep answering 200 with nothing eligible.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags, security
import type { AppContext } from '../../context.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { presentPage, presentStore } from './presenters.ts';
import {
  ADMIN_SECURITY,
  ADMIN_TAGS,
  AdminStorePage,
  AdminStoreSchema,
  ByMerchantQuery,
  Deleted,
  PAGE_PARAMETERS,
  StoreBodySchema,
  UuidParams,
  adminErrorResponses,
} from './schemas.ts';

export function storeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/stores',
    {
      schema: {
        operationId: 'adminListStores',
        summary: 'List stores, by id; optionally of one merchant',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        querystring: ByMerchantQuery,
        response: { 200: AdminStorePage, ...adminErrorResponses(400) },
      },
      preValidation: singleValuedQuery([...PAGE_PARAMETERS, 'merchantId'], []),
    },
    async (request) => {
      const { page = 0, size = 100, merchantId } = request.query;
      return presentPage(await ctx.admin.stores.list({ page, size, merchantId }), presentStore);
    },
  );

  routes.get(
    '/stores/:id',
    {
      schema: {
        operationId: 'adminGetStore',
        summary: 'Read a store',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: UuidParams,
        response: { 200: AdminStoreSchema, ...adminErrorResponses(400, 404) },
      },
    },
    async (request) => presentStore(await ctx.admin.stores.get(request.params.id)),
  );

  routes.put(
    '/stores/:id',
    {
      schema: {
        operationId: 'adminPutStore',
        summary: 'Create (201) or replace (200) a store',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: UuidParams,
        body: StoreBodySchema,
        response: { 200: AdminStoreSchema, 201: AdminStoreSchema, ...adminErrorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const result = await ctx.admin.stores.put(request.params.id, request.body);
      return reply.code(result.created ? 201 : 200).send(presentStore(result.entity));
    },
  );

  routes.delete(
    '/stores/:id',
    {
      schema: {
        operationId: 'adminDeleteStore',
        summary: 'Delete a store and its payment methods; its sessions keep answering, with nothing eligible',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: UuidParams,
        response: { 204: Deleted, ...adminErrorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await ctx.admin.stores.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
