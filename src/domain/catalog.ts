// The catalog as the domain sees it. Amounts are exact decimals; nothing here knows about HTTP
// or SQL.
import type { Decimal } from './money.ts';

export const CUSTOMER_TYPES = ['NATURAL', 'LEGAL'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

// The known payment method types depend on the operator's name: payment-method-types.ts.

export interface PaymentPlan {
  name: string;
  durationMonths: number;
  annuityFactor: Decimal;
  administrationFee: Decimal;
  setupFee: Decimal;
  interest: Decimal;
}

export interface LegalLink {
  url: string;
  type: string;
  appendAmount: boolean;
}

export interface PaymentMethod {
  id: string;
  storeId: string;
  sortOrder: number;
  name: string;
  description: string;
  type: string;
  minPurchaseLimit: Decimal;
  maxPurchaseLimit: Decimal;
  minApplicationLimit: Decimal;
  maxApplicationLimit: Decimal;
  legalLinks: LegalLink[];
  enabledForLegalCustomer: boolean;
  enabledForNaturalCustomer: boolean;
  campaign: { campaign: boolean; keywords: string[] };
  priceSignagePossible: boolean;
  plans: PaymentPlan[];
}

export interface Store {
  id: string;
  merchantId: string;
  name: string;
  currency: string;
  bundleTitle: string;
  minimumInvoiceAmount: Decimal;
}

/**
 * A store with its methods in display order (contract §4: sortOrder, then name compared byte-wise,
 * then id), the order the repository reads them in. Group retrieval works from this.
 */
export interface StoreMethods {
  store: Store;
  methods: PaymentMethod[];
}

export function customerTypesOf(method: PaymentMethod): CustomerType[] {
  const types: CustomerType[] = [];
  if (method.enabledForNaturalCustomer) types.push('NATURAL');
  if (method.enabledForLegalCustomer) types.push('LEGAL');
  return types;
}
