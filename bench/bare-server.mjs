// The limit of scenario 1 and 5: a bare Fastify route at the same path, answering each request of
// the benchmark's mix with the exact bytes the service answered it with (recorded beforehand).
// Same Fastify, same logger level and request logging as the service; nothing else: no
// validation, no session, no catalog, no offer, no hooks. What the service costs above this is
// what the service itself adds.
//
//   BARE_FIXTURES=fixtures.json PORT=… LOG_LEVEL=info node bench/bare-server.mjs
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const fixtures = new Map(Object.entries(JSON.parse(readFileSync(process.env.BARE_FIXTURES, 'utf8'))));
const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'info' } });

app.get('/v1/sessions/:sessionId/payment-method-groups', (request, reply) => {
  const body = fixtures.get(request.url);
  if (body === undefined) return reply.code(404).send({ message: 'not a benchmark request' });
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
app.get('/healthz', async () => ({ status: 'ok' }));

await app.listen({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT) });
// An orderly exit (a CPU profile is written only then).
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
