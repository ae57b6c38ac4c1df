// A payment method as a console form and back (docs/console.md#payment-methods): the form's values
// have the admin API body's shape (`plans[0].name`, `legalLinks[1].url`, `campaign.keywords[0]`,
// `translations.fi.name`), so that the services' refusals land beside their inputs. Lists grow and
// shrink with submit buttons ("Add plan", "Remove plan 2") that re-render the form server-side.
import { METHOD_TRANSLATED_FIELDS, PLAN_TRANSLATED_FIELDS, type PaymentMethod } from '../../domain/catalog.ts';
import { formatDecimalTrimmed } from '../../domain/money.ts';
import { PRODUCT_TYPES } from '../../domain/order-rules.ts';
import {
  checked,
  integerOrText,
  itemOf,
  listOf,
  on,
  optional,
  text,
  translationValues,
  translationsOf,
  type FormValue,
  type FormValues,
} from './form-values.ts';

/** The fields of a method's form outside its lists and translations. */
export const METHOD_FIELDS = [
  'name',
  'description',
  'type',
  'sortOrder',
  'minPurchaseLimit',
  'maxPurchaseLimit',
  'minApplicationLimit',
  'maxApplicationLimit',
  'enabledForNaturalCustomer',
  'enabledForLegalCustomer',
  'priceSignagePossible',
  'campaign.campaign',
  'activeFrom',
  'activeUntil',
  'excludedProductTypes',
  'countries',
] as const;

/** The product types' checkboxes (`excludedProductTypes.GIFT_CARD`), each labelled in words. */
export const PRODUCT_TYPE_LABELS: Readonly<Record<(typeof PRODUCT_TYPES)[number], string>> = {
  PHYSICAL: 'Physical goods',
  DIGITAL: 'Digital goods',
  GIFT_CARD: 'Gift cards',
  SERVICE: 'Services',
  SUBSCRIPTION: 'Subscriptions',
};

/** Whether the method form shows a field of this name (its refusal beside it, not in the summary). */
export function methodFieldShown(name: string): boolean {
  return (
    (METHOD_FIELDS as readonly string[]).includes(name) ||
    /^(plans|legalLinks)\[\d+\]\.[A-Za-z]+$/.test(name) ||
    /^campaign\.keywords\[\d+\]$/.test(name) ||
    /^(plans\[\d+\]\.)?translations\.[a-z]{2}\.[A-Za-z]+$/.test(name)
  );
}

/** A new method's form: shown to private persons, from 0, first in order. */
export function newMethodValues(id: string): FormValues {
  return { id, sortOrder: '0', enabledForNaturalCustomer: 'on', minPurchaseLimit: '0', minApplicationLimit: '0' };
}

const instant = (value: number | undefined) => (value === undefined ? '' : new Date(value).toISOString());

export function methodValues(method: PaymentMethod): FormValues {
  const decimal = formatDecimalTrimmed;
  return {
    name: method.name,
    description: method.description,
    type: method.type,
    sortOrder: String(method.sortOrder),
    minPurchaseLimit: decimal(method.minPurchaseLimit),
    maxPurchaseLimit: decimal(method.maxPurchaseLimit),
    minApplicationLimit: decimal(method.minApplicationLimit),
    maxApplicationLimit: decimal(method.maxApplicationLimit),
    enabledForNaturalCustomer: on(method.enabledForNaturalCustomer),
    enabledForLegalCustomer: on(method.enabledForLegalCustomer),
    priceSignagePossible: on(method.priceSignagePossible),
    campaign: { campaign: on(method.campaign.campaign), keywords: [...method.campaign.keywords] },
    activeFrom: instant(method.activeFrom),
    activeUntil: instant(method.activeUntil),
    excludedProductTypes: Object.fromEntries(PRODUCT_TYPES.map((t) => [t, on((method.excludedProductTypes ?? []).includes(t))])),
    // Empty: the store's country (the default), as the catalog leaves the field out.
    countries: (method.countries ?? []).join(', '),
    translations: translationValues(method.translations),
    legalLinks: method.legalLinks.map((link) => ({
      url: link.url,
      type: link.type,
      appendAmount: on(link.appendAmount),
      language: link.language ?? '',
    })),
    plans: method.plans.map((plan) => ({
      name: plan.name,
      description: plan.description ?? '',
      durationMonths: String(plan.durationMonths),
      annuityFactor: decimal(plan.annuityFactor),
      administrationFee: decimal(plan.administrationFee),
      setupFee: decimal(plan.setupFee),
      interest: decimal(plan.interest),
      translations: translationValues(plan.translations),
    })),
  };
}

/** The lists of a method's form, by the name their buttons give them (`add-plan`, `remove-keyword:2`). */
const LISTS = { plan: 'plans', link: 'legalLinks', keyword: 'campaign.keywords' } as const;
type ListName = (typeof LISTS)[keyof typeof LISTS];

/** What the form was sent for: a list changed, a preview, or the save. */
export type MethodAction =
  { kind: 'save' } | { kind: 'preview' } | { kind: 'add'; list: ListName } | { kind: 'remove'; list: ListName; index: number };

/** The button pressed (`_action`); Enter in a field previews. */
export function methodActionOf(given: FormValue): MethodAction {
  const action = typeof given === 'string' ? given : 'preview';
  const add = /^add-(plan|link|keyword)$/.exec(action);
  if (add) return { kind: 'add', list: LISTS[add[1] as keyof typeof LISTS] };
  const remove = /^remove-(plan|link|keyword):(\d{1,3})$/.exec(action);
  if (remove) return { kind: 'remove', list: LISTS[remove[1] as keyof typeof LISTS], index: Number(remove[2]) };
  return action === 'save' ? { kind: 'save' } : { kind: 'preview' };
}

const EMPTY_ITEMS: Record<ListName, FormValue> = {
  plans: { name: '', durationMonths: '', annuityFactor: '' },
  legalLinks: { url: '', type: 'PRICE_INFO' },
  'campaign.keywords': '',
};

/** The values with a list changed: an empty item appended, or item `index` removed (the later ones move up). */
export function withListChanged(values: FormValues, action: { kind: 'add' | 'remove'; list: ListName; index?: number }): FormValues {
  const items = listOf(values, action.list);
  const changed = action.kind === 'add' ? [...items, EMPTY_ITEMS[action.list]] : items.filter((_, i) => i !== action.index);
  if (action.list !== 'campaign.keywords') return { ...values, [action.list]: changed };
  return { ...values, campaign: { ...itemOf(values.campaign), keywords: changed } };
}

/** The admin API's method body the form gives (empty optional fields left out: their defaults apply). */
export function methodBody(values: FormValues, storeId: string): Record<string, unknown> {
  const trimmed = (name: string) => text(values, name).trim();
  const body: Record<string, unknown> = {
    storeId,
    name: text(values, 'name'),
    description: text(values, 'description'),
    type: trimmed('type'),
    minPurchaseLimit: trimmed('minPurchaseLimit'),
    maxPurchaseLimit: trimmed('maxPurchaseLimit'),
    minApplicationLimit: trimmed('minApplicationLimit'),
    maxApplicationLimit: trimmed('maxApplicationLimit'),
    enabledForNaturalCustomer: checked(values, 'enabledForNaturalCustomer'),
    enabledForLegalCustomer: checked(values, 'enabledForLegalCustomer'),
    priceSignagePossible: checked(values, 'priceSignagePossible'),
    campaign: {
      campaign: checked(values, 'campaign.campaign'),
      keywords: listOf(values, 'campaign.keywords')
        .map((keyword) => (typeof keyword === 'string' ? keyword.trim() : ''))
        .filter((keyword) => keyword !== ''),
    },
    legalLinks: listOf(values, 'legalLinks').map(itemOf).map(linkBody),
    plans: listOf(values, 'plans').map(itemOf).map(planBody),
    translations: translationsOf(values, METHOD_TRANSLATED_FIELDS),
  };
  const sortOrder = integerOrText(optional(values, 'sortOrder'));
  if (sortOrder !== undefined) body.sortOrder = sortOrder;
  for (const field of ['activeFrom', 'activeUntil']) {
    const value = optional(values, field);
    if (value !== undefined) body[field] = value;
  }
  body.excludedProductTypes = PRODUCT_TYPES.filter((t) => checked(values, `excludedProductTypes.${t}`));
  // Codes separated by commas or spaces, as typed (the validation refuses a lower-case one by name).
  const countries = text(values, 'countries')
    .split(/[\s,]+/)
    .filter((code) => code !== '');
  if (countries.length > 0) body.countries = countries;
  return body;
}

/**
 * The refusals as the form shows them: a list that is one field of the form (`countries`, the
 * checkboxes of `excludedProductTypes`) has its entries' refusals (`countries[1]`) beside that field,
 * each saying which entry ("Entry 2: …"); the others as they are.
 */
export function methodFormErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const entry = /^(countries|excludedProductTypes)\[(\d+)\]$/.exec(path);
    if (!entry) {
      result[path] = message;
      continue;
    }
    const field = entry[1]!;
    const told = `Entry ${Number(entry[2]) + 1}: ${message}`;
    result[field] = result[field] === undefined ? told : `${result[field]}; ${told}`;
  }
  return result;
}

function linkBody(link: FormValues): Record<string, unknown> {
  const language = optional(link, 'language');
  return {
    url: text(link, 'url').trim(),
    type: text(link, 'type').trim(),
    appendAmount: checked(link, 'appendAmount'),
    ...(language === undefined ? {} : { language }),
  };
}

function planBody(plan: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: text(plan, 'name'),
    description: text(plan, 'description'),
    durationMonths: integerOrText(text(plan, 'durationMonths').trim()),
    annuityFactor: text(plan, 'annuityFactor').trim(),
    translations: translationsOf(plan, PLAN_TRANSLATED_FIELDS),
  };
  for (const fee of ['administrationFee', 'setupFee', 'interest']) {
    const value = optional(plan, fee);
    if (value !== undefined) body[fee] = value;
  }
  return body;
}
