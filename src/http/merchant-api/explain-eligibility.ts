// GET /v2/stores/{store_id}/payment_methods/eligibility: "why is method X not offered?" answered
// with data, by the same engine that computes the storefront's groups.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { Errors, withParameters } from '../../errors.ts';
import { sessionCustomerType } from '../../services/session-options.ts';
import { priceInformationLink } from '../../domain/credit-disclosure.ts';
import { authenticate, requireStoreGrant } from '../plugins/authenticate.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { EligibilityQuery, EligibilityResponse, StoreParams } from './schemas.ts';

export function explainEligibilityRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/stores/:store_id/payment_methods/eligibility',
    {
      schema: {
        operationId: 'explainEligibility',
        description: [
          'Answers "why is method X not offered?": for an amount (and optionally a customer type, a campaign ' +
            'keyword and `flattened`), the groups a storefront session with that campaign would be offered, and for ' +
            'every method of the store whether it is eligible and every rule it fails.',
          "With `session=<id>` (a session of this store, expired or not, while it is retained), the session's campaign, " +
            "order rules (docs/session-api.md#order-rules) and locale are used, and the order's rules add their reasons " +
            "after the catalog's: `NOT_IN_ALLOWED_PAYMENT_METHODS`, `IN_BLOCKED_PAYMENT_METHODS`, `PRODUCT_TYPE_EXCLUDED`, " +
            '`COUNTRY_NOT_SERVED`. A session of another store, unknown or purged is 404 `SESSION_NOT_FOUND`; `campaign` ' +
            "beside `session` is 400; a `customerType` other than the session's fixed one is 422.",
          'The query follows group retrieval: 400 for a missing or repeated parameter, 422 for an invalid one. Needs ' +
            'an access token of scope `merchant-api` whose client is granted the store.',
        ].join('\n\n'),
        'x-docs': {
          responses: {
            '200': { description: 'The verdict for every method, and the resulting groups.' },
            '400': { description: '`amount` missing, a parameter given more than once, or `campaign` beside `session`.' },
            '404': { description: '`session` names no session of this store (unknown, malformed, purged, or of another store).' },
            '422': { description: 'A parameter is present but invalid (as in group retrieval).' },
          },
        },
        summary: 'Which methods a session would be offered for an amount, and every rule each other method fails',
        tags: ['Merchant'],
        security: [{ oauth2: ['merchant-api'] }],
        params: StoreParams,
        querystring: EligibilityQuery,
        response: {
          200: EligibilityResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          500: ErrorResponse,
          503: ErrorResponse,
        },
      },
      // Same query rules and errors as group retrieval: 400 missing/repeated, 422 invalid.
      // rateLimitPolicy: per client, after authentication (http/plugins/rate-limit.ts).
      config: { validationStatus: 422, rateLimitPolicy: 'merchant' },
      onRequest: authenticate(ctx, 'merchant-api'),
      preValidation: singleValuedQuery(['amount', 'customerType', 'campaign', 'flattened', 'locale', 'session'], ['amount']),
    },
    async (request, reply) => {
      const { store_id: storeId } = request.params;
      await requireStoreGrant(ctx, request, storeId);
      const { amount, flattened = false, locale, session: sessionId } = request.query;
      let { customerType, campaign } = request.query;
      let session;
      if (sessionId !== undefined) {
        if (campaign !== undefined) {
          throw withParameters(new Errors.INVALID_REQUEST('query parameter campaign may not be given with session'), {
            campaign: "may not be given with session: the session's campaign is used",
          });
        }
        session = await ctx.sessions.require(sessionId);
        // Another store's session answers as an unknown one: nothing confirms that it exists.
        if (session.storeId !== storeId.toLowerCase()) throw new Errors.SESSION_NOT_FOUND();
        campaign = session.campaign;
        customerType = sessionCustomerType(session.rules, customerType);
      }
      const explained = await ctx.merchantListing.explain(storeId.toLowerCase(), {
        amount,
        customerType,
        campaign,
        flattened,
        locale,
        sessionLocale: session?.locale,
        rules: session?.rules,
        // With a session, its groups as its storefront gets them: their disclosures name its price-information pages.
        link: session && priceInformationLink(ctx.config.publicUrl, session.id, locale),
      });
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-language', explained.language)
        .send({
          amount,
          customerType: customerType ?? null,
          campaign: campaign ?? null,
          session: session?.id ?? null,
          methods: explained.methods.map((v) => ({
            id: v.method.id,
            name: v.method.name,
            type: v.method.type,
            eligible: v.eligible,
            reasons: v.reasons,
          })),
          groups: explained.groups,
        });
    },
  );
}
