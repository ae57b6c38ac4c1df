// Console forms as data (docs/console.md#pages): a posted form is parsed by `qs` into the nested
// shape of the admin API's bodies, its fields named by their path in the body (`name`,
// `plans[0].name`, `campaign.keywords[1]`, `translations.sv.name`), so that a refused field's
// message, which the services key by that path, lands beside its input. Nothing here knows HTTP.
import qs from 'qs';
import { LANGUAGES } from '../../domain/languages.ts';
import type { Translations } from '../../domain/catalog.ts';
import { Errors, isRegisteredError, type ErrorWithParameters } from '../../errors.ts';

/** A form's values: text by field name, nested along the names' paths (as `qs` parses them). */
export interface FormValues {
  [name: string]: FormValue;
}
export type FormValue = string | FormValue[] | FormValues | undefined;

/** What a form shows: its values and the refused fields' messages (by the field's path). */
export interface FormState {
  values: FormValues;
  errors: Record<string, string>;
}

/** The most items a list of a form (plans, legal links, keywords) holds; beyond, qs would make an object of it. */
export const MAX_LIST_ITEMS = 100;

const PARSE_OPTIONS = {
  allowDots: true,
  // `plans[0].translations.sv.name` is four levels below the body.
  depth: 6,
  arrayLimit: MAX_LIST_ITEMS - 1,
  // A method with 100 plans and their translations has some 2,000 fields; the body limit bounds the rest.
  parameterLimit: 10_000,
  // A name sent twice counts once, as the browser's first (a hidden field before a checkbox never happens here).
  duplicates: 'first',
} as const;

/** A form body (application/x-www-form-urlencoded) as nested values. */
export function parseForm(body: string): FormValues {
  return qs.parse(body, PARSE_OPTIONS);
}

export function emptyForm(values: FormValues = {}): FormState {
  return { values, errors: {} };
}

/** `plans[0].name` → `['plans', '0', 'name']`. */
function pathOf(name: string): string[] {
  return name.match(/[^.[\]]+/g) ?? [];
}

/** The value at a field's name (`plans[0].name`), when it is text. */
export function valueAt(values: FormValues, name: string): string | undefined {
  let value: FormValue = values;
  for (const key of pathOf(name)) {
    if (value === undefined || typeof value === 'string') return undefined;
    value = (value as Record<string, FormValue>)[key];
  }
  return typeof value === 'string' ? value : undefined;
}

/** A text field as it was sent (empty when absent). */
export function text(values: FormValues | undefined, name: string): string {
  return values === undefined ? '' : (valueAt(values, name) ?? '');
}

/** A field's text, trimmed; undefined when empty (left out of the body: the service's default applies). */
export function optional(values: FormValues | undefined, name: string): string | undefined {
  const value = text(values, name).trim();
  return value === '' ? undefined : value;
}

export function checked(values: FormValues | undefined, name: string): boolean {
  return text(values, name) === 'on';
}

/** A checkbox's value from a boolean. */
export function on(value: boolean): string {
  return value ? 'on' : '';
}

/** A list of the form (`plans`), its items in order. */
export function listOf(values: FormValues | undefined, name: string): FormValue[] {
  let value: FormValue = values;
  for (const key of pathOf(name))
    value = value !== undefined && typeof value !== 'string' ? (value as Record<string, FormValue>)[key] : undefined;
  return Array.isArray(value) ? value.slice(0, MAX_LIST_ITEMS) : [];
}

/** An item of a list as a record of fields (a keyword, plain text, is not one). */
export function itemOf(value: FormValue): FormValues {
  return typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** A whole number as a number; anything else as written, for the validation to refuse by name. */
export function integerOrText(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  return /^-?\d{1,15}$/.test(value) ? Number(value) : value;
}

/** The translations as form values: `{ sv: { name } }`, as the body has them. */
export function translationValues<F extends string>(translations: Translations<F> | undefined): FormValues {
  const values: FormValues = {};
  for (const language of LANGUAGES) {
    const fields = translations?.[language];
    if (fields) values[language] = { ...(fields as Record<string, string>) };
  }
  return values;
}

/** The translations a form gives (empty fields left out), as a body's `translations`. */
export function translationsOf(values: FormValues | undefined, fields: readonly string[]): Record<string, Record<string, string>> {
  const translations: Record<string, Record<string, string>> = {};
  for (const language of LANGUAGES) {
    for (const field of fields) {
      const value = text(values, `translations.${language}.${field}`);
      if (value.trim() !== '') (translations[language] ??= {})[field] = value;
    }
  }
  return translations;
}

/** The refused fields of a write the services refused as invalid; any other error is not ours to show. */
export function refusedFields(error: unknown): Record<string, string> | undefined {
  if (!isRegisteredError(error) || !(error instanceof Errors.ADMIN_VALIDATION_FAILED)) return undefined;
  const parameters = (error as ErrorWithParameters).parameters;
  return parameters && Object.keys(parameters).length > 0 ? { ...parameters } : { '(body)': error.message };
}

/** Refusals of a preview's part (`store.currency`, `paymentMethods[3].name`) by the form's own names (`currency`, `name`). */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) result['(body)'] = message;
    else if (path.startsWith(`${prefix}.`)) result[path.slice(prefix.length + 1)] = message;
    else result[path] = message;
  }
  return result;
}

/** A write that the services may refuse field by field: its result, or the refused fields (any other error thrown on). */
export async function attempt<T>(write: () => Promise<T>): Promise<{ result: T; errors?: undefined } | { errors: Record<string, string> }> {
  try {
    return { result: await write() };
  } catch (error) {
    const errors = refusedFields(error);
    if (!errors) throw error;
    return { errors };
  }
}
