// CORS for the storefront's one route (docs/session-api.md#cors): any origin may read the groups, and their
// preflight is answered. Nothing else under /v1 gets CORS (SECURITY.md). Written out rather than
// through @fastify/cors: keeping the plugin's preflight route off the rest of /v1 needed its
// per-request options delegator, which cost 4–5 % of the hot path's CPU (bench/REPORT.md).
import type { FastifyInstance, onRequestHookHandler } from 'fastify';

const EXPOSED_HEADERS = 'ETag, Retry-After, Server-Timing';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** On every answer of the route, errors included, so a storefront can read those too. */
const allowAnyOrigin: onRequestHookHandler = (_request, reply, done) => {
  // No credentials are involved (the session id is in the path), so `*` is allowed and safe.
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', EXPOSED_HEADERS);
  done();
};

/** Registers the hook and the preflight route for `path` in the (encapsulated) context `app`. */
export function storefrontCors(app: FastifyInstance, path: string): void {
  app.addHook('onRequest', allowAnyOrigin);
  app.options(path, { schema: { hide: true } }, (request, reply) => {
    reply.header('access-control-allow-methods', 'GET');
    // Whatever the page wants to send (If-None-Match, say) is allowed: the route reads none of it.
    const requested = request.headers['access-control-request-headers'];
    if (typeof requested === 'string') reply.header('access-control-allow-headers', requested);
    reply.header('vary', 'Access-Control-Request-Headers');
    reply.header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS);
    // Some browsers wait for a body on a 204 without Content-Length.
    reply.code(204).header('content-length', '0').send();
  });
}
