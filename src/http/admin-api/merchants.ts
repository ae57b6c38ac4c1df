// /admin/v1/merchants: list, read, create or replace, delete (docs/catalog.md#admin-api).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminEntityRoutes } from './entity-routes.ts';
import { presentMerchant } from './presenters.ts';
import { AdminMerchantPage, AdminMerchantSchema, MerchantBodySchema, MerchantParams, PageQuery } from './schemas.ts';

export function merchantRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminEntityRoutes(app, {
    path: '/merchants',
    param: 'id',
    params: MerchantParams,
    singular: 'Merchant',
    plural: 'Merchants',
    summaries: {
      list: 'List merchants, by id',
      get: 'Read a merchant',
      put: 'Create (201) or replace (200) a merchant',
      delete: 'Delete a merchant that has no stores and no clients (409 otherwise)',
    },
    deleteMayConflict: true,
    listQuery: PageQuery,
    schemas: { page: AdminMerchantPage, entity: AdminMerchantSchema, body: MerchantBodySchema },
    service: ctx.admin.merchants,
    present: presentMerchant,
  });
}
