// The operator's services (docs/catalog.md#admin-api), used by the admin API (http/admin-api) and the CLI
// (src/cli.ts) alike. Every write goes through CatalogChanges.write(): one transaction that
// notifies the other instances on commit, then this instance's caches are cleared.
import type { Db } from '../../storage/handles.ts';
import type { OperatorTypes } from '../../domain/payment-method-types.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { applyCatalog, type CatalogFile, type CatalogSummary } from '../catalog-import.ts';
import type { CatalogChanges } from '../catalog-changes.ts';
import { AdminClients } from './clients.ts';
import { AdminMerchants } from './merchants.ts';
import { AdminPaymentMethods } from './payment-methods.ts';
import { AdminPreview } from './preview.ts';
import { AdminStores } from './stores.ts';

export type { Page, PageRequest, PutResult } from './common.ts';
export { AdminClients, generateClientSecret, type ClientPutResult, type ClientWithSecret } from './clients.ts';
export { AdminMerchants } from './merchants.ts';
export { AdminPaymentMethods } from './payment-methods.ts';
export { AdminPreview, type PreviewResult, type StorePreview } from './preview.ts';
export { AdminStores } from './stores.ts';

export interface AdminServices {
  merchants: AdminMerchants;
  stores: AdminStores;
  clients: AdminClients;
  paymentMethods: AdminPaymentMethods;
  /** What a change of a store's methods would change for its shoppers, without making it (docs/catalog.md#change-preview). */
  preview: AdminPreview;
  /**
   * Applies a whole catalog (validated whole first; CatalogValidationError when refused). With
   * `file`, always applied, and recorded as that file's last application (catalog-import.ts).
   */
  applyCatalog(value: unknown, file?: Pick<CatalogFile, 'source' | 'digest'>): Promise<CatalogSummary>;
}

/**
 * `operator`: the configured operator's types, which catalog writes are validated against; `clock`:
 * the moment a preview compares at (methods' windows).
 */
export function createAdminServices(db: Db, changes: CatalogChanges, operator: OperatorTypes, clock: Clock = systemClock): AdminServices {
  return {
    merchants: new AdminMerchants(db, changes),
    stores: new AdminStores(db, changes),
    clients: new AdminClients(db, changes),
    paymentMethods: new AdminPaymentMethods(db, changes, operator),
    preview: new AdminPreview(db, operator, clock),
    applyCatalog: (value, file) => applyCatalog(db, value, { operator, changes, file }),
  };
}
