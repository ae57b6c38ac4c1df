// What a catalog change would change for shoppers (docs/catalog.md#change-preview): for every
// customer type and campaign, the ranges of cart amounts over which the groups offered today and
// the groups offered after the change differ.
//
// Which methods are offered changes only where an amount crosses a purchase limit. Cart amounts
// are whole cents, so a method is offered from the first cent at or above its minimum up to the
// last cent at or below its maximum: its boundaries are that first cent and the cent after that
// last one (100.005 → from 100.01; 99.999 → up to 99.99). Between two consecutive boundaries of
// either side both sides offer the same groups at every amount, so each side is evaluated once
// per interval, with group retrieval's own steps (offer.ts, explainOffer): the catalog in the
// language, eligibility, then grouping and the groups' shapes (ids, titles, types), leaving out
// only what the comparison ignores (subtitles, internalData). test/domain/change-preview.test.ts
// compares this with offerGroups at every cent of random catalogs and proposals.
//
// A method's rules for orders (excludedProductTypes, countries: order-rules.ts) change nothing for
// sessions without rules, so they are compared for the orders they concern too: an order holding
// one kind of goods, for each kind a method of either side excludes, and an order from one country,
// for each country either side names (a method's list, or a store's country, the default). Rules
// only take methods away, and an order's kinds and its country each take away their own methods, so
// these questions find every difference a session's rules can see. Such a change is told only where
// it is not the change sessions without rules are told, the same groups taken away and the same
// added (else a change of limits would be told again for every kind and country).
import { eligibleApartFromAmount, isEligible, normalizeCampaignKeyword } from './eligibility.ts';
import { groupShapeOf, partitionIntoGroups } from './grouping.ts';
import { languageOfCountry, type Language } from './languages.ts';
import { localizeCatalog, type LocalizedCatalog } from './localization.ts';
import { ceilToInteger, formatDecimal, multiplyDecimal, type Decimal } from './money.ts';
import { CUSTOMER_TYPES, type CustomerType, type PaymentMethod, type StoreMethods } from './catalog.ts';
import type { OperatorTypes } from './payment-method-types.ts';
import { allowedByOrderRules, methodCountries, PRODUCT_TYPES, type OrderRules, type ProductType } from './order-rules.ts';

/** A group as the preview compares it: what a shopper sees of it apart from its subtitle. */
export interface PreviewGroup {
  id: string;
  title: string;
  type: string;
}

/**
 * One maximal range of amounts (inclusive, in cents written with two decimals; `to` null: no
 * upper end) over which the groups offered differ, and over which each side stays the same.
 */
export interface OfferChange {
  customerType: CustomerType;
  /** A campaign keyword (as a session would carry it), or null for sessions without a campaign. */
  campaign: string | null;
  /** Only on a change that orders holding this kind of goods see (a method's excludedProductTypes). */
  productType?: ProductType;
  /** Only on a change that orders from this billing country see (a method's countries). */
  country?: string;
  from: string;
  to: string | null;
  before: PreviewGroup[];
  after: PreviewGroup[];
}

/**
 * The smallest amount group retrieval takes: its `amount` is `^\d+(\.\d{1,2})?$`, so 0.00 is a
 * valid cart amount (offer-template.ts, cartAmountOf).
 */
export const LOWEST_CART_CENTS = 0n;

const HUNDRED: Decimal = { units: 100n, scale: 0 };

/** The first cent at or above `limit`. */
function firstCentFrom(limit: Decimal): bigint {
  return ceilToInteger(multiplyDecimal(limit, HUNDRED));
}

/** The first cent above `limit`. */
function firstCentAbove(limit: Decimal): bigint {
  const scaled = multiplyDecimal(limit, HUNDRED);
  return scaled.units / 10n ** BigInt(scaled.scale) + 1n;
}

function centsText(cents: bigint): string {
  return formatDecimal({ units: cents, scale: 2 });
}

/** UTF-8 byte order (code point order), as the database's `collate "C"` compares names. */
function compareBytewise(a: string, b: string): number {
  // Stryker disable next-line StringLiteral: equivalent, Buffer.from's default encoding is UTF-8
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * Methods in a store's display order (sortOrder, then name compared byte-wise, then id), the
 * order the repository reads them in: a proposed list is put in it before it is compared.
 */
export function inDisplayOrder(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return [...methods].sort((a, b) => a.sortOrder - b.sortOrder || compareBytewise(a.name, b.name) || compareBytewise(a.id, b.id));
}

/**
 * The campaigns to compare: every keyword of a campaign method of either side, one spelling per
 * keyword as sessions match them (case-insensitively: the first spelling met), ordered by the
 * keyword as matched (lowercase), in code unit order.
 */
function campaignsOf(...catalogs: StoreMethods[]): string[] {
  const byNormalized = new Map<string, string>();
  for (const catalog of catalogs) {
    for (const method of catalog.methods) {
      if (!method.campaign.campaign) continue;
      for (const keyword of method.campaign.keywords) {
        const normalized = normalizeCampaignKeyword(keyword);
        if (!byNormalized.has(normalized)) byNormalized.set(normalized, keyword);
      }
    }
  }
  // sort()'s own order is code unit order: the keys are distinct, so no comparison is ever equal.
  return [...byNormalized.keys()].sort().map((normalized) => byNormalized.get(normalized)!);
}

/** One side of the comparison: its catalog in its language, and the groups of each eligible set met so far. */
class Side {
  private readonly localized: LocalizedCatalog;
  private readonly groupsByMembers = new Map<string, PreviewGroup[]>();

  constructor(
    readonly catalog: StoreMethods,
    language: Language,
    private readonly bundled: ReadonlySet<string>,
  ) {
    this.localized = localizeCatalog(catalog, language);
  }

  /**
   * The groups offered at `cents` (not flattened), as offerGroups forms them, apart from subtitles
   * and internalData; with `rules`, to a session with those rules for its order.
   */
  groupsAt(cents: bigint, customerType: CustomerType, campaign: string | undefined, rules?: OrderRules): PreviewGroup[] {
    const query = { amount: { units: cents, scale: 2 }, customerType, campaign };
    const store = this.catalog.store;
    const eligible = this.localized.methods.filter((m) => isEligible(m, query) && allowedByOrderRules(m, store, rules));
    // Stryker disable next-line StringLiteral,ConditionalExpression: equivalent, a memo (ids are UUIDs of one length, and recomputing gives the same groups)
    const key = eligible.map((m) => m.id).join(',');
    let groups = this.groupsByMembers.get(key);
    // Stryker disable next-line ConditionalExpression: equivalent, recomputing a memoized value gives the same groups
    if (!groups) {
      groups = partitionIntoGroups(eligible, false, this.bundled).map((members) => {
        const { id, title, type } = groupShapeOf(this.localized.store, members);
        return { id, title, type };
      });
      this.groupsByMembers.set(key, groups);
    }
    return groups;
  }
}

function samePreviewGroups(a: readonly PreviewGroup[], b: readonly PreviewGroup[]): boolean {
  return a.length === b.length && a.every((g, i) => g.id === b[i]!.id && g.title === b[i]!.title && g.type === b[i]!.type);
}

/** The groups of `a` that `b` does not offer (the same id, title and type), in `a`'s order. */
function groupsMissing(a: readonly PreviewGroup[], b: readonly PreviewGroup[]): PreviewGroup[] {
  return a.filter((g) => !b.some((h) => h.id === g.id && h.title === g.title && h.type === g.type));
}

/** Whether two changes (before, after) take away the same groups and add the same groups. */
function sameChange([before, after]: [PreviewGroup[], PreviewGroup[]], [before0, after0]: [PreviewGroup[], PreviewGroup[]]): boolean {
  return (
    samePreviewGroups(groupsMissing(before, after), groupsMissing(before0, after0)) &&
    samePreviewGroups(groupsMissing(after, before), groupsMissing(after0, before0))
  );
}

/**
 * `today` and `proposed`: a store's catalog now and as a change would leave it, each with its
 * methods in display order and as offered at the same moment (windows.ts, activeAt). `language`:
 * the texts compared (titles); by default each side in its own store's language, as a shopper
 * without a locale is served. Groups are bundled as group retrieval bundles them by default
 * (not flattened). Ordered by customer type (NATURAL, LEGAL), campaign (none first, then the
 * keywords), order (sessions without rules first, then each kind of goods, then each country:
 * ordersOf) and amount; [] when shoppers would be offered the same everywhere.
 */
export function previewChanges(today: StoreMethods, proposed: StoreMethods, operator: OperatorTypes, language?: Language): OfferChange[] {
  const sides: [Side, Side] = [
    new Side(today, language ?? languageOfCountry(today.store.countryCode), operator.bundled),
    new Side(proposed, language ?? languageOfCountry(proposed.store.countryCode), operator.bundled),
  ];
  const changes: OfferChange[] = [];
  const orders = ordersOf(today, proposed);
  for (const customerType of CUSTOMER_TYPES) {
    for (const campaign of [undefined, ...campaignsOf(today, proposed)]) {
      for (const order of orders) changes.push(...changesFor(sides, customerType, campaign, order));
    }
  }
  return changes;
}

/** An order whose rules may see a change: none (undefined), one kind of goods, or one country. */
type OrderQuestion = undefined | { productType: ProductType } | { country: string };

/**
 * The orders to compare: none first; then one per kind of goods a method of either side excludes
 * (in PRODUCT_TYPES order); then one per country either side names (code-unit order). Without any
 * method that has countries of its own, and with the store's country unchanged, the country is no
 * question: every method is offered there on both sides, as to sessions without a country.
 */
function ordersOf(...catalogs: StoreMethods[]): OrderQuestion[] {
  const kinds = new Set<ProductType>();
  const countries = new Set<string>();
  // A store whose country changes moves every method without countries of its own.
  let ownCountries = new Set(catalogs.map((c) => c.store.countryCode)).size > 1;
  for (const catalog of catalogs) {
    for (const method of catalog.methods) {
      for (const kind of method.excludedProductTypes ?? []) kinds.add(kind);
      if (method.countries !== undefined) ownCountries = true;
      for (const country of methodCountries(method, catalog.store)) countries.add(country);
    }
  }
  return [
    undefined,
    ...PRODUCT_TYPES.filter((kind) => kinds.has(kind)).map((productType) => ({ productType })),
    ...(ownCountries ? [...countries].sort().map((country) => ({ country })) : []),
  ];
}

/** The rules of a session with the order `order`. */
function rulesOf(order: OrderQuestion): OrderRules | undefined {
  if (order === undefined) return undefined;
  return 'productType' in order ? { productTypes: [order.productType] } : { country: order.country };
}

function changesFor(sides: [Side, Side], customerType: CustomerType, campaign: string | undefined, order: OrderQuestion): OfferChange[] {
  const question = { customerType, campaign };
  const rules = rulesOf(order);
  // Where either side's offer can change: each candidate's first cent and the cent past its last.
  const points = new Set<bigint>([LOWEST_CART_CENTS]);
  for (const { catalog } of sides) {
    for (const method of catalog.methods) {
      // Stryker disable next-line ConditionalExpression: equivalent, a method never offered for the question only adds points inside ranges that are then joined again
      if (!eligibleApartFromAmount(method, question)) continue;
      points.add(firstCentFrom(method.minPurchaseLimit));
      points.add(firstCentAbove(method.maxPurchaseLimit));
    }
  }
  // Cents fit a double exactly (limits are far below 2^53 cents); the points are distinct.
  const starts = [...points].filter((p) => p >= LOWEST_CART_CENTS).sort((a, b) => Number(a - b));

  const changes: OfferChange[] = [];
  let open: { from: bigint; to: bigint | null; before: PreviewGroup[]; after: PreviewGroup[] } | undefined;
  const close = () => {
    if (!open) return;
    changes.push({
      customerType,
      campaign: campaign ?? null,
      ...order,
      from: centsText(open.from),
      // Stryker disable next-line ConditionalExpression: equivalent, past every maximum both sides offer nothing, so no change is open-ended
      to: open.to === null ? null : centsText(open.to),
      // Copies: the groups of an eligible set are shared between ranges while computing.
      before: open.before.map((g) => ({ ...g })),
      after: open.after.map((g) => ({ ...g })),
    });
    open = undefined;
  };
  starts.forEach((from, index) => {
    const next = starts[index + 1];
    const to = next === undefined ? null : next - 1n;
    const before = sides[0].groupsAt(from, customerType, campaign, rules);
    const after = sides[1].groupsAt(from, customerType, campaign, rules);
    // An order's change that sessions without rules are told of as it is: told once, there.
    const toldWithoutRules =
      rules !== undefined &&
      sameChange([before, after], [sides[0].groupsAt(from, customerType, campaign), sides[1].groupsAt(from, customerType, campaign)]);
    if (samePreviewGroups(before, after) || toldWithoutRules) {
      close();
      return;
    }
    // Adjacent, and neither side changes across the boundary: one range.
    if (open && samePreviewGroups(open.before, before) && samePreviewGroups(open.after, after)) {
      open.to = to;
      return;
    }
    close();
    open = { from, to, before, after };
  });
  close();
  return changes;
}
