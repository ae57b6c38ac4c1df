// The session API, mounted under /v1 (docs/README.md#interfaces).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { etagOnSend } from '../plugins/etag.ts';
import { createSessionRoute } from './create-session.ts';
import { getSessionRoute } from './get-session.ts';
import { GROUPS_PATH, paymentMethodGroupsRoute } from './payment-method-groups.ts';
import { priceInformationRoute } from './price-information.ts';
import { storefrontCors } from './storefront-cors.ts';

export interface SessionApiOptions {
  ctx: AppContext;
  /** Absolute URL of the storefront script (embed.src). */
  embedSrc: () => string;
}

export async function sessionApiRoutes(app: FastifyInstance, { ctx, embedSrc }: SessionApiOptions): Promise<void> {
  // Merchant backends call this server to server: no CORS.
  createSessionRoute(app, ctx, embedSrc);
  getSessionRoute(app, ctx, embedSrc);
  // A page people open from a group's disclosure (a link, not a fetch): no CORS, no ETag.
  priceInformationRoute(app, ctx);

  // Storefront pages on any origin read the groups (docs/session-api.md#cors), and may revalidate with ETag.
  await app.register(async (storefront) => {
    storefrontCors(storefront, GROUPS_PATH);
    storefront.addHook('onSend', etagOnSend);
    paymentMethodGroupsRoute(storefront, ctx);
  });
}
