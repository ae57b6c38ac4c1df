// The limit of the storefront scenarios: a bare Fastify route at the same path, answering each
// request of the benchmark's mix with the exact bytes the service answered it with, and with the
// headers it sent them with (both recorded beforehand). It does only the runtime's work: no
// request log (Fastify's logger off, where the service logs one storefront answer in
// STOREFRONT_LOG_SAMPLE, 100 by default), no validation, no session, no catalog, no offer, no
// hooks. What the service costs above this is what the service itself adds.
//
// The headers are the service's own, as recorded with each answer (ETag, CORS, Cache-Control,
// Content-Language, X-Content-Type-Options, Referrer-Policy, Content-Type), set in the order it
// sent them; X-Request-Id is a fresh UUID per request, as the service makes one (the same length).
// Node adds Date, Content-Length, Connection and Keep-Alive for both alike.
//
// BARE_REQUEST_LOG=true turns Fastify's logger on at LOG_LEVEL (default info): two lines for
// every request, as this route had until 2026-11-28 while the service logged one storefront
// answer in a hundred. Only the informative `*-logging` pairs use it (bench/README.md).
//
// Requests whose amount is new (the `*-carts` and `price-signage` scenarios, bench/lib/amounts.mjs)
// cannot have been recorded. A URL without a recording is answered with the answer recorded under
// the same URL with the `amount` value replaced by `*` (amountKey): the answer the service gave
// the same session, customer type and flattening (or the same payment method) for another new
// amount, so the same kind and size of bytes. The benchmark records every fixture under both keys.
// A recorded URL costs one Map lookup; a new amount one string replace and a second lookup, well
// under a microsecond against the tens of the request itself.
//
// BARE_AS_BYTES=true sends each recording as UTF-8 bytes encoded once at start, not as text that
// Node encodes for every answer: the limit for a service that keeps its answers encoded (the
// `*-bytes` scenarios; the service writes group retrieval's answers as bytes since 2026-11-27).
//
//   BARE_FIXTURES=fixtures.json PORT=… [BARE_REQUEST_LOG=true LOG_LEVEL=info] [BARE_AS_BYTES=true] node bench/bare-server.mjs
//
// A fixture is { body, headers } (headers: [name, value] pairs as the service sent them), or a
// body alone (then only Content-Type is set).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { amountKey } from './lib/amounts.mjs';

const asBytes = process.env.BARE_AS_BYTES === 'true';
const requestLog = process.env.BARE_REQUEST_LOG === 'true';
const JSON_TYPE = [['content-type', 'application/json; charset=utf-8']];
const fixtures = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.BARE_FIXTURES, 'utf8'))).map(([url, fixture]) => {
    const { body, headers = JSON_TYPE } = typeof fixture === 'string' ? { body: fixture } : fixture;
    // The service's headers in its order, X-Request-Id's place kept for a fresh id.
    const named = Object.fromEntries(headers.map(([name, value]) => [name, name === 'x-request-id' ? '' : value]));
    return [url, { body: asBytes ? Buffer.from(body) : body, headers: named, requestId: 'x-request-id' in named }];
  }),
);
const app = Fastify({ logger: requestLog ? { level: process.env.LOG_LEVEL || 'info' } : false });

function recorded(request, reply) {
  const fixture = fixtures.get(request.url) ?? fixtures.get(amountKey(request.url));
  if (fixture === undefined) return reply.code(404).send({ message: 'not a benchmark request' });
  reply.headers(fixture.headers);
  if (fixture.requestId) reply.header('x-request-id', randomUUID());
  return reply.send(fixture.body);
}

app.get('/v1/sessions/:sessionId/payment-method-groups', recorded);
app.get('/v2/stores/:storeId/payment_methods/:methodId/price_signage', recorded);
app.get('/healthz', async () => ({ status: 'ok' }));

await app.listen({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT) });
// An orderly exit (a CPU profile is written only then).
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
