// Price signage: the "From 440 SEK/month" line a storefront shows under a part-payment option.
import { addDecimal, ceilToInteger, compareDecimal, multiplyDecimal, type Decimal } from './money.ts';
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
      if (lowest === undefined || cost < lowest) lowest = cost;
    }
  }
  return lowest;
}

export function priceSignageText(cost: bigint, currency: string): string {
  return `From ${cost} ${currency}/month`;
}
