// The OpenTelemetry SDK, started by main.ts only when OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set (docs/operations.md#traces). Every SDK package is imported
// dynamically: the server bundle (dist/main.js) keeps them external, and a process without tracing
// never loads them. The SDK reads the standard OTEL_* variables itself: endpoint and headers
// (exporter), OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (resource), OTEL_TRACES_SAMPLER and
// OTEL_TRACES_SAMPLER and its argument are the service's own decision, taken before the SDK is asked
// for a span (request-tracing.ts): the SDK records what it is given (parent-based, roots always on).
// OTEL_BSP_* bound the span queue (span-queue.ts, also bounded in bytes; for protobuf it holds the spans
// encoded: encoded-spans.ts). Spans are made by hand
// (lib/spans.ts, request-tracing.ts): no module patching, which the ESM bundle would not allow
// without a loader hook.
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { TracingConfig } from '../config.ts';
import { disableSpans, enableSpans } from '../lib/spans.ts';
import { EncodedSpans } from './encoded-spans.ts';
import { requestContexts } from './request-context.ts';
import { BlockIdGenerator } from './span-ids.ts';
import { MAX_QUEUED_SPAN_BYTES, SpanObjects, SpanQueue, type BatchExporter } from './span-queue.ts';

export interface Tracing {
  /** Exports what is buffered, then stops. */
  shutdown(): Promise<void>;
}

export async function startTracing(config: TracingConfig): Promise<Tracing> {
  const [{ NodeTracerProvider, ParentBasedSampler, AlwaysOnSampler }, resources, { W3CTraceContextPropagator }, spanQueue] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/core'),
      config.protocol === 'http/json'
        ? jsonExporter().then((exporter): SpanProcessor => new SpanQueue(new SpanObjects(MAX_QUEUED_SPAN_BYTES), exporter, config.queue))
        : protobufExporter().then(
            (exporter): SpanProcessor => new SpanQueue(new EncodedSpans(MAX_QUEUED_SPAN_BYTES), exporter, config.queue),
          ),
    ]);
  // Our name unless OTEL_SERVICE_NAME (envDetector, merged last) says otherwise.
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': 'payment-method-sessions' }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    idGenerator: new BlockIdGenerator(),
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    spanProcessors: [spanQueue],
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

async function jsonExporter(): Promise<BatchExporter<ReadableSpan[]>> {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  return new OTLPTraceExporter();
}

/**
 * The SDK's OTLP/HTTP protobuf exporter (its endpoint, headers, compression, time-out and retries from the
 * OTEL_EXPORTER_OTLP_* variables, as @opentelemetry/exporter-trace-otlp-proto builds it), given requests
 * already encoded (encoded-spans.ts: the same bytes as the SDK's serializer, several times cheaper).
 */
export async function protobufExporter(url?: string): Promise<BatchExporter<Uint8Array>> {
  const [{ OTLPExporterBase }, { createOtlpHttpExportDelegate, convertLegacyHttpOptions }, { ProtobufTraceSerializer }] = await Promise.all(
    [
      import('@opentelemetry/otlp-exporter-base'),
      import('@opentelemetry/otlp-exporter-base/node-http'),
      import('@opentelemetry/otlp-transformer'),
    ],
  );
  // `url` for tests; the service gives none (the endpoint comes from the environment).
  const options = convertLegacyHttpOptions(url ? { url } : {}, 'TRACES', 'v1/traces', { 'Content-Type': 'application/x-protobuf' });
  return new OTLPExporterBase<Uint8Array>(
    createOtlpHttpExportDelegate(options, {
      serializeRequest: (request) => request,
      deserializeResponse: (data) => ProtobufTraceSerializer.deserializeResponse(data),
    }),
  );
}
