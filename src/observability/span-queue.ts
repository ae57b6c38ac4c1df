// The span processor of the traced instance (observability/otel-sdk.ts), in place of the SDK's
// BatchSpanProcessor, for three reasons measured in bench/analysis.md:
// - Its queue is bounded in spans only (OTEL_BSP_MAX_QUEUE_SIZE): with large batches the traced
//   instance peaked at 317–380 MB. This queue is bounded in bytes too (MAX_QUEUED_SPAN_BYTES); a span
//   beyond either bound is dropped and counted.
// - It holds span objects until their export. The protobuf store (encoded-spans.ts) encodes each span
//   as it ends instead, so that its objects die young; the JSON store (SpanObjects, below) keeps them,
//   bounded by an estimate of their size.
// - The SDK's processor exports a full batch from within the span's end(), that is within the
//   request's onResponse hook. Here a span's end only adds it to the store; exports start from a
//   timer or setImmediate, one at a time, so that a slow collector delays nothing but the next export.
// It reads the standard OTEL_BSP_* settings (config.ts), as the SDK's does.
import type { Context } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** What the queue may hold in bytes: a collector that is down costs spans, never memory beyond this. */
export const MAX_QUEUED_SPAN_BYTES = 16 * 1024 * 1024;

/** A span's fixed cost in memory (its objects, times, context and references), estimated from heap snapshots' order of magnitude. */
const SPAN_OVERHEAD_BYTES = 1024;

export interface SpanQueueOptions {
  /** OTEL_BSP_SCHEDULE_DELAY: milliseconds between exports of what is queued. */
  scheduledDelayMs: number;
  /** OTEL_BSP_MAX_QUEUE_SIZE: spans the queue holds at most. */
  maxQueueSize: number;
  /** OTEL_BSP_MAX_EXPORT_BATCH_SIZE: spans per export at most; a full batch is exported without waiting for the delay. */
  maxExportBatchSize: number;
  /** OTEL_BSP_EXPORT_TIMEOUT: an export that has not answered by then is given up. */
  exportTimeoutMs: number;
}

/** Where the queue keeps ended spans until their export, as `Batch`es for its exporter. */
export interface SpanStore<Batch> {
  /** Spans held. */
  readonly count: number;
  /** Bytes held (exact or estimated). */
  readonly bytes: number;
  /** Keeps the span, unless that would take the store beyond its bound in bytes; whether it did. */
  add(span: ReadableSpan): boolean;
  /** The first `count` spans, out of the store, as one export's batch. */
  take(count: number): Batch;
}

/** An exporter of the store's batches (the SDK's SpanExporter is one for ReadableSpan[]). */
export interface BatchExporter<Batch> {
  export(batch: Batch, resultCallback: (result: ExportResult) => void): void;
  forceFlush?(): Promise<void>;
  shutdown(): Promise<void>;
}

/** The span's estimated size: its overhead, its name and attributes, its events and links. */
export function estimatedSpanBytes(span: ReadableSpan): number {
  let bytes = SPAN_OVERHEAD_BYTES + span.name.length * 2;
  for (const key in span.attributes) {
    const value = span.attributes[key];
    bytes += key.length * 2 + (typeof value === 'string' ? value.length * 2 : 16);
  }
  return bytes + span.events.length * 256 + span.links.length * 128;
}

/** The spans themselves, bounded by their estimated size (estimatedSpanBytes): the store of the JSON protocol's exporter. */
export class SpanObjects implements SpanStore<ReadableSpan[]> {
  private spans: ReadableSpan[] = [];
  private sizes: number[] = [];
  private estimatedBytes = 0;

  constructor(private readonly maxBytes = MAX_QUEUED_SPAN_BYTES) {}

  get count(): number {
    return this.spans.length;
  }

  get bytes(): number {
    return this.estimatedBytes;
  }

  add(span: ReadableSpan): boolean {
    const bytes = estimatedSpanBytes(span);
    if (this.estimatedBytes + bytes > this.maxBytes) return false;
    this.spans.push(span);
    this.sizes.push(bytes);
    this.estimatedBytes += bytes;
    return true;
  }

  take(count: number): ReadableSpan[] {
    for (const size of this.sizes.splice(0, count)) this.estimatedBytes -= size;
    return this.spans.splice(0, count);
  }
}

export class SpanQueue<Batch> implements SpanProcessor {
  private exporting: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private stopped = false;
  /** Spans dropped because the queue was full (in spans or in bytes). */
  dropped = 0;

  constructor(
    private readonly store: SpanStore<Batch>,
    private readonly exporter: BatchExporter<Batch>,
    private readonly options: SpanQueueOptions,
  ) {}

  onStart(_span: Span, _parentContext: Context): void {}

  onEnd(span: ReadableSpan): void {
    if (this.stopped || (span.spanContext().traceFlags & 1) === 0) return;
    if (this.store.count >= this.options.maxQueueSize || !this.store.add(span)) {
      this.dropped += 1;
      return;
    }
    if (this.store.count >= this.options.maxExportBatchSize) {
      // Never from within end(): the request that ended the span goes on at once.
      this.immediate ??= setImmediate(() => {
        this.immediate = undefined;
        void this.exportNext();
      });
    } else if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.exportNext();
      }, this.options.scheduledDelayMs);
      // A pending export never keeps the process alive (shutdown exports what is left).
      this.timer.unref();
    }
  }

  /** Bytes queued now. */
  get bytes(): number {
    return this.store.bytes;
  }

  /** Exports one batch (if none is under way), then schedules the next while spans wait. */
  private exportNext(): Promise<void> {
    if (this.exporting) return this.exporting;
    if (this.store.count === 0) return Promise.resolve();
    const batch = this.store.take(Math.min(this.store.count, this.options.maxExportBatchSize));
    this.exporting = new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, this.options.exportTimeoutMs);
      timeout.unref();
      try {
        this.exporter.export(batch, () => {
          clearTimeout(timeout);
          resolve();
        });
      } catch {
        clearTimeout(timeout);
        resolve();
      }
    }).finally(() => {
      this.exporting = undefined;
      if (this.store.count > 0 && !this.stopped && this.timer === undefined) {
        this.timer = setTimeout(
          () => {
            this.timer = undefined;
            void this.exportNext();
          },
          this.store.count >= this.options.maxExportBatchSize ? 0 : this.options.scheduledDelayMs,
        );
        this.timer.unref();
      }
    });
    return this.exporting;
  }

  /** Exports everything queued now. */
  async forceFlush(): Promise<void> {
    await this.exporting;
    while (this.store.count > 0) await this.exportNext();
    await this.exporter.forceFlush?.();
  }

  async shutdown(): Promise<void> {
    if (this.immediate) clearImmediate(this.immediate);
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.forceFlush();
    this.stopped = true;
    await this.exporter.shutdown();
  }
}
