// Domain → the payment method JSON of docs/merchant-api.md#payment-method-fields (the merchant listing; the admin API extends it).
// Limits are exact decimals inside; the API carries them as JSON numbers (the documented type, docs/merchant-api.md#payment-method-fields), which
// represent any 2-decimal amount below 2^53 cents exactly enough to round-trip as written.
import { decimalToNumber } from '../../domain/money.ts';
import { legalLinkLanguage, type PaymentMethod, type Store } from '../../domain/catalog.ts';
import type { Language } from '../../domain/languages.ts';
import { translated } from '../../domain/localization.ts';
import { methodCountries } from '../../domain/order-rules.ts';

/** The method's own fields, legal links aside (the listing and the admin API show those differently). */
export function presentPaymentMethodFields(m: PaymentMethod) {
  return {
    id: m.id,
    name: m.name,
    description: m.description,
    type: m.type,
    minPurchaseLimit: decimalToNumber(m.minPurchaseLimit),
    maxPurchaseLimit: decimalToNumber(m.maxPurchaseLimit),
    minApplicationLimit: decimalToNumber(m.minApplicationLimit),
    maxApplicationLimit: decimalToNumber(m.maxApplicationLimit),
    enabledForLegalCustomer: m.enabledForLegalCustomer,
    enabledForNaturalCustomer: m.enabledForNaturalCustomer,
    campaign: { campaign: m.campaign.campaign, keywords: [...m.campaign.keywords] },
    priceSignagePossible: m.priceSignagePossible,
    // The window, when the method has one (docs/catalog.md#windows), in UTC.
    ...(m.activeFrom === undefined ? {} : { activeFrom: new Date(m.activeFrom).toISOString() }),
    ...(m.activeUntil === undefined ? {} : { activeUntil: new Date(m.activeUntil).toISOString() }),
    // The merchant's rules for one order (docs/catalog.md#order-rules): the kinds of goods it is not
    // offered for ([]: none), and its own billing countries when it has a list (absent: the store's).
    excludedProductTypes: [...(m.excludedProductTypes ?? [])],
    ...(m.countries === undefined ? {} : { countries: [...m.countries] }),
  };
}

/**
 * As the merchant listing shows it: name and description in `language` (their translation, else
 * as written), every legal link (each with its language: the store's country's unless the catalog
 * gives one), the countries it is offered in (its own, else the store's country), and the
 * translations themselves when there are any.
 */
export function presentPaymentMethod(m: PaymentMethod, store: Pick<Store, 'countryCode'>, language: Language) {
  // `countries` is left out of the shared fields: the listing always says where the method is offered.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { id, name, description, type, minPurchaseLimit, maxPurchaseLimit, minApplicationLimit, maxApplicationLimit, countries, ...rest } =
    presentPaymentMethodFields(m);
  const hasTranslations = m.translations !== undefined && Object.keys(m.translations).length > 0;
  return {
    id,
    name: translated(name, m.translations, language, 'name'),
    description: translated(description, m.translations, language, 'description'),
    type,
    minPurchaseLimit,
    maxPurchaseLimit,
    minApplicationLimit,
    maxApplicationLimit,
    legalLinks: m.legalLinks.map((l) => ({
      url: l.url,
      type: l.type,
      appendAmount: l.appendAmount,
      language: legalLinkLanguage(l, store),
    })),
    ...rest,
    countries: [...methodCountries(m, store)],
    ...(hasTranslations ? { translations: m.translations } : {}),
  };
}
