// The second limit of scenario 1: the service's own HTTP stack, built by the same build() as
// dist/main.js (logger with redaction, request ids, security headers, per-IP rate limit, metrics,
// the storefront's CORS and ETag hooks), around a route that returns, for each request, the bytes
// the real route answered with. What the real route costs above this is the route's own work:
// validating the query, finding the session and the catalog, the offer and its rendering.
//
// Bundled by bench/run.mjs with esbuild (it imports src/), then run like dist/main.js:
//   DATABASE_URL=… BARE_FIXTURES=fixtures.json PORT=… node stack-server.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { loadEmbedBundle } from '../src/http/embed/routes.ts';
import { etagOnSend } from '../src/http/plugins/etag.ts';
import { ErrorResponse } from '../src/http/schemas/common.ts';
import { GROUPS_PATH } from '../src/http/session-api/payment-method-groups.ts';
import { storefrontCors } from '../src/http/session-api/storefront-cors.ts';
import { openPostgres } from '../src/storage/database.ts';

const projectRoot = process.env.PROJECT_ROOT ?? process.cwd();
const fixtures = new Map<string, string>(
  Object.entries(JSON.parse(readFileSync(process.env.BARE_FIXTURES!, 'utf8')) as Record<string, string>),
);
const config = readConfig();
const database = openPostgres({ connectionString: config.databaseUrl! });
const ctx = await createContext(config, database);
const app = await build(ctx, { embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')), logger: { level: config.logLevel } });

const PREFIX = '/bare';
await app.register(
  async (storefront: FastifyInstance) => {
    storefrontCors(storefront, GROUPS_PATH);
    storefront.addHook('onSend', etagOnSend);
    storefront.get(
      GROUPS_PATH,
      // The same rate-limit policy as the real route (which requires 429 to be documented).
      { schema: { hide: true, response: { 404: ErrorResponse, 429: ErrorResponse } }, config: { rateLimitPolicy: 'storefront' } },
      (request, reply) => {
        const body = fixtures.get(request.url.slice(PREFIX.length));
        if (body === undefined) return reply.code(404).send({ message: 'not a benchmark request', code: 'NOT_FOUND' });
        return reply.header('cache-control', 'private, max-age=600').type('application/json; charset=utf-8').send(body);
      },
    );
  },
  { prefix: `${PREFIX}/v1` },
);

process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
await app.listen({ host: config.host, port: config.port });
