// The operator CLI's program, `pms` (run by cli.ts as dist/cli.js; `npm run cli -- …`). It reads the server's configuration
// (DATABASE_URL, DATA_DIR, …: config.ts), migrates the database, and changes the catalog through
// the same services as the admin API (services/admin): every change is announced to the running
// instances (catalog-changes.ts), which see it within 2 seconds.
//
// The embedded database (no DATABASE_URL) can be opened by one process only: run the CLI while
// the server is stopped. The CLI refuses a data directory that a running server holds open.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { CatalogValidationError } from './catalog-input/validate.ts';
import { systemClock } from './lib/clock.ts';
import { ConfigError, readConfig, type Config } from './config.ts';
import { createContext, type AppContext } from './context.ts';
import { DEFAULT_PROVIDER_PREFIX } from './domain/payment-method-types.ts';
import { isRegisteredError } from './errors.ts';
import { DOCUMENT_PUBLIC_URL, generateOpenApiDocument, openApiJson } from './openapi-generator.ts';
import { configurationMarkdown } from './config-docs.ts';
import type { OfferChange } from './domain/change-preview.ts';
import type { StorePreview } from './services/admin/index.ts';
import type { Actor } from './services/audit.ts';
import type { CatalogSummary } from './services/catalog-import.ts';
import { catalogFileOf, readCatalogFile } from './services/catalog-import.ts';
import { migrateConfiguredDatabase, openConfiguredDatabase } from './database-setup.ts';
import { openPGlite, type DatabaseHandle } from './storage/database.ts';

/** A failure to report as `error: <message>` with exit status 1. */
class CliError extends Error {}

/** Where the program writes and what it reads: the process's own in `dist/cli.js`, a test's in process. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
}

async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openConfiguredDatabase(config);
  const dataDir = path.resolve(config.dataDir);
  // PGlite takes no lock of its own, and a second process writing the same directory would
  // corrupt it. PGlite keeps postmaster.pid there while a process has the database open.
  if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
    throw new CliError(
      `the embedded database in ${dataDir} is in use (a running server?): stop the server first, then run this ` +
        'command again. If no process uses it (a server was killed), start and stop the server once, or delete ' +
        `${path.join(dataDir, 'postmaster.pid')}. (With DATABASE_URL, the CLI runs alongside running servers.)`,
    );
  }
  return openPGlite(dataDir);
}

/** Opens and migrates the configured database and runs `work` with the service's context. */
async function withContext<T>(io: CliIo, work: (ctx: AppContext) => Promise<T>): Promise<T> {
  let config: Config;
  try {
    config = readConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
  const database = await openDatabase(config);
  try {
    await migrateConfiguredDatabase(config, database);
    // No listener: the CLI keeps no caches; it only announces its changes to the servers.
    const ctx = await createContext(config, database, systemClock, { listen: false });
    try {
      return await work(ctx);
    } finally {
      await ctx.close();
    }
  } finally {
    await database.close();
  }
}

function formatSummary(summary: CatalogSummary): string {
  const width = Math.max(...Object.keys(summary).map((k) => k.length)) + 1;
  return Object.entries(summary)
    .map(([kind, c]) => `  ${`${kind}:`.padEnd(width)} ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`)
    .join('\n');
}

function parseScopes(value: string): string[] {
  const scopes = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return [...new Set(scopes)];
}

// ---------------------------------------------------------------------------------------------
// Commands: one function each, registered by buildProgram().

function catalogCommands(program: Command, io: CliIo): void {
  const catalog = program.command('catalog').description('the catalog of merchants, stores, clients and payment methods');
  catalog
    .command('apply')
    .description('validate a catalog file (docs/catalog.md#catalog-file) whole and apply it by upsert on ids')
    .argument('<file>', 'catalog JSON file')
    .action(async (file: string) => {
      // The file is read (and parsed) before the database is opened. It is validated against the
      // configured PROVIDER_PREFIX, applied even when unchanged (an explicit operator action), and
      // recorded: a server start-up with the same file as CATALOG_FILE then skips it (catalog-import.ts).
      const summary: CatalogSummary = await withCatalogFile(file, 'applied', (value) =>
        withContext(io, async (ctx) => {
          const catalogFile = await catalogFileOf(file, value, ctx.operatorTypes);
          return ctx.admin.applyCatalog(catalogFile.value, catalogFile);
        }),
      );
      io.out(`catalog ${file} applied:\n${formatSummary(summary)}\n`);
    });
  catalog
    .command('diff')
    .description(
      'validate a catalog file as `apply` does and print, store by store, what shoppers would be offered differently ' +
        "if each store's methods were those of the file (docs/catalog.md#change-preview); nothing is saved",
    )
    .argument('<file>', 'catalog JSON file')
    .option('--json', 'print {storeId: {changes}} as the admin API answers a preview, per store')
    .action(async (file: string, options: { json?: boolean }) => {
      const previews: StorePreview[] = await withCatalogFile(file, 'compared', (value) =>
        withContext(io, (ctx) => ctx.admin.preview.previewCatalog(value)),
      );
      if (options.json) {
        io.out(`${JSON.stringify(Object.fromEntries(previews.map((p) => [p.storeId, { changes: p.changes }])), null, 2)}\n`);
        return;
      }
      for (const preview of previews) io.out(formatPreview(preview));
    });
}

/** Reads a catalog file and runs `use` on it; a file that is not a valid catalog is refused with nothing `done`. */
async function withCatalogFile<T>(file: string, done: string, use: (value: unknown) => Promise<T>): Promise<T> {
  try {
    return await use(await readCatalogFile(file));
  } catch (error) {
    if (error instanceof CatalogValidationError) throw new CliError(`catalog ${file} refused, nothing ${done}: ${error.message}`);
    throw error;
  }
}

/**
 * One line per change: customer type, campaign, the order's rule when the change is one that orders
 * holding a kind of goods or from a country see, range, the groups' titles before -> after.
 */
function formatPreview({ storeId, changes }: StorePreview): string {
  if (changes.length === 0) return `store ${storeId}: no changes\n`;
  const titles = (groups: OfferChange['before']) => (groups.length === 0 ? '(nothing)' : groups.map((g) => g.title).join(', '));
  const lines = changes.map((c) => {
    const campaign = c.campaign === null ? 'no campaign' : `campaign ${c.campaign}`;
    const order =
      c.productType !== undefined ? `  orders holding ${c.productType}` : c.country !== undefined ? `  orders from ${c.country}` : '';
    const range = c.to === null ? `from ${c.from}` : `${c.from} to ${c.to}`;
    return `  ${c.customerType.padEnd(7)}  ${campaign}${order}  ${range}: ${titles(c.before)} -> ${titles(c.after)}\n`;
  });
  return `store ${storeId}: ${changes.length} change${changes.length === 1 ? '' : 's'}\n${lines.join('')}`;
}

/** The audit trail's actor of each command that writes: the command itself (docs/audit.md). */
const CLI_ACTORS = {
  create: { type: 'cli', id: 'pms client create' },
  rotateSecret: { type: 'cli', id: 'pms client rotate-secret' },
  rotateKeys: { type: 'cli', id: 'pms keys rotate' },
  webhookCreate: { type: 'cli', id: 'pms webhook create' },
  webhookUpdate: { type: 'cli', id: 'pms webhook update' },
  webhookRotateSecret: { type: 'cli', id: 'pms webhook rotate-secret' },
  webhookDelete: { type: 'cli', id: 'pms webhook delete' },
} as const satisfies Record<string, Actor>;

function clientCommands(program: Command, io: CliIo): void {
  const client = program.command('client').description('OAuth clients');
  client
    .command('create')
    .description('register a client with a generated secret (printed once)')
    .argument('<clientId>', 'the new client id')
    .requiredOption('--merchant <id>', 'the merchant the client acts for (it is granted all its stores)')
    .addOption(new Option('--scopes <scopes>', 'comma-separated scopes: merchant-api, admin').default('merchant-api'))
    .action(async (clientId: string, options: { merchant: string; scopes: string }) => {
      const result = await withContext(io, async (ctx) => {
        const exists = await ctx.admin.clients.get(clientId).then(
          () => true,
          (error: unknown) => {
            if (isRegisteredError(error) && error.code === 'NOT_FOUND') return false;
            throw error;
          },
        );
        if (exists)
          throw new CliError(`client "${clientId}" already exists; \`pms client rotate-secret ${clientId}\` gives it a new secret`);
        return ctx.admin.clients.put(clientId, { merchantId: options.merchant, scopes: parseScopes(options.scopes) }, CLI_ACTORS.create);
      });
      io.out(
        `client ${result.entity.clientId} created for merchant ${result.entity.merchantId} ` +
          `with scopes ${result.entity.scopes.join(',') || '(none)'}\n` +
          `clientSecret: ${result.clientSecret}\n` +
          'The secret is shown only this once; only its hash is stored.\n',
      );
    });
  client
    .command('rotate-secret')
    .description('replace a client secret with a generated one (printed once); the old one stops working')
    .argument('<clientId>', 'the client id')
    .action(async (clientId: string) => {
      const rotated = await withContext(io, (ctx) => ctx.admin.clients.rotateSecret(clientId, CLI_ACTORS.rotateSecret));
      io.out(
        `client ${rotated.client.clientId}: new secret set; the old one no longer works\n` +
          `clientSecret: ${rotated.clientSecret}\n` +
          'The secret is shown only this once; only its hash is stored.\n',
      );
    });
}

function keyCommands(program: Command, io: CliIo): void {
  const keys = program.command('keys').description('the signing keys of the access tokens');
  keys
    .command('rotate')
    .description('make a new signing key current; tokens signed with the old one verify until they expire')
    .action(async () => {
      const kid = await withContext(io, (ctx) => ctx.auth.rotateSigningKey(CLI_ACTORS.rotateKeys));
      io.out(`new signing key ${kid} is current; running instances sign with it within a minute\n`);
    });
}

/** A whole number from 0, for --page and --size. */
function pageNumber(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new InvalidArgumentError('not a whole number from 0.');
  return Number(value);
}

/** Webhook endpoints (docs/webhooks.md): the admin API's, from the operator's shell. */
function webhookCommands(program: Command, io: CliIo): void {
  const webhook = program.command('webhook').description("merchants' webhook endpoints");
  const refused = (error: unknown): never => {
    // The body's problems, by field, as the admin API names them.
    if (isRegisteredError(error) && error.code === 'ADMIN_VALIDATION_FAILED') {
      const parameters = (error as { parameters?: Record<string, string> }).parameters ?? {};
      throw new CliError(
        `refused: ${
          Object.entries(parameters)
            .map(([field, problem]) => `${field} ${problem}`)
            .join('; ') || error.message
        }`,
      );
    }
    throw error;
  };
  webhook
    .command('create')
    .description('register an endpoint for a merchant, with a generated secret (printed once)')
    .argument('<url>', 'https:// URL the events are POSTed to')
    .requiredOption('--merchant <id>', "the merchant whose stores' changes it receives")
    .option('--description <text>', 'free text for the operator', '')
    .action(async (url: string, options: { merchant: string; description: string }) => {
      const created = await withContext(io, (ctx) =>
        ctx.webhookEndpoints
          .create({ merchantId: options.merchant, url, description: options.description }, CLI_ACTORS.webhookCreate)
          .catch(refused),
      );
      io.out(
        `webhook endpoint ${created.endpoint.id} created for merchant ${created.endpoint.merchantId}: ${created.endpoint.url}\n` +
          `secret: ${created.secret}\n` +
          'The secret is shown only this once: give it to the receiver, which verifies every event with it.\n',
      );
    });
  webhook
    .command('list')
    .description('list endpoints (never their secrets)')
    .option('--merchant <id>', "only this merchant's")
    .action(async (options: { merchant?: string }) => {
      const page = await withContext(io, (ctx) => ctx.webhookEndpoints.list({ page: 0, size: 1000, merchantId: options.merchant }));
      if (page.content.length === 0) io.out('no webhook endpoints\n');
      for (const e of page.content) {
        io.out(
          `${e.id}  ${e.merchantId}  ${e.enabled ? 'enabled ' : 'disabled'}  ${e.url}${e.description ? `  (${e.description})` : ''}\n`,
        );
      }
    });
  webhook
    .command('update')
    .description("change an endpoint's URL, description or whether it is enabled; the rest is kept")
    .argument('<id>', 'the endpoint id')
    .option('--url <url>', 'https:// URL the events are POSTed to')
    .option('--description <text>', 'free text for the operator ("" clears it)')
    .addOption(new Option('--enable', 'deliver to it (its pending deliveries go out)').conflicts('disable'))
    .addOption(new Option('--disable', 'deliver nothing to it (its pending deliveries wait)'))
    .action(async (id: string, options: { url?: string; description?: string; enable?: boolean; disable?: boolean }) => {
      if (options.url === undefined && options.description === undefined && !options.enable && !options.disable) {
        throw new CliError('nothing to change: give --url, --description, --enable or --disable');
      }
      const updated = await withContext(io, async (ctx) => {
        const current = await ctx.webhookEndpoints.get(id);
        const body = {
          merchantId: current.merchantId,
          url: options.url ?? current.url,
          description: options.description ?? current.description,
          enabled: options.enable ? true : options.disable ? false : current.enabled,
        };
        return ctx.webhookEndpoints.put(current.id, body, CLI_ACTORS.webhookUpdate).catch(refused);
      });
      const e = updated.entity;
      io.out(
        `webhook endpoint ${e.id} updated: ${e.enabled ? 'enabled ' : 'disabled'}  ${e.url}${e.description ? `  (${e.description})` : ''}\n`,
      );
    });
  webhook
    .command('deliveries')
    .description("list an endpoint's deliveries, newest first, each with its attempts")
    .argument('<id>', 'the endpoint id')
    .addOption(new Option('--page <n>', 'page number, from 0').default(0).argParser(pageNumber))
    .addOption(new Option('--size <n>', 'deliveries per page (1 to 1000)').default(20).argParser(pageNumber))
    .action(async (id: string, options: { page: number; size: number }) => {
      if (options.size < 1 || options.size > 1000) throw new CliError('--size must be from 1 to 1000');
      const page = await withContext(io, (ctx) => ctx.webhookEndpoints.deliveries(id, { page: options.page, size: options.size }));
      if (page.content.length === 0) io.out('no deliveries\n');
      for (const d of page.content) {
        const next = d.nextAttemptAt === null ? '' : `  next attempt ${d.nextAttemptAt.toISOString()}`;
        io.out(`${d.id}  ${d.eventId}  ${d.state.padEnd(9)}  created ${d.createdAt.toISOString()}${next}\n`);
        for (const a of d.attempts) {
          const outcome = a.succeeded ? 'succeeded' : 'failed';
          const status = a.statusCode === null ? 'no status' : `status ${a.statusCode}`;
          io.out(`    ${a.attemptedAt.toISOString()}  ${outcome}  ${status}${a.error ? `  ${a.error}` : ''}  ${a.durationMs} ms\n`);
        }
      }
      const { number, totalPages, totalElements } = page.page;
      io.out(`${totalElements} deliveries, ${page.page.size} a page; this is --page ${number} of 0 … ${Math.max(totalPages - 1, 0)}\n`);
    });
  webhook
    .command('retry')
    .description('send a delivery again (the same event and webhook-id), whatever its state; not while its endpoint is disabled')
    .argument('<deliveryId>', 'the delivery id (pms webhook deliveries lists them)')
    .action(async (deliveryId: string) => {
      const delivery = await withContext(io, (ctx) => ctx.webhookEndpoints.retry(deliveryId));
      io.out(
        `delivery ${delivery.id} (event ${delivery.eventId}) is due now: a running instance sends it within a second, ` +
          'with the same webhook-id\n',
      );
    });
  webhook
    .command('rotate-secret')
    .description('give an endpoint a new secret (printed once); the previous one keeps signing beside it for 24 hours')
    .argument('<id>', 'the endpoint id')
    .action(async (id: string) => {
      const rotated = await withContext(io, (ctx) => ctx.webhookEndpoints.rotateSecret(id, CLI_ACTORS.webhookRotateSecret));
      io.out(
        `webhook endpoint ${rotated.endpoint.id}: new secret set; events are signed with it and the previous one for 24 hours\n` +
          `secret: ${rotated.secret}\n`,
      );
    });
  webhook
    .command('delete')
    .description('delete an endpoint and its deliveries')
    .argument('<id>', 'the endpoint id')
    .action(async (id: string) => {
      await withContext(io, (ctx) => ctx.webhookEndpoints.delete(id, CLI_ACTORS.webhookDelete));
      io.out(`webhook endpoint ${id} deleted\n`);
    });
}

function openapiCommand(program: Command, io: CliIo): void {
  program
    .command('openapi')
    .description('write the OpenAPI 3.1 document (as committed in openapi.json); needs no database')
    .option('--out <file>', 'write to this file instead of standard output')
    .option('--public-url <url>', 'server URL in the document', DOCUMENT_PUBLIC_URL)
    .option('--provider-prefix <prefix>', "the operator's name in the known payment method types", DEFAULT_PROVIDER_PREFIX)
    .action(async (options: { out?: string; publicUrl: string; providerPrefix: string }) => {
      let document: object;
      try {
        document = await generateOpenApiDocument({ publicUrl: options.publicUrl, providerPrefix: options.providerPrefix });
      } catch (error) {
        if (error instanceof ConfigError) throw new CliError(error.message);
        throw error;
      }
      const json = openApiJson(document);
      if (options.out === undefined) {
        io.out(json);
        return;
      }
      await writeFile(options.out, json);
      io.out(`wrote ${options.out}\n`);
    });
}

function configDocsCommand(program: Command, io: CliIo): void {
  program
    .command('config-docs')
    .description("write the settings' reference (as committed in docs/configuration.md); reads no configuration")
    .option('--out <file>', 'write to this file instead of standard output')
    .action(async (options: { out?: string }) => {
      const markdown = configurationMarkdown();
      if (options.out === undefined) {
        io.out(markdown);
        return;
      }
      await writeFile(options.out, markdown);
      io.out(`wrote ${options.out}\n`);
    });
}

/**
 * The `pms` program. To add a command, write a `xxxCommands(program, io)` function like those
 * above and call it here.
 */
function buildProgram(io: CliIo): Command {
  const program = new Command('pms')
    .description(
      'Operate the payment method sessions service. Reads DATABASE_URL / DATA_DIR like the server; ' +
        'on the embedded database (no DATABASE_URL) run it while the server is stopped.',
    )
    .showHelpAfterError()
    // Help and usage errors go where the rest goes (commands inherit this), and nothing exits the process.
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    .exitOverride();
  catalogCommands(program, io);
  clientCommands(program, io);
  keyCommands(program, io);
  webhookCommands(program, io);
  openapiCommand(program, io);
  configDocsCommand(program, io);
  return program;
}

/** Runs the CLI; resolves to the process exit status. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    // Commander has printed usage errors and help already.
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof CliError || error instanceof CatalogValidationError || isRegisteredError(error)) {
      io.err(`error: ${error.message}\n`);
      return 1;
    }
    io.err(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
