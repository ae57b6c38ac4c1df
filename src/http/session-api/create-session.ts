// POST /v1/stores/{storeId}/sessions (spec §4.1, contract §3).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { authenticate, requireStoreGrant } from '../plugins/authenticate.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { CreateSessionBody, CreateSessionParams, SessionSchema } from './schemas.ts';

export function createSessionRoute(app: FastifyInstance, ctx: AppContext, embedSrc: () => string): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/stores/:storeId/sessions',
    {
      schema: {
        operationId: 'createSession',
        summary: 'Create a storefront session for a store',
        tags: ['Sessions'],
        security: [{ oauth2: ['merchant-api'] }],
        params: CreateSessionParams,
        body: CreateSessionBody,
        response: {
          201: SessionSchema,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          429: ErrorResponse,
          500: ErrorResponse,
          503: ErrorResponse,
        },
      },
      // Who is calling comes first (401/403 scope), then what was sent (400), then the store (403).
      onRequest: authenticate(ctx, 'merchant-api'),
      // Per client, after authentication (http/plugins/rate-limit.ts).
      config: { rateLimitPolicy: 'merchant' },
      // An absent or empty body means "no options" (contract §3).
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
    },
    async (request, reply) => {
      const { storeId } = request.params;
      await requireStoreGrant(ctx, request, storeId);
      const session = await ctx.sessions.create(storeId, request.body.campaign);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ id: session.id, expiresAt: session.expiresAt.toISOString(), embed: { src: embedSrc() } });
    },
  );
}
