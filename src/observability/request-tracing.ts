// A server span per request when tracing is on (README.md#traces): the caller's W3C traceparent
// is its parent, the span is active for everything the request does (queries, key derivations, JWKS
// fetches become its children), and the request's log lines carry its trace id. Attributes: method,
// route template, status and store id; never a header, a query string, a body or a token.
import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tracer } from '../lib/spans.ts';

const spans = new WeakMap<FastifyRequest, Span>();

/** The trace id of the request's span, when it has one (error bodies' traceId: docs/errors.md#error-body). */
export function traceIdOf(request: FastifyRequest): string | undefined {
  return spans.get(request)?.spanContext().traceId;
}

export function registerRequestTracing(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const parent = propagation.extract(context.active(), request.headers);
    const route = request.routeOptions.url;
    const span = tracer().startSpan(
      route ? `${request.method} ${route}` : request.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}) } },
      parent,
    );
    spans.set(request, span);
    const { traceId, spanId } = span.spanContext();
    request.log = request.log.child({ traceId, spanId });
    reply.log = request.log;
    // Everything after this hook runs within the span's context.
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      const storeId =
        (request.params as Record<string, unknown> | undefined)?.storeId ??
        (request.params as Record<string, unknown> | undefined)?.store_id;
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (typeof storeId === 'string') span.setAttribute('pms.store_id', storeId);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      spans.delete(request);
    }
    done();
  });
  // A client that goes away before the answer: the span still ends, marked, and is exported.
  app.addHook('onRequestAbort', (request, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('pms.request_aborted', true);
      span.end();
      spans.delete(request);
    }
    done();
  });
}
