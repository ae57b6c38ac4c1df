// The process: read configuration, open and migrate the database, apply the catalog, serve, and
// shut down gracefully on SIGTERM/SIGINT (finish in-flight requests, then close the database).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { build } from './app.ts';
import { CatalogValidationError } from './catalog-input/validate.ts';
import { ConfigError, readConfig, type Config } from './config.ts';
import { createContext } from './context.ts';
import { loadEmbedBundle } from './http/embed/routes.ts';
import { Draining } from './http/plugins/draining.ts';
import { DatabaseProbe } from './observability/database-probe.ts';
import { LogDestination } from './observability/log-destination.ts';
import { operatorTypes } from './domain/payment-method-types.ts';
import {
  applyCatalogFile,
  catalogFileOf,
  readCatalogFile,
  readCatalogFileWithDigest,
  type CatalogFile,
} from './services/catalog-import.ts';
import { applyCatalogFileAtStartUp, migrateConfiguredDatabase, openConfiguredDatabase } from './database-setup.ts';
import { demoCatalogFor, demoConsoleClient, demoCredentials, demoWalkthrough, DEMO_CATALOG_FILE } from './demo.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: Config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // Before anything that makes spans; the SDK is not even loaded without an endpoint.
  const tracing = config.tracing ? await (await import('./observability/otel-sdk.ts')).startTracing(config.tracing) : undefined;

  const operator = operatorTypes(config.providerPrefix);
  const catalogFile = config.catalogFile ?? (config.demo ? path.join(projectRoot, DEMO_CATALOG_FILE) : undefined);
  // Read and digested (scrypt, on the thread pool) while the database opens; awaited below. The
  // demo catalog is served under the configured prefix (demo.ts); a CATALOG_FILE as it is written.
  const reading = !catalogFile
    ? undefined
    : config.catalogFile
      ? readCatalogFileWithDigest(catalogFile, operator)
      : readCatalogFile(catalogFile).then((value) => catalogFileOf(catalogFile, demoCatalogFor(value, operator), operator));
  reading?.catch(() => {});

  const database = await openConfiguredDatabase(config);
  const { ahead } = await migrateConfiguredDatabase(config, database);

  let catalog: unknown;
  if (catalogFile) {
    try {
      const file: CatalogFile = await reading!;
      catalog = file.value;
      // Skipped when this content was applied last and nothing changed the catalog since.
      await applyCatalogFileAtStartUp(config, database, (db) => applyCatalogFile(db, file, operator));
    } catch (error) {
      if (error instanceof CatalogValidationError) {
        await database.close();
        fail(`catalog ${catalogFile} refused, nothing applied: ${error.message}`);
      }
      throw error;
    }
  }

  const ctx = await createContext(config, database);
  const embedBundle = await loadEmbedBundle(path.join(projectRoot, 'dist'));
  const demo = config.demo && !config.catalogFile ? demoCredentials(catalog) : undefined;
  // The demo's sign-in to the operator console: an admin client with a secret new at every start.
  // Not when clients may not sign in to the console (CONSOLE_CLIENT_SIGN_IN=false): it could not be used there.
  const consoleClient = demo && config.consoleClientSignIn ? await demoConsoleClient(ctx.admin) : undefined;
  const draining = new Draining();
  // Standard output with a bounded buffer: a stalled log reader costs lines, not memory (observability/log-destination.ts).
  const logDestination = new LogDestination();
  // pms_database_up: whether the database answers, pinged every 5 s (and by each /readyz) for the alerts.
  const databaseProbe = new DatabaseProbe(() => ctx.database.ping());
  const app = await build(ctx, {
    embedBundle,
    draining,
    databaseProbe,
    demo,
    // build() adds the redaction of credentials to any logger options (observability/logging.ts).
    logger: { level: config.logLevel, stream: logDestination.stream },
    droppedLogLines: () => logDestination.dropped,
  });
  logDestination.reportDropsEvery(app.log);

  // A deploy (docs/operations.md#deploys): unready first, serving on for SHUTDOWN_DELAY_SECONDS while load
  // balancers notice, then stop listening and finish what was accepted (within 10 s), then exit.
  // SIGINT (Ctrl-C at a terminal) skips the delay: nobody balances a developer's process.
  const shutdownDelayMs = config.shutdownDelaySeconds * 1000;
  closeWithGrace({ delay: shutdownDelayMs + 10_000 }, async ({ signal, err }) => {
    draining.active = true;
    if (err) {
      app.log.error({ err }, 'shutting down after an uncaught error');
    } else if (signal === 'SIGTERM' && shutdownDelayMs > 0) {
      app.log.info(
        { signal, delaySeconds: config.shutdownDelaySeconds },
        'shutting down: unready, serving until load balancers stop routing here',
      );
      await sleep(shutdownDelayMs);
    }
    app.log.info({ signal }, 'shutting down: no longer listening, finishing in-flight requests');
    databaseProbe.stop();
    await app.close();
    await database.close();
    // A collector that is down costs the last spans, never the clean exit a deploy waits for.
    await tracing?.shutdown().catch((error: unknown) => app.log.warn({ err: error }, 'traces not exported at shutdown'));
  });

  if (ahead.length > 0) {
    // Expected while a rollback (or a rolling deploy of a newer release) is under way; worth a look if it stays.
    app.log.warn(
      `database is ahead (${ahead.length} unknown migration${ahead.length === 1 ? '' : 's'}: ${ahead.join(', ')}), serving: ` +
        'a newer release migrated it; migrations are expand-only, so this release finds everything it reads (docs/migrations.md)',
    );
  }
  if (config.databasePooler === 'transaction' && !ctx.changeNotifications.configured) {
    app.log.warn(
      'change notifications are off: DATABASE_URL is a transaction-mode pooler, which cannot LISTEN, and ' +
        "DATABASE_DIRECT_URL is not set. Other instances' catalog changes reach this one within the caches' " +
        'lifetime (2 s), key rotations within a minute (docs/operations.md#behind-a-connection-pooler)',
    );
  }
  // DATABASE_REPLICA_URL refused or not answering: reported by name, served from the primary alone.
  const replicaStatus = await ctx.replica?.status();
  if (replicaStatus?.message) app.log.warn(`${replicaStatus.message} (docs/operations.md#database-failover)`);
  await app.listen({ host: config.host, port: config.port });
  // Deletes long-expired sessions every SESSION_PURGE_INTERVAL_SECONDS; stopped by app.close() (ctx.close).
  ctx.sessionPurge.start(app.log);
  // Delivers webhooks (docs/webhooks.md): every instance takes its share of what is due.
  ctx.webhookDispatcher.start(app.log);
  databaseProbe.start();
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PostgreSQL (PGlite) in ${path.resolve(config.dataDir)}`;
  // One write, so that whoever waits for the "serving on" line gets the credentials with it.
  process.stdout.write(
    `\nPayment method sessions serving on ${config.publicUrl} (database: ${where}; ready in ${seconds} s)\n` +
      (demo ? demoWalkthrough(config.publicUrl, demo, consoleClient) : ''),
  );
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  // PgBouncer's answer to the statement_timeout we send directly to PostgreSQL.
  const hint = /unsupported startup parameter/.test(message)
    ? ' (DATABASE_URL reaches a connection pooler: set DATABASE_POOLER=transaction, docs/operations.md#behind-a-connection-pooler)'
    : '';
  process.stderr.write(`error: start-up failed: ${message}${hint}\n`);
  process.exit(1);
});
