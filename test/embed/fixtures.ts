// A small store catalog for the storefront tests. Groups are computed by the service's own domain
// code (offerGroups), so the stub answers with exactly what the real endpoint would serve.
import { parseDecimal, type Decimal } from '../../src/domain/money.ts';
import { offerGroups } from '../../src/domain/offer.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import type { PaymentMethod, PaymentPlan, StoreMethods } from '../../src/domain/catalog.ts';
import type { PaymentMethodGroup } from '../../src/domain/grouping.ts';
import type { Language } from '../../src/domain/languages.ts';

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
