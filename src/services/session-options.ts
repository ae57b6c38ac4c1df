// What a session is created with, from the creation body (docs/session-api.md#order-rules). The
// route's schema has checked each field's shape (types, patterns, list lengths); what needs more
// than the field itself is checked here: repeated entries, a method id that is not the store's,
// a country code that is not assigned, a lifetime past the configured one. Every problem is named
// (`allowedPaymentMethods[2]`), and nothing is stored for a refused request: this runs before the
// idempotency key is claimed.
import type { CustomerType } from '../domain/catalog.ts';
import { isCountryCode } from '../domain/countries.ts';
import { canonicalOrderRules, isMethodIdEntry, MIN_SESSION_TTL_SECONDS, type OrderRules, type ProductType } from '../domain/order-rules.ts';
import { Errors, withParameters, type ErrorParameters } from '../errors.ts';

/** What a session is created with. */
export interface SessionOptions {
  campaign: string | undefined;
  /** A well-formed BCP 47 tag (checked by the route's schema), kept as sent. */
  locale: string | undefined;
  /** The order's rules, canonical; undefined without any. */
  rules?: OrderRules | undefined;
  /** The session's own lifetime; undefined: SESSION_TTL_SECONDS. */
  ttlSeconds?: number | undefined;
}

/** The creation body as the route's schema lets it through. */
export interface SessionBody {
  campaign?: string | undefined;
  locale?: string | undefined;
  allowedPaymentMethods?: string[] | undefined;
  blockedPaymentMethods?: string[] | undefined;
  productTypes?: ProductType[] | undefined;
  country?: string | undefined;
  customerType?: CustomerType | undefined;
  ttlSeconds?: number | undefined;
}

export interface SessionOptionsContext {
  /** SESSION_TTL_SECONDS: the longest a session may ask for. */
  maxTtlSeconds: number;
  /**
   * The ids (lower case) of every payment method of the store, scheduled ones included; asked only
   * when a rule names a method by id. Undefined for a store that is gone.
   */
  storeMethodIds: () => Promise<ReadonlySet<string> | undefined>;
}

const METHOD_LISTS = ['allowedPaymentMethods', 'blockedPaymentMethods'] as const;

/** Names each entry that repeats an earlier one (ids compared in lower case). */
function repeatedEntries(field: string, list: readonly string[], problems: ErrorParameters): void {
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const key = isMethodIdEntry(entry) ? entry.toLowerCase() : entry;
    if (seen.has(key)) problems[`${field}[${index}]`] = 'repeats an earlier entry';
    seen.add(key);
  });
}

/** The body's options, canonical; a 400 naming every offending field otherwise. */
export async function sessionOptionsOf(body: SessionBody, context: SessionOptionsContext): Promise<SessionOptions> {
  const problems: ErrorParameters = {};
  for (const field of METHOD_LISTS) {
    const list = body[field];
    if (list === undefined) continue;
    repeatedEntries(field, list, problems);
    if (!list.some(isMethodIdEntry)) continue;
    const ids = await context.storeMethodIds();
    list.forEach((entry, index) => {
      if (isMethodIdEntry(entry) && !ids?.has(entry.toLowerCase()) && !(`${field}[${index}]` in problems)) {
        problems[`${field}[${index}]`] = "is not the id of one of this store's payment methods";
      }
    });
  }
  if (body.productTypes) repeatedEntries('productTypes', body.productTypes, problems);
  if (body.country !== undefined && !isCountryCode(body.country)) problems.country = 'is not an assigned ISO 3166-1 alpha-2 country code';
  if (body.ttlSeconds !== undefined && body.ttlSeconds > context.maxTtlSeconds) {
    problems.ttlSeconds = `must be a whole number of seconds from ${MIN_SESSION_TTL_SECONDS} to ${context.maxTtlSeconds}`;
  }
  const names = Object.keys(problems);
  if (names.length > 0) {
    throw withParameters(new Errors.INVALID_REQUEST(`body ${names[0]} ${problems[names[0]!]}`), problems);
  }
  return {
    campaign: body.campaign,
    locale: body.locale,
    rules: canonicalOrderRules(body),
    ttlSeconds: body.ttlSeconds,
  };
}

/**
 * The customer type a request of the session is answered for: the session's fixed one wins, a query
 * that names another is 422 (naming `customerType`), and one left out means the session's.
 */
export function sessionCustomerType(rules: OrderRules | undefined, asked: CustomerType | undefined): CustomerType | undefined {
  const fixed = rules?.customerType;
  if (fixed === undefined) return asked;
  if (asked !== undefined && asked !== fixed) {
    const problem = `must be ${fixed}, the customer type the session was created for, or left out`;
    throw withParameters(new Errors.INVALID_QUERY_PARAMETER(`query parameter customerType ${problem}`), { customerType: problem });
  }
  return fixed;
}
