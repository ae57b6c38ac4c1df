// /admin/v1/payment-methods: list (optionally of one store), read, create or replace one method
// object, delete (docs/catalog.md#admin-api). A deleted method is no longer offered; sessions keep answering.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminEntityRoutes } from './entity-routes.ts';
import { presentPaymentMethod } from './presenters.ts';
import {
  AdminPaymentMethodPage,
  AdminPaymentMethodSchema,
  PaymentMethodBodySchema,
  PaymentMethodListQuery,
  UuidParams,
} from './schemas.ts';

export function paymentMethodRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminEntityRoutes(app, {
    path: '/payment-methods',
    param: 'id',
    params: UuidParams,
    singular: 'PaymentMethod',
    plural: 'PaymentMethods',
    summaries: {
      list: "List payment methods by store, in each store's display order; optionally of one store",
      get: 'Read a payment method with its plans and legal links',
      put: 'Create (201) or replace (200) a payment method: one method object of the catalog',
      delete: 'Delete a payment method; sessions keep answering without it',
    },
    listQuery: PaymentMethodListQuery,
    listFilter: 'storeId',
    schemas: { page: AdminPaymentMethodPage, entity: AdminPaymentMethodSchema, body: PaymentMethodBodySchema },
    service: ctx.admin.paymentMethods,
    present: presentPaymentMethod,
  });
}
