// A small store catalog for the storefront tests. Groups are computed by the service's own domain
// code (offerGroups), so the stub answers with exactly what the real endpoint would serve.
import { formatDecimal, multiplyDecimal, parseDecimal, type Decimal } from '../../src/domain/money.ts';
import { priceSignageCosts } from '../../src/domain/price-signage.ts';
import { offerGroups } from '../../src/domain/offer.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import type { PaymentMethod, PaymentPlan, StoreMethods } from '../../src/domain/catalog.ts';
import type { PaymentMethodGroup } from '../../src/domain/grouping.ts';
import type { Language } from '../../src/domain/languages.ts';
import type { PriceInformationLink } from '../../src/domain/credit-disclosure.ts';

function decimal(text: string): Decimal {
  const value = parseDecimal(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
}

const STORE_ID = '0b6f3d1e-6a55-4c2b-9d6f-3f0b1c2d3e4f';
export const PRICE_INFO_URL = 'https://example.com/price-info?amount=';

function plan(months: number, annuityFactor: string, administrationFee: string, interest: string): PaymentPlan {
  return {
    name: `${months} months`,
    durationMonths: months,
    annuityFactor: decimal(annuityFactor),
    administrationFee: decimal(administrationFee),
    setupFee: decimal('0'),
    interest: decimal(interest),
  };
}

function method(
  sortOrder: number,
  fields: Pick<PaymentMethod, 'id' | 'name' | 'description' | 'type'> &
    Partial<Pick<PaymentMethod, 'plans' | 'priceSignagePossible' | 'legalLinks'>> & { min: string; max: string },
): PaymentMethod {
  return {
    id: fields.id,
    storeId: STORE_ID,
    sortOrder,
    name: fields.name,
    description: fields.description,
    type: fields.type,
    minPurchaseLimit: decimal(fields.min),
    maxPurchaseLimit: decimal(fields.max),
    minApplicationLimit: decimal(fields.min),
    maxApplicationLimit: decimal(fields.max),
    legalLinks: fields.legalLinks ?? [],
    enabledForLegalCustomer: false,
    enabledForNaturalCustomer: true,
    campaign: { campaign: false, keywords: [] },
    priceSignagePossible: fields.priceSignagePossible ?? false,
    plans: fields.plans ?? [],
  };
}

const priceInfo = [{ url: PRICE_INFO_URL, type: 'PRICE_INFO', appendAmount: true }];

/**
 * In display order: Invoice (0–50000), a part-payment bundle of two (1000–50000), Card (0–100000)
 * and Swish (0–2000), so raising the amount past 2000 drops Swish and keeps the others.
 */
export const CATALOG: StoreMethods = {
  store: {
    id: STORE_ID,
    merchantId: 'm-test',
    name: 'Test store',
    currency: 'SEK',
    bundleTitle: 'Part payment',
    minimumInvoiceAmount: decimal('0'),
    countryCode: 'SE',
    nationalStoreId: 1,
  },
  methods: [
    method(10, {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Invoice',
      description: 'Pay within 30 days',
      type: 'PROVIDER_INVOICE',
      min: '0',
      max: '50000',
      legalLinks: priceInfo,
    }),
    method(20, {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Delbetalning 12 mån',
      description: 'Dela upp betalningen',
      type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
      min: '1000',
      max: '50000',
      priceSignagePossible: true,
      plans: [plan(12, '0.0899', '29', '0.0995')],
      legalLinks: priceInfo,
    }),
    method(30, {
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Delbetalning 24 mån',
      description: 'Dela upp betalningen',
      type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
      min: '1000',
      max: '50000',
      priceSignagePossible: true,
      plans: [plan(24, '0.0469', '29', '0.0995')],
      legalLinks: priceInfo,
    }),
    method(40, {
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Kort – Visa & Mastercard',
      description: '',
      type: 'CARD',
      min: '0',
      max: '100000',
    }),
    method(50, {
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Swish',
      description: 'Pay with the Swish app',
      type: 'SWISH',
      min: '0',
      max: '2000',
    }),
  ],
};

export interface GroupsQuery {
  amount: string;
  customerType: 'NATURAL' | 'LEGAL' | undefined;
  flattened: boolean;
  /** The answer's language (the real endpoint chooses it from `locale`, the session's, the store's). */
  language: Language;
  /** The session's price-information pages: with it, groups with a monthly cost for consumers have a disclosure. */
  link?: PriceInformationLink | undefined;
}

/** The groups the real endpoint serves for this catalog and query. */
export function groupsFor(query: GroupsQuery): PaymentMethodGroup[] {
  return offerGroups(
    CATALOG,
    {
      amount: decimal(query.amount),
      customerType: query.customerType,
      flattened: query.flattened,
      language: query.language,
      link: query.link,
    },
    DEFAULT_OPERATOR_TYPES,
  );
}

/**
 * The groups as a service whose operator prefix is `prefix` (PROVIDER_PREFIX) serves them: the
 * same groups with every `PROVIDER_` type renamed, on the group and inside its internalData.
 * Renamed here rather than computed, so these tests do not hang on the server's prefix setting.
 */
export function withOperatorPrefix(groups: PaymentMethodGroup[], prefix: string): PaymentMethodGroup[] {
  const rename = (type: string) => type.replace(/^PROVIDER_/, `${prefix}_`);
  return groups.map((group) => {
    const data = JSON.parse(Buffer.from(group.internalData, 'base64').toString('utf8')) as { type: string };
    const internalData = Buffer.from(JSON.stringify({ ...data, type: rename(data.type) }), 'utf8').toString('base64');
    return { ...group, type: rename(group.type), internalData };
  });
}

/** A group's credit disclosure as the service serves it (docs/session-api.md#credit-disclosure-in-the-components). */
export interface FixtureDisclosure {
  text: string;
  warning: string | null;
  priceInformationUrl: string;
  /** The annual percentage rate as written inside `text`. */
  apr: string;
  /** The member whose plan the example describes. */
  paymentMethodId: string;
  durationMonths: number;
}

const WARNINGS: Readonly<Partial<Record<Language, string>>> = { en: 'Borrowing money costs money.', sv: 'Att låna kostar pengar!' };

/**
 * The disclosure of a group at `amount`: the plan with the lowest monthly cost among its members
 * (the one the subtitle names), its figures from the service's own price-signage code, written
 * with Intl in `<language>-SE` as the service writes them. English and Swedish, which is all the
 * tests read; undefined for a group without a monthly cost.
 */
export function disclosureOf(
  group: PaymentMethodGroup,
  amount: string,
  language: 'en' | 'sv',
  priceInformationUrl: string,
): FixtureDisclosure | undefined {
  const members = CATALOG.methods.filter((m) => group.methodIds.includes(m.id));
  const costs = members.flatMap((m) => priceSignageCosts(m, decimal(amount)).map((cost) => ({ ...cost, paymentMethodId: m.id })));
  const best = costs.reduce<(typeof costs)[number] | undefined>((low, c) => (!low || c.monthlyCost < low.monthlyCost ? c : low), undefined);
  if (!best) return undefined;
  const tag = `${language}-SE`;
  const money = (value: string) =>
    new Intl.NumberFormat(tag, { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }).format(Number(value));
  const rate = (percent: string) =>
    new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(percent) / 100);
  const purchase = new Intl.NumberFormat(tag, { style: 'currency', currency: 'SEK' }).format(Number(amount));
  const months = best.durationMonths;
  const monthly = money(best.monthlyCost.toString());
  const interest = rate(formatDecimal(multiplyDecimal(best.interest, { units: 100n, scale: 0 })));
  const setup = money(formatDecimal(best.setupFee));
  const admin = money(formatDecimal(best.administrationFee));
  const apr = rate(formatDecimal(best.effectiveInterest));
  const total = money(formatDecimal(best.totalCost));
  const text =
    language === 'sv'
      ? `Vid ett köp på ${purchase} och delbetalning på ${months} månader blir månadskostnaden ${monthly}, nominell ränta ${interest}, uppläggningsavgift ${setup} och administrationsavgift ${admin} per månad. Effektiv ränta ${apr}, totalt att betala ${total}.`
      : `A purchase of ${purchase} paid over ${months} months costs ${monthly} a month, at ${interest} nominal interest, a setup fee of ${setup} and an administration fee of ${admin} a month. APR ${apr}, total payable ${total}.`;
  return {
    text,
    warning: WARNINGS[language] ?? null,
    priceInformationUrl,
    apr,
    paymentMethodId: best.paymentMethodId,
    durationMonths: months,
  };
}

/** The members' legal links in internalData: as in the catalog, a PRICE_INFO page of each member's own, or none. */
export type FixtureLinks = 'catalog' | 'per-member' | 'none';

/** A member's own price-information page, for `per-member`. */
export const memberPriceInfoUrl = (methodId: string) => `https://example.com/price-info/${methodId}?amount=`;

/**
 * The groups with a disclosure, where a group has a monthly cost, and none elsewhere: in
 * internalData (what the components show) and on the group (of which they read the example's
 * member), with the members' legal links as `links` says.
 */
export function withDisclosures(
  groups: PaymentMethodGroup[],
  options: { amount: string; language: 'en' | 'sv'; priceInformationUrl: (group: PaymentMethodGroup) => string; links: FixtureLinks },
): Array<Omit<PaymentMethodGroup, 'disclosure'> & { disclosure: unknown }> {
  return groups.map((group) => {
    const found = disclosureOf(group, options.amount, options.language, options.priceInformationUrl(group));
    const data = JSON.parse(Buffer.from(group.internalData, 'base64').toString('utf8')) as {
      methods: Array<{ id: string; legalLinks: unknown[] }>;
    };
    const legalLinks = (id: string, links: unknown[]) =>
      options.links === 'catalog'
        ? links
        : options.links === 'none'
          ? []
          : [{ url: memberPriceInfoUrl(id), type: 'PRICE_INFO', appendAmount: true }];
    const methods = data.methods.map((m) => ({ ...m, legalLinks: legalLinks(m.id, m.legalLinks) }));
    const inData = found && { text: found.text, warning: found.warning, priceInformationUrl: found.priceInformationUrl, apr: found.apr };
    const internalData = Buffer.from(JSON.stringify({ ...data, methods, disclosure: inData ?? null }), 'utf8').toString('base64');
    const served = found && {
      text: found.text,
      warning: found.warning,
      priceInformationUrl: found.priceInformationUrl,
      example: { amount: options.amount, currency: 'SEK', paymentMethodId: found.paymentMethodId, durationMonths: found.durationMonths },
    };
    return { ...group, internalData, disclosure: served ?? null };
  });
}
