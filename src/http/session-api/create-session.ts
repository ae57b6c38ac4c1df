// POST /v1/stores/{storeId}/sessions (docs/session-api.md#session-creation).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { Errors, withParameters } from '../../errors.ts';
import { authenticate, principalOf, requireStoreGrant } from '../plugins/authenticate.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { CreateSessionBody, CreateSessionHeaders, CreateSessionParams, SessionSchema } from './schemas.ts';
import { errorExample } from '../openapi/route-docs.ts';
import { sessionOptionsOf } from '../../services/session-options.ts';

const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

function invalidKey(problem: string): Error {
  return withParameters(new Errors.INVALID_IDEMPOTENCY_KEY(problem), { [IDEMPOTENCY_KEY_HEADER]: problem });
}

/**
 * The key of the request's Idempotency-Key header, undefined without one. The IETF draft
 * (draft-ietf-httpapi-idempotency-key-header) makes the value a Structured Field String, `"…"`
 * (RFC 8941 §3.3.3: printable ASCII, `\"` and `\\` escaped); a bare value, as many clients send it,
 * is taken as the key itself. Either way the key is 1 to 255 printable ASCII characters.
 */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'idempotency-key') count += 1;
  if (count === 0) return undefined;
  if (count > 1) throw invalidKey('may be given only once');
  const value = request.headers['idempotency-key'];
  if (typeof value !== 'string') throw invalidKey('may be given only once');
  let key = value;
  if (value.startsWith('"')) {
    const match = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/.exec(value);
    if (!match) throw invalidKey('must be a quoted string of printable ASCII characters (only \\" and \\\\ escaped), or a bare key');
    key = match[1]!.replace(/\\(["\\])/g, '$1');
  }
  if (!/^[\x20-\x7e]{1,255}$/.test(key)) throw invalidKey('must be 1 to 255 printable ASCII characters');
  return key;
}

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
          "The order's rules (docs/session-api.md#order-rules) narrow what this session offers beyond the store's own rules: " +
            "`allowedPaymentMethods` and `blockedPaymentMethods` (method types or ids of the store's methods; blocked wins), " +
            "`productTypes` (the goods in the order, against each method's `excludedProductTypes`), `country` (the shopper's " +
            "billing country, against each method's `countries`) and a fixed `customerType`; `ttlSeconds` shortens the " +
            "session's lifetime. They are stored with the session, returned by `getSession` and never change.",
          'Retries are safe with an `Idempotency-Key` header (docs/session-api.md#idempotent-retries): within 24 hours, ' +
            'the same client, key, store and body answer the session the first request created (201, the same body, ' +
            '`Idempotent-Replayed: true`); the same key with another store or body is 422 `IDEMPOTENCY_KEY_REUSED`; ' +
            'while the first request is still being processed, 409 `IDEMPOTENCY_KEY_IN_FLIGHT` with `Retry-After`. ' +
            'Keys are per client.',
          'Order of checks: the token (401, then 403 for a missing scope), then the request (400, 413, 415), then ' +
            'the store grant (403), then the idempotency key (409, 422).',
        ].join('\n\n'),
        'x-docs': {
          requestBodyOptional: true,
          requestExamples: {
            noCampaign: { summary: 'No campaign (the same as no body)', value: {} },
            campaign: { summary: 'A Black Week session', value: { campaign: 'BLACKWEEK' } },
            finnish: { summary: 'A session for a Finnish-speaking shopper', value: { locale: 'fi-FI' } },
            orderRules: {
              summary: 'An order with a gift card, billed in Sweden, for a consumer, valid 15 minutes',
              value: {
                productTypes: ['PHYSICAL', 'GIFT_CARD'],
                country: 'SE',
                customerType: 'NATURAL',
                blockedPaymentMethods: ['SWISH'],
                ttlSeconds: 900,
              },
            },
          },
          responses: {
            '201': {
              description:
                'The session. It is stored before this response is sent. A replay (a key seen before) answers the ' +
                'session the first request created, with the same body.',
              headers: {
                'Cache-Control': '`no-store`.',
                'Idempotent-Replayed':
                  '`true` when the answer is a replay of an earlier request with the same `Idempotency-Key`, else `false`.',
              },
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
                'Malformed JSON, a member named twice (`DUPLICATE_BODY_MEMBER`, `parameters` naming it: ' +
                '`{"locale":"sv-SE","locale":"en"}`), a body that is not an object, `campaign` not a string of 1 to 100 characters, `locale` ' +
                'not a string or not a well-formed BCP 47 tag of at most 35 characters, a rule of the order that is not ' +
                'valid (`parameters` naming the field, and for a list the entry: `allowedPaymentMethods[2]`: a wrong type, an ' +
                'empty list, more than 50 entries, a repeated entry, a type not matching `^[A-Z][A-Z0-9_]{0,63}$`, a UUID that is ' +
                "not one of the store's methods, an unknown product type, a country that is not an upper-case ISO 3166-1 alpha-2 " +
                'code, a `ttlSeconds` that is not a whole number from 60 to `SESSION_TTL_SECONDS`), or ' +
                '`storeId` not a UUID, or an `Idempotency-Key` that is not 1 to 255 printable ASCII characters ' +
                '(`INVALID_IDEMPOTENCY_KEY`, `parameters` naming the header).',
            },
            '409': {
              description:
                'A request with the same `Idempotency-Key` is still being processed (`IDEMPOTENCY_KEY_IN_FLIGHT`): retry ' +
                'after `Retry-After` seconds, with the same key, to get its session.',
              headers: { 'Retry-After': 'Seconds to wait before retrying (1).' },
              examples: errorExample(
                'The first request with this key is in flight',
                'A request with this Idempotency-Key is still being processed; retry after 1 seconds',
                'IDEMPOTENCY_KEY_IN_FLIGHT',
              ),
            },
            '422': {
              description:
                'The `Idempotency-Key` was used within the last 24 hours for a request with another store or body ' +
                '(`IDEMPOTENCY_KEY_REUSED`). A new session needs a new key.',
              examples: errorExample(
                'The key came with another campaign before',
                'This Idempotency-Key was already used for a different request; use a new key for a new request',
                'IDEMPOTENCY_KEY_REUSED',
              ),
            },
          },
        },
        summary: 'Create a storefront session for a store',
        tags: ['Sessions'],
        security: [{ oauth2: ['merchant-api'] }],
        params: CreateSessionParams,
        headers: CreateSessionHeaders,
        body: CreateSessionBody,
        response: {
          201: SessionSchema,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          422: ErrorResponse,
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
      const key = idempotencyKey(request);
      await requireStoreGrant(ctx, request, storeId);
      // Checked whole before anything is stored (the key included): a refused request leaves it free.
      const options = await sessionOptionsOf(request.body, {
        maxTtlSeconds: ctx.config.sessionTtlSeconds,
        storeMethodIds: () => ctx.storeMethods.storeMethodIds(storeId.toLowerCase()),
      });
      // Without a key, the batched insert (group commit); with one, the key's own transaction.
      const { session, replayed } =
        key === undefined
          ? { session: await ctx.sessions.create(storeId, options), replayed: false }
          : await ctx.sessions.createIdempotent(storeId, options, { clientId: principalOf(request).clientId, key });
      return reply
        .code(201)
        .header('idempotent-replayed', String(replayed))
        .header('cache-control', 'no-store')
        .send({ id: session.id, expiresAt: session.expiresAt.toISOString(), embed: { src: embedSrc() } });
    },
  );
}
