// A server span per sampled request when tracing is on (docs/operations.md#traces): the caller's W3C
// traceparent is its parent, the span is active for everything the request does (queries, key
// derivations, JWKS fetches become its children), and the request's log lines carry its trace id.
// Attributes: method, route template, status and store id; never a header, a query string, a body
// or a token.
// Sampling is decided here, first, from OTEL_TRACES_SAMPLER/_ARG and the sampled flag of the
// caller's traceparent, before the SDK is asked for anything: a request left out makes no span, no
// trace id of its own, no context switch and no child logger (the SDK made a trace id and a
// non-recording span for each, which held one-in-ten sampling at 0.70–0.88x of untraced:
// bench/analysis.md). Its error bodies and X-Request-Id carry the caller's trace id when it sent one.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TraceSamplerConfig } from '../config.ts';
import { spansEnabled, tracer } from '../lib/spans.ts';
import { requestContexts } from './request-context.ts';

/** A traced request: its span, the context its work runs in, and whether it has entered that context. */
interface RequestTrace {
  span: Span;
  context: Context;
  entered: boolean;
}

/**
 * The request's trace, on the request itself (a decoration: the request's shape stays one). A WeakMap
 * keyed by requests cost about 1 µs a request in its set and the collector's work on its entries.
 */
const REQUEST_TRACE = Symbol('requestTrace');
/** The span whose ids the request's log lines carry, on its logger (logTraceIds). */
const LOGGED_SPAN = Symbol('loggedSpan');

type TracedRequest = FastifyRequest & { [REQUEST_TRACE]?: RequestTrace | null };
type TracedLogger = object & { [LOGGED_SPAN]?: Span };

function traceOf(request: FastifyRequest): RequestTrace | null | undefined {
  return (request as TracedRequest)[REQUEST_TRACE];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's handler enters the request's trace context itself, around what may make child spans
     * (inRequestContext); the hooks before it run outside it. For group retrieval, whose answers mostly
     * come from caches without a statement or an await: a request within a trace's context keeps
     * Node 20's AsyncLocalStorage hooks on for every request of the process (request-context.ts).
     */
    traceContext?: 'handler';
  }
}

/** Enters the request's trace context for `fn`, counted until the request ends (request-context.ts). */
function enter<T>(requestTrace: RequestTrace, fn: () => T): T {
  if (!requestTrace.entered) {
    requestTrace.entered = true;
    requestContexts.entered();
  }
  return context.with(requestTrace.context, fn);
}

/**
 * Runs `fn` within the request's trace context when its route deferred entering it (traceContext:
 * 'handler') and the request is traced; otherwise just runs it (it is already within its context, or
 * it has none).
 */
export function inRequestContext<T>(request: FastifyRequest, fn: () => T): T {
  const requestTrace = traceOf(request);
  return requestTrace == null || requestTrace.entered ? fn() : enter(requestTrace, fn);
}

/** Ends the request's span (once) and counts it out of its context. */
function ended(request: FastifyRequest): Span | undefined {
  const requestTrace = traceOf(request);
  if (!requestTrace) return undefined;
  (request as TracedRequest)[REQUEST_TRACE] = null;
  if (requestTrace.entered) requestContexts.left();
  return requestTrace.span;
}

/** A W3C traceparent, version 00 or a later one (whose extra fields are ignored, as the spec asks). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-|$)/;

export interface TraceParent {
  traceId: string;
  sampled: boolean;
}

/** The caller's traceparent, or undefined when absent or malformed (then the request is a root). */
export function parseTraceparent(header: string | string[] | undefined): TraceParent | undefined {
  if (typeof header !== 'string') return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, parentId, flags] = match as unknown as [string, string, string, string, string];
  if (version === 'ff' || (version === '00' && header.trim().length !== 55)) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(parentId)) return undefined;
  return { traceId, sampled: (parseInt(flags, 16) & 1) === 1 };
}

/**
 * The traceidratio samplers' test of a trace id, as OpenTelemetry's TraceIdRatioBasedSampler computes
 * it (the id's 32-bit words xor-ed, against ratio × 2^32 - 1), so that every service of a trace
 * that samples by the same ratio keeps or leaves out the same traces.
 */
function ratioKeeps(traceId: string, ratio: number): boolean {
  let accumulation = 0;
  for (let i = 0; i < traceId.length / 8; i++) {
    accumulation = (accumulation ^ parseInt(traceId.slice(i * 8, i * 8 + 8), 16)) >>> 0;
  }
  return accumulation <= Math.floor(ratio * 0xffffffff);
}

/** Whether a request with this parent (or none) is traced. `random` decides roots of the ratio samplers. */
export function sampler(config: TraceSamplerConfig, random: () => number = Math.random): (parent: TraceParent | undefined) => boolean {
  const root = (): boolean => {
    switch (config.sampler) {
      case 'always_off':
      case 'parentbased_always_off':
        return false;
      case 'traceidratio':
      case 'parentbased_traceidratio':
        return config.ratio >= 1 || random() < config.ratio;
      default:
        return true;
    }
  };
  switch (config.sampler) {
    case 'always_on':
      return () => true;
    case 'always_off':
      return () => false;
    case 'traceidratio':
      return (parent) => (parent ? ratioKeeps(parent.traceId, config.ratio) : root());
    default:
      // parentbased_*: the caller's decision, else the root's.
      return (parent) => (parent ? parent.sampled : root());
  }
}

/**
 * The trace id of the request: its span's when it was sampled, else the caller's (traceparent) when
 * tracing is on; undefined otherwise (error bodies then carry the request id: docs/errors.md#error-body).
 */
export function traceIdOf(request: FastifyRequest): string | undefined {
  const requestTrace = traceOf(request);
  if (requestTrace) return requestTrace.span.spanContext().traceId;
  return spansEnabled() ? parseTraceparent(request.headers.traceparent)?.traceId : undefined;
}

/**
 * The trace and span ids of a traced request's log lines, as a pino mixin (app.ts, with tracing on):
 * called for each line written, with the logger writing it. A new object each time: pino merges the
 * line's fields into it.
 */
export function logTraceIds(_fields: object, _level: number, logger: object): Record<string, string> {
  const span = (logger as TracedLogger)[LOGGED_SPAN];
  if (span === undefined) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

export function registerRequestTracing(app: FastifyInstance, samplerConfig: TraceSamplerConfig): void {
  app.decorateRequest(REQUEST_TRACE, null);
  // Registered after the SDK: the tracer is looked up once, not per request.
  const requestTracer = tracer();
  const traced = sampler(samplerConfig);
  app.addHook('onRequest', (request, reply, done) => {
    const header = request.headers.traceparent;
    const parent = header === undefined ? undefined : parseTraceparent(header);
    if (!traced(parent)) {
      done();
      return;
    }
    let parentContext = ROOT_CONTEXT;
    if (parent) {
      // The propagator keeps the caller's tracestate too. A sampler that is not parent-based may
      // trace a request whose caller did not: the SDK (parent-based) is told it is sampled.
      parentContext = propagation.extract(ROOT_CONTEXT, request.headers);
      const given = trace.getSpanContext(parentContext);
      if (given && !parent.sampled) parentContext = trace.setSpanContext(parentContext, { ...given, traceFlags: TraceFlags.SAMPLED });
    }
    const route = request.routeOptions.url;
    const span = requestTracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}) } },
      parentContext,
    );
    // The request's own logger (Fastify makes one per request) carries the span, whose ids its lines
    // then get (logTraceIds): most of the storefront's answers log no line, and pino's setBindings
    // wrote the ids out for every one (0.65 µs; a child logger was some 15 µs).
    (request.log as TracedLogger)[LOGGED_SPAN] = span;
    const requestTrace: RequestTrace = { span, context: trace.setSpan(parentContext, span), entered: false };
    (request as TracedRequest)[REQUEST_TRACE] = requestTrace;
    if (request.routeOptions.config.traceContext === 'handler') {
      done();
      return;
    }
    // Everything after this hook runs within the span's context.
    enter(requestTrace, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = ended(request);
    if (span) {
      const storeId =
        (request.params as Record<string, unknown> | undefined)?.storeId ??
        (request.params as Record<string, unknown> | undefined)?.store_id;
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (typeof storeId === 'string') span.setAttribute('pms.store_id', storeId);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  // A client that goes away before the answer: the span still ends, marked, and is exported.
  app.addHook('onRequestAbort', (request, done) => {
    const span = ended(request);
    if (span) {
      span.setAttribute('pms.request_aborted', true);
      span.end();
    }
    done();
  });
}
