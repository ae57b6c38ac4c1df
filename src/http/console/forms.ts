// From console forms to the admin services' bodies and back: fields are named by their path in
// the body (`name`, `plans[0].name`, `translations.sv.name`), so that a refused field's message,
// which the services key by that path, lands beside its input.
import type { FastifyRequest } from 'fastify';
import { Errors, isRegisteredError, type ErrorWithParameters } from '../../errors.ts';
import { LANGUAGES } from '../../domain/languages.ts';
import type { Translations } from '../../domain/catalog.ts';
import type { FormState } from './layout.ts';

/** A form body as the console's parser leaves it (routes.ts): repeated fields kept, in order. */
export type FormBody = URLSearchParams;

export function formOf(request: FastifyRequest): FormBody {
  return request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
}

/** The refused fields of a write the services refused as invalid; any other error is not ours to show. */
export function refusedFields(error: unknown): Record<string, string> | undefined {
  if (!isRegisteredError(error) || !(error instanceof Errors.ADMIN_VALIDATION_FAILED)) return undefined;
  const parameters = (error as ErrorWithParameters).parameters;
  return parameters && Object.keys(parameters).length > 0 ? { ...parameters } : { '(body)': error.message };
}

/** Every field of a posted form as text (the first value of each name), the CSRF token and actions left out. */
export function formValues(form: FormBody): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name === '_csrf' || name === '_action') continue;
    values[name] ??= value;
  }
  return values;
}

/** A field's text, trimmed; undefined when empty (left out of the body: the service's default applies). */
export function optional(values: Record<string, string>, name: string): string | undefined {
  const value = values[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** A whole number as a number; anything else as written, for the validation to refuse by name. */
export function integerOrText(text: string | undefined): number | string | undefined {
  if (text === undefined) return undefined;
  return /^-?\d{1,15}$/.test(text) ? Number(text) : text;
}

export function checked(values: Record<string, string>, name: string): boolean {
  return values[name] === 'on';
}

/** The request's query parameter, when given once as text. */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `?page=N` (0-based), bounded. */
export function pageParam(request: FastifyRequest): number {
  const text = queryParam(request, 'page');
  return text !== undefined && /^\d{1,6}$/.test(text) ? Number(text) : 0;
}

/** One field per language and translated text: `translations.sv.name`. */
export function translationValues<F extends string>(translations: Translations<F> | undefined, prefix: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const language of LANGUAGES) {
    for (const [field, text] of Object.entries(translations?.[language] ?? {})) {
      if (typeof text === 'string') values[`${prefix}translations.${language}.${field}`] = text;
    }
  }
  return values;
}

/** The translations a form gives (empty fields left out), as a body's `translations`. */
export function translationsOf(
  values: Record<string, string>,
  prefix: string,
  fields: readonly string[],
): Record<string, Record<string, string>> {
  const translations: Record<string, Record<string, string>> = {};
  for (const language of LANGUAGES) {
    for (const field of fields) {
      const text = values[`${prefix}translations.${language}.${field}`];
      if (text !== undefined && text.trim() !== '') (translations[language] ??= {})[field] = text;
    }
  }
  return translations;
}

export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  sv: 'Swedish',
  nb: 'Norwegian Bokmål',
  da: 'Danish',
  fi: 'Finnish',
  en: 'English',
};

export function withErrors(values: Record<string, string>, errors: Record<string, string>): FormState {
  return { values, errors };
}
