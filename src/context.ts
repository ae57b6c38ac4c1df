// Wires configuration, storage and services together once per process (or per test). Routes
// receive this context; they never construct their own dependencies.
import { createAuthServices, type AuthServices } from './auth/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { Config } from './config.ts';
import { operatorTypes, type OperatorTypes } from './domain/payment-method-types.ts';
import { createAdminServices, type AdminServices } from './services/admin/index.ts';
import { AuditTrail } from './services/audit.ts';
import { CatalogChanges } from './services/catalog-changes.ts';
import { createConsoleOidc, type ConsoleOidc } from './services/console/oidc.ts';
import { ConsoleSessions } from './services/console/sessions.ts';
import { ConsoleSignIns } from './services/console/sign-ins.ts';
import { StoreMethodsReader } from './services/store-methods-reader.ts';
import { MerchantListingService } from './services/merchant-listing.ts';
import { OfferRenderer } from './services/offer-renderer.ts';
import { SessionPurge } from './services/session-purge.ts';
import { SessionService } from './services/sessions.ts';
import { AdminWebhookEndpoints } from './services/webhooks/endpoints.ts';
import { WebhookDispatcher } from './services/webhooks/dispatcher.ts';
import { changeListenerUrl, openConfiguredReplica } from './database-setup.ts';
import { ChangeListener } from './storage/change-channel.ts';
import type { DatabaseHandle } from './storage/database.ts';
import { REPLICA_TIMEOUT_MS, ReplicaLag, SessionReads } from './storage/replica-reads.ts';

/** DATABASE_REPLICA_URL as this instance uses it (docs/operations.md#database-failover). */
export interface ReplicaState {
  /** Why it is not used (naming the variable, never its value); undefined when it is. */
  readonly problem: string | undefined;
  /** The replica's pool; undefined when not used. */
  readonly handle: DatabaseHandle | undefined;
  /** Its lag in seconds, asked at most once a second (pms_db_replica_lag_seconds); undefined when not used. */
  lagSeconds: (() => Promise<number>) | undefined;
  /** For /readyz and the start: whether it answers (within its connect time-out), and if not, why. */
  status(): Promise<{ status: 'ready' | 'unavailable' | 'unused'; message?: string }>;
}

function replicaState(config: Config, database: DatabaseHandle): ReplicaState | undefined {
  const configured = config.databaseReplica;
  if (!configured) return undefined;
  const unused = (problem: string): ReplicaState => ({
    problem,
    handle: undefined,
    lagSeconds: undefined,
    status: () => Promise.resolve({ status: 'unused', message: `${problem}: serving from the primary alone` }),
  });
  if ('problem' in configured) return unused(configured.problem);
  if (database.kind !== 'postgres') return unused('DATABASE_REPLICA_URL needs PostgreSQL (DATABASE_URL)');
  const handle = openConfiguredReplica(config, configured.url);
  const lag = new ReplicaLag(handle.db);
  return {
    problem: undefined,
    handle,
    lagSeconds: () => lag.seconds(),
    status: async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${REPLICA_TIMEOUT_MS} ms`)), REPLICA_TIMEOUT_MS);
      });
      try {
        await Promise.race([handle.ping(), timeout]);
        return { status: 'ready' };
      } catch {
        return { status: 'unavailable', message: 'DATABASE_REPLICA_URL does not answer: session reads come from the primary alone' };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export interface AppContext {
  config: Config;
  /** The known payment method types under PROVIDER_PREFIX: bundling, catalog validation, the API description. */
  operatorTypes: OperatorTypes;
  database: DatabaseHandle;
  /** DATABASE_REPLICA_URL's replica; undefined when not set. */
  replica: ReplicaState | undefined;
  /** Where session lookups go: the primary, the replica (pms_db_reads_total). */
  sessionReads: SessionReads;
  clock: Clock;
  auth: AuthServices;
  storeMethods: StoreMethodsReader;
  sessions: SessionService;
  /** The storefront's answers, rendered once per store catalog and question. */
  offers: OfferRenderer;
  /** Deletes long-expired sessions; main.ts starts it, close() stops it. */
  sessionPurge: SessionPurge;
  merchantListing: MerchantListingService;
  /** Every catalog write goes through it; it clears this instance's caches and notifies the others. */
  catalogChanges: CatalogChanges;
  /** The operator's services (admin API, CLI). */
  admin: AdminServices;
  /** The audit trail of catalog writes, as the admin API reads it. */
  auditTrail: AuditTrail;
  /** Merchants' webhook endpoints and their deliveries (admin API, CLI). */
  webhookEndpoints: AdminWebhookEndpoints;
  /** Delivers the webhooks' outbox; main.ts starts it, close() stops it. */
  webhookDispatcher: WebhookDispatcher;
  /** Signed-in people of the operator console (/console), kept in the database. */
  consoleSessions: ConsoleSessions;
  /** The console's single sign-on (CONSOLE_OIDC_*); undefined: not configured. */
  consoleOidc: ConsoleOidc | undefined;
  /** Single sign-ons begun and waiting for the provider's callback, on any instance. */
  consoleSignIns: ConsoleSignIns;
  /**
   * Whether this instance hears other instances' changes at once (LISTEN): off by configuration
   * through a transaction-mode pooler without DATABASE_DIRECT_URL (and on PGlite, which has no
   * other instances), down while the listening connection reconnects.
   */
  changeNotifications: { readonly configured: boolean; listening(): boolean };
  /** Stops what the context started (the change listener); the app calls it on close. */
  close(): Promise<void>;
}

export interface ContextOptions {
  /**
   * LISTEN for other instances' announcements (catalog changes, key rotations) (PostgreSQL with DATABASE_URL only). Default true;
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
  const operator = operatorTypes(config.providerPrefix);
  const auth = await createAuthServices(config, database, clock);
  const storeMethods = new StoreMethodsReader(database.db, clock);
  const replica = replicaState(config, database);
  const sessionReads = new SessionReads(database.db, replica?.handle?.db, { replicaFirst: config.databaseReadFromReplica });
  const sessions = new SessionService(database.db, config, clock, sessionReads);
  const offers = new OfferRenderer(operator);
  const merchantListing = new MerchantListingService(database.db, storeMethods, operator, clock);
  const catalogChanges = new CatalogChanges(database.db);
  catalogChanges.onChange(() => storeMethods.invalidate());
  catalogChanges.onChange(() => auth.invalidateClients());
  const sessionPurge = new SessionPurge(database.db, clock, {
    retentionHours: config.sessionRetentionHours,
    intervalSeconds: config.sessionPurgeIntervalSeconds,
    auditRetentionDays: config.auditRetentionDays,
    webhookRetentionDays: config.webhooks.deliveryRetentionDays,
  });
  const webhookDispatcher = new WebhookDispatcher(database.db, {
    retrySchedule: config.webhooks.retrySchedule,
    allowPrivate: config.webhooks.allowPrivate,
  });
  // A committed change (here or on another instance) may have written events: look at once.
  catalogChanges.onChange(() => webhookDispatcher.wake());
  const listenUrl = database.kind === 'postgres' ? changeListenerUrl(config) : undefined;
  const listener =
    options.listen !== false && listenUrl
      ? await ChangeListener.start({
          connectionString: listenUrl,
          onChange: (topic) => {
            // undefined: announcements may have been missed while disconnected; clear everything.
            if (topic !== 'signing-keys') catalogChanges.changed();
            if (topic !== 'catalog') auth.reloadSigningKeys();
          },
        })
      : undefined;
  // Back after a connection failure (a failover: perhaps another server now): whatever changed
  // meanwhile was not heard, so the caches reload and the listener listens anew, at once.
  database.onReconnected?.(() => {
    catalogChanges.changed();
    auth.reloadSigningKeys();
    listener?.reconnect();
  });
  const admin = createAdminServices(database.db, catalogChanges, operator, clock);
  const close = async () => {
    await sessionPurge.stop();
    await webhookDispatcher.stop();
    await listener?.close();
    await replica?.handle?.close();
  };
  return {
    config,
    operatorTypes: operator,
    database,
    replica,
    sessionReads,
    clock,
    auth,
    storeMethods,
    sessions,
    offers,
    sessionPurge,
    merchantListing,
    catalogChanges,
    admin,
    auditTrail: new AuditTrail(database.db),
    webhookEndpoints: new AdminWebhookEndpoints(database.db, config.webhooks.allowPrivate, () => webhookDispatcher.wake()),
    webhookDispatcher,
    consoleSessions: new ConsoleSessions(database.db, clock, {
      currentClient: (clientId) => auth.currentClient(clientId),
      clientSignIn: config.consoleClientSignIn,
    }),
    consoleOidc: config.consoleOidc && createConsoleOidc(config.consoleOidc, { redirectUri: `${config.publicUrl}/console/callback` }),
    consoleSignIns: new ConsoleSignIns(database.db, clock),
    changeNotifications: { configured: listener !== undefined, listening: () => listener?.listening === true },
    close,
  };
}
