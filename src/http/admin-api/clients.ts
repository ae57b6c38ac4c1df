// /admin/v1/clients: OAuth clients by client id (docs/catalog.md#admin-api). A secret is shown once, in the
// answer of the request that set it (creation, rotation); lists and reads never show it or its hash.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags, security
import type { AppContext } from '../../context.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { presentClient, presentPage } from './presenters.ts';
import {
  ADMIN_SECURITY,
  ADMIN_TAGS,
  AdminClientPage,
  AdminClientPutResponse,
  AdminClientSchema,
  AdminClientSecretResponse,
  ByMerchantQuery,
  ClientBodySchema,
  ClientParams,
  Deleted,
  PAGE_PARAMETERS,
  adminErrorResponses,
} from './schemas.ts';

export function clientRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/clients',
    {
      schema: {
        operationId: 'adminListClients',
        summary: 'List OAuth clients, by client id; optionally of one merchant (never their secrets)',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        querystring: ByMerchantQuery,
        response: { 200: AdminClientPage, ...adminErrorResponses(400) },
      },
      preValidation: singleValuedQuery([...PAGE_PARAMETERS, 'merchantId'], []),
    },
    async (request) => {
      const { page = 0, size = 100, merchantId } = request.query;
      return presentPage(await ctx.admin.clients.list({ page, size, merchantId }), presentClient);
    },
  );

  routes.get(
    '/clients/:clientId',
    {
      schema: {
        operationId: 'adminGetClient',
        summary: 'Read an OAuth client (never its secret)',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: ClientParams,
        response: { 200: AdminClientSchema, ...adminErrorResponses(400, 404) },
      },
    },
    async (request) => presentClient(await ctx.admin.clients.get(request.params.clientId)),
  );

  routes.put(
    '/clients/:clientId',
    {
      schema: {
        operationId: 'adminPutClient',
        summary: 'Create (201, with the secret shown once) or replace (200) an OAuth client',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: ClientParams,
        body: ClientBodySchema,
        response: { 200: AdminClientPutResponse, 201: AdminClientPutResponse, ...adminErrorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const result = await ctx.admin.clients.put(request.params.clientId, request.body);
      const body = presentClient(result.entity);
      return reply
        .code(result.created ? 201 : 200)
        .send(result.clientSecret === undefined ? body : { ...body, clientSecret: result.clientSecret });
    },
  );

  routes.post(
    '/clients/:clientId/secret',
    {
      schema: {
        operationId: 'adminRotateClientSecret',
        summary: 'Replace the client secret with a generated one, shown once; the old one stops working',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: ClientParams,
        response: { 200: AdminClientSecretResponse, ...adminErrorResponses(400, 404) },
      },
    },
    async (request) => {
      const rotated = await ctx.admin.clients.rotateSecret(request.params.clientId);
      return { ...presentClient(rotated.client), clientSecret: rotated.clientSecret };
    },
  );

  routes.delete(
    '/clients/:clientId',
    {
      schema: {
        operationId: 'adminDeleteClient',
        summary: 'Delete an OAuth client; its access tokens stop verifying within 2 seconds on every instance',
        tags: ADMIN_TAGS,
        security: ADMIN_SECURITY,
        params: ClientParams,
        response: { 204: Deleted, ...adminErrorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await ctx.admin.clients.delete(request.params.clientId);
      return reply.code(204).send(null);
    },
  );
}
