// The one registry of coded errors (docs/errors.md#error-codes). Every error the service answers with is made
// here: a stable `code`, its HTTP status and a human-readable message. Routes throw these; the
// error handler (http/plugins/error-handler.ts) turns them into `{message, code}` responses.
import createError from '@fastify/error';

export interface ErrorWithHeaders {
  headers?: Record<string, string>;
}

/** The request fields an error is about: name (`amount`, `plans[0].name`) → what is wrong with it. */
export type ErrorParameters = Record<string, string>;

export interface ErrorWithParameters {
  parameters?: ErrorParameters;
}

// @fastify/error formats the message with util.format: %s placeholders take the throw's arguments.
export const Errors = {
  // 400
  INVALID_REQUEST: createError('INVALID_REQUEST', '%s', 400),
  MALFORMED_JSON: createError('MALFORMED_JSON', 'Request body is not valid JSON', 400),
  MISSING_QUERY_PARAMETER: createError('MISSING_QUERY_PARAMETER', 'Query parameter "%s" is required', 400),
  DUPLICATE_QUERY_PARAMETER: createError('DUPLICATE_QUERY_PARAMETER', 'Query parameter "%s" may be given only once', 400),
  /** A JSON body whose object names a member twice (http/plugins/json-body.ts): JSON.parse would keep the last. */
  DUPLICATE_BODY_MEMBER: createError('DUPLICATE_BODY_MEMBER', 'Request body member "%s" may be given only once', 400),
  INVALID_IDEMPOTENCY_KEY: createError('INVALID_IDEMPOTENCY_KEY', 'Header Idempotency-Key %s', 400),
  // 401 / 403
  AUTHENTICATION_REQUIRED: createError(
    'AUTHENTICATION_REQUIRED',
    'Authentication required: send an OAuth 2.0 access token as "Authorization: Bearer <token>"',
    401,
  ),
  INVALID_TOKEN: createError('INVALID_TOKEN', 'The access token is invalid: %s', 401),
  INSUFFICIENT_SCOPE: createError('INSUFFICIENT_SCOPE', 'The access token lacks the scope "%s"', 403),
  STORE_NOT_GRANTED: createError('STORE_NOT_GRANTED', 'This client has no access to store %s', 403),
  // 404 / 409
  ROUTE_NOT_FOUND: createError('ROUTE_NOT_FOUND', 'No route %s %s', 404),
  SESSION_NOT_FOUND: createError('SESSION_NOT_FOUND', 'Session not found', 404),
  /** The price-information page's group is not among the session's groups at the amount, or names no monthly cost. */
  GROUP_NOT_FOUND: createError('GROUP_NOT_FOUND', '%s', 404),
  PAYMENT_METHOD_NOT_FOUND: createError('PAYMENT_METHOD_NOT_FOUND', 'Payment method %s not found in store %s', 404),
  SESSION_EXPIRED: createError('SESSION_EXPIRED', 'Session expired at %s; the merchant backend must create a new session', 409),
  /** A session creation whose Idempotency-Key is held by a request still being processed (docs/session-api.md#idempotent-retries). */
  IDEMPOTENCY_KEY_IN_FLIGHT: createError(
    'IDEMPOTENCY_KEY_IN_FLIGHT',
    'A request with this Idempotency-Key is still being processed; retry after %s seconds',
    409,
  ),
  // 408 / 431: answered on the raw socket before routing (http/plugins/http-limits.ts)
  REQUEST_TIMEOUT: createError('REQUEST_TIMEOUT', 'The request was not received in time', 408),
  REQUEST_HEADERS_TOO_LARGE: createError('REQUEST_HEADERS_TOO_LARGE', 'The request line and headers exceed the limit of %s bytes', 431),
  // 413 / 415 / 422
  PAYLOAD_TOO_LARGE: createError('PAYLOAD_TOO_LARGE', 'Request body exceeds the limit of %s bytes', 413),
  UNSUPPORTED_MEDIA_TYPE: createError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Unsupported Content-Type "%s": this endpoint accepts application/json',
    415,
  ),
  INVALID_QUERY_PARAMETER: createError('INVALID_QUERY_PARAMETER', '%s', 422),
  /** The Idempotency-Key was used (within 24 hours) for a request with another store or body. */
  IDEMPOTENCY_KEY_REUSED: createError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request; use a new key for a new request',
    422,
  ),
  // 429 (src/http/plugins/rate-limit.ts)
  RATE_LIMITED: createError('RATE_LIMITED', 'Too many requests: retry after %s seconds', 429),
  // 5xx
  INTERNAL: createError('INTERNAL', 'Internal server error', 500),
  DATABASE_UNAVAILABLE: createError('DATABASE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly', 503),
  /** /readyz of an instance draining for a deploy (docs/operations.md#deploys): the balancer should route elsewhere. */
  SHUTTING_DOWN: createError('SHUTTING_DOWN', 'This instance is shutting down; requests are served elsewhere', 503),
  // Operator admin API (/admin/v1)
  /** A body refused whole, nothing applied; the message names every offending field (`maxPurchaseLimit: …`). */
  ADMIN_VALIDATION_FAILED: createError('ADMIN_VALIDATION_FAILED', '%s', 400),
  /** An admin GET, DELETE or secret rotation of an id that does not exist, e.g. "Store 84d1… not found". */
  NOT_FOUND: createError('NOT_FOUND', '%s not found', 404),
  /** A delete the database's references forbid, e.g. a merchant that still has stores or clients. */
  CONFLICT: createError('CONFLICT', '%s', 409),
  /** A retry on request of a delivery whose endpoint is disabled: nothing is sent to it (docs/webhooks.md#delivery). */
  WEBHOOK_ENDPOINT_DISABLED: createError(
    'WEBHOOK_ENDPOINT_DISABLED',
    'Webhook endpoint %s is disabled: nothing is sent to it. Enable it (its pending deliveries then go out), then retry',
    409,
  ),
} as const;

export type ErrorCode = keyof typeof Errors;

/** Attaches response headers (for example WWW-Authenticate) to an error before it is thrown. */
export function withHeaders<E extends Error>(error: E, headers: Record<string, string>): E & ErrorWithHeaders {
  return Object.assign(error, { headers });
}

/** Names the request fields a 400 or 422 is about (the error body's `parameters`). */
export function withParameters<E extends Error>(error: E, parameters: ErrorParameters): E & ErrorWithParameters {
  return Object.assign(error, { parameters });
}

/** True for errors created from this registry (their code and status are safe to show). */
export function isRegisteredError(error: unknown): error is Error & { code: ErrorCode; statusCode: number } {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && Object.hasOwn(Errors, code) && error instanceof Errors[code as ErrorCode];
}
