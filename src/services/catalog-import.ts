// Applies a catalog (docs/catalog.md#catalog-file): validated whole first, then written in one transaction by
// upsert on ids. Entities not named in the catalog are left as they are. An invalid catalog is
// refused with CatalogValidationError and nothing of it is applied.
//
// The catalog file at start-up is skipped when re-applying it could change nothing: the same
// content (digest) was applied from the same file and no catalog write has happened since. Every
// catalog write (admin API, CLI, a file) increments catalog_generation in its own transaction
// (catalog-changes.ts), and an application records the generation it committed, so "nothing
// since" is one comparison, whoever wrote and on whichever instance. Timestamps would not do
// (clocks of several instances, writes committing out of order); neither would comparing the
// rows (that is the work being skipped). A write made with plain SQL, outside
// catalogTransaction(), is not counted: like the caches, this relies on every write going
// through it.
import { scrypt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Db, Tx } from '../storage/handles.ts';
import { hashClientSecret, verifyClientSecret } from '../lib/secret-hash.ts';
import { loadCatalogValidation, validateCatalog, CatalogValidationError, type ValidatedCatalog } from '../catalog-input/validate.ts';
import { DEFAULT_OPERATOR_TYPES, type OperatorTypes } from '../domain/payment-method-types.ts';
import { CatalogApplicationsRepository } from '../storage/repositories/catalog-applications.ts';
import { CatalogWriter } from '../storage/repositories/catalog-writer.ts';
import type { WriteResult } from '../storage/repositories/write-result.ts';
import { ClientsRepository } from '../storage/repositories/clients.ts';
import { SCHEMA_VERSION } from '../storage/migrate.ts';
import { MerchantsRepository } from '../storage/repositories/merchants.ts';
import { PaymentMethodsRepository } from '../storage/repositories/payment-methods.ts';
import { StoresRepository } from '../storage/repositories/stores.ts';
import { secretChange, type Actor, type AuditRecorder } from './audit.ts';
import { auditedCatalogTransaction, type CatalogChanges } from './catalog-changes.ts';

/**
 * Increment on any change to how a catalog is validated or written (defaults, rules, columns):
 * it is part of every file's digest, so each file is applied again once after the upgrade.
 */
export const CATALOG_IMPORT_VERSION = 2;

export type CatalogSummary = Record<'merchants' | 'stores' | 'clients' | 'paymentMethods', Record<WriteResult, number>>;

function emptySummary(): CatalogSummary {
  const counts = () => ({ created: 0, updated: 0, unchanged: 0 });
  return { merchants: counts(), stores: counts(), clients: counts(), paymentMethods: counts() };
}

/** Reads and parses a catalog file; a missing file or malformed JSON is a CatalogValidationError. */
export async function readCatalogFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CatalogValidationError([{ path, message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` }]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CatalogValidationError([{ path, message: `is not valid JSON (${(error as Error).message})` }]);
  }
}

/** A catalog file: where it was read, its content, and the digest of that content. */
export interface CatalogFile {
  /** Absolute path; applications are recorded under it. */
  source: string;
  value: unknown;
  /** catalogDigest(value). */
  digest: string;
}

/** JSON with every object's keys sorted: the same catalog, however formatted, serializes alike. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * The digest recorded for an applied file: of its canonical content, the import logic's version,
 * the schema version and the operator's prefix (the file is validated against it: after a change
 * of PROVIDER_PREFIX the file is validated and applied again, and refused if it still names the
 * old prefix's types). A file holds client secrets in clear, and the digest lives in the
 * database next to the secrets' scrypt hashes; a plain SHA-256 would let whoever reads the
 * database guess those secrets far faster than against the hashes. So it is scrypt with the
 * client secrets' cost (auth/secrets.ts), run once per start-up off the main thread.
 */
export function catalogDigest(value: unknown, operator: OperatorTypes): Promise<string> {
  const input = JSON.stringify([CATALOG_IMPORT_VERSION, SCHEMA_VERSION, operator.prefix, canonicalJson(value)]);
  return new Promise((resolvePromise, reject) => {
    scrypt(input, 'pms catalog file', 32, { N: 16384, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolvePromise(`scrypt$16384$8$1$${key.toString('base64url')}`),
    );
  });
}

/** A catalog file's content (as read from `path`, or derived from it) with its digest under `operator`. */
export async function catalogFileOf(path: string, value: unknown, operator: OperatorTypes): Promise<CatalogFile> {
  return { source: resolve(path), value, digest: await catalogDigest(value, operator) };
}

/** Reads a catalog file and computes its digest; a missing file or malformed JSON is a CatalogValidationError. */
export async function readCatalogFileWithDigest(path: string, operator: OperatorTypes): Promise<CatalogFile> {
  return catalogFileOf(path, await readCatalogFile(path), operator);
}

/**
 * True when re-applying the file could change nothing: this content was the last application
 * from this source, and no catalog write happened after it (generation unchanged).
 */
export async function catalogFileIsCurrent(db: Db, file: Pick<CatalogFile, 'source' | 'digest'>): Promise<boolean> {
  return new CatalogApplicationsRepository(db).isCurrent(file.source, file.digest);
}

/**
 * The catalog file at start-up: applied as applyCatalog() does, unless catalogFileIsCurrent().
 * Undefined when skipped. `file`'s digest must have been computed under the same `operator`.
 */
export async function applyCatalogFile(db: Db, file: CatalogFile, operator: OperatorTypes): Promise<CatalogSummary | undefined> {
  if (await catalogFileIsCurrent(db, file)) return undefined;
  return applyCatalog(db, file.value, { operator, file });
}

export interface ApplyCatalogOptions {
  /** The configured operator's types, which the catalog is validated against; default the `PROVIDER` prefix's. */
  operator?: OperatorTypes;
  /** This instance's change channel: its caches are cleared too. */
  changes?: CatalogChanges | undefined;
  /** Record the application as this file's (catalogFileIsCurrent()). */
  file?: Pick<CatalogFile, 'source' | 'digest'> | undefined;
}

/** The audit trail's actor of an application: the file by its absolute path (a catalog given as a value: `(catalog)`). */
function catalogActor(file: Pick<CatalogFile, 'source'> | undefined): Actor {
  return { type: 'catalog-file', id: file?.source ?? '(catalog)' };
}

/** One audit event for an entity the application created or changed (nothing when it was unchanged). */
async function audited<E extends object>(
  audit: AuditRecorder,
  entity: Parameters<AuditRecorder['created']>[0],
  id: string,
  before: E | undefined,
  write: () => Promise<WriteResult>,
  after: () => Promise<E>,
): Promise<WriteResult> {
  const outcome = await write();
  if (outcome === 'unchanged') return outcome;
  if (before === undefined) await audit.created(entity, id, await after());
  else await audit.updated(entity, id, before, await after());
  return outcome;
}

/**
 * Applies a catalog in one transaction that announces the change to every running instance
 * (catalog-changes.ts). With `changes`, this instance's caches are cleared too; without it (the
 * catalog file at start-up, before any cache exists) only the announcement is made. With `file`,
 * the application is recorded in the same transaction (catalogFileIsCurrent()).
 */
export async function applyCatalog(
  db: Db,
  value: unknown,
  { operator = DEFAULT_OPERATOR_TYPES, changes, file }: ApplyCatalogOptions = {},
): Promise<CatalogSummary> {
  await loadCatalogValidation();
  const summary = emptySummary();
  // One audit event per entity created or changed, with the fields that differ: the stored state
  // is read before each upsert (and after, for what the database assigns, e.g. a store number).
  const write = async (tx: Tx, audit: AuditRecorder) => {
    const writer = new CatalogWriter(tx);
    const existing = await writer.existingIds();
    const catalog: ValidatedCatalog = validateCatalog(value, operator, existing);
    const clients = new ClientsRepository(tx);
    const merchants = new MerchantsRepository(tx);
    const stores = new StoresRepository(tx);
    const methods = new PaymentMethodsRepository(tx);
    for (const merchant of catalog.merchants) {
      const before = existing.merchantIds.has(merchant.id) ? await merchants.findById(merchant.id) : undefined;
      summary.merchants[
        await audited(
          audit,
          'merchant',
          merchant.id,
          before,
          () => writer.upsertMerchant(merchant),
          async () => merchant,
        )
      ] += 1;
    }
    for (const store of catalog.stores) {
      const before = existing.storeIds.has(store.id) ? await stores.findById(store.id) : undefined;
      const after = async () => (await stores.findById(store.id))!;
      summary.stores[await audited(audit, 'store', store.id, before, () => writer.upsertStore(store), after)] += 1;
    }
    // scrypt runs inside the transaction; catalogs are applied rarely and hold few clients.
    for (const client of catalog.clients) {
      const stored = await clients.findById(client.clientId);
      // Keep the stored hash when it already matches the secret: re-applying the same file must
      // not change anything, and a fresh salt would.
      const secretHash =
        stored && (await verifyClientSecret(client.clientSecret, stored.secretHash))
          ? stored.secretHash
          : await hashClientSecret(client.clientSecret);
      const outcome = await clients.upsert({ clientId: client.clientId, merchantId: client.merchantId, scopes: client.scopes, secretHash });
      summary.clients[outcome] += 1;
      const secretChanged = secretChange(stored?.secretHash !== secretHash);
      const after = { clientId: client.clientId, merchantId: client.merchantId, scopes: client.scopes };
      if (!stored) await audit.created('client', client.clientId, after, secretChanged);
      else if (outcome !== 'unchanged') {
        await audit.updated(
          'client',
          client.clientId,
          { clientId: stored.clientId, merchantId: stored.merchantId, scopes: stored.scopes },
          after,
          secretChanged,
        );
      }
    }
    for (const method of catalog.paymentMethods) {
      const before = await methods.findById(method.id);
      const after = async () => (await methods.findById(method.id))!;
      summary.paymentMethods[await audited(audit, 'payment-method', method.id, before, () => writer.upsertPaymentMethod(method), after)] +=
        1;
    }
    if (file) await new CatalogApplicationsRepository(tx).record(file.source, file.digest);
  };
  const actor = catalogActor(file);
  await (changes ? changes.write(actor, write) : auditedCatalogTransaction(db, actor, write));
  return summary;
}
