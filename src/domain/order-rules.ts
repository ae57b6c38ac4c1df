// The merchant's rules for one order (docs/session-api.md#order-rules): what a session may narrow
// beyond the catalog's own rules. A pure value, canonical once made: lists sorted, ids lower-cased,
// so that two sessions with the same rules share a key (and their kept answers), and two with
// different rules never do.
import type { CustomerType, PaymentMethod, Store } from './catalog.ts';
import type { ProductType } from './product-types.ts';

/** The kinds of goods an order may hold, and a method may exclude (product-types.ts). */
export { PRODUCT_TYPES, type ProductType } from './product-types.ts';

/** At most this many entries in `allowedPaymentMethods` or `blockedPaymentMethods`. */
export const MAX_RULE_ENTRIES = 50;
/** The shortest lifetime a session may ask for (`ttlSeconds`); the longest is SESSION_TTL_SECONDS. */
export const MIN_SESSION_TTL_SECONDS = 60;

/** A payment method type as a rule names it (upper case, digits and `_`, starting with a letter). */
export const METHOD_TYPE_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;
/** An ISO 3166-1 alpha-2 code as a rule or the catalog writes it: two upper-case letters. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

export const ORDER_RULE_REASONS = [
  'NOT_IN_ALLOWED_PAYMENT_METHODS',
  'IN_BLOCKED_PAYMENT_METHODS',
  'PRODUCT_TYPE_EXCLUDED',
  'COUNTRY_NOT_SERVED',
] as const;
export type OrderRuleReason = (typeof ORDER_RULE_REASONS)[number];

/**
 * A session's rules, canonical: every list sorted (code-unit order) and without repeats, method ids
 * lower-cased. Absent fields do not narrow anything.
 */
export interface OrderRules {
  /** Method types and method ids: only methods named here (by type or id) are offered. */
  allowedPaymentMethods?: readonly string[] | undefined;
  /** Method types and method ids never offered; wins over `allowedPaymentMethods`. */
  blockedPaymentMethods?: readonly string[] | undefined;
  /** The kinds of goods in the order. */
  productTypes?: readonly ProductType[] | undefined;
  /** The shopper's billing country (alpha-2, upper case). */
  country?: string | undefined;
  /** The customer type fixed for the session. */
  customerType?: CustomerType | undefined;
}

/** The fields of OrderRules, in the order they are written (lookup, fingerprint, key). */
export const ORDER_RULE_FIELDS = ['allowedPaymentMethods', 'blockedPaymentMethods', 'productTypes', 'country', 'customerType'] as const;

/** What a UUID looks like (a rule entry is an id when it does, and then compared lower-cased). */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isMethodIdEntry(entry: string): boolean {
  return entry.length === 36 && UUID_SHAPE.test(entry);
}

/** A list in canonical form: method ids lower-cased, sorted, repeats dropped. */
function canonicalList<T extends string>(list: readonly T[] | undefined, lowerIds: boolean): T[] | undefined {
  if (list === undefined) return undefined;
  const entries = list.map((e) => (lowerIds && isMethodIdEntry(e) ? (e.toLowerCase() as T) : e)).sort();
  // Sorted, so a repeat sits next to its first: dropped in place, without a Set.
  let kept = 0;
  for (let i = 0; i < entries.length; i += 1) if (i === 0 || entries[i] !== entries[kept - 1]) entries[kept++] = entries[i]!;
  entries.length = kept;
  return entries;
}

/** The canonical form of validated rules; undefined when they narrow nothing (no field given). */
export function canonicalOrderRules(rules: OrderRules): OrderRules | undefined {
  const canonical: OrderRules = {};
  const allowed = canonicalList(rules.allowedPaymentMethods, true);
  const blocked = canonicalList(rules.blockedPaymentMethods, true);
  const productTypes = canonicalList(rules.productTypes, false);
  // Assigned in the fields' order, so every canonical object of the same fields has one shape.
  if (allowed) canonical.allowedPaymentMethods = allowed;
  if (blocked) canonical.blockedPaymentMethods = blocked;
  if (productTypes) canonical.productTypes = productTypes;
  if (rules.country !== undefined) canonical.country = rules.country;
  if (rules.customerType !== undefined) canonical.customerType = rules.customerType;
  const lists = allowed !== undefined || blocked !== undefined || productTypes !== undefined;
  return lists || rules.country !== undefined || rules.customerType !== undefined ? canonical : undefined;
}

/** A string as JSON writes it; the rules' values need no escaping (types, UUIDs, codes), anything else is escaped. */
const PLAIN_JSON_STRING = /^[\w-]*$/;
const jsonString = (value: string): string => (PLAIN_JSON_STRING.test(value) ? `"${value}"` : JSON.stringify(value));

/**
 * The rules as one JSON text, fields in a fixed order: what they are stored as, what an
 * idempotency key's fingerprint covers, and the key caches and ETags use. '' for none. The text
 * itself, not a digest of it: hashing cost a microsecond of every session creation, and V8 hashes a
 * string once per string, so a Map looks a session's key up as fast as a short one. Written by
 * hand, byte for byte what JSON.stringify writes (a test holds it to that): building an object in
 * the fields' order to stringify cost session creation twice as much.
 */
export function orderRulesText(rules: OrderRules | undefined): string {
  if (rules === undefined) return '';
  let text = '';
  for (const field of ORDER_RULE_FIELDS) {
    const value = rules[field];
    if (value === undefined) continue;
    text += `${text === '' ? '{' : ','}"${field}":`;
    if (typeof value === 'string') {
      text += jsonString(value);
      continue;
    }
    text += '[';
    for (let i = 0; i < value.length; i += 1) text += (i === 0 ? '' : ',') + jsonString(value[i]!);
    text += ']';
  }
  return text === '' ? '{}' : `${text}}`;
}

/** The countries a method is offered in: its own list, else its store's country alone. */
export function methodCountries(method: Pick<PaymentMethod, 'countries'>, store: Pick<Store, 'countryCode'>): readonly string[] {
  return method.countries ?? [store.countryCode];
}

function names(list: readonly string[], method: Pick<PaymentMethod, 'id' | 'type'>): boolean {
  // Ids are canonical (lower case) in the rules, and stored lower case in the catalog.
  return list.includes(method.type) || list.includes(method.id.toLowerCase());
}

/** Every rule of the order the method fails, in the documented order; empty when none. */
export function orderRuleReasons(
  method: Pick<PaymentMethod, 'id' | 'type' | 'excludedProductTypes' | 'countries'>,
  store: Pick<Store, 'countryCode'>,
  rules: OrderRules | undefined,
): OrderRuleReason[] {
  const reasons: OrderRuleReason[] = [];
  if (rules === undefined) return reasons;
  if (rules.allowedPaymentMethods && !names(rules.allowedPaymentMethods, method)) reasons.push('NOT_IN_ALLOWED_PAYMENT_METHODS');
  if (rules.blockedPaymentMethods && names(rules.blockedPaymentMethods, method)) reasons.push('IN_BLOCKED_PAYMENT_METHODS');
  const excluded = method.excludedProductTypes;
  if (rules.productTypes && excluded && excluded.length > 0 && rules.productTypes.some((t) => excluded.includes(t))) {
    reasons.push('PRODUCT_TYPE_EXCLUDED');
  }
  if (rules.country !== undefined && !methodCountries(method, store).includes(rules.country)) reasons.push('COUNTRY_NOT_SERVED');
  return reasons;
}

/** Whether the order's rules let the method be offered (orderRuleReasons is empty). */
export function allowedByOrderRules(
  method: Pick<PaymentMethod, 'id' | 'type' | 'excludedProductTypes' | 'countries'>,
  store: Pick<Store, 'countryCode'>,
  rules: OrderRules | undefined,
): boolean {
  return rules === undefined || orderRuleReasons(method, store, rules).length === 0;
}
