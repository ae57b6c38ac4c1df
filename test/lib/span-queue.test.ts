// The traced instance's span queue (src/observability/span-queue.ts), with the JSON protocol's store of span
// objects (the protobuf store: test/lib/otlp-protobuf.test.ts): bounded in spans and in bytes,
// exporting from a timer or setImmediate, never from within a span's end.
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { estimatedSpanBytes, SpanObjects, SpanQueue } from '../../src/observability/span-queue.ts';

function span(name: string, attributes: Record<string, string | number> = {}, sampled = true): ReadableSpan {
  return {
    name,
    attributes,
    events: [],
    links: [],
    spanContext: () => ({ traceId: '1'.repeat(32), spanId: '2'.repeat(16), traceFlags: sampled ? 1 : 0 }),
  } as unknown as ReadableSpan;
}

function recordingExporter() {
  const batches: string[][] = [];
  const exporter: SpanExporter = {
    export: (spans, done) => {
      batches.push(spans.map((s) => s.name));
      done({ code: 0 });
    },
    shutdown: async () => {},
  };
  return { exporter, batches };
}

const OPTIONS = { scheduledDelayMs: 60_000, maxQueueSize: 100, maxExportBatchSize: 2, exportTimeoutMs: 1000 };

describe('SpanQueue', () => {
  it('exports a full batch after the span that filled it has ended, not within its end()', async () => {
    const { exporter, batches } = recordingExporter();
    const queue = new SpanQueue(new SpanObjects(), exporter, OPTIONS);
    queue.onEnd(span('a'));
    queue.onEnd(span('b'));
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['a', 'b']]);
    await queue.shutdown();
  });

  it('leaves out spans that were not sampled, and exports what is left at shutdown', async () => {
    const { exporter, batches } = recordingExporter();
    const queue = new SpanQueue(new SpanObjects(), exporter, OPTIONS);
    queue.onEnd(span('unsampled', {}, false));
    queue.onEnd(span('c'));
    await queue.shutdown();
    expect(batches).toEqual([['c']]);
  });

  it('drops spans beyond its bound in bytes, and counts them', async () => {
    const { exporter, batches } = recordingExporter();
    const big = { 'pms.note': 'x'.repeat(10_000) };
    const bound = estimatedSpanBytes(span('s0', big)) * 2;
    const queue = new SpanQueue(new SpanObjects(bound), exporter, { ...OPTIONS, maxExportBatchSize: 10 });
    for (let i = 0; i < 5; i++) queue.onEnd(span(`s${i}`, big));
    expect(queue.dropped).toBe(3);
    expect(queue.bytes).toBe(bound);
    await queue.shutdown();
    expect(batches).toEqual([['s0', 's1']]);
  });

  it('drops spans beyond its bound in spans', async () => {
    const { exporter } = recordingExporter();
    const queue = new SpanQueue(new SpanObjects(), exporter, { ...OPTIONS, maxQueueSize: 3, maxExportBatchSize: 10 });
    for (let i = 0; i < 5; i++) queue.onEnd(span(`s${i}`));
    expect(queue.dropped).toBe(2);
    await queue.shutdown();
  });
});
