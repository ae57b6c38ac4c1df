// OpenTelemetry traces (README.md#traces): the real process with OTEL_EXPORTER_OTLP_ENDPOINT set
// exports, over OTLP/HTTP in JSON, to a receiver this test runs: a span per request (route, status,
// store id) continuing the caller's traceparent, the key derivation and, on PostgreSQL, each query
// as children; the trace id in the request's log lines and in error bodies.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../helpers/database.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import { buildDist, freePort, processEnvironment, startServer, type ProcessEnvironment, type ServerProcess } from '../helpers/process.ts';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  service: unknown;
}

type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean };
type KeyValue = { key: string; value: AnyValue };

const received: ReceivedSpan[] = [];
let receiver: http.Server;
let environment: ProcessEnvironment;
let server: ServerProcess;

function valueOf(value: AnyValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.boolValue;
}

function attributes(list: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

/** OTLP/HTTP, JSON encoding (ids in hex): POST /v1/traces. */
async function startReceiver(port: number): Promise<http.Server> {
  const receiverServer = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const payload = JSON.parse(body) as {
          resourceSpans: Array<{
            resource: { attributes: KeyValue[] };
            scopeSpans: Array<{ spans: Array<Omit<ReceivedSpan, 'attributes' | 'service'> & { attributes?: KeyValue[] }> }>;
          }>;
        };
        for (const resourceSpans of payload.resourceSpans) {
          const service = attributes(resourceSpans.resource.attributes)['service.name'];
          for (const scope of resourceSpans.scopeSpans) {
            for (const span of scope.spans) received.push({ ...span, attributes: attributes(span.attributes), service });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiverServer.listen(port, '127.0.0.1', resolve));
  return receiverServer;
}

async function spansOfTrace(traceId: string, until: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  const started = performance.now();
  for (;;) {
    const spans = received.filter((s) => s.traceId === traceId);
    if (until(spans)) return spans;
    if (performance.now() - started > 10_000)
      throw new Error(`spans of ${traceId} never arrived: ${JSON.stringify(spans.map((s) => s.name))}`);
    await sleep(100);
  }
}

function traceparent(): { header: string; traceId: string; parentId: string } {
  const traceId = randomBytes(16).toString('hex');
  const parentId = randomBytes(8).toString('hex');
  return { header: `00-${traceId}-${parentId}-01`, traceId, parentId };
}

beforeAll(async () => {
  buildDist();
  const port = await freePort();
  receiver = await startReceiver(port);
  environment = await processEnvironment('tracing', {}, { DEMO: '1' }, { migrated: true });
  server = await startServer({
    ...environment.env,
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'pms-under-test',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
});

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await environment?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('traces over OTLP/HTTP', () => {
  it('a token request, a session creation and a storefront request, each a trace continuing the caller', async () => {
    // The token request: its span has the key derivation as a child.
    const tokenTrace = traceparent();
    const tokenResponse = await fetch(`${server.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${NORDIC.id}:${NORDIC.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        traceparent: tokenTrace.header,
      },
      body: 'grant_type=client_credentials',
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: accessToken } = (await tokenResponse.json()) as { access_token: string };
    const tokenSpans = await spansOfTrace(tokenTrace.traceId, (spans) => spans.some((s) => s.name === 'POST /oauth2/token'));
    const tokenSpan = tokenSpans.find((s) => s.name === 'POST /oauth2/token')!;
    expect(tokenSpan.parentSpanId).toBe(tokenTrace.parentId);
    expect(tokenSpan.service).toBe('pms-under-test');
    expect(tokenSpan.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/oauth2/token',
      'http.response.status_code': 200,
    });
    const derivation = tokenSpans.find((s) => s.name === 'client secret key derivation');
    expect(derivation?.parentSpanId).toBe(tokenSpan.spanId);
    // Never a credential in a span.
    expect(JSON.stringify(tokenSpans)).not.toContain(NORDIC.secret);
    expect(JSON.stringify(received)).not.toContain(accessToken);

    // The session creation: route, status, store id; on PostgreSQL its queries as children.
    const creationTrace = traceparent();
    const created = await fetch(`${server.baseUrl}/v1/stores/${STORE}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, traceparent: creationTrace.header },
    });
    expect(created.status).toBe(201);
    const { id: sessionId } = (await created.json()) as { id: string };
    const creationSpans = await spansOfTrace(creationTrace.traceId, (spans) =>
      spans.some(
        (s) =>
          s.name === 'POST /v1/stores/:storeId/sessions' && (testDatabaseKind !== 'postgres' || spans.some((q) => q.name === 'INSERT')),
      ),
    );
    const creationSpan = creationSpans.find((s) => s.name === 'POST /v1/stores/:storeId/sessions')!;
    expect(creationSpan.parentSpanId).toBe(creationTrace.parentId);
    expect(creationSpan.kind).toBe(2); // SERVER
    expect(creationSpan.attributes).toMatchObject({ 'http.response.status_code': 201, 'pms.store_id': STORE });
    if (testDatabaseKind === 'postgres') {
      const insert = creationSpans.find((s) => s.name === 'INSERT')!;
      expect(insert.parentSpanId).toBe(creationSpan.spanId);
      expect(insert.kind).toBe(3); // CLIENT
      expect(insert.attributes['db.system.name']).toBe('postgresql');
      expect(String(insert.attributes['db.query.text'])).toMatch(/^insert into/i);
      // Placeholders, never the values.
      expect(JSON.stringify(creationSpans)).not.toContain(sessionId);
    }

    // The storefront's request, without a traceparent: a trace of its own, logged with its id.
    const groups = await fetch(`${server.baseUrl}/v1/sessions/${sessionId}/payment-method-groups?amount=250.00`);
    expect(groups.status).toBe(200);
    const route = 'GET /v1/sessions/:sessionId/payment-method-groups';
    await spansOfTrace('', () => received.some((s) => s.name === route));
    const storefrontSpan = received.find((s) => s.name === route)!;
    expect(storefrontSpan.parentSpanId ?? '').toBe('');
    expect(storefrontSpan.attributes['http.response.status_code']).toBe(200);
    expect(server.output()).toContain(`"traceId":"${storefrontSpan.traceId}"`);
  });

  it("an error body's traceId is the trace id", async () => {
    const errorTrace = traceparent();
    const response = await fetch(`${server.baseUrl}/v1/sessions/${randomUUID()}`, { headers: { traceparent: errorTrace.header } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { traceId: string }).traceId).toBe(errorTrace.traceId);
    await spansOfTrace(errorTrace.traceId, (spans) => spans.some((s) => s.attributes['http.response.status_code'] === 401));
  });
});
