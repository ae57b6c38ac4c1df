// Small builders for domain objects in unit tests, and of catalog file and admin API bodies.
import { parseDecimal, type Decimal } from '../../src/domain/money.ts';
import type { PaymentMethod, PaymentPlan, Store } from '../../src/domain/catalog.ts';

export function dec(text: string): Decimal {
  const value = parseDecimal(text);
  if (!value) throw new Error(`bad decimal in test: ${text}`);
  return value;
}

export function store(overrides: Partial<Store> = {}): Store {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    merchantId: 'm-test',
    name: 'Test store',
    currency: 'SEK',
    bundleTitle: 'Part payment',
    minimumInvoiceAmount: dec('0'),
    countryCode: 'SE',
    nationalStoreId: 1,
    ...overrides,
  };
}

export function plan(overrides: Partial<PaymentPlan> = {}): PaymentPlan {
  return {
    name: '12 months',
    durationMonths: 12,
    annuityFactor: dec('0.083333333333'),
    administrationFee: dec('0'),
    setupFee: dec('0'),
    interest: dec('0'),
    ...overrides,
  };
}

let counter = 0;
export function method(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    storeId: '00000000-0000-4000-8000-000000000001',
    sortOrder: counter,
    name: `Method ${counter}`,
    description: `Description ${counter}`,
    type: 'PROVIDER_INVOICE',
    minPurchaseLimit: dec('0'),
    maxPurchaseLimit: dec('50000'),
    minApplicationLimit: dec('0'),
    maxApplicationLimit: dec('50000'),
    legalLinks: [],
    enabledForLegalCustomer: false,
    enabledForNaturalCustomer: true,
    campaign: { campaign: false, keywords: [] },
    priceSignagePossible: false,
    plans: [],
    ...overrides,
  };
}

/** `count` UUIDs of a test's catalog, `${series}-0000-4000-8000-000000000001` on: readable in a failure, distinct per series. */
export function testIds<N extends number>(series: string, count: N): Strings<N> {
  return Array.from({ length: count }, (_, index) => `${series}-0000-4000-8000-${String(index + 1).padStart(12, '0')}`) as Strings<N>;
}

/** A tuple of N strings, so that `const [A, B] = testIds(…, 2)` types A and B as strings. */
type Strings<N extends number, T extends string[] = []> = T['length'] extends N ? T : Strings<N, [...T, string]>;

/**
 * A payment method as the catalog file and the admin API take it (JSON numbers and strings): an
 * invoice for 0 … 50,000 to consumers in `storeId`, with `overrides` (an `id` for the catalog file).
 */
export function catalogMethod(storeId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    storeId,
    name: 'Method',
    type: 'PROVIDER_INVOICE',
    minPurchaseLimit: 0,
    maxPurchaseLimit: 50000,
    minApplicationLimit: 0,
    maxApplicationLimit: 50000,
    enabledForLegalCustomer: false,
    enabledForNaturalCustomer: true,
    ...overrides,
  };
}

/** The smallest admin API body of a payment method (PUT /admin/v1/payment-methods/{id}): a card for 0 … 100. */
export function adminCardMethod(storeId: string, name: string): Record<string, unknown> {
  return catalogMethod(storeId, { name, type: 'CARD', maxPurchaseLimit: 100, maxApplicationLimit: 100, enabledForLegalCustomer: true });
}

/**
 * Storefront groups as the merchant's eligibility explanation gives them: without a shopper's session
 * there is no price-information link, so no credit disclosure (null, in internalData too).
 */
export function withoutDisclosures(groups: unknown): unknown {
  return (groups as Array<{ internalData: string; disclosure: unknown }>).map((g) => {
    const data = JSON.parse(Buffer.from(g.internalData, 'base64').toString('utf8')) as { disclosure: unknown };
    data.disclosure = null;
    return { ...g, internalData: Buffer.from(JSON.stringify(data), 'utf8').toString('base64'), disclosure: null };
  });
}

/** A merchant backend's client as the catalog file takes it: `<name>-backend`, with the merchant API's scope. */
export function merchantBackend(
  name: string,
  merchantId: string,
): { clientId: string; clientSecret: string; merchantId: string; scopes: string[] } {
  return { clientId: `${name}-backend`, clientSecret: `${name}-secret-0123456789`, merchantId, scopes: ['merchant-api'] };
}

/** Part-payment plans as the catalog file writes them: 24 and 36 months at 9.95 % with a fee of 29 a month. */
export const PLAN_24_MONTHS = {
  name: '24 månader',
  durationMonths: 24,
  annuityFactor: 0.046121852303,
  administrationFee: 29,
  interest: 0.0995,
};
export const PLAN_36_MONTHS = { name: '36 månader', durationMonths: 36, annuityFactor: 0.0322, administrationFee: 29, interest: 0.0995 };
