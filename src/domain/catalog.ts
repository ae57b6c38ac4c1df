// The catalog as the domain sees it. Amounts are exact decimals; nothing here knows about HTTP
// or SQL.
import type { Decimal } from './money.ts';

export const CUSTOMER_TYPES = ['NATURAL', 'LEGAL'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** Known payment method types. The enum is extensible: any other string is served as it is. */
export const KNOWN_PAYMENT_METHOD_TYPES = [
  'GENERIC',
  'PROVIDER_INVOICE',
  'PROVIDER_INVOICE_ACCOUNT',
  'PROVIDER_PART_PAYMENT_SELECT_LATER',
  'PROVIDER_PART_PAYMENT_SELECT_NOW',
  'PROVIDER_CARD',
  'PROVIDER_REVOLVING_CREDIT',
  'PROVIDER_NEW_REVOLVING_CREDIT',
  'NETS',
  'D2I',
  'SWISH',
  'TRUSTLY',
  'ZERO',
  'VIPPS',
  'MOBILEPAY',
  'CARD',
] as const;

export interface PaymentPlan {
  name: string;
  /** Shown with the plan on a product page; '' when the catalog gives none. */
  description?: string;
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

export interface Merchant {
  id: string;
  name: string;
}

/** An OAuth client of a merchant, as stored: the secret only as a hash (lib/secret-hash.ts). */
export interface Client {
  clientId: string;
  merchantId: string;
  secretHash: string;
  scopes: string[];
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
 * A store with its methods in display order (docs/session-api.md#groups: sortOrder, then name compared byte-wise,
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
