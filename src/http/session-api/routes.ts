// The session API, mounted under /v1 (contract §1).
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { etagOnSend } from '../plugins/etag.ts';
import { createSessionRoute } from './create-session.ts';
import { paymentMethodGroupsRoute } from './payment-method-groups.ts';

export interface SessionApiOptions {
  ctx: AppContext;
  /** Absolute URL of the storefront script (embed.src). */
  embedSrc: () => string;
}

/** The group retrieval path (duplicate slashes are ignored by the router, so here too). */
const STOREFRONT_PATH = /^\/+v1\/+sessions\/+[^/]+\/+payment-method-groups$/;

export async function sessionApiRoutes(app: FastifyInstance, { ctx, embedSrc }: SessionApiOptions): Promise<void> {
  // Merchant backends call this server to server: no CORS.
  createSessionRoute(app, ctx, embedSrc);

  // Storefront pages on any origin read the groups (contract §4), and may revalidate with ETag.
  await app.register(async (storefront) => {
    const storefrontCors = {
      origin: '*',
      methods: ['GET'],
      maxAge: 600,
      strictPreflight: false,
      exposedHeaders: ['ETag', 'Retry-After', 'Server-Timing'],
    };
    // The plugin answers preflights on every /v1 path (OPTIONS /v1*): only the groups route's get
    // CORS headers; any other (session creation) is a 404 without them (contract §4, SECURITY.md).
    await storefront.register(cors, {
      delegator: (request, callback) => {
        const path = request.url.split('?')[0] ?? '';
        callback(null, request.method !== 'OPTIONS' || STOREFRONT_PATH.test(path) ? storefrontCors : { origin: false });
      },
    });
    storefront.addHook('onSend', etagOnSend);
    paymentMethodGroupsRoute(storefront, ctx);
  });
}
