// /admin/v1/stores: list, read, create or replace, delete (docs/catalog.md#admin-api). Deleting a store deletes
// its payment methods; its sessions keep answering 200 with nothing eligible.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminEntityRoutes } from './entity-routes.ts';
import { presentStore } from './presenters.ts';
import { AdminStorePage, AdminStoreSchema, ByMerchantQuery, StoreBodySchema, UuidParams } from './schemas.ts';

export function storeRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminEntityRoutes(app, {
    path: '/stores',
    param: 'id',
    params: UuidParams,
    singular: 'Store',
    plural: 'Stores',
    summaries: {
      list: 'List stores, by id; optionally of one merchant',
      get: 'Read a store',
      put: 'Create (201) or replace (200) a store',
      delete: 'Delete a store and its payment methods; its sessions keep answering, with nothing eligible',
    },
    listQuery: ByMerchantQuery,
    listFilter: 'merchantId',
    schemas: { page: AdminStorePage, entity: AdminStoreSchema, body: StoreBodySchema },
    service: ctx.admin.stores,
    present: presentStore,
  });
}
