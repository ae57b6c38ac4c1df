// The app factory: build(ctx) returns a Fastify instance with every interface registered, ready
// to listen or to inject() requests in tests. It opens nothing itself; main.ts owns the process.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from './context.ts';
import { adminApiRoutes } from './http/admin-api/routes.ts';
import { consoleRoutes } from './http/console/routes.ts';
import type { DemoCredentials } from './demo.ts';
import { demoRoutes } from './http/demo/routes.ts';
import { embedRoutes, type EmbedBundle } from './http/embed/routes.ts';
import { oauthRoutes } from './http/oauth/routes.ts';
import { registerOpenApi } from './http/openapi/openapi.ts';
import { merchantApiRoutes } from './http/merchant-api/routes.ts';
import { operationsRoutes } from './http/operations/routes.ts';
import { metricsRoute } from './http/operations/metrics-route.ts';
import { registerErrorHandling } from './http/plugins/error-handler.ts';
import { Draining } from './http/plugins/draining.ts';
import { httpServerOptions, type HttpLimits } from './http/plugins/http-limits.ts';
import { registerRateLimits } from './http/plugins/rate-limit.ts';
import { spansEnabled } from './lib/spans.ts';
import { AccessLog, withSafeLogging } from './observability/logging.ts';
import { logTraceIds, registerRequestTracing, traceIdOf } from './observability/request-tracing.ts';
import { DatabaseProbe } from './observability/database-probe.ts';
import { Metrics, observeRequests } from './observability/metrics.ts';
import { BODY_LIMIT_BYTES, registerJsonBody } from './http/plugins/json-body.ts';
import { registerValidation } from './http/plugins/validation.ts';
import { sessionApiRoutes } from './http/session-api/routes.ts';

export interface BuildOptions {
  /** The storefront script served at embed.src. */
  embedBundle: EmbedBundle;
  logger?: FastifyServerOptions['logger'];
  /** Log lines dropped because the log destination fell behind (observability/log-destination.ts), for /metrics. */
  droppedLogLines?: () => number;
  /** Set when the bundled demo catalog is served: adds the demo storefront at /demo. */
  demo?: DemoCredentials;
  /** Header size and time-outs of the HTTP server (src/http/plugins/http-limits.ts); tests make them small. */
  httpLimits?: Partial<HttpLimits>;
  /** Set by main.ts on SIGTERM: /readyz turns 503 and every response closes its connection (docs/operations.md#deploys). */
  draining?: Draining;
  /** The database probe behind pms_database_up and /readyz; main.ts starts it (a ping every 5 s). */
  databaseProbe?: DatabaseProbe;
}

/** pms_db_unavailable_total by role: the primary's breaker's count, and the replica's when one is in use. */
function databaseUnavailable(ctx: AppContext): () => Partial<Record<'primary' | 'replica', number>> {
  const replica = ctx.replica?.handle?.unavailable;
  return () => ({ primary: ctx.database.unavailable?.() ?? 0, ...(replica && { replica: replica() }) });
}

export async function build(ctx: AppContext, options: BuildOptions): Promise<FastifyInstance> {
  const limits = httpServerOptions(options.httpLimits);
  const draining = options.draining ?? new Draining();
  // Tracing runs only when the SDK does (main.ts): without it, no hook and no cost.
  const traced = spansEnabled();
  const app = Fastify({
    // JSON lines with reqId (and a traced request's trace and span ids); credentials redacted whoever
    // passes the options (src/observability/logging.ts).
    logger: withSafeLogging(options.logger ?? false, traced ? logTraceIds : undefined),
    // One access line per request, the storefront's successful answers one in STOREFRONT_LOG_SAMPLE
    // (observability/logging.ts).
    logController: new AccessLog({ sampleEvery: ctx.config.storefrontLogSample }),
    // Behind a proxy (TRUST_PROXY), request.ip is the client's: per-IP rate limits and logs need it.
    // (Fastify takes a hop count at run time too; its types omit the number.)
    trustProxy: ctx.config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: BODY_LIMIT_BYTES,
    // Header size and time-outs (a slow client may not hold a connection open indefinitely), and
    // JSON answers for what Node's parser or the router refuse (src/http/plugins/http-limits.ts).
    ...limits.server,
    routerOptions: { ignoreDuplicateSlashes: true, maxParamLength: limits.maxParamLength },
    // Once app.close() runs the instance has been unready for SHUTDOWN_DELAY_SECONDS: what still
    // arrives on an accepted connection is served (with Connection: close), not refused with a 503
    // the balancer would hand to a shopper. Idle connections are closed; every response since the
    // drain began told its client to close, so a balancer has none left to reuse.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (traced) registerRequestTracing(app, ctx.config.traceSampler);
  registerValidation(app);
  registerErrorHandling(app, ctx.clock);
  registerJsonBody(app);
  // The context's background work (the catalog-change listener) stops with the app.
  app.addHook('onClose', async () => ctx.close());
  // (A callback hook, not an async one: it runs on every response, the hot path's included.)
  app.addHook('onSend', (request, reply, payload, done) => {
    // With tracing on, a request with a trace id answers it as its id, as its error bodies do.
    reply.header('x-request-id', (traced && traceIdOf(request)) || request.id);
    // Every answer, JSON included, is only what its Content-Type says (SECURITY.md).
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'no-referrer');
    if (draining.active) reply.header('connection', 'close');
    done(null, payload);
  });
  // The database's reachability for pms_database_up: refreshed by /readyz, and in the background where main.ts started it.
  const databaseProbe = options.databaseProbe ?? new DatabaseProbe(() => ctx.database.ping());
  // Before the routes: their onRoute and onResponse hooks apply to every route registered after.
  const metrics = new Metrics({
    databaseUp: () => databaseProbe.up,
    caches: () => [...ctx.storeMethods.cacheStats(), ...ctx.auth.cacheStats(), ...ctx.sessions.cacheStats(), ...ctx.offers.stats()],
    purge: () => ctx.sessionPurge.stats(),
    pool: ctx.database.pool,
    poolSize: ctx.database.poolSize,
    databaseUnavailable: ctx.database.unavailable && databaseUnavailable(ctx),
    databaseReads: () => ctx.sessionReads.counts,
    replicaLagSeconds: ctx.replica?.lagSeconds,
    changeNotificationsListening: () => ctx.changeNotifications.listening(),
    authentication: () => ctx.auth.authenticationStats(),
    droppedLogLines: options.droppedLogLines,
    webhooks: ctx.webhookDispatcher,
  });
  observeRequests(app, metrics);
  await registerRateLimits(app, {
    config: ctx.config,
    onStoreError: () => metrics.rateLimitStoreErrors.inc(),
    onBreakerChange: (open) => metrics.rateLimitStoreBreakerOpen.set(open ? 1 : 0),
  });

  const embedSrc = `${ctx.config.publicUrl}/embed/${options.embedBundle.fileName}`;
  // Before every route: the OpenAPI document describes the routes registered after it.
  await registerOpenApi(app, { publicUrl: ctx.config.publicUrl, operator: ctx.operatorTypes });
  await app.register(operationsRoutes, { databaseProbe, draining, replica: ctx.replica });
  metricsRoute(app, metrics);
  await app.register(oauthRoutes, { ctx });
  await app.register(sessionApiRoutes, { ctx, embedSrc: () => embedSrc, prefix: '/v1' });
  await app.register(merchantApiRoutes, { ctx, prefix: '/v2' });
  await app.register(adminApiRoutes, { ctx, prefix: '/admin/v1' });
  await app.register(embedRoutes, { bundle: options.embedBundle });
  await app.register(consoleRoutes, { ctx });
  if (options.demo) await app.register(demoRoutes, { ctx, demo: options.demo, embedSrc });
  return app;
}
