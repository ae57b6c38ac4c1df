// Limits of the HTTP server and the answers to requests that never reach a route (SECURITY.md):
// - Node's HTTP parser refuses what it cannot parse (400), headers over maxHeaderBytes (431) and
//   clients too slow to send their headers or their request (408) before Fastify sees a request;
//   clientErrorHandler writes those answers on the raw socket in the documented error shape (docs/errors.md#error-body).
// - A URL Fastify's router cannot decode (bad percent-encoding) is answered by frameworkErrors,
//   in the same shape.
// - The time-outs cut off slow clients (slowloris): headers within headersTimeoutMs, the whole
//   request within requestTimeoutMs, an idle keep-alive connection after keepAliveTimeoutMs.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { Errors } from '../../errors.ts';
import { errorBody, errorClock, sendError } from './error-handler.ts';

export interface HttpLimits {
  /**
   * Request line plus headers, in bytes (Node's maxHeaderSize; its default is 16 KiB). 32 KiB lets
   * a group retrieval carry an amount of some 32,000 digits (docs/session-api.md#eligibility: any length is valid) and
   * bounds what a client can make us buffer before a route runs.
   */
  maxHeaderBytes: number;
  /** The request line and every header must have arrived within this time (slowloris). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived within this time. */
  requestTimeoutMs: number;
  /**
   * An idle keep-alive connection is closed after this. Longer than the usual load balancer idle
   * time-out (60 s), so that the balancer, not this server, closes idle connections.
   */
  keepAliveTimeoutMs: number;
  /** A connection without any traffic for this long is destroyed (say, a client that never reads our answer). */
  connectionTimeoutMs: number;
  /** How often Node checks the header and request time-outs: they take effect up to this much late. */
  timeoutCheckIntervalMs: number;
}

export const DEFAULT_HTTP_LIMITS: Readonly<HttpLimits> = {
  maxHeaderBytes: 32 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 72_000,
  connectionTimeoutMs: 120_000,
  timeoutCheckIntervalMs: 1_000,
};

/** Node's parser error → the registered error answered for it; anything else is 400. */
function clientErrorAnswer(code: string, limits: HttpLimits): Error & { code: string; statusCode: number } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new Errors.REQUEST_HEADERS_TOO_LARGE(limits.maxHeaderBytes);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new Errors.REQUEST_TIMEOUT();
    default:
      return new Errors.INVALID_REQUEST('Malformed HTTP request');
  }
}

/** What a route never sees: Node's parser errors, answered on the raw socket (the error shape of docs/errors.md#error-body). */
function answerClientError(this: FastifyInstance, limits: HttpLimits, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswer(error.code, limits);
  // Never the error itself: its rawPacket holds the request's bytes, Authorization header included.
  this.log.debug({ code: error.code, status: answer.statusCode }, 'refused a request Node could not accept');
  // As Node does: a response already under way must not be corrupted; the connection just ends.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  // No request was made of it: the answer gets an id of its own.
  const traceId = randomUUID();
  const body = JSON.stringify(errorBody(traceId, errorClock(this)(), answer));
  socket.end(
    [
      `HTTP/1.1 ${answer.statusCode} ${STATUS_CODES[answer.statusCode] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      `X-Request-Id: ${traceId}`,
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
  // The client need not read or close: the connection goes either way.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** A URL the router cannot decode (`%E0%A4%A`, a lone `%`): 400, never echoing the URL. */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const refused =
    error.code === 'FST_ERR_BAD_URL'
      ? new Errors.INVALID_REQUEST('The request URL is malformed (invalid percent-encoding)')
      : new Errors.INVALID_REQUEST('The request URL is not valid');
  request.log.info({ code: error.code }, 'refused a malformed URL');
  // This reply runs no hooks: the headers every other answer gets are set here.
  void reply.headers({ 'x-request-id': request.id, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
  sendError(reply, { status: refused.statusCode, code: refused.code, message: refused.message, headers: {}, unexpected: false });
}

/** Fastify server options enforcing the limits (app.ts), and the router's maxParamLength. */
export function httpServerOptions(overrides: Partial<HttpLimits> = {}) {
  const limits = { ...DEFAULT_HTTP_LIMITS, ...overrides };
  const server = {
    http: {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
      answerClientError.call(this, limits, error, socket);
    },
    frameworkErrors: frameworkErrors as FastifyServerOptions['frameworkErrors'],
  };
  // Path parameters are bounded by maxHeaderBytes already; each route's own validation answers a
  // long one (an over-long session id is a 404 like any malformed one, a store id a 400).
  return { server, maxParamLength: limits.maxHeaderBytes };
}
