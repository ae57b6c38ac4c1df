// Applies a catalog (contract §6): validated whole first, then written in one transaction by
// upsert on ids. Entities not named in the catalog are left as they are. An invalid catalog is
// refused with CatalogValidationError and nothing of it is applied.
import { readFile } from 'node:fs/promises';
import type { Kysely, Transaction } from 'kysely';
import { hashClientSecret, verifyClientSecret } from '../auth/secrets.ts';
import { validateCatalog, CatalogValidationError, type ValidatedCatalog } from '../catalog/validate.ts';
import type { Database } from '../storage/schema.ts';
import { CatalogWriter } from '../storage/repositories/catalog-writer.ts';
import type { WriteResult } from '../storage/repositories/write-result.ts';
import { ClientsRepository } from '../storage/repositories/clients.ts';
import { catalogTransaction, type CatalogChanges } from './catalog-changes.ts';

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

/**
 * Applies a catalog in one transaction that announces the change to every running instance
 * (catalog-changes.ts). With `changes`, this instance's caches are cleared too; without it (the
 * catalog file at start-up, before any cache exists) only the announcement is made.
 */
export async function applyCatalog(db: Kysely<Database>, value: unknown, changes?: CatalogChanges): Promise<CatalogSummary> {
  const summary = emptySummary();
  const write = async (tx: Transaction<Database>) => {
    const writer = new CatalogWriter(tx);
    const catalog: ValidatedCatalog = validateCatalog(value, await writer.existingIds());
    const clients = new ClientsRepository(tx);
    for (const merchant of catalog.merchants) summary.merchants[await writer.upsertMerchant(merchant)] += 1;
    for (const store of catalog.stores) {
      summary.stores[await writer.upsertStore(store)] += 1;
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
      summary.clients[await clients.upsert({ clientId: client.clientId, merchantId: client.merchantId, scopes: client.scopes, secretHash })] += 1;
    }
    for (const method of catalog.paymentMethods) {
      summary.paymentMethods[await writer.upsertPaymentMethod(method)] += 1;
    }
  };
  await (changes ? changes.write(write) : catalogTransaction(db, write));
  return summary;
}
