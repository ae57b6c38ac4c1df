// Payment method types and the operator's name in them. The published identifiers carry the
// operator's own name (`RESURS_INVOICE`, `RESURS_PART_PAYMENT_SELECT_NOW`); PROVIDER_PREFIX sets
// it (config.ts), `PROVIDER` by default. Everything here is computed from the prefix it is given:
// the domain never reads configuration.

/** The prefix when PROVIDER_PREFIX is not set; also the one the bundled demo catalog is written with. */
export const DEFAULT_PROVIDER_PREFIX = 'PROVIDER';

/** A prefix: letters, digits and `_`, starting with a letter. Case is kept as written. */
export const PROVIDER_PREFIX_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The known types that carry the operator's name, without it: `{prefix}_{suffix}`. */
export const OPERATOR_TYPE_SUFFIXES = [
  'INVOICE',
  'INVOICE_ACCOUNT',
  'PART_PAYMENT_SELECT_LATER',
  'PART_PAYMENT_SELECT_NOW',
  'CARD',
  'REVOLVING_CREDIT',
  'NEW_REVOLVING_CREDIT',
] as const;
export type OperatorTypeSuffix = (typeof OPERATOR_TYPE_SUFFIXES)[number];

/** Known types without the operator's name. */
const UNPREFIXED_BEFORE = ['GENERIC'] as const;
const UNPREFIXED_AFTER = ['NETS', 'D2I', 'SWISH', 'TRUSTLY', 'ZERO', 'VIPPS', 'MOBILEPAY', 'CARD'] as const;

/** Longest first, so that `X_NEW_REVOLVING_CREDIT` is read as X + NEW_REVOLVING_CREDIT, not X_NEW + REVOLVING_CREDIT. */
const SUFFIXES_LONGEST_FIRST: readonly OperatorTypeSuffix[] = [...OPERATOR_TYPE_SUFFIXES].sort((a, b) => b.length - a.length);

/** The known types under one operator's prefix; built once per process from the configuration. */
export interface OperatorTypes {
  prefix: string;
  /**
   * Every known type, in the order of the published enumeration: GENERIC, the prefixed ones, then
   * NETS … CARD. The enum is extensible: any other string may be stored and is served as it is.
   */
  known: readonly string[];
  /** `{prefix}_{suffix}`. */
  typeOf(suffix: OperatorTypeSuffix): string;
  /** Types whose eligible methods a storefront is offered together, as one choice with a plan picker. */
  bundled: ReadonlySet<string>;
}

export function isValidProviderPrefix(prefix: string): boolean {
  return PROVIDER_PREFIX_PATTERN.test(prefix);
}

export function operatorTypes(prefix: string): OperatorTypes {
  if (!isValidProviderPrefix(prefix)) throw new Error(`invalid operator prefix "${prefix}"`);
  const typeOf = (suffix: OperatorTypeSuffix) => `${prefix}_${suffix}`;
  return {
    prefix,
    known: [...UNPREFIXED_BEFORE, ...OPERATOR_TYPE_SUFFIXES.map(typeOf), ...UNPREFIXED_AFTER],
    typeOf,
    bundled: new Set([typeOf('PART_PAYMENT_SELECT_NOW'), typeOf('PART_PAYMENT_SELECT_LATER')]),
  };
}

/** The types of the default prefix, `PROVIDER_…`. */
export const DEFAULT_OPERATOR_TYPES: OperatorTypes = operatorTypes(DEFAULT_PROVIDER_PREFIX);

/** What a known type of another operator's prefix reads as: its suffix, and the identifier meant. */
export interface ForeignOperatorType {
  /** The other operator's prefix, as written in the type. */
  prefix: string;
  suffix: OperatorTypeSuffix;
  /** The same known type under the configured prefix. */
  expected: string;
}

/**
 * A type that is a known prefixed type under another operator's name: it is not a known type of
 * `operator`, and it reads as `<other>_<suffix>` where <suffix> is one of OPERATOR_TYPE_SUFFIXES
 * (the longest that fits) and <other> is a syntactically valid prefix (letters, digits and `_`,
 * starting with a letter; compared case-sensitively). `PROVIDER_INVOICE` under RESURS is one
 * (expected `RESURS_INVOICE`); `RESURS_INVOICE`, `CARD`, `NETS`, `KLARNA_PAY_LATER` and
 * `_INVOICE` are not. Undefined when the type is not one.
 */
export function foreignOperatorType(type: string, operator: OperatorTypes): ForeignOperatorType | undefined {
  if (operator.known.includes(type)) return undefined;
  for (const suffix of SUFFIXES_LONGEST_FIRST) {
    if (!type.endsWith(`_${suffix}`)) continue;
    const prefix = type.slice(0, type.length - suffix.length - 1);
    if (isValidProviderPrefix(prefix)) return { prefix, suffix, expected: operator.typeOf(suffix) };
  }
  return undefined;
}

/**
 * A type written with the default prefix (`PROVIDER_INVOICE`), as the same known type under
 * `operator`'s prefix (`RESURS_INVOICE`); any other type unchanged. For texts written once for
 * every operator: the bundled demo catalog.
 */
export function withOperatorPrefix(type: string, operator: OperatorTypes): string {
  for (const suffix of OPERATOR_TYPE_SUFFIXES) {
    if (type === DEFAULT_OPERATOR_TYPES.typeOf(suffix)) return operator.typeOf(suffix);
  }
  return type;
}
