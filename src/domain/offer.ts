// What a storefront session is offered, and why each method is or is not part of it.
import { ineligibilityReasons, type EligibilityQuery, type IneligibilityReason } from './eligibility.ts';
import { groupOf, partitionIntoGroups, type PaymentMethodGroup } from './grouping.ts';
import type { PaymentMethod, StoreMethods } from './catalog.ts';
import type { OperatorTypes } from './payment-method-types.ts';
import { monthlyCostText } from './generated-texts.ts';
import type { Language } from './languages.ts';
import { localizeCatalog } from './localization.ts';
import { disclosureFormat, type PriceInformationLink } from './credit-disclosure.ts';
import { orderRuleReasons, type OrderRuleReason } from './order-rules.ts';

export interface OfferQuery extends EligibilityQuery {
  flattened: boolean;
  /** The language texts are served in (languages.ts, requestLanguage). */
  language: Language;
  /** The session's price-information pages (credit-disclosure.ts); without it no group has a disclosure. */
  link?: PriceInformationLink | undefined;
}

export interface MethodVerdict {
  method: PaymentMethod;
  eligible: boolean;
  /** The catalog's rules first, then the order's (docs/merchant-api.md#eligibility). */
  reasons: (IneligibilityReason | OrderRuleReason)[];
}

export interface ExplainedOffer {
  methods: MethodVerdict[];
  groups: PaymentMethodGroup[];
}

/**
 * `operator`: the configured operator's types, whose part payments are bundled. The methods and
 * the groups are in `query.language` (localization.ts).
 */
export function explainOffer(catalog: StoreMethods, query: OfferQuery, operator: OperatorTypes): ExplainedOffer {
  const { store } = catalog;
  const localized = localizeCatalog(catalog, query.language);
  const methods = localized.methods.map((method) => {
    // The order's rules after the catalog's own: groups, subtitles and disclosures describe only what is offered.
    const reasons = [...ineligibilityReasons(method, query), ...orderRuleReasons(method, store, query.rules)];
    return { method, eligible: reasons.length === 0, reasons };
  });
  const eligible = methods.filter((v) => v.eligible).map((v) => v.method);
  const monthlyFrom = monthlyCostText(
    query.language,
    store.countryCode,
    store.currency,
    disclosureFormat(query.language, store.countryCode, store.currency).money,
  );
  const groups = partitionIntoGroups(eligible, query.flattened, operator.bundled).map((members) =>
    groupOf(localized.store, members, query.amount, query.language, monthlyFrom, query.link),
  );
  return { methods, groups };
}

export function offerGroups(catalog: StoreMethods, query: OfferQuery, operator: OperatorTypes): PaymentMethodGroup[] {
  return explainOffer(catalog, query, operator).groups;
}
