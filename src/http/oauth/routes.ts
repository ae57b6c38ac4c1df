// The authorization server's HTTP side (docs/oauth.md): the token endpoint, the JWKS and the
// RFC 8414 metadata. Protocol rules live in src/auth; this file parses and answers. Errors of the
// token endpoint follow RFC 6749 §5.2 ({error, error_description}), not the app-wide {message}.
import formBody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags, consumes
import { OAuthError, authorizationServerMetadata, parseForm, parseJsonParameters, readTokenRequest } from '../../auth/index.ts';
import { JWKS_PATH, METADATA_PATH, TOKEN_PATH } from '../../auth/oauth.ts';
import type { AppContext } from '../../context.ts';
import { Errors, isRegisteredError } from '../../errors.ts';
import { isDatabaseUnavailable } from '../../storage/unavailable.ts';
import { REALM, authorizationFieldCount } from '../plugins/authenticate.ts';
import { BODY_LIMIT_BYTES } from '../plugins/json-body.ts';

/** An access token as issued (demo client, expired long ago), for the document's example. */
const EXAMPLE_TOKEN =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCIsImtpZCI6Ik1qcXh0OEZ2TU80cDRMSG1mWXphU1BVRUdpMXBiMWF6WE9GSVVZdVJ0d3MifQ' +
  '.eyJjbGllbnRfaWQiOiJub3JkaWMtaG9tZS1iYWNrZW5kIiwic2NvcGUiOiJtZXJjaGFudC1hcGkiLCJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJzdWIiOiJub3JkaWMtaG9tZS1iYWNrZW5kIiwiYXVkIjoiaHR0cDovL2xvY2FsaG9zdDozMDAwIiwiaWF0IjoxNzk1MzA0OTExLCJleHAiOjE3OTUzMDg1MTEsImp0aSI6IjM4YjM0NzIzLTBkM2QtNGE5ZC05ZWI0LWM2ZmEyYWI0NDM3ZCJ9' +
  '.LwZUznNvL_viDLcyAKxehudln-7af5uUTPw48I0xB_YbELdxtwhFmcLet2Mg2uUpWmB2J03666KF7VRHGqV7sQ';

const FORM = 'application/x-www-form-urlencoded';
const JSON_MEDIA = 'application/json';
const TAG = 'Authorization server';

const TokenRequestBody = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ description: 'Must be client_credentials.' })),
    scope: Type.Optional(Type.String({ description: "Space-separated subset of the client's scopes; absent requests all of them." })),
    client_id: Type.Optional(Type.String({ description: 'Client id, when not sent by HTTP Basic.' })),
    client_secret: Type.Optional(Type.String({ description: 'Client secret, when not sent by HTTP Basic.' })),
  },
  { description: 'RFC 6749 §4.4.2 access token request. Unknown parameters are ignored; none may repeat.' },
);

const TokenResponse = Type.Object(
  {
    access_token: Type.String({ description: 'RFC 9068 JWT access token (typ at+jwt).' }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ description: 'Lifetime of the token in seconds.' }),
    scope: Type.String({ description: 'Granted scopes, space-separated.' }),
  },
  { description: 'RFC 6749 §5.1 access token response.' },
);

const OAuthErrorBody = Type.Object(
  {
    error: Type.String({ description: 'RFC 6749 §5.2 error code, e.g. invalid_request, invalid_client.' }),
    error_description: Type.String({ description: 'Human-readable explanation.' }),
    message: Type.String({
      description: 'The same text as error_description, for clients that read `message` as on every other endpoint.',
    }),
  },
  { description: 'RFC 6749 §5.2 error response.' },
);

const JsonWebKeySet = Type.Object(
  {
    keys: Type.Array(
      Type.Object({
        kty: Type.String(),
        crv: Type.String(),
        x: Type.String(),
        y: Type.String(),
        kid: Type.String(),
        alg: Type.String(),
        use: Type.String(),
      }),
    ),
  },
  { description: 'RFC 7517 JWK Set: the public keys that verify access tokens of this issuer.' },
);

const AuthorizationServerMetadata = Type.Object(
  {
    issuer: Type.String(),
    token_endpoint: Type.String(),
    jwks_uri: Type.String(),
    grant_types_supported: Type.Array(Type.String()),
    token_endpoint_auth_methods_supported: Type.Array(Type.String()),
    scopes_supported: Type.Array(Type.String()),
    response_types_supported: Type.Array(Type.String()),
  },
  { description: 'RFC 8414 authorization server metadata.' },
);

/** Maps any failure of a token request to an RFC 6749 §5.2 error. */
function toOAuthError(error: FastifyError): OAuthError {
  if (error instanceof OAuthError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new OAuthError('invalid_request', `the request body exceeds ${BODY_LIMIT_BYTES} bytes`, 413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new OAuthError('invalid_request', `the request body must be ${FORM} or ${JSON_MEDIA}`);
  }
  // The JSON body's own refusals (malformed, too deep, not UTF-8): registered errors of the JSON parser.
  if (error instanceof Errors.MALFORMED_JSON || error instanceof Errors.INVALID_REQUEST) {
    return new OAuthError('invalid_request', error.message);
  }
  // Only a missing body gets this far: every parsed value is a string.
  if (error.validation) return new OAuthError('invalid_request', `the request body must be ${FORM} or ${JSON_MEDIA}`);
  // The rate limit (http/plugins/rate-limit.ts); RFC 6749 has no error code of its own for it.
  if (error instanceof Errors.RATE_LIMITED) return new OAuthError('invalid_request', error.message, 429);
  if (isDatabaseUnavailable(error)) {
    return new OAuthError('temporarily_unavailable', 'the service is temporarily unavailable; retry shortly');
  }
  // Fastify's own 4xx (bad content length …) carry messages safe to show.
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && error.code?.startsWith('FST_')) {
    return new OAuthError('invalid_request', error.message, error.statusCode);
  }
  return new OAuthError('server_error', 'internal server error');
}

function tokenErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const oauth = toOAuthError(error);
  reply.errorCode = isRegisteredError(error) ? error.code : oauth.error;
  if (oauth.statusCode >= 500) request.log.error({ err: error }, 'token request failed');
  if (oauth.statusCode === 401) {
    // RFC 9110 §15.5.2: a 401 carries a challenge; RFC 6749 §5.2: Basic, the scheme we accept.
    void reply.header('www-authenticate', `Basic realm="${REALM}", charset="UTF-8"`);
  }
  if (oauth.retryAfterSeconds !== undefined) void reply.header('retry-after', String(oauth.retryAfterSeconds));
  else if (oauth.error === 'temporarily_unavailable') void reply.header('retry-after', '1');
  return reply
    .code(oauth.statusCode)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .type('application/json; charset=utf-8')
    .send({ error: oauth.error, error_description: oauth.message, message: oauth.message });
}

export async function oauthRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  // This plugin's context accepts form bodies and, as published clients of this API family send
  // them, JSON objects of the same parameters: parsed (prototype keys refused, 64 KiB at most),
  // then turned into the same parameters a form gives, so every later rule is the form's.
  const parseJson = routes.getDefaultJsonParser('error', 'error');
  routes.removeAllContentTypeParsers();
  await routes.register(formBody, { parser: parseForm, bodyLimit: BODY_LIMIT_BYTES });
  routes.addContentTypeParser(JSON_MEDIA, { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    void parseJson(request, text, (error, value) => {
      if (error) return done(new OAuthError('invalid_request', 'the request body is not valid JSON'), undefined);
      try {
        done(null, parseJsonParameters(value, text));
      } catch (refusal) {
        done(refusal as Error, undefined);
      }
    });
  });

  routes.post(
    TOKEN_PATH,
    {
      schema: {
        operationId: 'issueToken',
        // The client authenticates with HTTP Basic, or with its id and secret in the body (no scheme to declare).
        security: [{ clientSecretBasic: [] }, {}],
        description: [
          'OAuth 2.0 client credentials grant (RFC 6749 §4.4). Authenticate the client with HTTP Basic ' +
            '(`client_secret_basic`) or with the `client_id` and `client_secret` form fields (`client_secret_post`), ' +
            'not both.',
          "`scope` is a space-separated subset of the client's scopes (`merchant-api`, `admin`); without it the " +
            'token carries all of them.',
          'The access token is a JWT (RFC 9068, `typ: at+jwt`) signed with a key published at ' +
            '`/.well-known/jwks.json`; send it as `Authorization: Bearer <access_token>`.',
          'The same parameters may be sent as a JSON object (`Content-Type: application/json`), as published clients of ' +
            'this API family do: each a string, with the same rules, limits and errors.',
          'Errors have the RFC 6749 §5.2 shape `{error, error_description}` (plus `message`, the same text), not the ' +
            '`{message, code}` of the other endpoints.',
        ].join('\n\n'),
        'x-docs': {
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
                  value: {
                    error: 'unsupported_grant_type',
                    error_description: 'only grant_type=client_credentials is supported',
                    message: 'only grant_type=client_credentials is supported',
                  },
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
                '`invalid_request`: too many failed authentications of this client id from this address this minute ' +
                '(a right secret this instance verified before is never refused). Retry after `Retry-After` seconds.',
            },
            '500': { body: 'OAuthErrorResponse', description: '`server_error`: unexpected fault, generic description.' },
            '503': {
              body: 'OAuthErrorResponse',
              description:
                '`temporarily_unavailable`: the database cannot be reached, or this instance is verifying as many client ' +
                'secrets as it allows (a bound on the work unauthenticated requests can cause). Retry after `Retry-After` seconds.',
            },
          },
        },
        summary: 'Issue an access token (OAuth 2.0 client credentials grant)',
        tags: [TAG],
        consumes: [FORM, JSON_MEDIA],
        body: TokenRequestBody,
        // 429: the failure budget per client id and address (RATE_LIMIT_TOKEN_PER_MINUTE), with Retry-After.
        response: { 200: TokenResponse, 429: OAuthErrorBody, '4xx': OAuthErrorBody, '5xx': OAuthErrorBody },
      },
      errorHandler: tokenErrorHandler,
    },
    async (request, reply) => {
      // Node keeps the first of several Authorization fields; which one counts must not be a guess.
      if (authorizationFieldCount(request) > 1) {
        throw new OAuthError('invalid_request', 'the request carries more than one Authorization header');
      }
      const token = await ctx.auth.clientCredentialsGrant(readTokenRequest(request.body, request.headers.authorization), request.ip);
      // RFC 6749 §5.1: token responses must not be cached.
      return reply
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send({
          access_token: token.accessToken,
          token_type: 'Bearer' as const,
          expires_in: token.expiresIn,
          scope: token.scope,
        });
    },
  );

  routes.get(
    JWKS_PATH,
    {
      schema: {
        operationId: 'jwks',
        // Public: no credentials (an explicit empty requirement, not an omission).
        security: [],
        description:
          'The public keys that verify the access tokens this server issues (current and recently retired). ' + 'Cacheable for 5 minutes.',
        'x-docs': {
          responses: {
            '500': { body: 'ErrorResponse' },
            '503': { body: 'ErrorResponse' },
          },
        },
        summary: 'Public keys that verify access tokens (JWK Set)',
        tags: [TAG],
        response: { 200: JsonWebKeySet },
      },
    },
    async (_request, reply) => {
      const jwks = await ctx.auth.jwks();
      return reply.header('cache-control', 'public, max-age=300').send(jwks);
    },
  );

  const metadata = authorizationServerMetadata(ctx.config.publicUrl);
  routes.get(
    METADATA_PATH,
    {
      schema: {
        operationId: 'authorizationServerMetadata',
        // Public: no credentials (an explicit empty requirement, not an omission).
        security: [],
        description: 'RFC 8414 metadata: issuer, token endpoint, JWKS location, grant types and scopes.',
        summary: 'Authorization server metadata (RFC 8414)',
        tags: [TAG],
        response: { 200: AuthorizationServerMetadata },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(metadata),
  );
}
