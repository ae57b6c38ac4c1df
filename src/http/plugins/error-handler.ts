// Turns every failure into the documented error shape (docs/errors.md#error-body): JSON
// `{message, code, traceId, timestamp, parameters?}`, Cache-Control: no-store, never a stack trace,
// SQL text or secret. Unexpected faults are logged and answered with a generic 500; the process
// keeps serving.
import { traceIdOf } from '../../observability/request-tracing.ts';
import { storefrontLimitHeaders } from './rate-limit.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors, isRegisteredError, type ErrorParameters, type ErrorWithHeaders, type ErrorWithParameters } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { isDatabaseUnavailable } from '../../storage/unavailable.ts';
import { allValidationIssues, issueMessage } from './validation.ts';

export interface ErrorBody {
  message: string;
  code: string;
  traceId: string;
  timestamp: string;
  parameters?: ErrorParameters;
}

/** At most this many fields are named: enough for any honest request, bounded for a hostile one. */
const MAX_PARAMETERS = 20;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Status for schema validation failures on this route (default 400; group retrieval uses 422). */
    validationStatus?: number;
  }
  interface FastifyReply {
    /** The code of the error answered (pms_errors_total); the token endpoint sets its RFC 6749 error. */
    errorCode: string | undefined;
  }
}

interface ValidationIssue {
  instancePath: string;
  message?: string | undefined;
  keyword: string;
  params: Record<string, unknown>;
  /** The schema broken (the collecting validators are verbose), for its own message. */
  parentSchema?: unknown;
}

/** The message: the first problem, with the part of the request and the field it is in. */
function describeValidation(error: FastifyError, issue: ValidationIssue | undefined): string {
  if (!issue) return error.message;
  const context = error.validationContext ?? 'request';
  const part = context === 'querystring' ? 'query parameter' : context === 'params' ? 'path parameter' : context;
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') {
    const missing = (typeof issue.params.missingProperty === 'string' ? issue.params.missingProperty : '').replace(/^\./, '');
    return `${part} ${path ? `${path}.` : ''}${missing} is required`;
  }
  if (issue.keyword === 'additionalProperties') {
    return `${part}${path ? ` ${path}` : ''} has an unknown property "${String(issue.params.additionalProperty)}"`;
  }
  return `${part}${path ? ` ${path}` : ''} ${issueMessage(issue)}`;
}

/** The part of the request a failed validation was about. */
function requestPart(request: FastifyRequest, part: string): unknown {
  switch (part) {
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'body':
      return request.body;
    case 'headers':
      return request.headers;
    default:
      return undefined;
  }
}

/** `/plans/0/name` → `plans[0].name`. */
function fieldName(instancePath: string, property?: unknown): string {
  const segments = instancePath.split('/').slice(1);
  if (typeof property === 'string') segments.push(property);
  return segments.reduce((name, segment) => (/^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment), '');
}

/**
 * Every problem of a failed validation, from a second, collecting validation (validation.ts); the
 * fast validator's one problem when that finds none.
 */
function validationIssues(error: FastifyError, request: FastifyRequest): ValidationIssue[] {
  const part = error.validationContext ?? '';
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part];
  const issues: ValidationIssue[] = schema ? allValidationIssues(schema, part, requestPart(request, part)) : [];
  return issues.length > 0 ? issues : (error.validation ?? []);
}

/** Every field the problems are about, each with its first problem. */
function validationParameters(issues: readonly ValidationIssue[]): ErrorParameters | undefined {
  const parameters: ErrorParameters = {};
  for (const issue of issues) {
    const property =
      issue.keyword === 'required'
        ? issue.params.missingProperty
        : issue.keyword === 'additionalProperties'
          ? issue.params.additionalProperty
          : undefined;
    const name = fieldName(issue.instancePath, property);
    // A problem of the whole body (not an object) names no field; the first problem of a field is enough.
    if (name === '' || name in parameters) continue;
    parameters[name] =
      issue.keyword === 'required'
        ? 'is required'
        : issue.keyword === 'additionalProperties'
          ? 'is not a known field'
          : issueMessage(issue);
    if (Object.keys(parameters).length >= MAX_PARAMETERS) break;
  }
  return Object.keys(parameters).length > 0 ? parameters : undefined;
}

/** Maps Fastify's own request errors (parsing, limits) to registered ones. */
function fromFrameworkError(error: FastifyError, request: FastifyRequest): Error | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new Errors.UNSUPPORTED_MEDIA_TYPE(String(request.headers['content-type'] ?? ''));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new Errors.PAYLOAD_TOO_LARGE(String(request.routeOptions.bodyLimit ?? ''));
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new Errors.MALFORMED_JSON();
    default:
      return undefined;
  }
}

export interface NormalizedError {
  status: number;
  code: string;
  message: string;
  headers: Record<string, string>;
  /** The request fields a 400 or 422 is about. */
  parameters?: ErrorParameters | undefined;
  /** Unexpected: worth a log line at error level. */
  unexpected: boolean;
}

export function normalizeError(raw: FastifyError, request: FastifyRequest): NormalizedError {
  const error = fromFrameworkError(raw, request) ?? raw;
  const headers = (error as ErrorWithHeaders).headers ?? {};
  if (isRegisteredError(error)) {
    const { parameters } = error as ErrorWithParameters;
    return { status: error.statusCode, code: error.code, message: error.message, headers, parameters, unexpected: error.statusCode >= 500 };
  }
  if (raw.validation) {
    const status = request.routeOptions.config.validationStatus ?? 400;
    const issues = validationIssues(raw, request);
    return {
      status,
      code: status === 422 ? 'INVALID_QUERY_PARAMETER' : 'INVALID_REQUEST',
      message: describeValidation(raw, issues[0]),
      headers,
      parameters: validationParameters(issues),
      unexpected: false,
    };
  }
  if (isDatabaseUnavailable(raw)) {
    const e = new Errors.DATABASE_UNAVAILABLE();
    return { status: 503, code: e.code, message: e.message, headers: { 'retry-after': '1' }, unexpected: true };
  }
  // Fastify's own 4xx (bad URL, content-length mismatch …) carry messages safe to show.
  if (typeof raw.statusCode === 'number' && raw.statusCode >= 400 && raw.statusCode < 500 && raw.code?.startsWith('FST_')) {
    return { status: raw.statusCode, code: 'INVALID_REQUEST', message: raw.message, headers, unexpected: false };
  }
  // A plugin's HTTP error meant for the client (http-errors' `expose`): @fastify/static (the docs
  // assets) refuses a path that leaves its folder (403) or holds a NUL byte (400). No such file: 404.
  if (
    typeof raw.statusCode === 'number' &&
    raw.statusCode >= 400 &&
    raw.statusCode < 500 &&
    (raw as { expose?: unknown }).expose === true
  ) {
    if (raw.statusCode === 403 || raw.statusCode === 404) {
      const e = new Errors.ROUTE_NOT_FOUND(request.method, (request.url.split('?')[0] ?? '').slice(0, 200));
      return { status: 404, code: e.code, message: e.message, headers, unexpected: false };
    }
    return { status: raw.statusCode, code: 'INVALID_REQUEST', message: raw.message, headers, unexpected: false };
  }
  const e = new Errors.INTERNAL();
  return { status: 500, code: e.code, message: e.message, headers, unexpected: true };
}

/**
 * The error body. `traceId` is the request's id, the value of its X-Request-Id header, or, when
 * tracing is on (docs/operations.md#traces), the id of the request's trace (the caller's traceparent's).
 */
export function errorBody(traceId: string, now: number, error: Pick<NormalizedError, 'message' | 'code' | 'parameters'>): ErrorBody {
  const body: ErrorBody = { message: error.message, code: error.code, traceId, timestamp: new Date(now).toISOString() };
  if (error.parameters) body.parameters = error.parameters;
  return body;
}

export function sendError(reply: FastifyReply, normalized: NormalizedError): FastifyReply {
  reply.errorCode = normalized.code;
  // The storefront limit's headers, which its successful answers leave out (http/plugins/rate-limit.ts).
  const limitHeaders = storefrontLimitHeaders(reply.request);
  const traceId = traceIdOf(reply.request) ?? reply.request.id;
  if (limitHeaders) reply.headers(limitHeaders);
  return reply
    .code(normalized.status)
    .headers(normalized.headers)
    .header('cache-control', 'no-store')
    .header('x-request-id', traceId)
    .type('application/json; charset=utf-8')
    .send(errorBody(traceId, errorClock(reply.server)(), normalized));
}

// Keyed by the HTTP server, which the app and every encapsulated plugin context share.
const clocks = new WeakMap<object, Clock>();

/** The clock of the app's context (tests move it), for the error body's timestamp. */
export function errorClock(app: FastifyInstance): Clock {
  return clocks.get(app.server) ?? Date.now;
}

export function registerErrorHandling(app: FastifyInstance, clock: Clock = Date.now): void {
  clocks.set(app.server, clock);
  app.decorateReply('errorCode', undefined);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const normalized = normalizeError(error, request);
    if (normalized.unexpected) request.log.error({ err: error }, 'request failed');
    return sendError(reply, normalized);
  });
  app.setNotFoundHandler((request, reply) => {
    const e = new Errors.ROUTE_NOT_FOUND(request.method, (request.url.split('?')[0] ?? '').slice(0, 200));
    return sendError(reply, { status: 404, code: e.code, message: e.message, headers: {}, unexpected: false });
  });
}
