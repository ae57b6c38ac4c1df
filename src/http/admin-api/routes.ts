// The operator admin API, mounted under /admin/v1 (docs/README.md#interfaces and docs/catalog.md#admin-api): merchants, stores, OAuth
// clients and payment methods in the catalog's shapes, for tokens with scope `admin`. Routes are
// thin; the services (services/admin) validate, write and announce every change to all instances.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authenticate } from '../plugins/authenticate.ts';
import { auditEventRoutes } from './audit-events.ts';
import { clientRoutes } from './clients.ts';
import { merchantRoutes } from './merchants.ts';
import { paymentMethodRoutes } from './payment-methods.ts';
import { previewRoutes } from './preview.ts';
import { storeRoutes } from './stores.ts';
import { webhookEndpointRoutes } from './webhook-endpoints.ts';

export async function adminApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  // Bodies are validated whole by the services with the catalog file's rules (catalog-input/validate.ts),
  // so that a refused body names its field as a refused catalog does; the route's body schema only
  // documents it. Path and query parameters keep the app's validation.
  const inherited = app.validatorCompiler;
  if (!inherited) throw new Error('adminApiRoutes: register the app-wide validator compiler first');
  app.setValidatorCompiler((route) => (route.httpPart === 'body' ? () => true : inherited(route)));

  // Every admin route needs a token with scope admin: 401 without a valid token, 403 without the scope.
  app.addHook('onRequest', authenticate(ctx, 'admin'));
  // Answers may carry secrets and always reflect the current catalog: never stored by caches.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  merchantRoutes(app, ctx);
  storeRoutes(app, ctx);
  clientRoutes(app, ctx);
  paymentMethodRoutes(app, ctx);
  previewRoutes(app, ctx);
  auditEventRoutes(app, ctx);
  webhookEndpointRoutes(app, ctx);
}
