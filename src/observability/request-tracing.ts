// A server span per request when tracing is on (docs/operations.md#traces): the caller's W3C traceparent
// is its parent, the span is active for everything the request does (queries, key derivations, JWKS
// fetches become its children), and the request's log lines carry its trace id. Attributes: method,
// route template, status and store id; never a header, a query string, a body or a token.
// A request the sampler does not record (OTEL_TRACES_SAMPLER=parentbased_traceidratio, or a caller's
// unsampled traceparent) pays next to nothing: no context switch and no child logger; nothing it does
// makes a span (lib/spans.ts makes children of a recording span only). Its error bodies still carry
// the trace id.
import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tracer } from '../lib/spans.ts';

const spans = new WeakMap<FastifyRequest, Span>();

/** The trace id of the request's span, when it has one (error bodies' traceId: docs/errors.md#error-body). */
export function traceIdOf(request: FastifyRequest): string | undefined {
  return spans.get(request)?.spanContext().traceId;
}

export function registerRequestTracing(app: FastifyInstance): void {
  // Registered after the SDK: the tracer is looked up once, not per request.
  const requestTracer = tracer();
  app.addHook('onRequest', (request, reply, done) => {
    const parent = propagation.extract(context.active(), request.headers);
    const route = request.routeOptions.url;
    const span = requestTracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}) } },
      parent,
    );
    spans.set(request, span);
    if (!span.isRecording()) {
      done();
      return;
    }
    const { traceId, spanId } = span.spanContext();
    // The request's own logger (Fastify makes one per request) takes the ids: setBindings costs a
    // fraction of a child logger (profiled: a child was some 15 µs a request).
    const log = request.log as typeof request.log & { setBindings?: (bindings: Record<string, string>) => void };
    if (typeof log.setBindings === 'function') log.setBindings({ traceId, spanId });
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
