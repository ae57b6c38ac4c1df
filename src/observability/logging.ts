// Logger options every app gets, whoever builds it (main.ts, tests): JSON lines from pino through
// Fastify's logger, each request's lines carrying its id as `reqId` (the X-Request-Id it sent, or a
// new UUID; see genReqId in app.ts), and no credential in any line.
//
// One access line per request ("request completed": the request, its status and responseTime), as
// a load balancer's access log has it, instead of Fastify's two (an arrival line and a completion
// line): each line costs about 3 µs of the storefront's 70 (bench/REPORT.md). The arrival line is
// still there at LOG_LEVEL=debug, for a request that never completes. The storefront's successful
// answers get theirs one in STOREFRONT_LOG_SAMPLE (AccessLog below).
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Request and response parts that hold credentials, should a caller's serializer include them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** Query parameters whose values never reach a log line (a client may misplace a credential there). */
const SECRET_PARAMETER = /secret|token|passw|assertion|api[_-]?key|code/i;

/**
 * Characters of a URL that reach a log line. A request line may be 16 KB (the header limit): an
 * 8,000-digit amount logged whole on every refused request writes 8 KB a line, and a flood of them
 * fills the disk or the log buffer (observability/log-destination.ts) for nothing.
 */
export const MAX_LOGGED_URL_LENGTH = 2048;

/**
 * The URL as logged: values of credential-like query parameters are replaced, then anything past
 * MAX_LOGGED_URL_LENGTH is cut (with how much was). Bodies are never logged.
 */
export function loggedUrl(url: string): string {
  const logged = withoutSecrets(url);
  return logged.length <= MAX_LOGGED_URL_LENGTH
    ? logged
    : `${logged.slice(0, MAX_LOGGED_URL_LENGTH)}…[${logged.length - MAX_LOGGED_URL_LENGTH} more characters]`;
}

function withoutSecrets(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const raw = url.slice(question + 1);
  // The common case (the storefront's amount and customerType) costs one regular-expression test.
  if (!SECRET_PARAMETER.test(raw) && !raw.includes('%')) return url;
  const query = raw
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw name
      }
      return SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];
/** Fields a pino mixin adds to each line, from the logger writing it. */
type LogMixin = (fields: object, level: number, logger: object) => object;

/**
 * Adds the request serializer, the redaction where it is needed, and with tracing on the trace ids of
 * a traced request's lines (`traceIds`: request-tracing.ts), to the logger options a caller passes to
 * build(). Our request serializer is an allow-list (method, URL with credential-like
 * query values replaced, host, address, port) and Fastify's response serializer writes only the
 * status: no header reaches a line, so a redaction pass over every line (about 2.4 µs each, on
 * the storefront's hot path) protects nothing. It runs when a caller brings serializers or
 * redaction paths of its own.
 */
export function withSafeLogging(logger: LoggerOption, traceIds?: LogMixin): LoggerOption {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  const givenMixin = base.mixin;
  const given = base.redact;
  const givenPaths = Array.isArray(given) ? given : (given?.paths ?? []);
  const ownSerializers = base.serializers !== undefined && ('req' in base.serializers || 'res' in base.serializers);
  return {
    ...base,
    ...(ownSerializers || givenPaths.length > 0
      ? {
          redact: {
            paths: [...new Set([...givenPaths, ...REDACTED_PATHS])],
            censor: (!Array.isArray(given) && given?.censor) || '[redacted]',
          },
        }
      : {}),
    serializers: { req: requestSerializer, ...base.serializers },
    ...(traceIds
      ? {
          mixin: givenMixin
            ? (fields, level, into) => ({ ...traceIds(fields, level, into), ...givenMixin(fields, level, into) })
            : traceIds,
        }
      : {}),
  };
}

/**
 * The storefront's answers, by route template: their 2xx and 304 answers are logged one in
 * STOREFRONT_LOG_SAMPLE (docs/operations.md#logs-and-request-ids). A shopper's browser asks them on
 * every cart change; their line was about 3 µs of each (bench/analysis.md), and the metrics count
 * every one of them anyway.
 */
export const SAMPLED_ACCESS_LOG_ROUTES: ReadonlySet<string> = new Set([
  '/v1/sessions/:sessionId/payment-method-groups',
  '/v1/sessions/:sessionId/price-information',
]);

/** A sampled route's answer slower than this is always logged. */
export const ALWAYS_LOGGED_AFTER_MS = 100;

export interface AccessLogOptions {
  /** One in this many of the sampled routes' 2xx and 304 answers is logged (1: every one). */
  sampleEvery?: number;
}

/**
 * The access log (above), as Fastify's log controller: the arrival line at debug, the completion
 * line with the request's fields. Fastify's other request lines (stream and serializer errors, a
 * failed writeHead) stay as they are. The sample is a counter, not a random draw: the first answer
 * is logged, then every sampleEvery-th, so a test (and an operator counting lines) can tell exactly.
 */
export class AccessLog extends LogController {
  private readonly sampleEvery: number;
  private answered = 0;

  constructor(options: AccessLogOptions = {}) {
    super();
    this.sampleEvery = options.sampleEvery ?? 1;
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const responseTime = reply.elapsedTime;
    if (this.sampleEvery > 1 && this.sampled(request, reply.statusCode)) {
      // Every such answer advances the count (a slow one too), so which are sampled does not depend on timing.
      const skip = this.answered % this.sampleEvery !== 0;
      this.answered += 1;
      if (skip && responseTime <= ALWAYS_LOGGED_AFTER_MS) return;
    }
    reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }

  /** Whether the answer is one of those logged one in sampleEvery. */
  private sampled(request: FastifyRequest, status: number): boolean {
    return ((status >= 200 && status < 300) || status === 304) && SAMPLED_ACCESS_LOG_ROUTES.has(request.routeOptions.url ?? '');
  }
}
