// Domain → the catalog's JSON shapes (docs/catalog.md#catalog-file). Amounts are exact decimals inside and JSON
// numbers on the wire (like the merchant listing), which carry any 2-decimal amount (and any
// 12-decimal factor below 10^3) exactly enough to round-trip as written.
import { decimalToNumber } from '../../domain/money.ts';
import type { PaymentMethod, Store } from '../../domain/catalog.ts';
import { presentPaymentMethodFields } from '../presenters/payment-method.ts';
import type { Page } from '../../services/admin/index.ts';
import type { ClientSummary } from '../../storage/repositories/clients.ts';
import type { Merchant } from '../../domain/catalog.ts';

export function presentMerchant(m: Merchant) {
  return { id: m.id, name: m.name };
}

export function presentStore(s: Store) {
  return {
    id: s.id,
    merchantId: s.merchantId,
    name: s.name,
    currency: s.currency,
    bundleTitle: s.bundleTitle,
    minimumInvoiceAmount: decimalToNumber(s.minimumInvoiceAmount),
    countryCode: s.countryCode,
    nationalStoreId: s.nationalStoreId!,
    ...(s.organizationNumber === undefined ? {} : { organizationNumber: s.organizationNumber }),
    translations: s.translations ?? {},
    // Shown when set ('' included); left out, each language's default is served.
    ...(s.creditWarning === undefined || s.creditWarning === null ? {} : { creditWarning: s.creditWarning }),
  };
}

/** Never the secret or its hash. */
export function presentClient(c: ClientSummary) {
  return { clientId: c.clientId, merchantId: c.merchantId, scopes: [...c.scopes] };
}

/**
 * The merchant listing's shape (docs/merchant-api.md#payment-method-fields) plus what only the catalog
 * holds: store, order, plans; legal links as stored (a language only where the catalog gave one).
 */
export function presentPaymentMethod(m: PaymentMethod) {
  return {
    ...presentPaymentMethodFields(m),
    legalLinks: m.legalLinks.map((l) => ({
      url: l.url,
      type: l.type,
      appendAmount: l.appendAmount,
      ...(l.language === undefined ? {} : { language: l.language }),
    })),
    storeId: m.storeId,
    sortOrder: m.sortOrder,
    plans: m.plans.map((p) => ({
      name: p.name,
      description: p.description ?? '',
      durationMonths: p.durationMonths,
      annuityFactor: decimalToNumber(p.annuityFactor),
      administrationFee: decimalToNumber(p.administrationFee),
      setupFee: decimalToNumber(p.setupFee),
      interest: decimalToNumber(p.interest),
      translations: p.translations ?? {},
    })),
    translations: m.translations ?? {},
  };
}

export function presentPage<T, R>(page: Page<T>, present: (item: T) => R) {
  return { content: page.content.map(present), page: page.page };
}
