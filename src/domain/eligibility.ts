// Which payment methods a shopper may be offered (docs/session-api.md#eligibility). One engine serves
// the storefront's groups and the merchant's "why not?" explanation, so the two cannot disagree.
import { compareDecimal, type Decimal } from './money.ts';
import type { CustomerType, PaymentMethod } from './catalog.ts';
import type { OrderRules } from './order-rules.ts';

export const INELIGIBILITY_REASONS = [
  'AMOUNT_BELOW_MINIMUM',
  'AMOUNT_ABOVE_MAXIMUM',
  'CUSTOMER_TYPE_NOT_ENABLED',
  'CAMPAIGN_METHOD_WITHOUT_CAMPAIGN',
  'CAMPAIGN_KEYWORD_MISMATCH',
] as const;
export type IneligibilityReason = (typeof INELIGIBILITY_REASONS)[number];

export interface EligibilityQuery {
  amount: Decimal;
  /** Undefined: the method must be enabled for at least one customer type. */
  customerType?: CustomerType | undefined;
  /** The session's campaign keyword; undefined for a session without one. */
  campaign?: string | undefined;
  /**
   * The merchant's rules for the order (order-rules.ts), applied after the rules above by the
   * offer's builders, which know the store; undefined for a session without any.
   */
  rules?: OrderRules | undefined;
}

/** Campaign keywords match case-insensitively (docs/session-api.md#session-creation). */
export function normalizeCampaignKeyword(keyword: string): string {
  return keyword.normalize('NFC').toLowerCase();
}

function enabledFor(method: PaymentMethod, customerType: CustomerType | undefined): boolean {
  if (customerType === 'NATURAL') return method.enabledForNaturalCustomer;
  if (customerType === 'LEGAL') return method.enabledForLegalCustomer;
  return method.enabledForNaturalCustomer || method.enabledForLegalCustomer;
}

function carriesKeyword(method: PaymentMethod, normalizedKeyword: string): boolean {
  return method.campaign.keywords.some((k) => normalizeCampaignKeyword(k) === normalizedKeyword);
}

/** Within the method's purchase limits: inclusive, compared exactly. */
export function withinPurchaseLimits(method: PaymentMethod, amount: Decimal): boolean {
  return compareDecimal(amount, method.minPurchaseLimit) >= 0 && compareDecimal(amount, method.maxPurchaseLimit) <= 0;
}

/** Every rule the method fails for this query, in a fixed order; empty when it is eligible. */
export function ineligibilityReasons(method: PaymentMethod, query: EligibilityQuery): IneligibilityReason[] {
  const reasons: IneligibilityReason[] = [];
  // Purchase limits are inclusive and compared exactly.
  if (compareDecimal(query.amount, method.minPurchaseLimit) < 0) reasons.push('AMOUNT_BELOW_MINIMUM');
  if (compareDecimal(query.amount, method.maxPurchaseLimit) > 0) reasons.push('AMOUNT_ABOVE_MAXIMUM');
  if (!enabledFor(method, query.customerType)) reasons.push('CUSTOMER_TYPE_NOT_ENABLED');
  if (query.campaign === undefined) {
    if (method.campaign.campaign) reasons.push('CAMPAIGN_METHOD_WITHOUT_CAMPAIGN');
  } else if (!method.campaign.campaign || !carriesKeyword(method, normalizeCampaignKeyword(query.campaign))) {
    reasons.push('CAMPAIGN_KEYWORD_MISMATCH');
  }
  return reasons;
}

/** The rules that do not depend on the amount (customer type, campaign): what a compiled offer checks once. */
export function eligibleApartFromAmount(method: PaymentMethod, query: Omit<EligibilityQuery, 'amount'>): boolean {
  if (!enabledFor(method, query.customerType)) return false;
  if (query.campaign === undefined) return !method.campaign.campaign;
  return method.campaign.campaign && carriesKeyword(method, normalizeCampaignKeyword(query.campaign));
}

export function isEligible(method: PaymentMethod, query: EligibilityQuery): boolean {
  return ineligibilityReasons(method, query).length === 0;
}
