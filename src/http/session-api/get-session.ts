// GET /v1/sessions/{sessionId}: a merchant backend reads back a session it created (docs/session-api.md#session-lookup).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { Errors } from '../../errors.ts';
import { authenticate, principalOf } from '../plugins/authenticate.ts';
import { errorResponses } from '../schemas/common.ts';
import { errorExample } from '../openapi/route-docs.ts';
import { SessionParams, SessionRecordSchema } from './schemas.ts';

export function getSessionRoute(app: FastifyInstance, ctx: AppContext, embedSrc: () => string): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/sessions/:sessionId',
    {
      schema: {
        operationId: 'getSession',
        summary: 'Read a session back (merchant backends)',
        description: [
          "Called by the merchant's backend with an access token of scope `merchant-api` whose client is granted the " +
            "session's store: the session as it was created, with its store, campaign and locale, and the order's rules it was " +
            'created with (docs/session-api.md#order-rules; a field only when it was given, lists sorted, method ids in lower case).',
          'An expired session is still answered for as long as it is retained (`SESSION_RETENTION_HOURS` past ' +
            "`expiresAt`, at least 24 hours): it is the merchant's own record. Compare `expiresAt` with the time to " +
            'know whether a storefront can still use it.',
          '404 `SESSION_NOT_FOUND` for an unknown, malformed or purged id, and equally for a session of a store the ' +
            'client is not granted, so that session ids of other merchants cannot be confirmed.',
        ].join('\n\n'),
        'x-docs': {
          responses: {
            '200': {
              description: 'The session.',
              headers: { 'Cache-Control': '`no-store`.' },
              examples: {
                session: {
                  summary: 'A Black Week session',
                  value: {
                    id: '728319b9-7151-48cd-a23c-ed3f25e0662b',
                    storeId: '84d19995-8ee7-4639-8e25-13b1691ccac6',
                    campaign: 'BLACKWEEK',
                    locale: 'sv-SE',
                    createdAt: '2026-11-21T23:48:31.744Z',
                    expiresAt: '2026-11-22T00:48:31.744Z',
                    embed: { src: 'http://localhost:3000/embed/payment-components.c32e82d632122515.js' },
                  },
                },
              },
            },
            '404': {
              description: 'No such session for this client: unknown, malformed, purged, or of a store the client is not granted.',
              examples: errorExample('An unknown session', 'Session not found', 'SESSION_NOT_FOUND'),
            },
          },
        },
        tags: ['Sessions'],
        security: [{ oauth2: ['merchant-api'] }],
        params: SessionParams,
        response: { 200: SessionRecordSchema, ...errorResponses(401, 403, 404, 429, 500, 503) },
      },
      onRequest: authenticate(ctx, 'merchant-api'),
      config: { rateLimitPolicy: 'merchant' },
    },
    async (request, reply) => {
      const session = await ctx.sessions.require(request.params.sessionId);
      const owner = await ctx.storeMethods.storeOwner(session.storeId);
      // Not granted answers as unknown: a 403 would confirm that the session exists.
      if (owner === undefined || owner !== principalOf(request).merchantId) throw new Errors.SESSION_NOT_FOUND();
      return reply.header('cache-control', 'no-store').send({
        id: session.id,
        storeId: session.storeId,
        campaign: session.campaign ?? null,
        locale: session.locale ?? null,
        createdAt: session.createdAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        embed: { src: embedSrc() },
        // The order's rules as stored (canonical), only those the session was created with.
        ...(session.rules as Record<string, unknown> | undefined),
        ...(session.ttlSeconds === undefined ? {} : { ttlSeconds: session.ttlSeconds }),
      });
    },
  );
}
