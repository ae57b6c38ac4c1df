// The languages texts are served in (docs/languages.md): Swedish, Norwegian bokmål, Danish, Finnish
// and English, chosen from a BCP 47 tag by its primary language subtag, else by the store's country.

export const LANGUAGES = ['sv', 'nb', 'da', 'fi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** RFC 5646 sets no limit; 35 characters hold any real tag (`zh-Hant-CN-x-private1-private2` is 30). */
export const MAX_LOCALE_LENGTH = 35;

// RFC 5646 §2.1: language ["-" script] ["-" region] *("-" variant) *("-" extension)
// ["-" privateuse], a private-use tag alone, or one of the irregular grandfathered tags (the regular
// ones have the first shape). Letters in either case: a JSON Schema pattern has no flags.
const ALPHA = '[A-Za-z]';
const ALPHANUM = '[A-Za-z0-9]';
const LANGUAGE = `(?:${ALPHA}{2,3}(?:-${ALPHA}{3}){0,3}|${ALPHA}{4,8})`;
const SCRIPT = `(?:-${ALPHA}{4})?`;
const REGION = `(?:-(?:${ALPHA}{2}|[0-9]{3}))?`;
const VARIANTS = `(?:-(?:${ALPHANUM}{5,8}|[0-9]${ALPHANUM}{3}))*`;
const EXTENSIONS = `(?:-[0-9A-WYZa-wyz](?:-${ALPHANUM}{2,8})+)*`;
const PRIVATE_USE = `[Xx](?:-${ALPHANUM}{1,8})+`;
const caseless = (tag: string) => tag.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
const IRREGULAR = [
  'en-gb-oed',
  ...['ami', 'bnn', 'default', 'enochian', 'hak', 'klingon', 'lux', 'mingo', 'navajo', 'pwn', 'tao', 'tay', 'tsu'].map((t) => `i-${t}`),
  'sgn-be-fr',
  'sgn-be-nl',
  'sgn-ch-de',
].map(caseless);

/** The shape of a `locale` (a JSON Schema pattern: the request schemas use it as well). */
export const LOCALE_PATTERN = `^(?:${LANGUAGE}${SCRIPT}${REGION}${VARIANTS}${EXTENSIONS}(?:-${PRIVATE_USE})?|${PRIVATE_USE}|${IRREGULAR.join('|')})$`;
const WELL_FORMED = new RegExp(LOCALE_PATTERN);

/** A BCP 47 tag of RFC 5646's shape and at most MAX_LOCALE_LENGTH characters (`sv-SE`, `fi`, `nb-NO`). */
export function isWellFormedLocale(tag: string): boolean {
  return tag.length <= MAX_LOCALE_LENGTH && WELL_FORMED.test(tag);
}

/**
 * Primary language subtags served. `no` (Norwegian, either written form) and `nn` (nynorsk) are
 * served in bokmål: every Norwegian reader reads it, and it is far closer to nynorsk than English is.
 */
const BY_PRIMARY_SUBTAG: Readonly<Record<string, Language>> = { sv: 'sv', nb: 'nb', no: 'nb', nn: 'nb', da: 'da', fi: 'fi', en: 'en' };

/** The served language of a well-formed tag by its primary subtag; undefined for any other language. */
export function languageOfLocale(tag: string): Language | undefined {
  const dash = tag.indexOf('-');
  // Stryker disable next-line EqualityOperator: equivalent, a tag starting with '-' is no language either way
  const primary = (dash < 0 ? tag : tag.slice(0, dash)).toLowerCase();
  return Object.hasOwn(BY_PRIMARY_SUBTAG, primary) ? BY_PRIMARY_SUBTAG[primary] : undefined;
}

const COUNTRY_LANGUAGES: Readonly<Record<string, Language>> = { SE: 'sv', NO: 'nb', DK: 'da', FI: 'fi' };

/** A store's language: its country's (SE sv, NO nb, DK da, FI fi), English for every other country. */
export function languageOfCountry(countryCode: string): Language {
  return Object.hasOwn(COUNTRY_LANGUAGES, countryCode) ? COUNTRY_LANGUAGES[countryCode]! : 'en';
}

/**
 * The language of a request: the first tag given (the request's own `locale`, else the session's),
 * when it is of a served language; a tag of another language, or none, falls back to the store's.
 */
export function requestLanguage(countryCode: string, requested: string | undefined, sessionLocale?: string): Language {
  const tag = requested ?? sessionLocale;
  return (tag !== undefined ? languageOfLocale(tag) : undefined) ?? languageOfCountry(countryCode);
}
