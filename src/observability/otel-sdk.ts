// The OpenTelemetry SDK, started by main.ts only when OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set (docs/operations.md#traces). Every SDK package is imported
// dynamically: the server bundle (dist/main.js) keeps them external, and a process without tracing
// never loads them. The SDK reads the standard OTEL_* variables itself: endpoint and headers
// (exporter), OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (resource), OTEL_TRACES_SAMPLER and
// OTEL_TRACES_SAMPLER and its argument are the service's own decision, taken before the SDK is asked
// for a span (request-tracing.ts): the SDK records what it is given (parent-based, roots always on).
// OTEL_BSP_* bound the span queue (span-queue.ts, also bounded in bytes). Spans are made by hand
// (lib/spans.ts, request-tracing.ts): no module patching, which the ESM bundle would not allow
// without a loader hook.
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { TracingConfig } from '../config.ts';
import { disableSpans, enableSpans } from '../lib/spans.ts';
import { encodeTraceRequest } from './otlp-protobuf.ts';
import { requestContexts } from './request-context.ts';
import { SpanQueue } from './span-queue.ts';

export interface Tracing {
  /** Exports what is buffered, then stops. */
  shutdown(): Promise<void>;
}

export async function startTracing(config: TracingConfig): Promise<Tracing> {
  const [{ NodeTracerProvider, ParentBasedSampler, AlwaysOnSampler }, resources, { W3CTraceContextPropagator }, exporter] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/core'),
      config.protocol === 'http/json' ? jsonExporter() : protobufExporter(),
    ]);
  // Our name unless OTEL_SERVICE_NAME (envDetector, merged last) says otherwise.
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': 'payment-method-sessions' }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    spanProcessors: [new SpanQueue(exporter, config.queue)],
  });
  // W3C traceparent in and out; an AsyncLocalStorage carries the active span across awaits, switched off
  // while no request is within a trace's context (request-context.ts).
  provider.register({ propagator: new W3CTraceContextPropagator(), contextManager: requestContexts });
  enableSpans();
  return {
    shutdown: () => {
      disableSpans();
      return provider.shutdown();
    },
  };
}

async function jsonExporter(): Promise<SpanExporter> {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  return new OTLPTraceExporter();
}

/**
 * The SDK's OTLP/HTTP protobuf exporter (its endpoint, headers, compression, time-out and retries from the
 * OTEL_EXPORTER_OTLP_* variables, as @opentelemetry/exporter-trace-otlp-proto builds it) with our encoding
 * of the request (otlp-protobuf.ts: the same bytes, several times cheaper).
 */
export async function protobufExporter(url?: string): Promise<SpanExporter> {
  const [{ OTLPExporterBase }, { createOtlpHttpExportDelegate, convertLegacyHttpOptions }, { ProtobufTraceSerializer }] = await Promise.all(
    [
      import('@opentelemetry/otlp-exporter-base'),
      import('@opentelemetry/otlp-exporter-base/node-http'),
      import('@opentelemetry/otlp-transformer'),
    ],
  );
  // `url` for tests; the service gives none (the endpoint comes from the environment).
  const options = convertLegacyHttpOptions(url ? { url } : {}, 'TRACES', 'v1/traces', { 'Content-Type': 'application/x-protobuf' });
  return new OTLPExporterBase<ReadableSpan[]>(
    createOtlpHttpExportDelegate(options, {
      serializeRequest: encodeTraceRequest,
      deserializeResponse: (data) => ProtobufTraceSerializer.deserializeResponse(data),
    }),
  );
}
