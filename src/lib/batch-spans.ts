// Spans for writes that go together (lib/write-batcher.ts, session creation): each caller's wait is
// a child of its request's span, and the batch's database work is a span of its own, a child of the
// first traced caller's wait and linked to every other's (OpenTelemetry links, both ways), so that
// each request's trace leads to the INSERT that carried its row. The statements the batch runs are
// children of the batch span. Without tracing, or outside a recording span, nothing is made.
import { context, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { SpanKind, spansEnabled, tracer } from './spans.ts';

/** An item of a batch, with the span of its caller's wait when that caller is traced. */
export interface TracedItem<T> {
  item: T;
  wait: Span | undefined;
}

/** Starts the wait of the active request, or undefined when there is nothing to trace. */
export function startWaitSpan(name: string): Span | undefined {
  if (!spansEnabled()) return undefined;
  const active = trace.getActiveSpan();
  if (!active?.isRecording()) return undefined;
  return tracer().startSpan(name, { kind: SpanKind.INTERNAL });
}

/** Ends a wait started by startWaitSpan, marked as failed when `error` is given. */
export function endWaitSpan(wait: Span | undefined, error?: unknown): void {
  if (!wait) return;
  if (error !== undefined) wait.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
  wait.end();
}

/** Runs `write` for `batch` in a span carrying the batch's size, tied to the traced callers' waits. */
export async function inBatchSpan<T>(name: string, batch: readonly TracedItem<T>[], write: () => Promise<void>): Promise<void> {
  const waits = batch.flatMap((entry) => (entry.wait ? [entry.wait] : []));
  const [parent, ...others] = waits;
  if (!parent) return write();
  const size = batch.length;
  const span = tracer().startSpan(
    name,
    {
      kind: SpanKind.INTERNAL,
      attributes: { 'pms.batch.size': size, 'pms.batch.traced_callers': waits.length },
      links: others.map((wait) => ({ context: wait.spanContext() })),
    },
    trace.setSpan(context.active(), parent),
  );
  try {
    await context.with(trace.setSpan(context.active(), span), write);
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
    throw error;
  } finally {
    span.end();
    for (const wait of waits) {
      wait.setAttribute('pms.batch.size', size);
      if (wait !== parent) wait.addLink({ context: span.spanContext() });
    }
  }
}
