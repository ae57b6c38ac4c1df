// GET /v1/sessions/{sessionId}/payment-method-groups (docs/session-api.md#group-retrieval): the storefront's
// hot path. Checks run in the documented order (docs/session-api.md#group-retrieval): query (400, then 422), then the session (404, 409).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Static, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { DEFAULT_COUNTRY_CODE, type StoreMethods } from '../../domain/catalog.ts';
import type { GroupsSerializer } from '../../domain/offer-template.ts';
import { requestLanguage, type Language } from '../../domain/languages.ts';
import { etagOf } from '../../lib/body-etag.ts';
import { priceInformationLink, type PriceInformationLink } from '../../domain/credit-disclosure.ts';
import { inRequestContext } from '../../observability/request-tracing.ts';
import { ServerTiming } from '../../observability/server-timing.ts';
import type { SessionRecord } from '../../storage/repositories/sessions.ts';
import { sessionCustomerType } from '../../services/session-options.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { GroupsParams, GroupsQuery, GroupsResponse } from './schemas.ts';
import { errorExample } from '../openapi/route-docs.ts';
import { GROUPS_EXAMPLE } from './examples.ts';

/** A store that is gone has no groups: `[]`, tagged per language like any other answer. */
const EMPTY_ETAGS = new Map<Language, string>();
function emptyEtag(language: Language): string {
  let etag = EMPTY_ETAGS.get(language);
  if (etag === undefined) EMPTY_ETAGS.set(language, (etag = etagOf(`${language}\u0000[]`)));
  return etag;
}

/** The route's path under /v1. */
export const GROUPS_PATH = '/sessions/:sessionId/payment-method-groups';

/**
 * Each session's price-information links by the request's locale, made once: a session's requests
 * repeat them, and making one (a URL and its JSON escaping) was about half a microsecond of each answer.
 * A few locales a session at most; past them, a link is made each time.
 */
const sessionLinks = new WeakMap<SessionRecord, Map<string | undefined, PriceInformationLink>>();
const MAX_LINKS_PER_SESSION = 4;

function sessionLink(publicUrl: string, session: SessionRecord, locale: string | undefined): PriceInformationLink {
  let links = sessionLinks.get(session);
  let link = links?.get(locale);
  if (link === undefined) {
    link = priceInformationLink(publicUrl, session.id, locale);
    if (!links) sessionLinks.set(session, (links = new Map<string | undefined, PriceInformationLink>()));
    if (links.size < MAX_LINKS_PER_SESSION) links.set(locale, link);
  }
  return link;
}

export function paymentMethodGroupsRoute(app: FastifyInstance, ctx: AppContext): void {
  const serverTiming = ctx.config.serverTiming;
  /** Renders the groups of `catalog` (none for a store that is gone) and sends them. */
  const answer = (
    query: Static<typeof GroupsQuery>,
    reply: FastifyReply,
    session: SessionRecord,
    catalog: StoreMethods | undefined,
    timing: ServerTiming | undefined,
  ) => {
    const { amount, flattened = false, locale } = query;
    // A session's fixed customer type wins; a query naming another is 422 (docs/session-api.md#order-rules).
    const customerType = sessionCustomerType(session.rules, query.customerType);
    // docs/languages.md#choosing-the-language: the request's locale, else the session's, else the store's.
    // (A store that is gone has no country: its empty answer says the default country's language.)
    const language = requestLanguage(catalog?.store.countryCode ?? DEFAULT_COUNTRY_CODE, locale, session.locale);
    // Rendered from the store's compiled offer with this route's own response serializer
    // (services/offer-renderer.ts). (Fastify types the serializer for objects; it is the one
    // compiled from GroupsResponse.)
    const serialize = reply.getSerializationFunction('200') as unknown as GroupsSerializer;
    const rendered = catalog
      ? ctx.offers.render(
          catalog,
          {
            storeId: session.storeId,
            campaign: session.campaign,
            // The order's rules, and their key made once with the session record ('' without rules).
            rules: session.rules,
            rulesKey: session.rulesKey,
            amount,
            customerType,
            flattened,
            language,
            // Named by credit disclosures: the session's price-information pages, with the request's own locale.
            link: sessionLink(ctx.config.publicUrl, session, locale),
          },
          serialize,
        )
      : { body: '[]', etag: emptyEtag(language) };
    if (timing) {
      timing.mark('offer');
      reply.header('server-timing', timing.toString());
    }
    // Kept on a 304 too (the ETag hook only changes the status and drops the body). A JSON
    // string is sent as it is (no second serialization).
    return reply
      .header('cache-control', 'private, max-age=600')
      .header('etag', rendered.etag)
      .header('content-language', language)
      .type('application/json; charset=utf-8')
      .send(rendered.body);
  };

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    GROUPS_PATH,
    {
      schema: {
        operationId: 'getPaymentMethodGroups',
        description: [
          'Called by the storefront, typically from the browser. **No `Authorization` header**: access is by the ' +
            "session id in the path, which the merchant's backend got from `createSession`. Sessions are " +
            'time-limited; no merchant credential ever reaches the browser. Any origin may read the response (CORS).',
          'Checks run in this order: the query (400 for a missing or repeated parameter, 422 for an invalid one), ' +
            'then the session (404 unknown, 409 expired).',
          'A payment method of the store is offered when `amount` lies within its purchase limits (compared as exact ' +
            'decimals), it is enabled for `customerType` (for at least one type when absent), and it matches the ' +
            "session's campaign (a session without a campaign gets only non-campaign methods). Then the order's rules the " +
            'session was created with apply (docs/session-api.md#order-rules), before grouping: bundles, subtitles and ' +
            'disclosures describe only what is offered. A session created with a `customerType` is answered for it; a query ' +
            '`customerType` that differs is 422.',
          "Groups are in the store's display order. With `flattened=true` every method is a group of its own. " +
            'Otherwise methods of type `PROVIDER_PART_PAYMENT_SELECT_NOW` are bundled into one group, and those of ' +
            '`PROVIDER_PART_PAYMENT_SELECT_LATER` into another (each split by identical customer-type support); the ' +
            "bundle's `id` is stable for its set of method ids.",
          '`type` is an extensible enum: accept values not listed. `internalData` is opaque: hand it unchanged to ' +
            'the payment components (e.g. as the data attribute of a payment-method element); never parse it, its ' +
            'structure may change without notice.',
          'Responses may be cached for 10 minutes (`Cache-Control: private, max-age=600`) and carry an `ETag`; ' +
            'a request with a matching `If-None-Match` answers 304.',
          "Texts are in the language of `locale`, else the session's `locale`, else the store's language (its country's); " +
            "a tag of a language not served (sv, nb, da, fi, en) gets the store's. Titles, subtitles (`Från 238 kr/mån`, " +
            '`From 238 SEK/month`) and translated catalog texts follow it; `Content-Language` names it, and each language ' +
            'has its own ETags.',
        ].join('\n\n'),
        'x-docs': {
          responses: {
            '200': {
              description: 'The groups to offer, in display order; `[]` when nothing is eligible.',
              headers: {
                'Cache-Control': '`private, max-age=600`.',
                ETag: 'Validator of this body, for `If-None-Match`; different for each language.',
                'Content-Language': 'The language of the texts: `sv`, `nb`, `da`, `fi` or `en`.',
              },
              examples: { groups: { summary: 'Two single methods and a part-payment bundle', value: GROUPS_EXAMPLE } },
            },
            '400': {
              description: '`amount` missing, or `amount`, `customerType`, `flattened` or `locale` given more than once.',
              examples: errorExample('Missing amount', 'Query parameter "amount" is required', 'MISSING_QUERY_PARAMETER', {
                amount: 'is required',
              }),
            },
            '404': {
              description: 'No such session (a malformed id included), or a session purged at least 24 hours after it expired.',
              examples: errorExample('Unknown session', 'Session not found', 'SESSION_NOT_FOUND'),
            },
            '409': {
              description: 'The session has expired (`expiresAt` has passed): the merchant backend must create a new one.',
              examples: errorExample(
                'Expired session',
                'Session expired at 2026-11-22T00:48:31.744Z; the merchant backend must create a new session',
                'SESSION_EXPIRED',
              ),
            },
            '422': {
              description:
                '`amount` does not match `^\\d+(\\.\\d{1,2})?$` (an empty one included), `customerType` is not ' +
                '`NATURAL` or `LEGAL`, `flattened` is not `true` or `false`, or `locale` is not a well-formed BCP 47 tag of ' +
                "at most 35 characters; or, after the session's checks, `customerType` differs from the one the session was " +
                'created with.',
              examples: errorExample(
                'Invalid amount and flattened',
                'query parameter amount must match pattern "^\\d+(\\.\\d{1,2})?$"',
                'INVALID_QUERY_PARAMETER',
                {
                  amount: 'must match pattern "^\\d+(\\.\\d{1,2})?$"',
                  flattened: 'must be boolean',
                },
              ),
            },
          },
        },
        summary: 'Payment method groups a storefront session may offer for an amount',
        tags: ['Sessions'],
        security: [],
        params: GroupsParams,
        querystring: GroupsQuery,
        response: {
          200: GroupsResponse,
          304: { type: 'null', description: 'Not modified (If-None-Match matched the ETag).' },
          400: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          500: ErrorResponse,
          503: ErrorResponse,
        },
      },
      // A query that is present once but fails its pattern or enum is 422 (docs/session-api.md#group-retrieval).
      // rateLimitPolicy: per IP address, before anything else (http/plugins/rate-limit.ts).
      // traceContext: a traced request enters its trace context only on the way to the database (below).
      config: { validationStatus: 422, rateLimitPolicy: 'storefront', traceContext: 'handler' },
      preValidation: singleValuedQuery(['amount', 'customerType', 'flattened', 'locale'], ['amount']),
    },
    (request, reply) => {
      // Server-Timing only with SERVER_TIMING=true: the clock reads and the header were about 1 µs of every answer.
      const timing = serverTiming ? new ServerTiming() : undefined;
      // Cached session and catalog (most requests): answered without a promise or a microtask.
      const cached = ctx.sessions.cachedActive(request.params.sessionId);
      const catalog = cached && ctx.storeMethods.cachedStoreMethods(cached.storeId);
      if (cached && catalog) {
        timing?.mark('session');
        timing?.mark('catalog');
        answer(request.query, reply, cached, catalog.value, timing);
        return;
      }
      // A traced request's statements are children of its span (the route defers its trace context to here).
      return inRequestContext(request, async () => {
        const session = await ctx.sessions.requireActive(request.params.sessionId);
        timing?.mark('session');
        const loaded = await ctx.storeMethods.storeMethods(session.storeId);
        timing?.mark('catalog');
        return answer(request.query, reply, session, loaded, timing);
      });
    },
  );
}
