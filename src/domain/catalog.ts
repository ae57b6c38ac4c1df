// The catalog as the domain sees it. Amounts are exact decimals; nothing here knows about HTTP
// or SQL.
import { languageOfCountry, type Language } from './languages.ts';
import type { Decimal } from './money.ts';
import type { ProductType } from './product-types.ts';

/**
 * Translations of an entity's texts (docs/languages.md#translations): by language, the translated
 * fields. A text without one for a language is served as written (in the store's language).
 */
export type Translations<Field extends string> = Partial<Record<Language, Partial<Record<Field, string>>>>;

export const PLAN_TRANSLATED_FIELDS = ['name', 'description'] as const;
export const METHOD_TRANSLATED_FIELDS = ['name', 'description'] as const;
export const STORE_TRANSLATED_FIELDS = ['bundleTitle', 'creditWarning'] as const;
export type PlanTranslations = Translations<(typeof PLAN_TRANSLATED_FIELDS)[number]>;
export type MethodTranslations = Translations<(typeof METHOD_TRANSLATED_FIELDS)[number]>;
export type StoreTranslations = Translations<(typeof STORE_TRANSLATED_FIELDS)[number]>;

export const CUSTOMER_TYPES = ['NATURAL', 'LEGAL'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

// The known payment method types depend on the operator's name: payment-method-types.ts.

export interface PaymentPlan {
  name: string;
  /** Shown with the plan on a product page; '' when the catalog gives none. */
  description?: string;
  durationMonths: number;
  annuityFactor: Decimal;
  administrationFee: Decimal;
  setupFee: Decimal;
  interest: Decimal;
  /** Of name and description; {} or undefined when none. */
  translations?: PlanTranslations | undefined;
}

export interface LegalLink {
  url: string;
  /** PRICE_INFO, SECCI and GENERAL_TERMS are in use; others are kept as they are. */
  type: string;
  appendAmount: boolean;
  /** ISO 639-1; undefined: the language of the store's country (legalLinkLanguage). */
  language?: string | undefined;
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
  /** Of name and description; {} or undefined when none. */
  translations?: MethodTranslations | undefined;
  /** Offered from this instant (epoch ms, inclusive); undefined: since always (domain/windows.ts). */
  activeFrom?: number | undefined;
  /** Offered until this instant (epoch ms, exclusive); undefined: for good. */
  activeUntil?: number | undefined;
  /** Not offered for an order holding any of these kinds of goods (order-rules.ts); undefined or []: none. */
  excludedProductTypes?: readonly ProductType[] | undefined;
  /**
   * The billing countries (ISO 3166-1 alpha-2) the method is offered in when a session names one
   * (order-rules.ts); undefined: the store's country alone, following it if it changes.
   */
  countries?: readonly string[] | undefined;
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
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /**
   * The operator's store number (≥ 1, unique). Always set on a stored store; undefined in a write
   * that leaves it to the service (the next free number is assigned, then kept).
   */
  nationalStoreId: number | undefined;
  organizationNumber?: string | undefined;
  /**
   * Beside every monthly cost shown to a consumer (credit-disclosure.ts), in the store's language:
   * null or undefined gives the language's default, '' shows none. At most 500 characters.
   */
  creditWarning?: string | null | undefined;
  /** Of bundleTitle and creditWarning; {} or undefined when none. */
  translations?: StoreTranslations | undefined;
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
  // Stryker disable next-line ArrayDeclaration: equivalent, callers keep only the CUSTOMER_TYPES in it
  const types: CustomerType[] = [];
  if (method.enabledForNaturalCustomer) types.push('NATURAL');
  if (method.enabledForLegalCustomer) types.push('LEGAL');
  return types;
}

/** A store's country when the catalog gives none. */
export const DEFAULT_COUNTRY_CODE = 'SE';

/** A legal link's language: its own, else the language of the store's country (English elsewhere). */
export function legalLinkLanguage(link: LegalLink, store: Pick<Store, 'countryCode'>): string {
  return link.language ?? languageOfCountry(store.countryCode);
}
