// Wires configuration, storage and services together once per process (or per test). Routes
// receive this context; they never construct their own dependencies.
import { createAuthServices, type AuthServices } from './auth/index.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { createAdminServices, type AdminServices } from './services/admin/index.ts';
import { CatalogChangeListener, CatalogChanges } from './services/catalog-changes.ts';
import { CatalogReader } from './services/catalog-reader.ts';
import { MerchantCatalogService } from './services/merchant-catalog.ts';
import { OfferCache } from './services/offer-cache.ts';
import { SessionPurge } from './services/session-purge.ts';
import { SessionService } from './services/sessions.ts';
import type { DatabaseHandle } from './storage/database.ts';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  auth: AuthServices;
  catalog: CatalogReader;
  sessions: SessionService;
  /** The storefront's answers, rendered once per store catalog and question. */
  offers: OfferCache;
  /** Deletes long-expired sessions; main.ts starts it, close() stops it. */
  sessionPurge: SessionPurge;
  merchantCatalog: MerchantCatalogService;
  /** Every catalog write goes through it; it clears this instance's caches and notifies the others. */
  catalogChanges: CatalogChanges;
  /** The operator's services (admin API, CLI). */
  admin: AdminServices;
  /** Stops what the context started (the catalog-change listener); the app calls it on close. */
  close(): Promise<void>;
}

export interface ContextOptions {
  /**
   * LISTEN for other instances' catalog changes (PostgreSQL with DATABASE_URL only). Default true;
   * the CLI, which keeps no caches, turns it off.
   */
  listen?: boolean;
}

export async function createContext(
  config: Config,
  database: DatabaseHandle,
  clock: Clock = systemClock,
  options: ContextOptions = {},
): Promise<AppContext> {
  const auth = await createAuthServices(config, database, clock);
  const catalog = new CatalogReader(database.db, clock);
  const sessions = new SessionService(database.db, config, clock);
  const offers = new OfferCache();
  const merchantCatalog = new MerchantCatalogService(database.db, catalog);
  const catalogChanges = new CatalogChanges(database.db);
  catalogChanges.onChange(() => catalog.invalidate());
  catalogChanges.onChange(() => auth.invalidateClients());
  // Signing-key rotations are announced on the same channel (auth/signing-keys.ts).
  catalogChanges.onChange(() => auth.reloadSigningKeys());
  const sessionPurge = new SessionPurge(database.db, clock, {
    retentionHours: config.sessionRetentionHours,
    intervalSeconds: config.sessionPurgeIntervalSeconds,
  });
  const listener =
    options.listen !== false && database.kind === 'postgres' && config.databaseUrl
      ? await CatalogChangeListener.start({ connectionString: config.databaseUrl, onChange: () => catalogChanges.changed() })
      : undefined;
  const admin = createAdminServices(database.db, catalogChanges);
  const close = async () => {
    await sessionPurge.stop();
    await listener?.close();
  };
  return { config, database, clock, auth, catalog, sessions, offers, sessionPurge, merchantCatalog, catalogChanges, admin, close };
}
