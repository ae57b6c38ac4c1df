// Traces, in the test's own process (docs/operations.md#traces): the request spans of
// observability/request-tracing.ts through the real app driven with inject() (and one real socket,
// for a client that goes away), the batch spans of lib/batch-spans.ts and lib/spans.ts's inSpan as
// plain calls. test/processes/tracing.test.ts checks the same over OTLP from a server process, which
// V8 coverage of this worker never sees; here an SDK with an in-memory exporter is registered in the
// worker.
//
// Spans are module state (enableSpans) and the SDK is OpenTelemetry's global state, and this
// project runs its files with isolate: false (vitest.config.ts): the files after this one in the
// worker share its modules and its globals. afterAll therefore unregisters the SDK and turns
// spans off again, so that the next file builds its apps without them (an app built with them on
// would answer error bodies carrying an all-zero trace id).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { context, propagation, SpanKind, SpanStatusCode, trace, TraceFlags, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AlwaysOnSampler,
  InMemorySpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/app.ts';
import { readConfig } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { loadEmbedBundle } from '../../src/http/embed/routes.ts';
import { endWaitSpan, inBatchSpan, startWaitSpan, type TracedItem } from '../../src/lib/batch-spans.ts';
import { disableSpans, enableSpans, inSpan, tracer } from '../../src/lib/spans.ts';
import { requestContexts } from '../../src/observability/request-context.ts';
import { parseTraceparent, sampler, type TraceParent } from '../../src/observability/request-tracing.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { demoCatalog, issueToken, projectRoot, UNBOUNDED_DERIVATIONS } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';

const SESSIONS_ROUTE = '/v1/stores/:storeId/sessions';

const exporter = new InMemorySpanExporter();
// As main.ts's SDK (observability/otel-sdk.ts) with OTEL_TRACES_SAMPLER unset: parent-based, every
// root sampled; its context manager (observability/request-context.ts, an AsyncLocalStorage switched
// off while no request is within a trace's context) carries the active span across awaits, and the
// W3C propagator reads traceparent. Simple, not batching: a span is in
// the exporter once it has ended.
const provider = new NodeTracerProvider({
  sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
  spanProcessors: [new SimpleSpanProcessor(exporter)],
});

let database: TestDatabase;
let ctx: AppContext;
let app: FastifyInstance;
/** The app's log lines, as JSON text. */
const lines: string[] = [];

beforeAll(async () => {
  provider.register({ propagator: new W3CTraceContextPropagator(), contextManager: requestContexts });
  // Before build(): the app registers the request hooks only when spans are on.
  enableSpans();
  database = await createTestDatabase();
  await applyCatalog(database.handle.db, await demoCatalog());
  ctx = await createContext(readConfig({ PUBLIC_URL: 'http://pms.test', ...UNBOUNDED_DERIVATIONS }), database.handle);
  app = await build(ctx, {
    embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')),
    logger: {
      level: 'info',
      stream: {
        write(chunk: string) {
          for (const line of chunk.split('\n')) if (line !== '') lines.push(line);
        },
      },
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await provider.shutdown();
  // Takes down what register() set up: the global tracer provider, context manager and propagator.
  trace.disable();
  context.disable();
  propagation.disable();
  // And lib/spans.ts's flag, as the SDK's shutdown does (see the header).
  disableSpans();
});

beforeEach(() => {
  exporter.reset();
  lines.length = 0;
});

/** The spans ended so far (in the order they ended). */
async function ended(): Promise<ReadableSpan[]> {
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}

async function serverSpans(): Promise<ReadableSpan[]> {
  return (await ended()).filter((span) => span.kind === SpanKind.SERVER);
}

function named(spans: ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((span) => span.name === name);
  expect(
    found.map((span) => span.name),
    `one span named ${name} in ${JSON.stringify(spans.map((s) => s.name))}`,
  ).toEqual([name]);
  return found[0]!;
}

/** A caller's W3C traceparent: sampled (flags 01) unless told otherwise. */
function traceparent(sampled = true): { header: string; traceId: string; parentId: string } {
  const traceId = randomBytes(16).toString('hex');
  const parentId = randomBytes(8).toString('hex');
  return { header: `00-${traceId}-${parentId}-${sampled ? '01' : '00'}`, traceId, parentId };
}

describe('request spans (observability/request-tracing.ts)', () => {
  it("a request continuing a caller's trace: a SERVER span, child of the caller's, with method, route, status and store id", async () => {
    const token = await issueToken(app, NORDIC.id, NORDIC.secret);
    exporter.reset();
    lines.length = 0;
    const caller = traceparent();
    const response = await app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${token}`, traceparent: caller.header },
    });
    expect(response.statusCode, response.body).toBe(201);
    const spans = await ended();
    const span = named(await serverSpans(), `POST ${SESSIONS_ROUTE}`);
    expect(span.spanContext().traceId).toBe(caller.traceId);
    expect(span.parentSpanContext?.spanId).toBe(caller.parentId);
    expect(span.attributes).toEqual({
      'http.request.method': 'POST',
      'http.route': SESSIONS_ROUTE,
      'http.response.status_code': 201,
      'pms.store_id': STORE,
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    // The span is active for what the request does: the wait for its batched INSERT is its child.
    const wait = named(spans, 'session insert wait');
    expect(wait.parentSpanContext?.spanId).toBe(span.spanContext().spanId);
    // The request's log lines carry the span's ids (its access line at least); its X-Request-Id is the trace id.
    expect(response.headers['x-request-id']).toBe(caller.traceId);
    const own = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.traceId === caller.traceId);
    expect(own.some((entry) => entry.msg === 'request completed')).toBe(true);
    for (const entry of own) expect(entry).toMatchObject({ traceId: caller.traceId, spanId: span.spanContext().spanId });
  });

  it('a request without a traceparent is a root of its own; a route without a store has no store id', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const span = named(await serverSpans(), 'GET /healthz');
    expect(span.parentSpanContext).toBeUndefined();
    expect(span.attributes).toEqual({ 'http.request.method': 'GET', 'http.route': '/healthz', 'http.response.status_code': 200 });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('a 5xx marks the span as an error; a 4xx does not', async () => {
    const ping = vi.spyOn(ctx.database, 'ping').mockRejectedValue(new Error('simulated: the database is gone'));
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      ping.mockRestore();
    }
    const failed = named(await serverSpans(), 'GET /readyz');
    expect(failed.attributes['http.response.status_code']).toBe(503);
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);

    exporter.reset();
    // No credentials: the caller's mistake, not the service's. The store id is in the route all the same.
    expect((await app.inject({ method: 'POST', url: `/v1/stores/${STORE}/sessions` })).statusCode).toBe(401);
    const refused = named(await serverSpans(), `POST ${SESSIONS_ROUTE}`);
    expect(refused.attributes).toMatchObject({ 'http.response.status_code': 401, 'pms.store_id': STORE });
    expect(refused.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("an error body's traceId is the trace id of the request's span, and so is its X-Request-Id", async () => {
    const caller = traceparent();
    const response = await app.inject({ method: 'GET', url: '/no/such/path', headers: { traceparent: caller.header } });
    expect(response.statusCode).toBe(404);
    const body = response.json() as { code: string; traceId: string };
    expect(body.code).toBe('ROUTE_NOT_FOUND');
    // No route: the span is named by the method alone, and has no route attribute.
    const span = named(await serverSpans(), 'GET');
    expect(span.attributes['http.route']).toBeUndefined();
    expect(span.attributes['http.response.status_code']).toBe(404);
    expect(span.spanContext().traceId).toBe(caller.traceId);
    expect(body.traceId).toBe(span.spanContext().traceId);
    expect(response.headers['x-request-id']).toBe(body.traceId);

    // Without a traceparent the trace is the span's own.
    exporter.reset();
    const answer = await app.inject({ method: 'GET', url: '/no/such/path', headers: { 'x-request-id': 'caller-request-1' } });
    const own = answer.json() as { traceId: string };
    expect(own.traceId).toBe(named(await serverSpans(), 'GET').spanContext().traceId);
    expect(answer.headers['x-request-id']).toBe(own.traceId);
  });

  it("a caller's unsampled traceparent: no span of the request or of anything it does, the trace id in its error body, none in the log", async () => {
    const token = await issueToken(app, NORDIC.id, NORDIC.secret);
    exporter.reset();
    lines.length = 0;
    const caller = traceparent(false);
    const refused = await app.inject({ method: 'GET', url: `/v1/sessions/${randomUUID()}`, headers: { traceparent: caller.header } });
    expect(refused.statusCode).toBe(401);
    expect((refused.json() as { traceId: string }).traceId).toBe(caller.traceId);
    // A request that does work (a key check, a batched INSERT, queries): nothing of it is traced either.
    const created = await app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${token}`, traceparent: caller.header },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await ended()).toEqual([]);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(caller.traceId);
  });

  it('a client that goes away before the answer: the span ends all the same, marked as aborted', async () => {
    // /readyz waits for the database's ping: held here until the client is gone.
    let answerPing: () => void = () => {};
    let pinged: () => void = () => {};
    const pingStarted = new Promise<void>((resolve) => (pinged = resolve));
    const ping = vi.spyOn(ctx.database, 'ping').mockImplementation(() => {
      pinged();
      return new Promise<void>((resolve) => (answerPing = resolve));
    });
    try {
      // inject() cannot abort a request (light-my-request never sets `aborted`): a real socket can.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const request = http.get({ host: '127.0.0.1', port, path: '/readyz' });
      request.on('error', () => {}); // the socket hang-up this test causes
      await pingStarted;
      request.destroy();
      let aborted: ReadableSpan | undefined;
      for (const started = performance.now(); !aborted && performance.now() - started < 5_000; await sleep(20)) {
        aborted = (await serverSpans()).find((span) => span.attributes['pms.request_aborted'] === true);
      }
      expect(aborted?.name).toBe('GET /readyz');
      // Ended by the abort: no status, since no answer was sent.
      expect(aborted?.attributes['http.response.status_code']).toBeUndefined();
    } finally {
      answerPing();
      ping.mockRestore();
    }
    // The handler's late answer ends nothing twice, and the request is counted out of its context once.
    await sleep(50);
    expect((await serverSpans()).filter((span) => span.name === 'GET /readyz')).toHaveLength(1);
    expect(requestContexts.requestsWithin).toBe(0);
  });

  it('group retrieval enters its trace context only on its way to the database; no request stays counted within one', async () => {
    const token = await issueToken(app, NORDIC.id, NORDIC.secret);
    const created = await app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect(requestContexts.requestsWithin).toBe(0);
    const entered = vi.spyOn(requestContexts, 'entered');
    // The active span where the route asks the session store (the way to the database).
    const activeAtLoad: (string | undefined)[] = [];
    const requireActive = ctx.sessions.requireActive.bind(ctx.sessions);
    const load = vi.spyOn(ctx.sessions, 'requireActive').mockImplementation((sessionId) => {
      activeAtLoad.push(trace.getActiveSpan()?.spanContext().spanId);
      return requireActive(sessionId);
    });
    try {
      const route = 'GET /v1/sessions/:sessionId/payment-method-groups';
      // An id no cache holds: to the session store, within the request's context.
      exporter.reset();
      const unknown = await app.inject({ method: 'GET', url: `/v1/sessions/${randomUUID()}/payment-method-groups?amount=100` });
      expect(unknown.statusCode, unknown.body).toBe(404);
      const unknownSpan = named(await serverSpans(), route);
      expect(unknownSpan.attributes['http.response.status_code']).toBe(404);
      expect(activeAtLoad).toEqual([unknownSpan.spanContext().spanId]);
      expect(entered).toHaveBeenCalledTimes(1);
      expect(requestContexts.requestsWithin).toBe(0);
      // The session, twice: the second answer is the caches' (no await), traced without entering a context.
      await app.inject({ method: 'GET', url: `/v1/sessions/${id}/payment-method-groups?amount=100` });
      entered.mockClear();
      load.mockClear();
      exporter.reset();
      const cached = await app.inject({ method: 'GET', url: `/v1/sessions/${id}/payment-method-groups?amount=100` });
      expect(cached.statusCode, cached.body).toBe(200);
      const cachedSpan = named(await serverSpans(), route);
      expect(cachedSpan.attributes['http.response.status_code']).toBe(200);
      expect(cached.headers['x-request-id']).toBe(cachedSpan.spanContext().traceId);
      expect(load).not.toHaveBeenCalled();
      expect(entered).not.toHaveBeenCalled();
      expect(requestContexts.requestsWithin).toBe(0);
    } finally {
      entered.mockRestore();
      load.mockRestore();
    }
  });
});

describe('the context manager (observability/request-context.ts)', () => {
  it('carries the context across awaits while a request is within it, and none once the last has left', async () => {
    const key = Symbol('test');
    const given = context.active().setValue(key, 'value');
    requestContexts.entered();
    let afterAwait: unknown;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = context.with(given, async () => {
      await held;
      afterAwait = context.active().getValue(key);
      requestContexts.left();
      // Disabled: nothing is active any more, in this request's own work included.
      await Promise.resolve();
      return context.active().getValue(key);
    });
    release();
    expect(await running).toBeUndefined();
    expect(afterAwait).toBe('value');
    expect(requestContexts.requestsWithin).toBe(0);
    // And on again for the next one.
    requestContexts.entered();
    const again = await context.with(given, async () => {
      await Promise.resolve();
      return context.active().getValue(key);
    });
    requestContexts.left();
    expect(again).toBe('value');
  });

  it('binds functions to a context, and leaves other targets as they are', () => {
    const key = Symbol('bound');
    const bound = requestContexts.bind(context.active().setValue(key, 'bound'), function (this: unknown, suffix: string) {
      return `${String(context.active().getValue(key))}${suffix}`;
    });
    expect(bound('!')).toBe('bound!');
    const target = { not: 'a function' };
    expect(requestContexts.bind(context.active(), target)).toBe(target);
  });
});

/** Runs `fn` in a recording SERVER span of its own, as a request's hook would; the span ends after it. */
function inRequest<T>(name: string, fn: (span: Span) => T | Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { kind: SpanKind.SERVER }, async (span) => {
    try {
      return await fn(span);
    } finally {
      span.end();
    }
  });
}

/** What a dependency may throw besides an Error: such a failure's status message is a generic one. */
const notAnError: unknown = 'not an Error';

describe('sampling decided before any span (observability/request-tracing.ts)', () => {
  let sampledApp: FastifyInstance;
  let sampledCtx: AppContext;

  beforeAll(async () => {
    // One in none of the roots: only a caller's sampled traceparent is traced.
    sampledCtx = await createContext(
      readConfig({ PUBLIC_URL: 'http://pms.test', OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' }),
      database.handle,
    );
    sampledApp = await build(sampledCtx, { embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')) });
    await sampledApp.ready();
  });

  afterAll(async () => {
    await sampledApp?.close();
  });

  it('a request the sampler leaves out makes no span and no trace id of its own', async () => {
    const startSpan = vi.spyOn(tracer(), 'startSpan');
    exporter.reset();
    try {
      const answer = await sampledApp.inject({ method: 'GET', url: '/no/such/path', headers: { 'x-request-id': 'left-out-1' } });
      expect(answer.statusCode).toBe(404);
      // The request id, not a trace id: the error body and X-Request-Id alike.
      expect((answer.json() as { traceId: string }).traceId).toBe('left-out-1');
      expect(answer.headers['x-request-id']).toBe('left-out-1');
      expect((await sampledApp.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(await ended()).toEqual([]);
      // Not even a non-recording span: the SDK was not asked.
      expect(startSpan).not.toHaveBeenCalled();
    } finally {
      startSpan.mockRestore();
    }
  });

  it("a caller's sampled traceparent is traced, its trace id kept; an unsampled one's id is still the answer's", async () => {
    exporter.reset();
    const caller = traceparent();
    const answer = await sampledApp.inject({ method: 'GET', url: '/no/such/path', headers: { traceparent: caller.header } });
    const span = named(await serverSpans(), 'GET');
    expect(span.spanContext().traceId).toBe(caller.traceId);
    expect(span.parentSpanContext?.spanId).toBe(caller.parentId);
    expect((answer.json() as { traceId: string }).traceId).toBe(caller.traceId);
    expect(answer.headers['x-request-id']).toBe(caller.traceId);

    exporter.reset();
    const unsampled = traceparent(false);
    const left = await sampledApp.inject({ method: 'GET', url: '/no/such/path', headers: { traceparent: unsampled.header } });
    expect(await ended()).toEqual([]);
    expect((left.json() as { traceId: string }).traceId).toBe(unsampled.traceId);
  });

  it('decides by OTEL_TRACES_SAMPLER: the caller first where parent-based, a draw for roots, the trace id for traceidratio', () => {
    const parent = (sampled: boolean): TraceParent => ({ traceId: '0'.repeat(31) + '1', sampled });
    const draws = [0.05, 0.5, 0.09999, 0.1];
    const ratio = sampler({ sampler: 'parentbased_traceidratio', ratio: 0.1 }, () => draws.shift()!);
    expect([ratio(undefined), ratio(undefined), ratio(undefined), ratio(undefined)]).toEqual([true, false, true, false]);
    expect([ratio(parent(true)), ratio(parent(false))]).toEqual([true, false]);
    const on = sampler({ sampler: 'parentbased_always_on', ratio: 1 });
    expect([on(undefined), on(parent(true)), on(parent(false))]).toEqual([true, true, false]);
    const off = sampler({ sampler: 'parentbased_always_off', ratio: 1 });
    expect([off(undefined), off(parent(true))]).toEqual([false, true]);
    expect(sampler({ sampler: 'always_on', ratio: 1 })(parent(false))).toBe(true);
    expect(sampler({ sampler: 'always_off', ratio: 1 })(parent(true))).toBe(false);
    // traceidratio follows the trace id, as OpenTelemetry's sampler does: a low id is kept, a high one not.
    const byId = sampler({ sampler: 'traceidratio', ratio: 0.5 });
    expect(byId({ traceId: '0'.repeat(32 - 1) + '1', sampled: false })).toBe(true);
    expect(byId({ traceId: 'ffffffff'.padEnd(32, '0'), sampled: true })).toBe(false);
  });

  it('reads a traceparent as W3C writes it, and nothing else', () => {
    const id = 'ab'.repeat(16);
    expect(parseTraceparent(`00-${id}-${'cd'.repeat(8)}-01`)).toEqual({ traceId: id, sampled: true });
    expect(parseTraceparent(`00-${id}-${'cd'.repeat(8)}-00`)).toEqual({ traceId: id, sampled: false });
    expect(parseTraceparent(`01-${id}-${'cd'.repeat(8)}-03-later`)).toEqual({ traceId: id, sampled: true });
    for (const bad of [
      `ff-${id}-${'cd'.repeat(8)}-01`,
      `00-${'0'.repeat(32)}-${'cd'.repeat(8)}-01`,
      `00-${id}-${'0'.repeat(16)}-01`,
      `00-${id}-${'cd'.repeat(8)}-01-x`,
      'garbage',
    ]) {
      expect(parseTraceparent(bad), bad).toBeUndefined();
    }
    expect(parseTraceparent(undefined)).toBeUndefined();
  });

  it('refuses an OTEL_TRACES_SAMPLER it does not know, and a ratio outside 0 … 1', () => {
    expect(() => readConfig({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(/OTEL_TRACES_SAMPLER must be always_on or always_off/);
    expect(() => readConfig({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(readConfig({}).traceSampler).toEqual({ sampler: 'parentbased_always_on', ratio: 1 });
  });
});

/** An active span context the sampler left out (a caller's traceparent with flags 00). */
function inUnsampledContext<T>(fn: () => T): T {
  const unsampled = trace.wrapSpanContext({
    traceId: randomBytes(16).toString('hex'),
    spanId: randomBytes(8).toString('hex'),
    traceFlags: TraceFlags.NONE,
  });
  return context.with(trace.setSpan(context.active(), unsampled), fn);
}

describe('batch spans (lib/batch-spans.ts)', () => {
  it('no wait span outside a recording span', () => {
    expect(startWaitSpan('no request wait')).toBeUndefined();
    expect(inUnsampledContext(() => startWaitSpan('unsampled wait'))).toBeUndefined();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it("a batch of two traced callers and an untraced one: the batch a child of the first's wait, linked both ways with the second's", async () => {
    let firstRequest!: Span;
    let secondRequest!: Span;
    const first = await inRequest('first request', (span) => ((firstRequest = span), startWaitSpan('insert wait')));
    const second = await inRequest('second request', (span) => ((secondRequest = span), startWaitSpan('insert wait')));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    const batch: TracedItem<string>[] = [
      { item: 'a', wait: first },
      { item: 'b', wait: undefined },
      { item: 'c', wait: second },
    ];
    let activeInWrite: Span | undefined;
    await inBatchSpan('insert batch', batch, async () => {
      activeInWrite = trace.getActiveSpan();
    });
    endWaitSpan(first);
    endWaitSpan(second);

    const spans = await ended();
    const batchSpan = named(spans, 'insert batch');
    const [firstWait, secondWait] = spans.filter((span) => span.name === 'insert wait');
    expect(firstWait?.spanContext()).toEqual(first!.spanContext());
    expect(secondWait?.spanContext()).toEqual(second!.spanContext());
    // Each wait is a child of its request's span.
    expect(firstWait!.parentSpanContext?.spanId).toBe(firstRequest.spanContext().spanId);
    expect(secondWait!.parentSpanContext?.spanId).toBe(secondRequest.spanContext().spanId);
    // The batch: in the first caller's trace, under its wait, linked to the second's wait.
    expect(batchSpan.spanContext().traceId).toBe(firstRequest.spanContext().traceId);
    expect(batchSpan.parentSpanContext?.spanId).toBe(firstWait!.spanContext().spanId);
    expect(batchSpan.links.map((link) => link.context)).toEqual([secondWait!.spanContext()]);
    expect(batchSpan.attributes).toEqual({ 'pms.batch.size': 3, 'pms.batch.traced_callers': 2 });
    expect(batchSpan.status.code).toBe(SpanStatusCode.UNSET);
    // The write ran within the batch span: its statements are the batch's children.
    expect(activeInWrite?.spanContext()).toEqual(batchSpan.spanContext());
    // Each wait knows the batch's size; the second, in another trace, links back to the batch.
    expect(firstWait!.attributes['pms.batch.size']).toBe(3);
    expect(secondWait!.attributes['pms.batch.size']).toBe(3);
    expect(firstWait!.links).toEqual([]);
    expect(secondWait!.links.map((link) => link.context)).toEqual([batchSpan.spanContext()]);
    expect(firstWait!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('a batch without a traced caller just runs its write', async () => {
    const write = vi.fn(async () => {});
    await inBatchSpan('insert batch', [{ item: 'a', wait: undefined }], write);
    expect(write).toHaveBeenCalledOnce();
    expect(await ended()).toEqual([]);
  });

  it('a write that fails marks the batch span and is rethrown; a failed wait is marked too', async () => {
    const wait = await inRequest('request', () => startWaitSpan('insert wait'));
    const failure = new TypeError('simulated: the INSERT failed');
    await expect(
      inBatchSpan('insert batch', [{ item: 'a', wait }], async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    endWaitSpan(wait, failure);
    const spans = await ended();
    expect(named(spans, 'insert batch').status).toEqual({ code: SpanStatusCode.ERROR, message: 'TypeError' });
    const waitSpan = named(spans, 'insert wait');
    expect(waitSpan.status).toEqual({ code: SpanStatusCode.ERROR, message: 'TypeError' });
    expect(waitSpan.attributes['pms.batch.size']).toBe(1);

    // Something thrown that is not an Error: marked with a generic message.
    exporter.reset();
    const other = await inRequest('request', () => startWaitSpan('insert wait'));
    await expect(
      inBatchSpan('insert batch', [{ item: 'a', wait: other }], async () => {
        throw notAnError;
      }),
    ).rejects.toBe(notAnError);
    endWaitSpan(other, notAnError);
    const generic = await ended();
    expect(named(generic, 'insert batch').status).toEqual({ code: SpanStatusCode.ERROR, message: 'error' });
    expect(named(generic, 'insert wait').status).toEqual({ code: SpanStatusCode.ERROR, message: 'error' });
  });

  it('endWaitSpan without a wait does nothing', () => {
    expect(() => endWaitSpan(undefined, new Error('ignored'))).not.toThrow();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

describe('inSpan (lib/spans.ts)', () => {
  it('a child of the active span, active itself while its function runs, with the given kind and attributes', async () => {
    let parent!: Span;
    let activeInside: Span | undefined;
    const result = await inRequest('request', (span) => {
      parent = span;
      return inSpan('SELECT', SpanKind.CLIENT, { 'db.system.name': 'postgresql' }, async () => {
        activeInside = trace.getActiveSpan();
        return 42;
      });
    });
    expect(result).toBe(42);
    const child = named(await ended(), 'SELECT');
    expect(child.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(child.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(child.kind).toBe(SpanKind.CLIENT);
    expect(child.attributes).toEqual({ 'db.system.name': 'postgresql' });
    expect(child.status.code).toBe(SpanStatusCode.UNSET);
    expect(activeInside?.spanContext()).toEqual(child.spanContext());
  });

  it('an error marks the span and is rethrown', async () => {
    const failure = new RangeError('simulated: the query failed');
    await expect(
      inRequest('request', () =>
        inSpan('SELECT', SpanKind.CLIENT, {}, async () => {
          throw failure;
        }),
      ),
    ).rejects.toBe(failure);
    expect(named(await ended(), 'SELECT').status).toEqual({ code: SpanStatusCode.ERROR, message: 'RangeError' });

    exporter.reset();
    await expect(
      inRequest('request', () =>
        inSpan('SELECT', SpanKind.CLIENT, {}, async () => {
          throw notAnError;
        }),
      ),
    ).rejects.toBe(notAnError);
    expect(named(await ended(), 'SELECT').status).toEqual({ code: SpanStatusCode.ERROR, message: 'error' });
  });

  it('outside a recording span its function just runs, making no span', async () => {
    expect(await inSpan('SELECT', SpanKind.CLIENT, {}, async () => 'no request')).toBe('no request');
    expect(await inUnsampledContext(() => inSpan('SELECT', SpanKind.CLIENT, {}, async () => 'unsampled'))).toBe('unsampled');
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
