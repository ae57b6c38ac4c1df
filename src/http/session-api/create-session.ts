// POST /v1/stores/{storeId}/sessions (docs/session-api.md#session-creation).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { authenticate, requireStoreGrant } from '../plugins/authenticate.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { CreateSessionBody, CreateSessionParams, SessionSchema } from './schemas.ts';
import type {} from '../openapi/route-docs.ts';

export function createSessionRoute(app: FastifyInstance, ctx: AppContext, embedSrc: () => string): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/stores/:storeId/sessions',
    {
      schema: {
        operationId: 'createSession',
        description: [
          "Called by the merchant's backend, never from a browser, with an access token of scope `merchant-api` " +
            'whose client is granted the store (a client is granted every store of its merchant).',
          'The session is valid until `expiresAt` (creation time + `SESSION_TTL_SECONDS`, default one hour). Hand ' +
            '`id` to the storefront page, which loads the script at `embed.src` and fetches the payment method groups ' +
            'with it (`getPaymentMethodGroups`).',
          'The body is optional: absent, empty or `{}` means no campaign. With `campaign`, shoppers of this session ' +
            'are offered only the payment methods of that campaign (keywords match case-insensitively); without it, ' +
            'only non-campaign methods. Unknown body fields are ignored.',
          'Order of checks: the token (401, then 403 for a missing scope), then the request (400, 413, 415), then ' +
            'the store grant (403).',
        ].join('\n\n'),
        'x-docs': {
          requestBodyOptional: true,
          requestExamples: {
            noCampaign: { summary: 'No campaign (the same as no body)', value: {} },
            campaign: { summary: 'A Black Week session', value: { campaign: 'BLACKWEEK' } },
          },
          responses: {
            '201': {
              description: 'The session. It is stored before this response is sent.',
              headers: { 'Cache-Control': '`no-store`.' },
              examples: {
                session: {
                  summary: 'A new session',
                  value: {
                    id: '728319b9-7151-48cd-a23c-ed3f25e0662b',
                    expiresAt: '2026-11-22T00:48:31.744Z',
                    embed: { src: 'http://localhost:3000/embed/payment-components.c32e82d632122515.js' },
                  },
                },
              },
            },
            '400': {
              description:
                'Malformed JSON, a body that is not an object, `campaign` not a string of 1 to 100 characters, or ' +
                '`storeId` not a UUID.',
            },
          },
        },
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
      // An absent or empty body means "no options" (docs/session-api.md#session-creation).
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
