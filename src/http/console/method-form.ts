// A payment method as a console form and back (docs/console.md#payment-methods): every field named
// by its path in the admin API's body (`plans[0].name`, `legalLinks[1].url`, `campaign.keywords[0]`,
// `translations.fi.name`), so that the services' refusals land beside their inputs. Lists grow and
// shrink with submit buttons ("Add plan", "Remove plan 2") that re-render the form server-side.
import { METHOD_TRANSLATED_FIELDS, PLAN_TRANSLATED_FIELDS, type PaymentMethod } from '../../domain/catalog.ts';
import { formatDecimalTrimmed } from '../../domain/money.ts';
import { checked, integerOrText, optional, translationValues, translationsOf } from './forms.ts';

/** The lists of a method form and the fields of each item. */
export const LISTS = {
  plans: ['name', 'description', 'durationMonths', 'annuityFactor', 'administrationFee', 'setupFee', 'interest'],
  legalLinks: ['url', 'type', 'appendAmount', 'language'],
} as const;
export type ListName = keyof typeof LISTS;

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
] as const;

export function methodValues(method: PaymentMethod): Record<string, string> {
  const on = (value: boolean) => (value ? 'on' : '');
  const values: Record<string, string> = {
    name: method.name,
    description: method.description,
    type: method.type,
    sortOrder: String(method.sortOrder),
    minPurchaseLimit: formatDecimalTrimmed(method.minPurchaseLimit),
    maxPurchaseLimit: formatDecimalTrimmed(method.maxPurchaseLimit),
    minApplicationLimit: formatDecimalTrimmed(method.minApplicationLimit),
    maxApplicationLimit: formatDecimalTrimmed(method.maxApplicationLimit),
    enabledForNaturalCustomer: on(method.enabledForNaturalCustomer),
    enabledForLegalCustomer: on(method.enabledForLegalCustomer),
    priceSignagePossible: on(method.priceSignagePossible),
    'campaign.campaign': on(method.campaign.campaign),
    activeFrom: method.activeFrom === undefined ? '' : new Date(method.activeFrom).toISOString(),
    activeUntil: method.activeUntil === undefined ? '' : new Date(method.activeUntil).toISOString(),
    ...translationValues(method.translations, ''),
  };
  method.campaign.keywords.forEach((keyword, i) => (values[`campaign.keywords[${i}]`] = keyword));
  method.legalLinks.forEach((link, i) => {
    values[`legalLinks[${i}].url`] = link.url;
    values[`legalLinks[${i}].type`] = link.type;
    values[`legalLinks[${i}].appendAmount`] = on(link.appendAmount);
    values[`legalLinks[${i}].language`] = link.language ?? '';
  });
  method.plans.forEach((plan, i) => {
    values[`plans[${i}].name`] = plan.name;
    values[`plans[${i}].description`] = plan.description ?? '';
    values[`plans[${i}].durationMonths`] = String(plan.durationMonths);
    values[`plans[${i}].annuityFactor`] = formatDecimalTrimmed(plan.annuityFactor);
    values[`plans[${i}].administrationFee`] = formatDecimalTrimmed(plan.administrationFee);
    values[`plans[${i}].setupFee`] = formatDecimalTrimmed(plan.setupFee);
    values[`plans[${i}].interest`] = formatDecimalTrimmed(plan.interest);
    Object.assign(values, translationValues(plan.translations, `plans[${i}].`));
  });
  return values;
}

/** How many items of a list (`plans`, `legalLinks`, `campaign.keywords`) the form holds: one more than the highest index. */
export function countOf(values: Record<string, string>, list: string): number {
  const pattern = new RegExp(`^${list.replace('.', '\\.')}\\[(\\d{1,3})\\]`);
  let count = 0;
  for (const name of Object.keys(values)) {
    const match = pattern.exec(name);
    if (match) count = Math.max(count, Number(match[1]) + 1);
  }
  return Math.min(count, 100);
}

/** The values with item `index` of `list` removed and the later ones moved up. */
export function withoutItem(values: Record<string, string>, list: string, index: number): Record<string, string> {
  const pattern = new RegExp(`^${list.replace('.', '\\.')}\\[(\\d{1,3})\\](.*)$`);
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const match = pattern.exec(name);
    if (!match) {
      result[name] = value;
      continue;
    }
    const i = Number(match[1]);
    if (i === index) continue;
    result[`${list}[${i > index ? i - 1 : i}]${match[2]}`] = value;
  }
  return result;
}

/** The values with an empty item appended to `list`. */
export function withItem(values: Record<string, string>, list: string): Record<string, string> {
  const index = countOf(values, list);
  const item: Record<string, string> =
    list === 'campaign.keywords'
      ? { [`${list}[${index}]`]: '' }
      : list === 'plans'
        ? { [`plans[${index}].name`]: '', [`plans[${index}].durationMonths`]: '', [`plans[${index}].annuityFactor`]: '' }
        : { [`legalLinks[${index}].url`]: '', [`legalLinks[${index}].type`]: 'PRICE_INFO' };
  return { ...values, ...item };
}

/** The admin API's method body the form gives (empty optional fields left out: their defaults apply). */
export function methodBody(values: Record<string, string>, storeId: string): Record<string, unknown> {
  const text = (name: string) => (values[name] ?? '').trim();
  const body: Record<string, unknown> = {
    storeId,
    name: values.name ?? '',
    description: values.description ?? '',
    type: text('type'),
    minPurchaseLimit: text('minPurchaseLimit'),
    maxPurchaseLimit: text('maxPurchaseLimit'),
    minApplicationLimit: text('minApplicationLimit'),
    maxApplicationLimit: text('maxApplicationLimit'),
    enabledForNaturalCustomer: checked(values, 'enabledForNaturalCustomer'),
    enabledForLegalCustomer: checked(values, 'enabledForLegalCustomer'),
    priceSignagePossible: checked(values, 'priceSignagePossible'),
    campaign: {
      campaign: checked(values, 'campaign.campaign'),
      keywords: Array.from({ length: countOf(values, 'campaign.keywords') }, (_, i) => text(`campaign.keywords[${i}]`)).filter(
        (k) => k !== '',
      ),
    },
    legalLinks: Array.from({ length: countOf(values, 'legalLinks') }, (_, i) => {
      const at = `legalLinks[${i}].`;
      const language = optional(values, `${at}language`);
      return {
        url: text(`${at}url`),
        type: text(`${at}type`),
        appendAmount: checked(values, `${at}appendAmount`),
        ...(language === undefined ? {} : { language }),
      };
    }),
    plans: Array.from({ length: countOf(values, 'plans') }, (_, i) => {
      const at = `plans[${i}].`;
      const plan: Record<string, unknown> = {
        name: values[`${at}name`] ?? '',
        description: values[`${at}description`] ?? '',
        durationMonths: integerOrText(text(`${at}durationMonths`)),
        annuityFactor: text(`${at}annuityFactor`),
        translations: translationsOf(values, at, PLAN_TRANSLATED_FIELDS),
      };
      for (const fee of ['administrationFee', 'setupFee', 'interest']) {
        const value = optional(values, `${at}${fee}`);
        if (value !== undefined) plan[fee] = value;
      }
      return plan;
    }),
    translations: translationsOf(values, '', METHOD_TRANSLATED_FIELDS),
  };
  const sortOrder = integerOrText(optional(values, 'sortOrder'));
  if (sortOrder !== undefined) body.sortOrder = sortOrder;
  for (const field of ['activeFrom', 'activeUntil']) {
    const value = optional(values, field);
    if (value !== undefined) body[field] = value;
  }
  return body;
}
