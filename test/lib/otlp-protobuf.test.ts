// The traced instance's OTLP encoding (src/observability/otlp-protobuf.ts) writes the bytes of the
// SDK's own ProtobufTraceSerializer, for spans of every shape the SDK makes: byte for byte, so that a
// collector receives exactly what @opentelemetry/exporter-trace-otlp-proto would have sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type HrTime } from '@opentelemetry/api';
import { ExportResultCode, TraceState, type ExportResult } from '@opentelemetry/core';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { protobufExporter } from '../../src/observability/otel-sdk.ts';
import { EncodedSpans } from '../../src/observability/encoded-spans.ts';
import { SpanQueue } from '../../src/observability/span-queue.ts';

function provider(attributes: Record<string, string | number>) {
  const exporter = new InMemorySpanExporter();
  const made = new BasicTracerProvider({
    resource: resourceFromAttributes(attributes),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  return { made, exporter };
}

/** The request the traced instance exports for `spans`: each added to the span queue's store as it ends, then taken at once. */
function encodeTraceRequest(spans: readonly ReadableSpan[]): Uint8Array {
  const store = new EncodedSpans();
  for (const span of spans) store.add(span);
  return store.take(spans.length);
}

function sdkBytes(spans: ReadableSpan[]): Buffer {
  return Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!);
}

/**
 * The bytes are the SDK serializer's for `spans`. Compared as hex: a deep comparison of buffers of
 * 100 KB, element by element, takes vitest a good part of a second.
 */
function expectSdkBytes(encoded: Uint8Array, spans: ReadableSpan[], message?: string): void {
  expect(Buffer.from(encoded).toString('hex'), message).toBe(sdkBytes(spans).toString('hex'));
}

const REMOTE_PARENT = trace.setSpanContext(ROOT_CONTEXT, {
  traceId: '0af7651916cd43dd8448eb211c80319c',
  spanId: 'b7ad6b7169203331',
  traceFlags: TraceFlags.SAMPLED,
  isRemote: true,
  traceState: new TraceState('vendor=value,other=1'),
});

/**
 * Spans of every shape the SDK makes: every attribute type, events, links, status, long and non-ASCII
 * strings, in two scopes of each of two resources.
 */
async function variedSpans(): Promise<{ spans: ReadableSpan[]; shutdown: () => Promise<void> }> {
  const first = provider({ 'service.name': 'a', 'deployment.environment': 'test', 'instance.count': 3 });
  const second = provider({ 'service.name': 'b'.repeat(300) });
  const spans: ReadableSpan[] = [];
  for (const { made, exporter } of [first, second]) {
    for (const [scope, version] of [
      ['one', undefined],
      ['two', '1.2.3'],
    ] as const) {
      const tracer = made.getTracer(scope, version);
      const parent = tracer.startSpan('parent', { kind: SpanKind.INTERNAL });
      const child = tracer.startSpan(
        'ö'.repeat(100) + 'x'.repeat(20_000),
        {
          kind: SpanKind.CLIENT,
          attributes: {
            text: 'db.query.text: select $1 — ünïcode',
            empty: '',
            zero: 0,
            negative: -42,
            large: 2 ** 40 + 7,
            huge: -(2 ** 60),
            fraction: 3.25,
            no: false,
            yes: true,
            strings: ['a', 'b'],
            numbers: [1, 2.5, -3],
            mixed: [null, 'x', undefined] as unknown as string[],
            flags: [true, false],
          },
          links: [{ context: trace.getSpanContext(REMOTE_PARENT)!, attributes: { weight: 2 } }, { context: parent.spanContext() }],
          startTime: [1_795_744_091, 187_000_123] as HrTime,
        },
        trace.setSpan(ROOT_CONTEXT, parent),
      );
      child.addEvent('retry', { attempt: 2, reason: 'timeout' }, [1_795_744_091, 999_999_999] as HrTime);
      child.addEvent('plain');
      child.addLink({ context: parent.spanContext(), attributes: { late: true } });
      child.setStatus({ code: SpanStatusCode.ERROR, message: 'DatabaseUnavailableError' });
      child.end([4_102_444_800, 1] as HrTime);
      parent.setStatus({ code: SpanStatusCode.OK });
      parent.end();
    }
    spans.push(...exporter.getFinishedSpans());
  }
  return {
    spans,
    shutdown: async () => {
      await first.made.shutdown();
      await second.made.shutdown();
    },
  };
}

describe('OTLP protobuf encoding (observability/otlp-protobuf.ts)', () => {
  it("a request's server span, with and without a remote parent, is the SDK's bytes", async () => {
    const { made, exporter } = provider({ 'service.name': 'payment-method-sessions' });
    const tracer = made.getTracer('payment-method-sessions');
    for (const parent of [ROOT_CONTEXT, REMOTE_PARENT]) {
      const span = tracer.startSpan(
        'GET /v1/sessions/:sessionId/payment-method-groups',
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': 'GET', 'http.route': '/v1/sessions/:sessionId/payment-method-groups' },
        },
        parent,
      );
      span.setAttribute('http.response.status_code', 200);
      span.end();
    }
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(2);
    expectSdkBytes(encodeTraceRequest(spans), spans);
    await made.shutdown();
  });

  it('every attribute type, events, links, status, long and non-ASCII strings, several scopes and resources', async () => {
    const { spans, shutdown } = await variedSpans();
    // Interleaved resources and scopes: grouped as the SDK groups them (order of first appearance).
    const interleaved = [spans[0]!, spans[5]!, spans[2]!, spans[7]!, spans[1]!, spans[4]!, spans[3]!, spans[6]!];
    for (const batch of [spans, interleaved, spans.slice(0, 1), []]) {
      expectSdkBytes(encodeTraceRequest(batch), batch);
    }
    await shutdown();
  });

  it('a large batch (lengths of several bytes at every level) is the SDK bytes', async () => {
    const { made, exporter } = provider({ 'service.name': 'payment-method-sessions' });
    const tracer = made.getTracer('payment-method-sessions');
    for (let i = 0; i < 1000; i++) {
      const span = tracer.startSpan(
        `span ${i}`,
        { kind: i % 5, attributes: { index: i, 'pms.store_id': `store-${i}` } },
        i % 2 ? REMOTE_PARENT : ROOT_CONTEXT,
      );
      span.end();
    }
    const spans = exporter.getFinishedSpans();
    expectSdkBytes(encodeTraceRequest(spans), spans);
    await made.shutdown();
  });
});

describe("the protobuf span queue's store, spans encoded as they end (observability/encoded-spans.ts)", () => {
  it("exports, batch after batch, the SDK's bytes of each batch's spans, whatever their resources and scopes", async () => {
    const { spans, shutdown } = await variedSpans();
    // Interleaved resources and scopes, each span three times: batches of 5 cut across every group.
    const sequence = [0, 5, 2, 7, 1, 4, 3, 6].map((i) => spans[i]!);
    const all = [...sequence, ...sequence, ...sequence];
    const store = new EncodedSpans();
    for (const span of all) expect(store.add(span)).toBe(true);
    expect(store.count).toBe(24);
    let taken = 0;
    for (const size of [5, 1, 8, 5, 5]) {
      const batch = all.slice(taken, taken + size);
      expectSdkBytes(store.take(size), batch, `spans ${taken} to ${taken + size}`);
      taken += batch.length;
      expect(store.count).toBe(all.length - taken);
    }
    expect(store.bytes).toBe(0);
    await shutdown();
  });

  it('keeps every span intact while it is added to and taken from in turns, and its buffer moves and fills', async () => {
    const { spans, shutdown } = await variedSpans();
    const store = new EncodedSpans();
    const waiting: ReadableSpan[] = [];
    let next = 0;
    // Seven in, five out, each round: what is left moves to the buffer's start, or the buffer fills
    // (the varied spans' names are 20 KB long) and must be moved before it grows.
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 7; i++) {
        const span = spans[next++ % spans.length]!;
        expect(store.add(span)).toBe(true);
        waiting.push(span);
      }
      const batch = waiting.splice(0, 5);
      expectSdkBytes(store.take(5), batch, `round ${round}`);
    }
    expectSdkBytes(store.take(1000), waiting);
    expect([store.count, store.bytes]).toEqual([0, 0]);
    await shutdown();
  });

  it('refuses a span that would take it beyond its bound in bytes, and holds exactly the bytes of the spans it kept', async () => {
    const { made, exporter } = provider({ 'service.name': 'payment-method-sessions' });
    const tracer = made.getTracer('payment-method-sessions');
    for (const note of ['small', 'x'.repeat(5000), 'small again']) tracer.startSpan('GET /readyz', { attributes: { note } }).end();
    const [small, large, smallAgain] = exporter.getFinishedSpans() as [ReadableSpan, ReadableSpan, ReadableSpan];
    const bound = 2 * (encodeTraceRequest([small]).length + 64);
    const store = new EncodedSpans(bound);
    expect(store.add(small)).toBe(true);
    const afterSmall = store.bytes;
    expect(store.add(large)).toBe(false);
    expect(store.bytes).toBe(afterSmall);
    expect(store.add(smallAgain)).toBe(true);
    expect(store.bytes).toBeLessThanOrEqual(bound);
    expectSdkBytes(store.take(10), [small, smallAgain]);
    await made.shutdown();
  });

  it('in the span queue: what the exporter receives is the SDK request of the spans ended, unsampled ones left out', async () => {
    const requests: Buffer[] = [];
    const queue = new SpanQueue(
      new EncodedSpans(),
      {
        export: (request: Uint8Array, done) => {
          requests.push(Buffer.from(request));
          done({ code: ExportResultCode.SUCCESS });
        },
        shutdown: async () => {},
      },
      { scheduledDelayMs: 60_000, maxQueueSize: 100, maxExportBatchSize: 3, exportTimeoutMs: 1000 },
    );
    const { made, exporter } = provider({ 'service.name': 'payment-method-sessions' });
    const tracer = made.getTracer('payment-method-sessions');
    for (let i = 0; i < 4; i++) tracer.startSpan(`span ${i}`, { kind: SpanKind.SERVER }, i === 1 ? REMOTE_PARENT : ROOT_CONTEXT).end();
    const unsampled = trace.setSpanContext(ROOT_CONTEXT, { ...trace.getSpanContext(REMOTE_PARENT)!, traceFlags: TraceFlags.NONE });
    const ended = exporter.getFinishedSpans();
    for (const span of ended) queue.onEnd(span);
    queue.onEnd({ ...ended[0]!, spanContext: () => trace.getSpanContext(unsampled)! } as ReadableSpan);
    await queue.shutdown();
    expect(requests).toEqual([sdkBytes(ended.slice(0, 3)), sdkBytes(ended.slice(3))]);
    await made.shutdown();
  });
});

describe("the traced instance's protobuf exporter (observability/otel-sdk.ts)", () => {
  it('posts the encoded request to the collector as application/x-protobuf', async () => {
    const received: { path?: string; type?: string; body: Buffer }[] = [];
    const collector = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url, type: request.headers['content-type'], body: Buffer.concat(chunks) });
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { made, exporter: memory } = provider({ 'service.name': 'payment-method-sessions' });
    const span = made.getTracer('payment-method-sessions').startSpan('GET /healthz', { kind: SpanKind.SERVER }, REMOTE_PARENT);
    span.end();
    const spans = memory.getFinishedSpans();
    const exporter = await protobufExporter(`http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`);
    const result = await new Promise<ExportResult>((resolve) => exporter.export(encodeTraceRequest(spans), resolve));
    await exporter.shutdown();
    await made.shutdown();
    await new Promise((resolve) => collector.close(resolve));
    expect(result.code).toBe(ExportResultCode.SUCCESS);
    expect(received).toEqual([{ path: '/v1/traces', type: 'application/x-protobuf', body: sdkBytes(spans) }]);
  });
});
