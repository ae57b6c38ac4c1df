// Reads internalData (docs/session-api.md#the-group-object), the blob the service puts on each group for our own components.
// Only these components may parse it; its shape is versioned by `v` and mirrors
// src/domain/internal-data.ts (test/embed/internal-data.test.ts decodes what that file encodes).
// Anything that does not match is refused as a whole (undefined), never half-rendered or thrown,
// except two optional members that only add to what is shown: an unknown `language` and a
// malformed `disclosure` are dropped alone, so the plans still show.

import { knownLanguage, type Language } from './i18n.ts';

export interface PaymentPlanData {
  name: string;
  durationMonths: number;
  /** Whole currency units per month at `amount`. */
  monthlyCost: string;
  administrationFee: string;
  setupFee: string;
  /** Nominal annual interest in percent, e.g. "9.95". */
  interestPercent: string;
}

export interface LegalLinkData {
  url: string;
  type: string;
  appendAmount: boolean;
}

export interface MethodData {
  id: string;
  name: string;
  description: string;
  plans: PaymentPlanData[];
  legalLinks: LegalLinkData[];
}

/**
 * The credit disclosure the service writes beside a monthly cost (docs/session-api.md#credit-disclosure-in-the-components):
 * the representative example as one text, the warning, and the price-information page.
 */
export interface DisclosureData {
  text: string;
  /** null where the store turned the warning off. */
  warning: string | null;
  priceInformationUrl: string;
  /** The annual percentage rate exactly as written inside `text` (`31,42 %`), to be set in bold type. */
  apr: string;
}

export interface InternalData {
  v: 1;
  type: string;
  methodIds: string[];
  title: string;
  /** The purchase amount the plans were priced at, as the decimal string the storefront sent. */
  amount: string;
  currency: string;
  /** The language of the texts (absent from blobs of older releases, or not one of ours: then undefined). */
  language?: Language | undefined;
  methods: MethodData[];
  /** null when the group has none, its blob is of an older release, or the member is malformed. */
  disclosure: DisclosureData | null;
}

/**
 * Standard base64 of UTF-8 text → the text. atob alone yields one character per byte (Latin-1),
 * which garbles "Delbetalning – 12 mån", so the bytes go through a strict UTF-8 decoder.
 */
export function decodeBase64Utf8(base64: string): string | undefined {
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

type Check<T> = (value: unknown) => value is T;

const isString: Check<string> = (value): value is string => typeof value === 'string';
const isBoolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';
const isCount: Check<number> = (value): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(check);
}

function shape<T>(fields: { [K in keyof T]: Check<T[K]> }): Check<T> {
  return (value): value is T => isRecord(value) && Object.keys(fields).every((key) => fields[key as keyof T](value[key]));
}

const isPlan = shape<PaymentPlanData>({
  name: isString,
  durationMonths: isCount,
  monthlyCost: isString,
  administrationFee: isString,
  setupFee: isString,
  interestPercent: isString,
});

const isLegalLink = shape<LegalLinkData>({ url: isString, type: isString, appendAmount: isBoolean });

const isMethod = shape<MethodData>({
  id: isString,
  name: isString,
  description: isString,
  plans: arrayOf(isPlan),
  legalLinks: arrayOf(isLegalLink),
});

const isDisclosure = shape<DisclosureData>({
  text: (value): value is string => typeof value === 'string' && value !== '',
  warning: (value): value is string | null => value === null || typeof value === 'string',
  priceInformationUrl: isString,
  apr: isString,
});

const isInternalData = shape<Omit<InternalData, 'disclosure'>>({
  v: (value): value is 1 => value === 1,
  type: isString,
  methodIds: arrayOf(isString),
  title: isString,
  amount: isString,
  currency: isString,
  methods: arrayOf(isMethod),
});

/** The decoded blob, or undefined when it is not base64 of UTF-8 JSON of a version we know. */
export function parseInternalData(base64: string): InternalData | undefined {
  const text = decodeBase64Utf8(base64);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isInternalData(value)) return undefined;
  // `language` is only a hint for our own texts: an unknown one is dropped, never a refusal. A
  // malformed `disclosure` is dropped too: the plans are still worth showing without it.
  const disclosure = (value as { disclosure?: unknown }).disclosure;
  return { ...value, language: knownLanguage(value.language), disclosure: isDisclosure(disclosure) ? pick(disclosure) : null };
}

/** Only the known members: the blob may carry more in a later release. */
function pick({ text, warning, priceInformationUrl, apr }: DisclosureData): DisclosureData {
  return { text, warning, priceInformationUrl, apr };
}
