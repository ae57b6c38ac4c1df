// Validates a catalog (file or admin body) whole, before anything is applied, and turns it into
// domain objects with exact decimals. Every problem is reported with the path of the offending
// field, e.g. `paymentMethods[3].maxPurchaseLimit`.
import { isIP } from 'node:net';
import { hostOf, isPublicAddress } from '../lib/public-address.ts';
import { urlProblem } from '../domain/webhook-events.ts';
import type { Compile as CompileFunction } from 'typebox/compile';
import type { TSchema } from 'typebox';
import { decimalFromNumber, parseDecimal, significantScale, compareDecimal, type Decimal } from '../domain/money.ts';
import {
  DEFAULT_COUNTRY_CODE,
  type LegalLink,
  type Merchant,
  type PaymentMethod,
  type PaymentPlan,
  type Store,
} from '../domain/catalog.ts';
import { DEFAULT_BUNDLE_TITLE } from '../domain/localization.ts';
import { LANGUAGES } from '../domain/languages.ts';
import { INSTANT_PATTERN, parseInstant } from '../domain/windows.ts';
import { isCountryCode } from '../domain/countries.ts';
import { COUNTRY_CODE_PATTERN, PRODUCT_TYPES, type ProductType } from '../domain/order-rules.ts';
import type { Translations } from '../domain/catalog.ts';
import { foreignOperatorType, type OperatorTypes } from '../domain/payment-method-types.ts';
import {
  ClientBodySchema,
  MerchantBodySchema,
  PaymentMethodBodySchema,
  StoreBodySchema,
  WebhookEndpointBodySchema,
  type ClientBody,
  type WebhookEndpointBody,
} from './entity-schemas.ts';
import { CatalogSchema, type CatalogInput, type MerchantInput, type PaymentMethodInput, type StoreInput } from './schema.ts';

let Compile: typeof CompileFunction | undefined;

/**
 * Loads the validator compiler; call (and await) before any validate…() function. typebox/compile
 * takes about 0.2 s to import, and a restart whose catalog file is unchanged validates nothing
 * (services/catalog-import.ts), so it is not imported at start-up.
 */
export async function loadCatalogValidation(): Promise<void> {
  Compile ??= (await import('typebox/compile')).Compile;
}

export interface CatalogIssue {
  path: string;
  message: string;
}

export class CatalogValidationError extends Error {
  constructor(readonly issues: CatalogIssue[]) {
    const shown = issues
      .slice(0, 5)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ');
    super(issues.length > 5 ? `${shown}; and ${issues.length - 5} more` : shown);
  }
}

/** A client as the catalog file gives it: with its secret in clear, hashed before it is stored. */
export interface ClientWithSecret {
  clientId: string;
  clientSecret: string;
  merchantId: string;
  scopes: string[];
}

export interface ValidatedCatalog {
  merchants: Merchant[];
  stores: Store[];
  clients: ClientWithSecret[];
  paymentMethods: PaymentMethod[];
}

/** NUMERIC(20,2) and NUMERIC(20,12) bounds of the schema: amounts below 10^18, factors below 10^8. */
const MONEY = { places: 2, integerDigits: 18 };
const FACTOR = { places: 12, integerDigits: 8 };

/** What a refused `activeFrom` or `activeUntil` is told (the schema's pattern is not for people). */
export const INSTANT_MESSAGE = 'must be an ISO 8601 date and time with an offset, such as 2026-11-27T00:00:00+01:00';

/** What a refused entry of `countries` is told (the schema's pattern is not for people). */
export const COUNTRY_MESSAGE = 'must be an ISO 3166-1 alpha-2 country code in upper case, such as SE';

/** What a refused entry of `excludedProductTypes` is told. */
export const PRODUCT_TYPE_MESSAGE = `must be one of ${PRODUCT_TYPES.join(', ')}`;

/** `stores[2]` + `name` → `stores[2].name`; at the top of an admin body, just `name`. */
function at(base: string, field: string): string {
  return base === '' ? field : `${base}.${field}`;
}

/** `/paymentMethods/3/plans/0/name` → `paymentMethods[3].plans[0].name` */
function displayPath(base: string, pointer: string): string {
  let path = base;
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(key) ? `[${key}]` : path === '' ? key : `.${key}`;
  }
  return path || '(body)';
}

function structuralIssues(schema: TSchema, value: unknown, base: string): CatalogIssue[] {
  if (!Compile) throw new Error('catalog validation used before loadCatalogValidation()');
  const compiled = Compile(schema);
  if (compiled.Check(value)) return [];
  const issues: CatalogIssue[] = [];
  const seen = new Set<string>();
  const errors = [...compiled.Errors(value)];
  // A failed union (amount: number or decimal string) reports each branch; say it once, plainly.
  const unionPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  for (const e of errors) {
    let path = displayPath(base, e.instancePath);
    let message = e.message;
    if (e.keyword === 'boolean') {
      // An unknown field (`additionalProperties: false`). TypeBox stops after 8 errors, so the
      // additionalProperties error naming it may never come: skipping these let a body with 8
      // unknown fields through unchecked.
      message = 'is not a known field';
    } else if (e.keyword === 'pattern' && (e.params as { pattern?: unknown }).pattern === INSTANT_PATTERN) {
      message = INSTANT_MESSAGE;
    } else if (e.keyword === 'pattern' && (e.params as { pattern?: unknown }).pattern === COUNTRY_CODE_PATTERN.source) {
      message = COUNTRY_MESSAGE;
    } else if (e.keyword === 'enum' && /\.excludedProductTypes\[\d+\]$|^excludedProductTypes\[\d+\]$/.test(path)) {
      message = PRODUCT_TYPE_MESSAGE;
    } else if (unionPaths.has(e.instancePath)) {
      message = 'must be a non-negative decimal (a JSON number or a string like "1299.95")';
    } else if (e.keyword === 'required') {
      const missing = (e.params as { requiredProperties?: string[] }).requiredProperties ?? [];
      for (const name of missing) {
        const p = displayPath(base, `${e.instancePath}/${name}`);
        if (!seen.has(p)) issues.push({ path: p, message: 'is required' });
        seen.add(p);
      }
      continue;
    } else if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperties?: string[] }).additionalProperties ?? [];
      path = displayPath(base, `${e.instancePath}/${extra[0] ?? ''}`);
      message = 'is not a known field';
    }
    if (seen.has(path)) continue;
    seen.add(path);
    issues.push({ path, message });
  }
  // Check failed: never let a value through because no error could be described.
  if (issues.length === 0) issues.push({ path: base || '(body)', message: 'is not valid' });
  return issues;
}

class Collector {
  readonly issues: CatalogIssue[] = [];
  add(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  decimal(path: string, raw: number | string | undefined, bounds: { places: number; integerDigits: number }): Decimal {
    const value = raw === undefined ? { units: 0n, scale: 0 } : typeof raw === 'number' ? decimalFromNumber(raw) : parseDecimal(raw)!;
    if (significantScale(value) > bounds.places) {
      this.add(path, `must have at most ${bounds.places} decimal places`);
    } else if (compareDecimal(value, { units: 10n ** BigInt(bounds.integerDigits), scale: 0 }) >= 0) {
      this.add(path, `must be less than 10^${bounds.integerDigits}`);
    }
    return value;
  }
}

/**
 * Translations as stored (docs/languages.md#translations): languages in a fixed order, fields in
 * name order, a language without any field left out, so that equal translations are equal text.
 * The schema has already refused unknown languages and fields and texts that are not strings.
 */
export function normalizedTranslations<Field extends string>(given: Translations<Field> | undefined): Translations<Field> {
  const result: Translations<Field> = {};
  for (const language of LANGUAGES) {
    const fields = given?.[language];
    if (!fields) continue;
    const entries = (Object.entries(fields) as Array<[Field, string | undefined]>).filter(([, text]) => text !== undefined);
    if (entries.length > 0)
      result[language] = Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1))) as Partial<Record<Field, string>>;
  }
  return result;
}

function toStore(input: StoreInput, path: string, c: Collector): Store {
  return {
    id: input.id.toLowerCase(),
    merchantId: input.merchantId,
    name: input.name,
    currency: input.currency,
    bundleTitle: input.bundleTitle ?? DEFAULT_BUNDLE_TITLE,
    minimumInvoiceAmount: c.decimal(at(path, 'minimumInvoiceAmount'), input.minimumInvoiceAmount, MONEY),
    countryCode: input.countryCode ?? DEFAULT_COUNTRY_CODE,
    nationalStoreId: input.nationalStoreId,
    organizationNumber: input.organizationNumber,
    translations: normalizedTranslations(input.translations),
    creditWarning: input.creditWarning,
  };
}

/** A store number another store already has (in the database, or earlier in the same catalog). */
function checkNationalStoreId(store: Store, path: string, taken: ReadonlyMap<number, string>, c: Collector): void {
  if (store.nationalStoreId === undefined) return;
  const holder = taken.get(store.nationalStoreId);
  if (holder !== undefined && holder !== store.id) {
    c.add(at(path, 'nationalStoreId'), `${store.nationalStoreId} is already the number of store ${holder}`);
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The type: any string (the enum is extensible), except a known type spelled with another
 * operator's name, `<other prefix>_<known suffix>` (domain/payment-method-types.ts,
 * foreignOperatorType): `PROVIDER_INVOICE` while PROVIDER_PREFIX is RESURS would be stored as an
 * unknown type that is never bundled and that the operator's clients do not know, so it is
 * refused naming the identifier meant (`RESURS_INVOICE`).
 */
function checkType(type: string, path: string, c: Collector, operator: OperatorTypes): void {
  const foreign = foreignOperatorType(type, operator);
  if (foreign) {
    c.add(
      at(path, 'type'),
      `must be ${foreign.expected}: "${type}" is that type under another operator's prefix (${foreign.prefix}); this service's prefix is ${operator.prefix}`,
    );
  }
}

function toPaymentMethod(input: PaymentMethodInput, path: string, c: Collector, operator: OperatorTypes): PaymentMethod {
  checkType(input.type, path, c, operator);
  const money = (field: keyof PaymentMethodInput) => c.decimal(at(path, field), input[field] as number | string, MONEY);
  const method: PaymentMethod = {
    id: input.id.toLowerCase(),
    storeId: input.storeId.toLowerCase(),
    sortOrder: input.sortOrder ?? 0,
    name: input.name,
    description: input.description ?? '',
    type: input.type,
    minPurchaseLimit: money('minPurchaseLimit'),
    maxPurchaseLimit: money('maxPurchaseLimit'),
    minApplicationLimit: money('minApplicationLimit'),
    maxApplicationLimit: money('maxApplicationLimit'),
    legalLinks: (input.legalLinks ?? []).map((l, i): LegalLink => {
      if (!isHttpUrl(l.url)) c.add(at(path, `legalLinks[${i}].url`), 'must be an absolute http or https URL');
      return { url: l.url, type: l.type, appendAmount: l.appendAmount ?? false, language: l.language };
    }),
    enabledForLegalCustomer: input.enabledForLegalCustomer,
    enabledForNaturalCustomer: input.enabledForNaturalCustomer,
    campaign: { campaign: input.campaign?.campaign ?? false, keywords: input.campaign?.keywords ?? [] },
    priceSignagePossible: input.priceSignagePossible ?? false,
    translations: normalizedTranslations(input.translations),
    plans: (input.plans ?? []).map((p, i): PaymentPlan => {
      const plan = at(path, `plans[${i}]`);
      return {
        name: p.name,
        description: p.description ?? '',
        durationMonths: p.durationMonths,
        annuityFactor: c.decimal(`${plan}.annuityFactor`, p.annuityFactor, FACTOR),
        administrationFee: c.decimal(`${plan}.administrationFee`, p.administrationFee, MONEY),
        setupFee: c.decimal(`${plan}.setupFee`, p.setupFee, MONEY),
        interest: c.decimal(`${plan}.interest`, p.interest, FACTOR),
        translations: normalizedTranslations(p.translations),
      };
    }),
  };
  if (compareDecimal(method.minPurchaseLimit, method.maxPurchaseLimit) > 0) {
    c.add(at(path, 'maxPurchaseLimit'), 'must be at least minPurchaseLimit');
  }
  if (compareDecimal(method.minApplicationLimit, method.maxApplicationLimit) > 0) {
    c.add(at(path, 'maxApplicationLimit'), 'must be at least minApplicationLimit');
  }
  if (method.campaign.campaign && method.campaign.keywords.length === 0) {
    c.add(at(path, 'campaign.keywords'), 'a campaign method needs at least one keyword');
  }
  const instant = (field: 'activeFrom' | 'activeUntil'): number | undefined => {
    const text = input[field];
    if (text === undefined) return undefined;
    const parsed = parseInstant(text);
    if (parsed === undefined)
      c.add(at(path, field), `must be a date and time that exists ("${text}" does not), such as 2026-11-27T00:00:00+01:00`);
    return parsed;
  };
  method.activeFrom = instant('activeFrom');
  method.activeUntil = instant('activeUntil');
  if (method.activeFrom !== undefined && method.activeUntil !== undefined && method.activeUntil <= method.activeFrom) {
    c.add(at(path, 'activeUntil'), 'must be after activeFrom');
  }
  // The merchant's rules for one order (docs/catalog.md#order-rules). The schema has checked the
  // shapes (known product types; two upper-case letters); here: assigned codes, no entry twice.
  // Both are sets, kept sorted (code-unit order, as a session's rules are: domain/order-rules.ts), so
  // that the same set written in another order (a console form) changes nothing.
  const excluded = (input.excludedProductTypes ?? []) as ProductType[];
  checkDistinct(excluded, at(path, 'excludedProductTypes'), c);
  method.excludedProductTypes = [...excluded].sort();
  if (input.countries !== undefined) {
    input.countries.forEach((code, i) => {
      if (!isCountryCode(code))
        c.add(`${at(path, 'countries')}[${i}]`, `must be an assigned ISO 3166-1 alpha-2 country code ("${code}" is not one)`);
    });
    checkDistinct(input.countries, at(path, 'countries'), c);
    method.countries = [...input.countries].sort();
  }
  return method;
}

/** Each entry of a list at most once: a repeat is refused naming it (`countries[2]`). */
function checkDistinct(list: readonly string[], path: string, c: Collector): void {
  list.forEach((entry, i) => {
    if (list.indexOf(entry) < i) c.add(`${path}[${i}]`, `repeats "${entry}" (entry ${list.indexOf(entry)})`);
  });
}

function checkUnique<T>(items: T[], key: (item: T) => string, path: string, field: string, c: Collector): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) c.add(`${path}[${i}].${field}`, `duplicates ${field} "${k}" given earlier in the catalog`);
    seen.add(k);
  });
}

/**
 * Validates a whole catalog. References (a store's merchant, a method's store, a client's merchant)
 * must resolve within the catalog or among `existing` ids already in the database. Types are
 * checked against `operator`'s (checkType).
 */
export function validateCatalog(value: unknown, operator: OperatorTypes, existing: KnownReferences = NOTHING_KNOWN): ValidatedCatalog {
  const structural = structuralIssues(CatalogSchema, value, '');
  if (structural.length > 0) throw new CatalogValidationError(structural);
  const input = value as CatalogInput;
  const c = new Collector();
  const merchants = (input.merchants ?? []).map((m) => ({ id: m.id, name: m.name }));
  const stores = (input.stores ?? []).map((s, i) => toStore(s, `stores[${i}]`, c));
  const clients = (input.clients ?? []).map((cl) => ({ ...cl }));
  const paymentMethods = (input.paymentMethods ?? []).map((m, i) => toPaymentMethod(m, `paymentMethods[${i}]`, c, operator));

  checkUnique(merchants, (m) => m.id, 'merchants', 'id', c);
  checkUnique(stores, (s) => s.id, 'stores', 'id', c);
  checkUnique(clients, (cl) => cl.clientId, 'clients', 'clientId', c);
  checkUnique(paymentMethods, (m) => m.id, 'paymentMethods', 'id', c);

  const merchantIds = new Set([...existing.merchantIds, ...merchants.map((m) => m.id)]);
  const storeIds = new Set([...existing.storeIds, ...stores.map((s) => s.id)]);
  // Store numbers: unique within the file and against the stores already stored (another id).
  const numbers = new Map(existing.nationalStoreIds);
  stores.forEach((s, i) => {
    if (!merchantIds.has(s.merchantId)) c.add(`stores[${i}].merchantId`, `refers to unknown merchant "${s.merchantId}"`);
    checkNationalStoreId(s, `stores[${i}]`, numbers, c);
    if (s.nationalStoreId !== undefined) numbers.set(s.nationalStoreId, s.id);
  });
  clients.forEach((cl, i) => {
    if (!merchantIds.has(cl.merchantId)) c.add(`clients[${i}].merchantId`, `refers to unknown merchant "${cl.merchantId}"`);
  });
  paymentMethods.forEach((m, i) => {
    if (!storeIds.has(m.storeId)) c.add(`paymentMethods[${i}].storeId`, `refers to unknown store "${m.storeId}"`);
  });
  if (c.issues.length > 0) throw new CatalogValidationError(c.issues);
  return { merchants, stores, clients, paymentMethods };
}

// ---------------------------------------------------------------------------------------------
// One entity at a time: the admin API's bodies (docs/catalog.md#admin-api). The same schemas and cross-field
// rules as the catalog file; field paths are relative to the body (`maxPurchaseLimit`, `plans[0].name`).

/** What the database already holds that a body may refer to or collide with (looked up by the caller). */
export interface KnownReferences {
  merchantIds: ReadonlySet<string>;
  storeIds: ReadonlySet<string>;
  /** Store number → the store that has it. */
  nationalStoreIds: ReadonlyMap<number, string>;
}

const NOTHING_KNOWN: KnownReferences = { merchantIds: new Set(), storeIds: new Set(), nationalStoreIds: new Map() };

/** A client as an admin body gives it: without `clientSecret` the caller generates one (or keeps the stored one). */
export interface ClientEntity {
  clientId: string;
  merchantId: string;
  scopes: string[];
  clientSecret: string | undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a body against the entity's body schema (entity-schemas.ts: the catalog schema with the
 * id optional) with the path id standing in for a missing id field, so that the path id is checked
 * too, and refuses an id field that names another entity. UUIDs compare case-insensitively.
 */
function entityInput<T>(schema: TSchema, idField: string, pathId: string, value: unknown, uuid: boolean): T {
  if (!isPlainObject(value)) throw new CatalogValidationError([{ path: '(body)', message: 'must be a JSON object' }]);
  const candidate = value[idField] === undefined ? { ...value, [idField]: pathId } : value;
  const issues = structuralIssues(schema, candidate, '');
  const given = value[idField];
  if (typeof given === 'string') {
    const same = uuid ? given.toLowerCase() === pathId.toLowerCase() : given === pathId;
    if (!same) issues.push({ path: idField, message: `must equal the id in the path ("${pathId}")` });
  }
  if (issues.length > 0) throw new CatalogValidationError(issues);
  return candidate as T;
}

function unknownReference(c: Collector, field: string, what: string, id: string, known: ReadonlySet<string>): void {
  if (!known.has(id)) c.add(field, `refers to unknown ${what} "${id}"`);
}

export function validateMerchantBody(pathId: string, value: unknown): Merchant {
  const input = entityInput<MerchantInput>(MerchantBodySchema, 'id', pathId, value, false);
  return { id: input.id, name: input.name };
}

export function validateStoreBody(pathId: string, value: unknown, known: KnownReferences): Store {
  const input = entityInput<StoreInput>(StoreBodySchema, 'id', pathId, value, true);
  const c = new Collector();
  const store = toStore(input, '', c);
  unknownReference(c, 'merchantId', 'merchant', store.merchantId, known.merchantIds);
  checkNationalStoreId(store, '', known.nationalStoreIds, c);
  if (c.issues.length > 0) throw new CatalogValidationError(c.issues);
  return store;
}

export function validateClientBody(pathId: string, value: unknown, known: KnownReferences): ClientEntity {
  const input = entityInput<Required<Pick<ClientBody, 'clientId'>> & ClientBody>(ClientBodySchema, 'clientId', pathId, value, false);
  const c = new Collector();
  unknownReference(c, 'merchantId', 'merchant', input.merchantId, known.merchantIds);
  if (c.issues.length > 0) throw new CatalogValidationError(c.issues);
  return {
    clientId: input.clientId,
    merchantId: input.merchantId,
    scopes: [...input.scopes],
    clientSecret: input.clientSecret,
  };
}

export function validatePaymentMethodBody(pathId: string, value: unknown, known: KnownReferences, operator: OperatorTypes): PaymentMethod {
  const input = entityInput<PaymentMethodInput>(PaymentMethodBodySchema, 'id', pathId, value, true);
  const c = new Collector();
  const method = toPaymentMethod(input, '', c, operator);
  unknownReference(c, 'storeId', 'store', method.storeId, known.storeIds);
  if (c.issues.length > 0) throw new CatalogValidationError(c.issues);
  return method;
}

/** A webhook endpoint as validated: the URL's shape is checked here, its addresses by the service. */
export interface WebhookEndpointInput {
  merchantId: string;
  url: string;
  description: string;
  enabled: boolean;
}

/**
 * A webhook endpoint's body (POST, or PUT with `pathId`): every problem named by its field, `url`
 * refused unless https:// (or http:// with `allowPrivate`), a literal private address refused.
 */
export function validateWebhookEndpointBody(
  pathId: string | undefined,
  value: unknown,
  known: KnownReferences,
  allowPrivate: boolean,
): WebhookEndpointInput {
  if (!isPlainObject(value)) throw new CatalogValidationError([{ path: '(body)', message: 'must be a JSON object' }]);
  const issues = structuralIssues(WebhookEndpointBodySchema, value, '');
  const input = value as WebhookEndpointBody;
  if (pathId === undefined && input.id !== undefined) issues.push({ path: 'id', message: 'is assigned by the service: leave it out' });
  if (pathId !== undefined && typeof input.id === 'string' && input.id.toLowerCase() !== pathId.toLowerCase()) {
    issues.push({ path: 'id', message: `must equal the id in the path ("${pathId}")` });
  }
  if (typeof input.url === 'string' && !issues.some((i) => i.path === 'url')) {
    const problem = urlProblem(input.url, allowPrivate) ?? literalAddressProblem(input.url, allowPrivate);
    if (problem) issues.push({ path: 'url', message: problem });
  }
  if (typeof input.merchantId === 'string' && !issues.some((i) => i.path === 'merchantId') && !known.merchantIds.has(input.merchantId)) {
    issues.push({ path: 'merchantId', message: `refers to unknown merchant "${input.merchantId}"` });
  }
  if (issues.length > 0) throw new CatalogValidationError(issues);
  return { merchantId: input.merchantId, url: input.url, description: input.description ?? '', enabled: input.enabled ?? true };
}

function literalAddressProblem(raw: string, allowPrivate: boolean): string | undefined {
  const host = hostOf(new URL(raw));
  if (allowPrivate || !isIP(host) || isPublicAddress(host)) return undefined;
  return `must reach a public address (${host} is not one; WEBHOOK_ALLOW_PRIVATE=true allows it)`;
}
