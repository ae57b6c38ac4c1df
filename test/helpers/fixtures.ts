// Small builders for domain objects in unit tests, and of admin API bodies.
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

/** The smallest admin API body of a payment method (PUT /admin/v1/payment-methods/{id}): a card for 0 … 100. */
export function adminCardMethod(storeId: string, name: string): Record<string, unknown> {
  return {
    storeId,
    name,
    type: 'CARD',
    minPurchaseLimit: 0,
    maxPurchaseLimit: 100,
    minApplicationLimit: 0,
    maxApplicationLimit: 100,
    enabledForLegalCustomer: true,
    enabledForNaturalCustomer: true,
  };
}
