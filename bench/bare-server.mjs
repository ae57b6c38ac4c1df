// The limit of the storefront scenarios: a bare Fastify route at the same path, answering each
// request of the benchmark's mix with the exact bytes the service answered it with (recorded
// beforehand). Same Fastify, same logger level and request logging as the service; nothing else:
// no validation, no session, no catalog, no offer, no hooks. What the service costs above this is
// what the service itself adds.
//
// Requests whose amount is new (the `*-carts` and `price-signage` scenarios, bench/lib/amounts.mjs)
// cannot have been recorded. A URL without a recording is answered with the body recorded under
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
//   BARE_FIXTURES=fixtures.json PORT=… LOG_LEVEL=info [BARE_AS_BYTES=true] node bench/bare-server.mjs
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { amountKey } from './lib/amounts.mjs';

const asBytes = process.env.BARE_AS_BYTES === 'true';
const fixtures = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.BARE_FIXTURES, 'utf8'))).map(([url, body]) => [
    url,
    asBytes ? Buffer.from(body) : body,
  ]),
);
const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'info' } });

function recorded(request, reply) {
  const body = fixtures.get(request.url) ?? fixtures.get(amountKey(request.url));
  if (body === undefined) return reply.code(404).send({ message: 'not a benchmark request' });
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}

app.get('/v1/sessions/:sessionId/payment-method-groups', recorded);
app.get('/v2/stores/:storeId/payment_methods/:methodId/price_signage', recorded);
app.get('/healthz', async () => ({ status: 'ok' }));

await app.listen({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT) });
// An orderly exit (a CPU profile is written only then).
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
