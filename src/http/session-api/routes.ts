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

export async function sessionApiRoutes(app: FastifyInstance, { ctx, embedSrc }: SessionApiOptions): Promise<void> {
  // Merchant backends call this server to server: no CORS.
  createSessionRoute(app, ctx, embedSrc);

  // Storefront pages on any origin read the groups (contract §4), and may revalidate with ETag.
  await app.register(async (storefront) => {
    await storefront.register(cors, {
      origin: '*',
      methods: ['GET'],
      maxAge: 600,
      strictPreflight: false,
      exposedHeaders: ['ETag'],
    });
    storefront.addHook('onSend', etagOnSend);
    paymentMethodGroupsRoute(storefront, ctx);
  });
}
