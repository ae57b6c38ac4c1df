// Turns the eligible methods of a store into the groups a storefront shows (docs/session-api.md#groups).
import { groupIdOf } from './group-id.ts';
import { encodeInternalData, internalDataOf } from './internal-data.ts';
import { lowestMonthlyCost } from './price-signage.ts';
import type { MonthlyCostText } from './generated-texts.ts';
import { groupDisclosure, priceInformationUrl, type GroupCreditDisclosure, type PriceInformationLink } from './credit-disclosure.ts';
import type { Language } from './languages.ts';
import { formatDecimal, type Decimal } from './money.ts';
import { CUSTOMER_TYPES, customerTypesOf, type CustomerType, type PaymentMethod, type Store } from './catalog.ts';

export interface PaymentMethodGroup {
  id: string;
  methodIds: string[];
  title: string;
  subtitle: string;
  type: string;
  customerTypes: CustomerType[];
  internalData: string;
  /** The representative example beside the subtitle's monthly cost (credit-disclosure.ts); null when none. */
  disclosure: GroupCreditDisclosure | null;
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

/** What a group is apart from the amount: everything but its subtitle's cost and its internalData. */
export interface GroupShape {
  id: string;
  members: readonly PaymentMethod[];
  methodIds: string[];
  title: string;
  type: string;
  customerTypes: CustomerType[];
  /** The subtitle when no plan of a member gives a monthly cost to show. */
  subtitleWithoutCost: string;
}

export function groupShapeOf(store: Store, members: readonly PaymentMethod[]): GroupShape {
  const first = members[0]!;
  const supported = new Set(members.flatMap(customerTypesOf));
  const methodIds = members.map((m) => m.id);
  return {
    id: groupIdOf(methodIds),
    members,
    methodIds,
    title: members.length > 1 ? store.bundleTitle : first.name,
    type: first.type,
    customerTypes: CUSTOMER_TYPES.filter((t) => supported.has(t)),
    subtitleWithoutCost: members.length === 1 ? first.description : '',
  };
}

/** A group of the given shape with its subtitle, internalData and disclosure (the compiled offers pass placeholders). */
export function groupFromShape(
  shape: GroupShape,
  subtitle: string,
  internalData: string,
  disclosure: GroupCreditDisclosure | null,
): PaymentMethodGroup {
  const { id, methodIds, title, type, customerTypes } = shape;
  // `disclosure` last: the compiled offers (offer-template.ts) fill it in right after internalData.
  return { id, methodIds, title, subtitle, type, customerTypes, internalData, disclosure };
}

/**
 * `monthlyFrom`: the subtitle naming a monthly cost in `language` (generated-texts.ts); the store and
 * members in it too. `link`: where the session's price-information pages are; without one (no
 * shopper's session: the merchant's explanation of an offer) no group has a disclosure.
 */
export function groupOf(
  store: Store,
  members: readonly PaymentMethod[],
  amount: Decimal,
  language: Language,
  monthlyFrom: MonthlyCostText,
  link?: PriceInformationLink,
): PaymentMethodGroup {
  const shape = groupShapeOf(store, members);
  const cost = lowestMonthlyCost(store, members, amount);
  const disclosures =
    cost !== undefined && link
      ? groupDisclosure(store, language, members, shape.customerTypes, amount, priceInformationUrl(link, formatDecimal(amount), shape.id))
      : null;
  return groupFromShape(
    shape,
    cost !== undefined ? monthlyFrom(cost) : shape.subtitleWithoutCost,
    encodeInternalData(internalDataOf(store, members, shape.title, amount, language, disclosures?.internal ?? null)),
    disclosures?.disclosure ?? null,
  );
}
