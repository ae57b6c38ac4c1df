// /admin/v1/clients: OAuth clients by client id (docs/catalog.md#admin-api). A secret is shown once, in the
// answer of the request that set it (creation, rotation); lists and reads never show it or its hash.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags, security
import type { AppContext } from '../../context.ts';
import type { ClientPutResult } from '../../services/admin/index.ts';
import { actorOf, adminEntityRoutes } from './entity-routes.ts';
import { presentClient } from './presenters.ts';
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
  adminErrorResponses,
} from './schemas.ts';

export function clientRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminEntityRoutes(app, {
    path: '/clients',
    param: 'clientId',
    params: ClientParams,
    singular: 'Client',
    plural: 'Clients',
    summaries: {
      list: 'List OAuth clients, by client id; optionally of one merchant (never their secrets)',
      get: 'Read an OAuth client (never its secret)',
      put: 'Create (201, with the secret shown once) or replace (200) an OAuth client',
      delete: 'Delete an OAuth client; its access tokens stop verifying within 2 seconds on every instance',
    },
    listQuery: ByMerchantQuery,
    listFilter: 'merchantId',
    schemas: { page: AdminClientPage, entity: AdminClientSchema, body: ClientBodySchema, putResponse: AdminClientPutResponse },
    service: ctx.admin.clients,
    present: presentClient,
    // The secret this request set, shown this once.
    presentPut: (result: ClientPutResult) =>
      result.clientSecret === undefined
        ? presentClient(result.entity)
        : { ...presentClient(result.entity), clientSecret: result.clientSecret },
  });

  app.withTypeProvider<TypeBoxTypeProvider>().post(
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
      const rotated = await ctx.admin.clients.rotateSecret(request.params.clientId, actorOf(request));
      return { ...presentClient(rotated.client), clientSecret: rotated.clientSecret };
    },
  );
}
