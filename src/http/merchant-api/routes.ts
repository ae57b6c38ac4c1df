// The merchant API, mounted under /v2 (docs/README.md#interfaces and docs/merchant-api.md).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { annuityFactorsRoute } from './annuity-factors.ts';
import { explainEligibilityRoute } from './explain-eligibility.ts';
import { listPaymentMethodsRoute } from './list-payment-methods.ts';
import { listStoresRoute } from './list-stores.ts';
import { priceSignageRoute } from './price-signage.ts';

export async function merchantApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  listStoresRoute(app, ctx);
  listPaymentMethodsRoute(app, ctx);
  explainEligibilityRoute(app, ctx);
  annuityFactorsRoute(app, ctx);
  priceSignageRoute(app, ctx);
}
