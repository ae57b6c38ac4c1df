// Manual OpenTelemetry spans, through the API only (docs/operations.md#traces). Until the SDK is started
// (observability/otel-sdk.ts, only when OTEL_EXPORTER_OTLP_ENDPOINT is set) `enabled` is false and
// every helper here is a plain call: no span object, no context switch on the hot path.
import { SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

export { SpanKind };

let enabled = false;

/** Called once the SDK is registered. */
export function enableSpans(): void {
  enabled = true;
}

/** Called when the SDK shuts down: nothing would export a span made after it. */
export function disableSpans(): void {
  enabled = false;
}

export function spansEnabled(): boolean {
  return enabled;
}

export function tracer() {
  return trace.getTracer('payment-method-sessions');
}

/**
 * Runs `fn` in a span that is a child of the active one; an error marks the span and is rethrown.
 * Without an active recording span (outside a request, or in a request the sampler left out) `fn`
 * just runs: a child of nothing would be a root of its own, sampled apart from its request.
 */
export async function inSpan<T>(name: string, kind: SpanKind, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  if (!enabled || !trace.getActiveSpan()?.isRecording()) return fn();
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}
