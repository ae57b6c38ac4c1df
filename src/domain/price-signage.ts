// Price signage: the lowest monthly cost a storefront shows under a part-payment option, and
// what a product page may show for a price: per plan the monthly cost, the total cost and the
// effective annual rate (docs/merchant-api.md#price-signage).
import { levelAnnualPercentageRate, type AnnualPercentageRate } from './annual-percentage-rate.ts';
import { withinPurchaseLimits } from './eligibility.ts';
import { addDecimal, ceilToInteger, compareDecimal, formatDecimal, multiplyDecimal, type Decimal } from './money.ts';
import type { PaymentMethod, PaymentPlan, Store } from './catalog.ts';

/** Monthly cost of a plan at an amount, in whole currency units: ceil(amount × annuityFactor + administrationFee). */
export function monthlyCost(plan: PaymentPlan, amount: Decimal): bigint {
  return ceilToInteger(addDecimal(multiplyDecimal(amount, plan.annuityFactor), plan.administrationFee));
}

/**
 * The lowest monthly cost among the plans of the members that allow price signage, considering
 * only costs at least the store's minimum invoice amount; undefined when there is none.
 */
export function lowestMonthlyCost(store: Store, members: readonly PaymentMethod[], amount: Decimal): bigint | undefined {
  let lowest: bigint | undefined;
  for (const method of members) {
    if (!method.priceSignagePossible) continue;
    for (const plan of method.plans) {
      const cost = monthlyCost(plan, amount);
      if (compareDecimal({ units: cost, scale: 0 }, store.minimumInvoiceAmount) < 0) continue;
      // Stryker disable next-line EqualityOperator: equivalent, an equal cost is the same lowest
      if (lowest === undefined || cost < lowest) lowest = cost;
    }
  }
  return lowest;
}

/** One plan's costs at a price, for a product page. */
export interface PlanCosts {
  name: string;
  description: string;
  interest: Decimal;
  durationMonths: number;
  /** ceil(amount × annuityFactor + administrationFee), whole currency units. */
  monthlyCost: bigint;
  /** All the buyer pays: durationMonths × monthlyCost + setupFee. */
  totalCost: Decimal;
  administrationFee: Decimal;
  setupFee: Decimal;
  /** The APR in percent (2 decimals): the setup fee is paid with the first monthly payment. */
  effectiveInterest: AnnualPercentageRate;
}

/** Plans in the order a product page lists them: by duration, then name. */
export function plansInOrder(method: PaymentMethod): PaymentPlan[] {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: V8's sort only asks whether a comparison is negative
  return [...method.plans].sort((a, b) => a.durationMonths - b.durationMonths || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The costs of each plan at a price, when the method allows price signage and the price lies within
 * its purchase limits; otherwise none. A price of 0 is not a credit (no rate exists): none either.
 */
export function priceSignageCosts(method: PaymentMethod, amount: Decimal): PlanCosts[] {
  if (!method.priceSignagePossible || !withinPurchaseLimits(method, amount) || amount.units === 0n) return [];
  return plansInOrder(method).map((plan) => planCosts(plan, amount));
}

/** One plan's costs at a price (a positive amount: a price of 0 has no rate). */
export function planCosts(plan: PaymentPlan, amount: Decimal): PlanCosts {
  return planCostsAt(plan, Number(formatDecimal(amount)), monthlyCost(plan, amount));
}

/** A plan's setup fee as the double the APR is solved with (the nearest to its decimal). */
export function setupFeeNumber(plan: PaymentPlan): number {
  return Number(formatDecimal(plan.setupFee));
}

/**
 * The same from the amount as a double (Number of its decimal text) and the plan's monthly cost at
 * it, when the caller has both already (the compiled offers: offer-template.ts, which also keeps
 * each plan's setupFeeNumber).
 */
export function planCostsAt(plan: PaymentPlan, principal: number, monthly: bigint, setupFee = setupFeeNumber(plan)): PlanCosts {
  const totalCost = addDecimal({ units: monthly * BigInt(plan.durationMonths), scale: 0 }, plan.setupFee);
  return {
    name: plan.name,
    description: plan.description ?? '',
    interest: plan.interest,
    durationMonths: plan.durationMonths,
    monthlyCost: monthly,
    totalCost,
    administrationFee: plan.administrationFee,
    setupFee: plan.setupFee,
    // The monthly cost every month, the setup fee with the first: solved without a list of payments.
    effectiveInterest: levelAnnualPercentageRate(principal, plan.durationMonths, Number(monthly), setupFee),
  };
}
