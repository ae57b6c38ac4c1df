// Stores, merchants, clients and webhook endpoints as console forms and back (docs/console.md#pages):
// the values a page's form starts with, and the admin API's body the posted form gives (empty
// optional fields left out, so that the services' defaults apply).
import { STORE_TRANSLATED_FIELDS, type Store } from '../../domain/catalog.ts';
import { formatDecimalTrimmed } from '../../domain/money.ts';
import type { ClientSummary } from '../../storage/repositories/clients.ts';
import type { WebhookEndpoint } from '../../storage/repositories/webhook-endpoints.ts';
import { checked, integerOrText, on, optional, text, translationValues, translationsOf, type FormValues } from './form-values.ts';

/** The store form's fields outside its translations. */
export const STORE_FIELDS = [
  'merchantId',
  'name',
  'currency',
  'countryCode',
  'bundleTitle',
  'creditWarning',
  'noCreditWarning',
  'minimumInvoiceAmount',
  'nationalStoreId',
  'organizationNumber',
];

export function storeFieldShown(name: string): boolean {
  return STORE_FIELDS.includes(name) || /^translations\.[a-z]{2}\.(bundleTitle|creditWarning)$/.test(name);
}

export function storeValues(store: Store): FormValues {
  return {
    merchantId: store.merchantId,
    name: store.name,
    currency: store.currency,
    countryCode: store.countryCode,
    bundleTitle: store.bundleTitle,
    // Null (each language's default) and '' (none) differ: the box says which.
    creditWarning: store.creditWarning ?? '',
    noCreditWarning: on(store.creditWarning === ''),
    minimumInvoiceAmount: formatDecimalTrimmed(store.minimumInvoiceAmount),
    nationalStoreId: store.nationalStoreId === undefined ? '' : String(store.nationalStoreId),
    organizationNumber: store.organizationNumber ?? '',
    translations: translationValues(store.translations),
  };
}

export function storeBody(values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    merchantId: text(values, 'merchantId'),
    name: text(values, 'name'),
    currency: text(values, 'currency').trim(),
  };
  for (const field of ['countryCode', 'bundleTitle', 'minimumInvoiceAmount', 'organizationNumber']) {
    const value = optional(values, field);
    if (value !== undefined) body[field] = value;
  }
  // Left out (each language's default) when empty; '' (none at all) when the box says so.
  const creditWarning = checked(values, 'noCreditWarning') ? '' : optional(values, 'creditWarning');
  if (creditWarning !== undefined) body.creditWarning = creditWarning;
  const number = integerOrText(optional(values, 'nationalStoreId'));
  if (number !== undefined) body.nationalStoreId = number;
  body.translations = translationsOf(values, STORE_TRANSLATED_FIELDS);
  return body;
}

export function merchantBody(values: FormValues): Record<string, unknown> {
  return { name: text(values, 'name') };
}

/** A client's scopes are checkboxes `scope.<name>`. */
export function clientValues(client: Pick<ClientSummary, 'clientId' | 'merchantId' | 'scopes'>): FormValues {
  return { clientId: client.clientId, merchantId: client.merchantId, scope: Object.fromEntries(client.scopes.map((s) => [s, 'on'])) };
}

/** `supported`: the scopes a client may have, in their order. */
export function clientBody(values: FormValues, supported: readonly string[]): Record<string, unknown> {
  return { merchantId: text(values, 'merchantId'), scopes: supported.filter((scope) => checked(values, `scope.${scope}`)) };
}

export const ENDPOINT_FIELDS = ['url', 'description', 'enabled'];

export function endpointValues(endpoint: WebhookEndpoint): FormValues {
  return { url: endpoint.url, description: endpoint.description, ...(endpoint.enabled ? { enabled: 'on' } : {}) };
}

/** The merchant is the page's; an empty description is left out (its default). */
export function endpointBody(merchantId: string, values: FormValues): Record<string, unknown> {
  const description = text(values, 'description');
  return {
    merchantId,
    url: text(values, 'url').trim(),
    ...(description.trim() === '' ? {} : { description }),
    enabled: checked(values, 'enabled'),
  };
}
