// Wires configuration, storage and services together once per process (or per test). Routes
// receive this context; they never construct their own dependencies.
import { createAuthServices, type AuthServices } from './auth/index.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { CatalogReader } from './services/catalog-reader.ts';
import { MerchantCatalogService } from './services/merchant-catalog.ts';
import { SessionService } from './services/sessions.ts';
import type { DatabaseHandle } from './storage/database.ts';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  auth: AuthServices;
  catalog: CatalogReader;
  sessions: SessionService;
  merchantCatalog: MerchantCatalogService;
}

export async function createContext(
  config: Config,
  database: DatabaseHandle,
  clock: Clock = systemClock,
): Promise<AppContext> {
  const auth = await createAuthServices(config, database, clock);
  const catalog = new CatalogReader(database.db, clock);
  const sessions = new SessionService(database.db, config, clock);
  const merchantCatalog = new MerchantCatalogService(database.db, catalog);
  return { config, database, clock, auth, catalog, sessions, merchantCatalog };
}
