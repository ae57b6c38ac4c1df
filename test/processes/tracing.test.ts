// OpenTelemetry traces (docs/operations.md#traces): the real process with OTEL_EXPORTER_OTLP_ENDPOINT set
// exports, over OTLP/HTTP in JSON, to a receiver this test runs: a span per request (route, status,
// store id) continuing the caller's traceparent, the key derivation and, on PostgreSQL, each query
// as children; the trace id in the request's log lines and in error bodies.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../helpers/database.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import { fetchToken, within } from '../helpers/http.ts';
import { buildDist, freePort, processEnvironment, startServer, type ProcessEnvironment, type ServerProcess } from '../helpers/process.ts';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  links?: { traceId: string; spanId: string }[];
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

async function until(condition: () => Promise<boolean>): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > 10_000) throw new Error('condition never met');
    await sleep(50);
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
    // Its wait for the batched INSERT, and the batch (this creation alone: a batch of one).
    const wait = creationSpans.find((s) => s.name === 'session insert wait')!;
    expect(wait.parentSpanId).toBe(creationSpan.spanId);
    expect(wait.attributes['pms.batch.size']).toBe(1);
    const batch = creationSpans.find((s) => s.name === 'sessions insert batch')!;
    expect(batch.parentSpanId).toBe(wait.spanId);
    expect(batch.attributes['pms.batch.size']).toBe(1);
    if (testDatabaseKind === 'postgres') {
      const insert = creationSpans.find((s) => s.name === 'INSERT')!;
      expect(insert.parentSpanId).toBe(batch.spanId);
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
    // (The process's first storefront answer: its access line is the first of the sample, always logged.
    // Log lines reach standard output through an asynchronous destination, possibly after the span's export.)
    await within(10_000, async () => server.output().includes(`"traceId":"${storefrontSpan.traceId}"`)).catch(() => {});
    expect(server.output()).toContain(`"traceId":"${storefrontSpan.traceId}"`);
    expect(groups.headers.get('x-request-id')).toBe(storefrontSpan.traceId);

    // A storefront request that goes to the database (a session id no cache holds): the route enters its
    // trace context only on that way (observability/request-tracing.ts), and its statement is a child of its span.
    const unknownTrace = traceparent();
    const unknown = await fetch(`${server.baseUrl}/v1/sessions/${randomUUID()}/payment-method-groups?amount=250.00`, {
      headers: { traceparent: unknownTrace.header },
    });
    expect(unknown.status).toBe(404);
    const unknownSpans = await spansOfTrace(unknownTrace.traceId, (spans) =>
      spans.some((s) => s.name === route && (testDatabaseKind !== 'postgres' || spans.some((q) => q.name === 'SELECT'))),
    );
    const unknownSpan = unknownSpans.find((s) => s.name === route)!;
    expect(unknownSpan.parentSpanId).toBe(unknownTrace.parentId);
    expect(unknownSpan.attributes['http.response.status_code']).toBe(404);
    expect(unknown.headers.get('x-request-id')).toBe(unknownTrace.traceId);
    if (testDatabaseKind === 'postgres') {
      const select = unknownSpans.find((s) => s.name === 'SELECT')!;
      expect(select.parentSpanId).toBe(unknownSpan.spanId);
      expect(String(select.attributes['db.query.text'])).toMatch(/from "?sessions"?/i);
    }
  });

  it('concurrent session creations: each trace has its wait, and leads to the batch that carried its row', async () => {
    const accessToken = await fetchToken(server.baseUrl, NORDIC);
    // On PostgreSQL the table is locked meanwhile, so that creations queue behind the first INSERTs
    // and go in together: batches of more than one, whatever the machine's speed.
    const locker = testDatabaseKind === 'postgres' ? new pg.Client({ connectionString: environment.env.DATABASE_URL }) : undefined;
    await locker?.connect();
    await locker?.query('begin; lock table sessions in exclusive mode');
    const traces = Array.from({ length: 30 }, () => traceparent());
    const responses = traces.map((t) =>
      fetch(`${server.baseUrl}/v1/stores/${STORE}/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, traceparent: t.header },
      }),
    );
    if (locker) {
      try {
        // The first INSERT blocked on the lock; the rest arrive meanwhile and queue behind it.
        await until(async () => {
          const { rows } = await locker.query<{ n: number }>(
            // pg_locks, not pg_stat_activity: an INSERT sent by the extended protocol waits for its lock
            // while being parsed, before pg_stat_activity shows its text.
            "select count(*)::int as n from pg_locks where relation = 'sessions'::regclass and not granted",
          );
          return rows[0]!.n >= 1;
        });
        await sleep(300);
      } finally {
        // Released whatever happened, so that a failure here is this test's alone.
        await locker.query('commit');
        await locker.end();
      }
    }
    for (const response of await Promise.all(responses)) expect(response.status).toBe(201);

    const byTrace = await Promise.all(
      traces.map((t) =>
        spansOfTrace(
          t.traceId,
          (spans) =>
            spans.some((s) => s.name === 'POST /v1/stores/:storeId/sessions') && spans.some((s) => s.name === 'session insert wait'),
        ),
      ),
    );
    const batches = new Map<string, ReceivedSpan>();
    await spansOfTrace('', () => {
      for (const span of received) if (span.name === 'sessions insert batch') batches.set(span.spanId, span);
      return byTrace.every((spans) => {
        const wait = spans.find((s) => s.name === 'session insert wait')!;
        return [...batches.values()].some((b) => b.parentSpanId === wait.spanId) || (wait.links ?? []).some((l) => batches.has(l.spanId));
      });
    });
    for (const spans of byTrace) {
      const server = spans.find((s) => s.name === 'POST /v1/stores/:storeId/sessions')!;
      const wait = spans.find((s) => s.name === 'session insert wait')!;
      expect(wait.parentSpanId).toBe(server.spanId);
      const carried = [...batches.values()].find((b) => b.parentSpanId === wait.spanId);
      const linked = (wait.links ?? []).map((l) => batches.get(l.spanId)).find(Boolean);
      // Either it carried the batch (the batch is its child) or it links to the batch in another trace.
      const batch = (carried ?? linked)!;
      expect(batch, JSON.stringify(wait)).toBeDefined();
      expect(wait.attributes['pms.batch.size']).toBe(batch.attributes['pms.batch.size']);
      if (linked) {
        expect(carried).toBeUndefined();
        // And the batch links back to this wait.
        expect(linked.links?.some((l) => l.spanId === wait.spanId && l.traceId === wait.traceId)).toBe(true);
      }
    }
    // Every caller traced: a batch's links are its other callers.
    for (const batch of batches.values()) expect(batch.links?.length ?? 0).toBe(Number(batch.attributes['pms.batch.size']) - 1);
    if (locker) expect([...batches.values()].some((b) => Number(b.attributes['pms.batch.size']) > 1)).toBe(true);
  });

  it('a request the sampler leaves out makes no span, keeps its trace id in error bodies and out of the log', async () => {
    // A caller's unsampled traceparent (flags 00): parent-based sampling follows it.
    const traceId = randomBytes(16).toString('hex');
    const header = `00-${traceId}-${randomBytes(8).toString('hex')}-00`;
    const response = await fetch(`${server.baseUrl}/v1/sessions/${randomUUID()}`, { headers: { traceparent: header } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { traceId: string }).traceId).toBe(traceId);
    const accessToken = await fetchToken(server.baseUrl, NORDIC);
    const created = await fetch(`${server.baseUrl}/v1/stores/${STORE}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, traceparent: header },
    });
    expect(created.status).toBe(201);
    // A sampled request sent after them: once its spans are in, theirs would be too.
    const after = traceparent();
    await fetch(`${server.baseUrl}/v1/sessions/${randomUUID()}`, { headers: { traceparent: after.header } });
    await spansOfTrace(after.traceId, (spans) => spans.length > 0);
    await sleep(300);
    expect(received.filter((s) => s.traceId === traceId)).toEqual([]);
    // No span of its own either: its INSERT made no root span.
    expect(received.filter((s) => s.name === 'INSERT' && !s.parentSpanId)).toEqual([]);
    expect(server.output()).not.toContain(traceId);
  });

  it("an error body's traceId is the trace id", async () => {
    const errorTrace = traceparent();
    const response = await fetch(`${server.baseUrl}/v1/sessions/${randomUUID()}`, { headers: { traceparent: errorTrace.header } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { traceId: string }).traceId).toBe(errorTrace.traceId);
    await spansOfTrace(errorTrace.traceId, (spans) => spans.some((s) => s.attributes['http.response.status_code'] === 401));
  });
});
