// What the route schemas do not say, by operationId: long descriptions, examples, response
// descriptions and headers, and the statuses a route answers without declaring them in its schema.
// The route files stay thin; the document gets the prose here. test/db/openapi.test.ts checks
// that every operationId named here exists and that every example matches its schema.

/** An OpenAPI Example Object. */
export interface Example {
  summary: string;
  value: unknown;
}

export interface ResponseDoc {
  description?: string;
  /** Response headers: name → description (string values). */
  headers?: Record<string, string>;
  examples?: Record<string, Example>;
  /**
   * A status the route's schema leaves out (or covers only with a range such as 4XX): its body
   * schema, by component name. A status inside a range that the route declares takes the range's
   * body; the range itself is then replaced by the statuses listed here.
   */
  body?: string;
}

export interface OperationDoc {
  description: string;
  requestExamples?: Record<string, Example>;
  responses?: Record<string, ResponseDoc>;
}

/** Descriptions of the statuses every operation shares, unless its own entry says otherwise. */
export const DEFAULT_RESPONSES: Record<string, ResponseDoc> = {
  '200': { description: 'OK.' },
  '201': { description: 'Created.' },
  '304': { description: 'Not modified: `If-None-Match` matched the current `ETag`. No body.' },
  '400': { description: 'The request cannot be understood (see `message`).' },
  '401': {
    description:
      'No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. ' +
      '`WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent.',
    headers: { 'WWW-Authenticate': 'RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`.' },
  },
  '403': {
    description:
      "The token is valid but lacks the required scope, or its client is not granted the store. An unknown store " +
      "is 403 too, so that other merchants' store ids cannot be probed.",
  },
  '404': { description: 'Not found.' },
  '409': { description: 'Conflicts with the current state of the resource.' },
  '413': { description: 'The request body exceeds 64 KiB.' },
  '415': { description: 'Unsupported `Content-Type`: this endpoint accepts `application/json`.' },
  '422': { description: 'A query parameter is present but invalid.' },
  '429': {
    description:
      'Too many requests: the rate limit of this client (or, without one, of this address) for the current ' +
      'minute is used up. Retry after `Retry-After` seconds.',
    headers: { 'Retry-After': 'Seconds until the limit resets.' },
  },
  '500': { description: 'Unexpected server error; the message is generic. The service keeps serving.' },
  '503': { description: 'The database cannot be reached; retry shortly.' },
};

const EXAMPLE_TOKEN =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCIsImtpZCI6Ik1qcXh0OEZ2TU80cDRMSG1mWXphU1BVRUdpMXBiMWF6WE9GSVVZdVJ0d3MifQ' +
  '.eyJjbGllbnRfaWQiOiJub3JkaWMtaG9tZS1iYWNrZW5kIiwic2NvcGUiOiJtZXJjaGFudC1hcGkiLCJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJzdWIiOiJub3JkaWMtaG9tZS1iYWNrZW5kIiwiYXVkIjoiaHR0cDovL2xvY2FsaG9zdDozMDAwIiwiaWF0IjoxNzk1MzA0OTExLCJleHAiOjE3OTUzMDg1MTEsImp0aSI6IjM4YjM0NzIzLTBkM2QtNGE5ZC05ZWI0LWM2ZmEyYWI0NDM3ZCJ9' +
  '.LwZUznNvL_viDLcyAKxehudln-7af5uUTPw48I0xB_YbELdxtwhFmcLet2Mg2uUpWmB2J03666KF7VRHGqV7sQ';

/** A group as served; `internalData` here holds a subset of what the service puts there. */
function group(id: string, methodIds: string[], title: string, subtitle: string, type: string, customerTypes: string[]) {
  const internalData = Buffer.from(
    JSON.stringify({ v: 1, type, methodIds, title, amount: '1299.95', currency: 'SEK' }),
    'utf8',
  ).toString('base64');
  return { id, methodIds, title, subtitle, type, customerTypes, internalData };
}

/** Groups of the demo store at 1299.95 SEK for a NATURAL customer: two single methods and one bundle. */
const GROUPS_EXAMPLE = [
  group(
    '6af2df1d0924d3eb018cb4d86cfefc61572b632bb34a4f437b6d0dbc40182982',
    ['9f44e032-0b86-4592-ac19-ff8f3b87a4f2'],
    'Invoice',
    'Pay within 30 days',
    'PROVIDER_INVOICE',
    ['NATURAL'],
  ),
  group(
    'b9386fd253843b8b379f3214e29d12886b17fbd562807edfbb541760923542c4',
    ['220aeb84-8e9e-4fc3-82bc-f5b41a251bf0', '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a'],
    'Part payment',
    'From 89 SEK/month',
    'PROVIDER_PART_PAYMENT_SELECT_NOW',
    ['NATURAL'],
  ),
  group(
    '23328f70be2c9094b3381c2aebec55ea54846117ea21a28e93a813cc6ed2eaef',
    ['579c1bb9-03c0-4760-b4bc-952d8efdda47'],
    'Card',
    'Visa, Mastercard',
    'CARD',
    ['NATURAL', 'LEGAL'],
  ),
];

const INVOICE_METHOD = {
  id: '9f44e032-0b86-4592-ac19-ff8f3b87a4f2',
  name: 'Invoice',
  description: 'Pay within 30 days',
  type: 'PROVIDER_INVOICE',
  minPurchaseLimit: 0,
  maxPurchaseLimit: 50000,
  minApplicationLimit: 0,
  maxApplicationLimit: 50000,
  legalLinks: [{ url: 'https://pay.example.com/terms/invoice?amount=', type: 'PRICE_INFO', appendAmount: true }],
  enabledForLegalCustomer: false,
  enabledForNaturalCustomer: true,
  campaign: { campaign: false, keywords: [] },
  priceSignagePossible: false,
};

const CAMPAIGN_METHOD = {
  id: '707120fd-3673-4b6e-9a91-03a5309c2a8f',
  name: 'Black Week: 6 months interest-free',
  description: 'Campaign: 0 % interest, no fees, 6 monthly payments',
  type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
  minPurchaseLimit: 500,
  maxPurchaseLimit: 60000,
  minApplicationLimit: 500,
  maxApplicationLimit: 60000,
  legalLinks: [{ url: 'https://pay.example.com/terms/campaign/blackweek?amount=', type: 'PRICE_INFO', appendAmount: true }],
  enabledForLegalCustomer: false,
  enabledForNaturalCustomer: true,
  campaign: { campaign: true, keywords: ['BLACKWEEK'] },
  priceSignagePossible: true,
};

function error(summary: string, message: string, code: string): Record<string, Example> {
  return { [code]: { summary, value: { message, code } } };
}

/** The session API, the merchant API, the authorization server and the operations endpoints. */
export const OPERATION_DOCS: Record<string, OperationDoc> = {
  createSession: {
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

  getPaymentMethodGroups: {
    description: [
      'Called by the storefront, typically from the browser. **No `Authorization` header**: access is by the ' +
        "session id in the path, which the merchant's backend got from `createSession`. Sessions are " +
        'time-limited; no merchant credential ever reaches the browser. Any origin may read the response (CORS).',
      'Checks run in this order: the query (400 for a missing or repeated parameter, 422 for an invalid one), ' +
        'then the session (404 unknown, 409 expired).',
      'A payment method of the store is offered when `amount` lies within its purchase limits (compared as exact ' +
        'decimals), it is enabled for `customerType` (for at least one type when absent), and it matches the ' +
        "session's campaign (a session without a campaign gets only non-campaign methods).",
      'Groups are in the store\'s display order. With `flattened=true` every method is a group of its own. ' +
        'Otherwise methods of type `PROVIDER_PART_PAYMENT_SELECT_NOW` are bundled into one group, and those of ' +
        '`PROVIDER_PART_PAYMENT_SELECT_LATER` into another (each split by identical customer-type support); the ' +
        "bundle's `id` is stable for its set of method ids.",
      '`type` is an extensible enum: accept values not listed. `internalData` is opaque: hand it unchanged to ' +
        'the payment components (e.g. as the data attribute of a payment-method element); never parse it, its ' +
        'structure may change without notice.',
      'Responses may be cached for 10 minutes (`Cache-Control: private, max-age=600`) and carry an `ETag`; ' +
        'a request with a matching `If-None-Match` answers 304.',
    ].join('\n\n'),
    responses: {
      '200': {
        description: 'The groups to offer, in display order; `[]` when nothing is eligible.',
        headers: { 'Cache-Control': '`private, max-age=600`.', ETag: 'Validator of this body, for `If-None-Match`.' },
        examples: { groups: { summary: 'Two single methods and a part-payment bundle', value: GROUPS_EXAMPLE } },
      },
      '400': {
        description: '`amount` missing, or `amount`, `customerType` or `flattened` given more than once.',
        examples: error('Missing amount', 'Query parameter "amount" is required', 'MISSING_QUERY_PARAMETER'),
      },
      '404': {
        description: 'No such session (a malformed id included), or a session purged at least 24 hours after it expired.',
        examples: error('Unknown session', 'Session not found', 'SESSION_NOT_FOUND'),
      },
      '409': {
        description: 'The session has expired (`expiresAt` has passed): the merchant backend must create a new one.',
        examples: error(
          'Expired session',
          'Session expired at 2026-11-22T00:48:31.744Z; the merchant backend must create a new session',
          'SESSION_EXPIRED',
        ),
      },
      '422': {
        description:
          '`amount` does not match `^\\d+(\\.\\d{1,2})?$` (an empty one included), `customerType` is not ' +
          '`NATURAL` or `LEGAL`, or `flattened` is not `true` or `false`.',
        examples: error('Invalid amount', 'query parameter amount must match pattern "^\\d+(\\.\\d{1,2})?$"', 'INVALID_QUERY_PARAMETER'),
      },
    },
  },

  listPaymentMethods: {
    description: [
      "Every payment method of the store, campaign and non-campaign alike (with their campaign info), in the " +
        "store's display order, one page at a time (`page` is 0-based; `size` 1 to 1000, default 100; a page past " +
        'the end has an empty `content`).',
      'With `amount`, only the methods whose purchase limits include it (inclusive).',
      'Needs an access token of scope `merchant-api` whose client is granted the store.',
    ].join('\n\n'),
    responses: {
      '200': {
        description: 'One page of payment methods.',
        examples: {
          page: {
            summary: 'The first page of two methods (of nine) at 1299.95',
            value: { content: [CAMPAIGN_METHOD, INVOICE_METHOD], page: { number: 0, size: 2, totalElements: 9, totalPages: 5 } },
          },
        },
      },
      '400': { description: '`amount` not a plain non-negative decimal, `page` or `size` out of range, or a parameter repeated.' },
    },
  },

  explainEligibility: {
    description: [
      'Answers "why is method X not offered?": for an amount (and optionally a customer type, a campaign ' +
        'keyword and `flattened`), the groups a storefront session with that campaign would be offered, and for ' +
        'every method of the store whether it is eligible and every rule it fails.',
      'The query follows group retrieval: 400 for a missing or repeated parameter, 422 for an invalid one. Needs ' +
        'an access token of scope `merchant-api` whose client is granted the store.',
    ].join('\n\n'),
    responses: {
      '200': { description: 'The verdict for every method, and the resulting groups.' },
      '400': { description: '`amount` missing, or a parameter given more than once.' },
      '422': { description: 'A parameter is present but invalid (as in group retrieval).' },
    },
  },

  issueToken: {
    description: [
      'OAuth 2.0 client credentials grant (RFC 6749 §4.4). Authenticate the client with HTTP Basic ' +
        '(`client_secret_basic`) or with the `client_id` and `client_secret` form fields (`client_secret_post`), ' +
        'not both.',
      '`scope` is a space-separated subset of the client\'s scopes (`merchant-api`, `admin`); without it the ' +
        'token carries all of them.',
      'The access token is a JWT (RFC 9068, `typ: at+jwt`) signed with a key published at ' +
        '`/.well-known/jwks.json`; send it as `Authorization: Bearer <access_token>`.',
      'Errors have the RFC 6749 §5.2 shape `{error, error_description}`, not the `{message, code}` of the other endpoints.',
    ].join('\n\n'),
    requestExamples: {
      basic: {
        summary: 'With HTTP Basic client authentication',
        value: { grant_type: 'client_credentials', scope: 'merchant-api' },
      },
      post: {
        summary: 'With the credentials in the body',
        value: {
          grant_type: 'client_credentials',
          client_id: 'nordic-home-backend',
          client_secret: 'demo-secret-nordic-home-7Qm2vX9pL4',
        },
      },
    },
    responses: {
      '200': {
        description: 'The access token.',
        headers: { 'Cache-Control': '`no-store`.' },
        examples: {
          token: {
            summary: 'A merchant-api token',
            value: { access_token: EXAMPLE_TOKEN, token_type: 'Bearer', expires_in: 3600, scope: 'merchant-api' },
          },
        },
      },
      '400': {
        body: 'OAuthErrorResponse',
        description:
          '`invalid_request` (a missing, repeated or malformed parameter, two authentication methods, or a body that ' +
          'is not form-encoded), `unsupported_grant_type` or `invalid_scope`.',
        examples: {
          unsupportedGrantType: {
            summary: 'Another grant type',
            value: { error: 'unsupported_grant_type', error_description: 'only grant_type=client_credentials is supported' },
          },
        },
      },
      '401': {
        body: 'OAuthErrorResponse',
        description: '`invalid_client`: unknown client or wrong secret.',
        headers: { 'WWW-Authenticate': '`Basic realm="payment-methods", charset="UTF-8"`.' },
      },
      '413': { body: 'OAuthErrorResponse', description: '`invalid_request`: the body exceeds 64 KiB.' },
      '429': {
        body: 'OAuthErrorResponse',
        description:
          '`invalid_request`: too many token requests for this client id (or, without one, from this address) ' +
          'this minute. Retry after `Retry-After` seconds.',
      },
      '500': { body: 'OAuthErrorResponse', description: '`server_error`: unexpected fault, generic description.' },
      '503': { body: 'OAuthErrorResponse', description: '`temporarily_unavailable`: the database cannot be reached.' },
    },
  },

  jwks: {
    description:
      'The public keys that verify the access tokens this server issues (current and recently retired). ' +
      'Cacheable for 5 minutes.',
    responses: {
      '500': { body: 'ErrorResponse' },
      '503': { body: 'ErrorResponse' },
    },
  },

  authorizationServerMetadata: {
    description: 'RFC 8414 metadata: issuer, token endpoint, JWKS location, grant types and scopes.',
  },

  health: { description: 'Answers 200 as long as the process serves requests; it does not touch the database.' },

  ready: {
    description: 'Answers 200 when the database answers within 2 seconds, 503 otherwise.',
    responses: { '503': { description: 'The database did not answer (in time).' } },
  },

  getOpenApiDocument: {
    description: 'This document. Readable from any origin; rendered for people at `/docs`.',
    responses: { '200': { headers: { 'Cache-Control': '`no-cache`.' } } },
  },
};
