// The change preview (docs/catalog.md#change-preview): what shoppers of a store would be offered
// differently after a change of its methods (and of the store), before it is made. Used by
// `POST /admin/v1/stores/{storeId}/preview`, the console and `pms catalog diff`. Nothing is written:
// no catalog row, no audit event, no webhook event.
import type { Db } from '../../storage/handles.ts';
import {
  CatalogValidationError,
  loadCatalogValidation,
  validateCatalog,
  validatePaymentMethodBody,
  validateStoreBody,
  type CatalogIssue,
  type KnownReferences,
} from '../../catalog-input/validate.ts';
import { inDisplayOrder, previewChanges, type OfferChange } from '../../domain/change-preview.ts';
import type { PaymentMethod, Store, StoreMethods } from '../../domain/catalog.ts';
import type { OperatorTypes } from '../../domain/payment-method-types.ts';
import { activeAt } from '../../domain/windows.ts';
import { Errors } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { CatalogWriter } from '../../storage/repositories/catalog-writer.ts';
import { MerchantsRepository } from '../../storage/repositories/merchants.ts';
import { PaymentMethodsRepository } from '../../storage/repositories/payment-methods.ts';
import { StoresRepository } from '../../storage/repositories/stores.ts';
import { validated } from './common.ts';

export interface PreviewResult {
  changes: OfferChange[];
}

/** One store of a catalog file and what the file would change for its shoppers. */
export interface StorePreview extends PreviewResult {
  storeId: string;
}

const BODY_FIELDS = new Set(['paymentMethods', 'store']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An entity body's issues (paths relative to the body) as issues of the field `base` of the preview's body. */
function under(base: string, issues: readonly CatalogIssue[]): CatalogIssue[] {
  return issues.map(({ path, message }) => ({
    path: path === '(body)' ? base : path.startsWith('[') ? `${base}${path}` : `${base}.${path}`,
    message,
  }));
}

/** Runs one entity's validation, collecting its issues under `base` instead of throwing. */
function collect<T>(issues: CatalogIssue[], base: string, validate: () => T): T | undefined {
  try {
    return validate();
  } catch (error) {
    if (!(error instanceof CatalogValidationError)) throw error;
    issues.push(...under(base, error.issues));
    return undefined;
  }
}

/**
 * Compares today's catalog of the store with the proposal, both as offered now: a method outside
 * its window (activeFrom/activeUntil) counts on neither side, one inside it on both.
 */
function compare(today: StoreMethods, proposed: StoreMethods, operator: OperatorTypes, now: number): OfferChange[] {
  return previewChanges(activeAt(today, now).catalog, activeAt(proposed, now).catalog, operator);
}

export class AdminPreview {
  constructor(
    private readonly db: Db,
    /** The configured operator's types: its part payments are bundled, its types checked in the body. */
    private readonly operator: OperatorTypes,
    private readonly clock: Clock,
  ) {}

  /**
   * What shoppers of `storeId` would be offered differently if its methods were `body.paymentMethods`
   * (the whole list, each as `PUT /admin/v1/payment-methods/{id}` takes it, with its id) and, when
   * given, the store were `body.store` (as `PUT /admin/v1/stores/{id}` takes it). 404 for an unknown
   * store; 400 ADMIN_VALIDATION_FAILED naming every offending field (`paymentMethods[1].maxPurchaseLimit`).
   */
  async preview(storeId: string, body: unknown): Promise<PreviewResult> {
    const id = storeId.toLowerCase();
    const stores = new StoresRepository(this.db);
    const stored = isUuid(id) ? await stores.findById(id) : undefined;
    if (!stored) throw new Errors.NOT_FOUND(`Store "${storeId}"`);
    const known = await this.storeReferences(body);
    const proposal = await validated(() => this.proposalOf(stored, body, known));
    const today: StoreMethods = { store: stored, methods: await new PaymentMethodsRepository(this.db).listByStore(id) };
    return { changes: compare(today, proposal, this.operator, this.clock()) };
  }

  /**
   * `pms catalog diff`: a catalog file (validated as `pms catalog apply` validates it, throwing
   * CatalogValidationError) compared with the database, store by store. The file's stores are
   * those it lists and those its methods belong to; each store's proposal is its methods in the
   * file (the whole list) and its fields from the file (else as stored). A store the database does
   * not hold yet is compared with a store offering nothing.
   */
  async previewCatalog(value: unknown): Promise<StorePreview[]> {
    await loadCatalogValidation();
    const now = this.clock();
    // One transaction, only read from: every store is compared with the same database state.
    return this.db.transaction().execute(async (tx) => {
      const catalog = validateCatalog(value, this.operator, await new CatalogWriter(tx).existingIds());
      const storeIds = [...new Set([...catalog.stores.map((s) => s.id), ...catalog.paymentMethods.map((m) => m.storeId)])];
      const stores = new StoresRepository(tx);
      const methods = new PaymentMethodsRepository(tx);
      const previews: StorePreview[] = [];
      for (const storeId of storeIds) {
        const stored = await stores.findById(storeId);
        const fromFile = catalog.stores.find((s) => s.id === storeId);
        const today: StoreMethods = stored
          ? { store: stored, methods: await methods.listByStore(storeId) }
          : { store: fromFile!, methods: [] };
        // What `pms catalog apply` would leave: it upserts by id and never deletes, so the stored
        // methods stay unless the file gives one of the same id (catalog-import.ts).
        const fromFileMethods = catalog.paymentMethods.filter((m) => m.storeId === storeId);
        const replaced = new Set(fromFileMethods.map((m) => m.id));
        const proposed: StoreMethods = {
          store: fromFile ?? stored!,
          methods: inDisplayOrder([...today.methods.filter((m) => !replaced.has(m.id)), ...fromFileMethods]),
        };
        previews.push({ storeId, changes: compare(today, proposed, this.operator, now) });
      }
      return previews;
    });
  }

  /** What a `store` field of the body may refer to or collide with: its merchant, the store numbers taken. */
  private async storeReferences(body: unknown): Promise<KnownReferences> {
    const store = isPlainObject(body) && isPlainObject(body.store) ? body.store : undefined;
    if (!store) return { merchantIds: new Set(), storeIds: new Set(), nationalStoreIds: new Map() };
    const merchantId = store.merchantId;
    const merchantIds = new Set<string>();
    if (typeof merchantId === 'string' && (await new MerchantsRepository(this.db).findById(merchantId))) merchantIds.add(merchantId);
    return { merchantIds, storeIds: new Set(), nationalStoreIds: await new StoresRepository(this.db).nationalStoreIds() };
  }

  /** The body as the store's catalog it proposes; CatalogValidationError naming every offending field. */
  private proposalOf(stored: Store, body: unknown, known: KnownReferences): StoreMethods {
    if (!isPlainObject(body)) throw new CatalogValidationError([{ path: '(body)', message: 'must be a JSON object' }]);
    const issues: CatalogIssue[] = [];
    for (const field of Object.keys(body)) if (!BODY_FIELDS.has(field)) issues.push({ path: field, message: 'is not a known field' });
    const given = body.paymentMethods;
    if (given === undefined) issues.push({ path: 'paymentMethods', message: 'is required' });
    else if (!Array.isArray(given)) issues.push({ path: 'paymentMethods', message: 'must be an array' });
    const methods = Array.isArray(given) ? this.methodsOf(stored.id, given, issues) : [];
    const store = body.store === undefined ? stored : collect(issues, 'store', () => validateStoreBody(stored.id, body.store, known));
    if (issues.length > 0) throw new CatalogValidationError(issues);
    return { store: store!, methods: inDisplayOrder(methods) };
  }

  /** Each method validated as its PUT validates it, with its id (there is no path to give one) and of this store. */
  private methodsOf(storeId: string, given: readonly unknown[], issues: CatalogIssue[]): PaymentMethod[] {
    const methods: PaymentMethod[] = [];
    const seen = new Set<string>();
    const ofThisStore: KnownReferences = { merchantIds: new Set(), storeIds: new Set([storeId]), nationalStoreIds: new Map() };
    given.forEach((value, index) => {
      const path = `paymentMethods[${index}]`;
      const id = isPlainObject(value) ? value.id : undefined;
      if (isPlainObject(value) && id === undefined) issues.push({ path: `${path}.id`, message: 'is required' });
      // The id given (checked by the schema), or a stand-in so that every other field is still checked.
      const pathId = typeof id === 'string' ? id : '00000000-0000-0000-0000-000000000000';
      const attempt: CatalogIssue[] = [];
      const method = collect(attempt, path, () => validatePaymentMethodBody(pathId, value, ofThisStore, this.operator));
      for (const issue of attempt) {
        // Another store's method is not part of this store's list.
        const otherStore = issue.path === `${path}.storeId` && issue.message.startsWith('refers to unknown store');
        issues.push(otherStore ? { path: issue.path, message: `must be the store previewed ("${storeId}")` } : issue);
      }
      if (!method || id === undefined) return;
      if (seen.has(method.id)) issues.push({ path: `${path}.id`, message: `duplicates id "${method.id}" given earlier in the list` });
      seen.add(method.id);
      methods.push(method);
    });
    return methods;
  }
}
