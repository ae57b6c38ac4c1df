// Turns the eligible methods of a store into the groups a storefront shows (docs/session-api.md#groups).
import { groupIdOf } from './group-id.ts';
import { encodeInternalData, internalDataOf } from './internal-data.ts';
import { lowestMonthlyCost, priceSignageText } from './price-signage.ts';
import type { Decimal } from './money.ts';
import { CUSTOMER_TYPES, customerTypesOf, type CustomerType, type PaymentMethod, type Store } from './catalog.ts';

export interface PaymentMethodGroup {
  id: string;
  methodIds: string[];
  title: string;
  subtitle: string;
  type: string;
  customerTypes: CustomerType[];
  internalData: string;
}

/**
 * Partitions eligible methods (in display order) into member lists, each in display order, the
 * lists ordered by where their first member stands. Methods of a `bundled` type (the operator's
 * part payments: OperatorTypes.bundled) are offered together, split by identical customer-type
 * support, so a group never promises a customer type one of its members lacks.
 */
export function partitionIntoGroups(
  eligible: readonly PaymentMethod[],
  flattened: boolean,
  bundled: ReadonlySet<string>,
): PaymentMethod[][] {
  if (flattened) return eligible.map((m) => [m]);
  const groups: PaymentMethod[][] = [];
  const bundles = new Map<string, PaymentMethod[]>();
  for (const method of eligible) {
    if (!bundled.has(method.type)) {
      groups.push([method]);
      continue;
    }
    const key = `${method.type}|${method.enabledForNaturalCustomer}|${method.enabledForLegalCustomer}`;
    const bundle = bundles.get(key);
    if (bundle) {
      bundle.push(method);
    } else {
      const created = [method];
      bundles.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}

export function groupOf(store: Store, members: readonly PaymentMethod[], amount: Decimal): PaymentMethodGroup {
  const first = members[0]!;
  const title = members.length > 1 ? store.bundleTitle : first.name;
  const cost = lowestMonthlyCost(store, members, amount);
  const subtitle = cost !== undefined ? priceSignageText(cost, store.currency) : members.length === 1 ? first.description : '';
  const supported = new Set(members.flatMap(customerTypesOf));
  const methodIds = members.map((m) => m.id);
  return {
    id: groupIdOf(methodIds),
    methodIds,
    title,
    subtitle,
    type: first.type,
    customerTypes: CUSTOMER_TYPES.filter((t) => supported.has(t)),
    internalData: encodeInternalData(internalDataOf(store, members, title, amount)),
  };
}
