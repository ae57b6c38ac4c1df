// The merchant API, mounted under /v2 (docs/README.md#interfaces and docs/merchant-api.md).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { explainEligibilityRoute } from './explain-eligibility.ts';
import { listPaymentMethodsRoute } from './list-payment-methods.ts';

export async function merchantApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  listPaymentMethodsRoute(app, ctx);
  explainEligibilityRoute(app, ctx);
}
