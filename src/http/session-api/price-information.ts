// GET /v1/sessions/{sessionId}/price-information (docs/session-api.md#price-information-page): the page
// a group's disclosure links to, for people. Checks run in group retrieval's order: the query (400),
// then the session (404, 409), then the group (404). Errors are JSON like everywhere else.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { priceInformationFor } from '../../services/price-information.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { errorExample } from '../openapi/route-docs.ts';
import { GroupsParams, PriceInformationQuery } from './schemas.ts';
import { PRICE_INFORMATION_CSP, renderPriceInformationPage } from './price-information-page.ts';

/** The route's path under /v1. */
export const PRICE_INFORMATION_PATH = '/sessions/:sessionId/price-information';

export function priceInformationRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    PRICE_INFORMATION_PATH,
    {
      schema: {
        operationId: 'getPriceInformation',
        description: [
          "A page for people (HTML), linked from a group's `disclosure.priceInformationUrl`: for every plan of the " +
            "group's members, its name, duration, monthly cost, nominal interest rate, setup and administration fees, " +
            "total amount payable and annual percentage rate at `amount`, written as the disclosure's `text` writes " +
            "them; the store's credit warning; the members' SECCI and general-terms documents. **No `Authorization` " +
            'header**, like group retrieval: access is by the session id.',
          "The language is the one group retrieval would use: `locale`, else the session's `locale`, else the store's " +
            'language; `<html lang>` and `Content-Language` name it.',
          "The group must be one of the session's groups at `amount` (any customer type, bundled or flattened) and " +
            'name a monthly cost (its disclosure is not null for consumers); otherwise 404. Errors are JSON.',
          'Cacheable for 10 minutes (`Cache-Control: private, max-age=600`), like group retrieval. The page runs no ' +
            'script and loads nothing (`Content-Security-Policy`).',
        ].join('\n\n'),
        'x-docs': {
          responses: {
            '200': {
              description: 'The price-information page.',
              headers: {
                'Cache-Control': '`private, max-age=600`.',
                'Content-Language': 'The language of the page: `sv`, `nb`, `da`, `fi` or `en`.',
                'Content-Security-Policy': "`default-src 'none'`; the page's one stylesheet allowed by its hash.",
              },
            },
            '400': {
              description:
                '`amount` or `group` missing, given more than once or malformed (`amount` must match `^\\d+(\\.\\d{1,2})?$`, ' +
                '`group` 64 lowercase hexadecimal digits), or `locale` given twice or not a well-formed BCP 47 tag; ' +
                '`parameters` names the field.',
              examples: errorExample('Missing group', 'Query parameter "group" is required', 'MISSING_QUERY_PARAMETER', {
                group: 'is required',
              }),
            },
            '404': {
              description:
                "No such session (a malformed id included), or the group is not one of the session's groups at `amount`, or " +
                'it names no monthly cost (`GROUP_NOT_FOUND`).',
              examples: errorExample(
                'Group not offered',
                'Group 2f1c8a0c6f3b1e2d4c5b6a79881726354453627180f9e8d7c6b5a49382716050 is not offered to this session at amount 12.00',
                'GROUP_NOT_FOUND',
              ),
            },
            '409': {
              description: 'The session has expired.',
              examples: errorExample(
                'Expired session',
                'Session expired at 2026-11-22T00:48:31.744Z; the merchant backend must create a new session',
                'SESSION_EXPIRED',
              ),
            },
          },
        },
        summary: "Price information of a session's group: every plan's figures at an amount (HTML)",
        tags: ['Sessions'],
        security: [],
        params: GroupsParams,
        querystring: PriceInformationQuery,
        response: {
          200: { description: 'The price-information page.', content: { 'text/html': { schema: Type.String() } } },
          400: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
          500: ErrorResponse,
          503: ErrorResponse,
        },
      },
      // Per address, like group retrieval (http/plugins/rate-limit.ts).
      config: { rateLimitPolicy: 'storefront' },
      preValidation: singleValuedQuery(['amount', 'group', 'locale'], ['amount', 'group']),
    },
    async (request, reply) => {
      const { amount, group, locale } = request.query;
      const page = await priceInformationFor(ctx, { sessionId: request.params.sessionId, amount, group, locale });
      return reply
        .header('cache-control', 'private, max-age=600')
        .header('content-language', page.language)
        .header('content-security-policy', PRICE_INFORMATION_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(renderPriceInformationPage(page));
    },
  );
}
