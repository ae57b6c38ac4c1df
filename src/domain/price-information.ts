// What a group's price-information page shows (docs/session-api.md#price-information-page): the group
// found among the session's groups at the amount exactly as group retrieval forms them (eligibility,
// then grouping), every plan of its members with its figures as a disclosure writes them, the
// warning, and the members' SECCI and general-terms links. Pure.
import type { LegalLink, PaymentMethod, Store, StoreMethods } from './catalog.ts';
import { creditWarningOf, disclosureFormat, namedPlan, priceInformation, type PlanInformation } from './credit-disclosure.ts';
import { isEligible } from './eligibility.ts';
import { groupIdOf } from './group-id.ts';
import { groupShapeOf, partitionIntoGroups } from './grouping.ts';
import type { Language } from './languages.ts';
import { localizeCatalog } from './localization.ts';
import { formatDecimal, type Decimal } from './money.ts';
import type { OperatorTypes } from './payment-method-types.ts';
import { allowedByOrderRules, type OrderRules } from './order-rules.ts';

/** The legal documents the page links to, in this order. */
export const PRICE_INFORMATION_LINK_TYPES = ['SECCI', 'GENERAL_TERMS'] as const;
export type PriceInformationLinkType = (typeof PRICE_INFORMATION_LINK_TYPES)[number];

export interface PriceInformationQuery {
  amount: Decimal;
  /** The session's campaign keyword; undefined without one. */
  campaign: string | undefined;
  language: Language;
  groupId: string;
  /** The session's order rules (order-rules.ts); undefined without any. */
  rules?: OrderRules | undefined;
}

export interface PriceInformationDocument {
  type: PriceInformationLinkType;
  method: PaymentMethod;
  /** The link's URL, with the amount appended where the catalog asks for it (`appendAmount`). */
  url: string;
}

export interface PriceInformationPage {
  language: Language;
  /** The store in `language`. */
  store: Store;
  /** The group's title as group retrieval gives it (the bundle's title or the method's name). */
  title: string;
  /** The purchase amount as the disclosures write it. */
  amountText: string;
  /** Every plan of every member, in display order and the plans' order. */
  plans: PlanInformation[];
  /** The plan whose monthly cost the group's subtitle names: its sentence is the representative example. */
  example: PlanInformation;
  warning: string | null;
  documents: PriceInformationDocument[];
}

/** Why there is no page: the group is not among the session's groups at the amount, or names no monthly cost. */
export type PriceInformationOutcome = { page: PriceInformationPage } | { missing: 'not-offered' | 'no-monthly-cost' };

/**
 * The members of the group `groupId` among the groups offered at the query's amount. Group
 * retrieval's customer types only narrow what it offers (a type-specific question keeps the methods
 * enabled for that type, and a bundle holds methods of identical customer-type support, so it is
 * kept or dropped whole): the groups of the question without a customer type hold every group of
 * the typed questions. Both shapes are looked at, bundled and flattened (a flattened group is a
 * single method, and so is an unbundled one).
 */
export function offeredGroupMembers(
  catalog: StoreMethods,
  query: Omit<PriceInformationQuery, 'language'>,
  operator: OperatorTypes,
): PaymentMethod[] | undefined {
  // A session's fixed customer type (among its rules) narrows as a typed question does: the groups
  // are those group retrieval answers for that type. The order's rules apply after the catalog's.
  const customerType = query.rules?.customerType;
  const eligible = catalog.methods.filter(
    (method) =>
      isEligible(method, { amount: query.amount, campaign: query.campaign, customerType }) &&
      allowedByOrderRules(method, catalog.store, query.rules),
  );
  for (const flattened of [false, true]) {
    for (const members of partitionIntoGroups(eligible, flattened, operator.bundled)) {
      if (groupIdOf(members.map((m) => m.id)) === query.groupId) return members;
    }
  }
  return undefined;
}

export function priceInformationPage(
  catalog: StoreMethods,
  query: PriceInformationQuery,
  operator: OperatorTypes,
): PriceInformationOutcome {
  const { language, amount } = query;
  const localized = localizeCatalog(catalog, language);
  const members = offeredGroupMembers(localized, query, operator);
  if (!members) return { missing: 'not-offered' };
  const store = localized.store;
  // The page is the disclosure's: there is one only where the subtitle names a monthly cost.
  const named = amount.units === 0n ? undefined : namedPlan(store, members, amount);
  if (!named) return { missing: 'no-monthly-cost' };
  const plans = priceInformation(store, language, members, amount);
  const example = plans.find((p) => p.method === named.method && p.plan === named.plan)!;
  const documents: PriceInformationDocument[] = [];
  for (const type of PRICE_INFORMATION_LINK_TYPES) {
    for (const method of members) {
      // Already narrowed to the language by localizeCatalog (legalLinksFor), as the storefront gets them.
      for (const link of method.legalLinks) if (link.type === type) documents.push({ type, method, url: documentUrl(link, amount) });
    }
  }
  return {
    page: {
      language,
      store,
      title: groupShapeOf(store, members).title,
      amountText: disclosureFormat(language, store.countryCode, store.currency).amount(formatDecimal(amount)),
      plans,
      example,
      warning: creditWarningOf(catalog.store, language),
      documents,
    },
  };
}

function documentUrl(link: LegalLink, amount: Decimal): string {
  return link.appendAmount ? link.url + formatDecimal(amount) : link.url;
}
