// The app factory: build(ctx) returns a Fastify instance with every interface registered, ready
// to listen or to inject() requests in tests. It opens nothing itself; main.ts owns the process.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from './context.ts';
import { embedRoutes, type EmbedBundle } from './http/embed/routes.ts';
import { oauthRoutes } from './http/oauth/routes.ts';
import { merchantApiRoutes } from './http/merchant-api/routes.ts';
import { operationsRoutes } from './http/operations/routes.ts';
import { registerErrorHandling } from './http/plugins/error-handler.ts';
import { BODY_LIMIT_BYTES, registerJsonBody } from './http/plugins/json-body.ts';
import { registerValidation } from './http/plugins/validation.ts';
import { sessionApiRoutes } from './http/session-api/routes.ts';

export interface BuildOptions {
  /** The storefront script served at embed.src. */
  embedBundle: EmbedBundle;
  logger?: FastifyServerOptions['logger'];
}

export async function build(ctx: AppContext, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // A slow client may not hold a connection open indefinitely.
    requestTimeout: 30_000,
    routerOptions: { ignoreDuplicateSlashes: true },
    // Behind a load balancer, instances refuse new requests while closing so the balancer retries.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerValidation(app);
  registerErrorHandling(app);
  registerJsonBody(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const embedSrc = `${ctx.config.publicUrl}/embed/${options.embedBundle.fileName}`;
  await app.register(operationsRoutes, { ctx });
  await app.register(oauthRoutes, { ctx });
  await app.register(sessionApiRoutes, { ctx, embedSrc: () => embedSrc, prefix: '/v1' });
  await app.register(merchantApiRoutes, { ctx, prefix: '/v2' });
  await app.register(embedRoutes, { bundle: options.embedBundle });
  return app;
}
