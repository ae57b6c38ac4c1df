// Shared by the admin services: paging, refused bodies, references a body names.
import type { Tx } from '../../storage/handles.ts';
import { CatalogValidationError, loadCatalogValidation, type KnownReferences } from '../../catalog-input/validate.ts';
import { Errors, withParameters } from '../../errors.ts';
import { MerchantsRepository } from '../../storage/repositories/merchants.ts';
import { StoresRepository } from '../../storage/repositories/stores.ts';
import { isUuid } from '../../lib/ids.ts';

export interface PageRequest {
  /** 0-based page number. */
  page: number;
  /** Page size, 1 … 1000. */
  size: number;
}

export interface Page<T> {
  content: T[];
  page: { number: number; size: number; totalElements: number; totalPages: number };
}

export function pageOf<T>(content: T[], totalElements: number, request: PageRequest): Page<T> {
  return {
    content,
    page: { number: request.page, size: request.size, totalElements, totalPages: Math.ceil(totalElements / request.size) },
  };
}

export function limits(request: PageRequest): { limit: number; offset: number } {
  return { limit: request.size, offset: request.page * request.size };
}

/** What a PUT did: created (201) or replaced (200), and the entity as stored now. */
export interface PutResult<T> {
  created: boolean;
  entity: T;
}

/** Runs a validation; a refused body becomes the registered 400 naming every offending field. */
export async function validated<T>(validate: () => T): Promise<T> {
  await loadCatalogValidation();
  try {
    return validate();
  } catch (error) {
    if (error instanceof CatalogValidationError) {
      // Every offending field of the body, by its path (the first problem of each).
      const parameters: Record<string, string> = {};
      for (const issue of error.issues) parameters[issue.path || '(body)'] ??= issue.message;
      throw withParameters(new Errors.ADMIN_VALIDATION_FAILED(error.message), parameters);
    }
    throw error;
  }
}

/**
 * The merchant and store a body refers to, when they exist: looked up inside the write's
 * transaction, so the check and the write see the same database.
 */
export async function knownReferences(tx: Tx, body: unknown): Promise<KnownReferences> {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const merchantIds = new Set<string>();
  const storeIds = new Set<string>();
  const { merchantId, storeId } = fields;
  if (typeof merchantId === 'string' && (await new MerchantsRepository(tx).findById(merchantId))) merchantIds.add(merchantId);
  // A malformed id would be an SQL error on the uuid column; the validation names it instead.
  if (typeof storeId === 'string' && isUuid(storeId) && (await new StoresRepository(tx).merchantOf(storeId.toLowerCase()))) {
    storeIds.add(storeId.toLowerCase());
  }
  // Store numbers are few (one per store): all of them, for the uniqueness check of a store body.
  const nationalStoreIds = await new StoresRepository(tx).nationalStoreIds();
  return { merchantIds, storeIds, nationalStoreIds };
}

/**
 * A foreign key refused the write: a concurrent write made a reference appear or vanish. PostgreSQL
 * reports an ON DELETE RESTRICT key as foreign_key_violation (23503), PGlite as restrict_violation
 * (23001): both are this (test/storage/catalog-writer.test.ts).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '23503' || code === '23001';
}
