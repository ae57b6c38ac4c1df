// What a storefront session is offered, and why each method is or is not part of it.
import { ineligibilityReasons, type EligibilityQuery, type IneligibilityReason } from './eligibility.ts';
import { groupOf, partitionIntoGroups, type PaymentMethodGroup } from './grouping.ts';
import type { PaymentMethod, StoreMethods } from './catalog.ts';
import type { OperatorTypes } from './payment-method-types.ts';

export interface OfferQuery extends EligibilityQuery {
  flattened: boolean;
}

export interface MethodVerdict {
  method: PaymentMethod;
  eligible: boolean;
  reasons: IneligibilityReason[];
}

export interface ExplainedOffer {
  methods: MethodVerdict[];
  groups: PaymentMethodGroup[];
}

/** `operator`: the configured operator's types, whose part payments are bundled. */
export function explainOffer(catalog: StoreMethods, query: OfferQuery, operator: OperatorTypes): ExplainedOffer {
  const methods = catalog.methods.map((method) => {
    const reasons = ineligibilityReasons(method, query);
    return { method, eligible: reasons.length === 0, reasons };
  });
  const eligible = methods.filter((v) => v.eligible).map((v) => v.method);
  const groups = partitionIntoGroups(eligible, query.flattened, operator.bundled).map((members) =>
    groupOf(catalog.store, members, query.amount),
  );
  return { methods, groups };
}

export function offerGroups(catalog: StoreMethods, query: OfferQuery, operator: OperatorTypes): PaymentMethodGroup[] {
  return explainOffer(catalog, query, operator).groups;
}
