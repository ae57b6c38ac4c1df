// Random catalogs and amounts for property tests (fast-check): texts as catalogs may hold them,
// exact decimals, plans, methods and whole store catalogs, and the amounts of interest for a
// catalog (anywhere, and on and next to every limit). Shared by the compiled offers' tests
// (test/domain/offer-template.test.ts) and the order rules' (test/domain/order-rules.test.ts).
import fc from 'fast-check';
import { LANGUAGES, type Language } from '../../src/domain/languages.ts';
import type { PaymentMethod, PaymentPlan, StoreMethods } from '../../src/domain/catalog.ts';
import type { Decimal } from '../../src/domain/money.ts';
import { dec, store } from './fixtures.ts';

export const NOW = 'PROVIDER_PART_PAYMENT_SELECT_NOW';
export const LATER = 'PROVIDER_PART_PAYMENT_SELECT_LATER';

/** Text as a catalog may hold it: plain, any Unicode, JSON's special characters, the template's own placeholder spelling. */
export const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('', '"', '\\', '\u0000\n', '\u2028', '\ud800', 'pms-slot-0-', '"pms-slot-0-d0"', 'pms-slot-1-0'),
);

/** Translations of some of `fields` into some languages (docs/languages.md#translations). */
export const translationsOf = <F extends string>(...fields: F[]) =>
  fc.option(
    fc.dictionary(
      fc.constantFrom<Language>(...LANGUAGES),
      fc.record(Object.fromEntries(fields.map((f) => [f, text])) as Record<F, fc.Arbitrary<string>>, { requiredKeys: [] }),
      { maxKeys: 3 },
    ),
    { nil: undefined },
  );

/** A non-negative decimal with up to `maxScale` places. */
export const decimal = (maxUnits: bigint, maxScale: number) =>
  fc.record({ units: fc.bigInt({ min: 0n, max: maxUnits }), scale: fc.integer({ min: 0, max: maxScale }) });

export const planArbitrary: fc.Arbitrary<PaymentPlan> = fc.record({
  name: text,
  description: text,
  durationMonths: fc.integer({ min: 1, max: 120 }),
  // Factors as catalogs hold them (12 places), and short ones whose costs land exactly on whole
  // units and one hundredth past them (where a ceiling goes wrong first).
  annuityFactor: fc.oneof(decimal(10n ** 12n, 12), decimal(300n, 3), fc.constantFrom(dec('0.01'), dec('0.1'), dec('1'), dec('0'))),
  administrationFee: fc.oneof(decimal(100_000n, 3), decimal(50n, 0)),
  setupFee: decimal(100_000n, 2),
  interest: decimal(10_000n, 4),
  translations: translationsOf('name', 'description'),
});

export const methodArbitrary = (index: number): fc.Arbitrary<PaymentMethod> =>
  fc
    .record({
      name: text,
      description: text,
      type: fc.constantFrom(NOW, NOW, LATER, 'PROVIDER_INVOICE', 'CARD', 'SOMETHING_NEW'),
      min: decimal(30_000_000n, 3),
      span: decimal(30_000_000n, 3),
      natural: fc.boolean(),
      legal: fc.boolean(),
      campaign: fc.boolean(),
      keywords: fc.array(fc.constantFrom('BLACKWEEK', 'blackweek', 'Summer', 'ÅR'), { maxLength: 2 }),
      priceSignagePossible: fc.boolean(),
      plans: fc.array(planArbitrary, { maxLength: 4 }),
      links: fc.array(
        fc.record({
          url: text,
          type: fc.constantFrom('SECCI', 'PRICE_INFO'),
          appendAmount: fc.boolean(),
          language: fc.constantFrom(undefined, 'sv', 'en', 'fi', 'no', 'de'),
        }),
        { maxLength: 3 },
      ),
      translations: translationsOf('name', 'description'),
    })
    .map((m) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      storeId: '00000000-0000-4000-8000-000000000001',
      sortOrder: index,
      name: m.name,
      description: m.description,
      type: m.type,
      minPurchaseLimit: m.min,
      maxPurchaseLimit: addDecimals(m.min, m.span),
      minApplicationLimit: m.min,
      maxApplicationLimit: addDecimals(m.min, m.span),
      legalLinks: m.links,
      enabledForNaturalCustomer: m.natural,
      enabledForLegalCustomer: m.legal,
      campaign: { campaign: m.campaign, keywords: m.keywords },
      priceSignagePossible: m.priceSignagePossible,
      plans: m.plans,
      translations: m.translations,
    }));

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale), scale };
}

export const catalogArbitrary: fc.Arbitrary<StoreMethods> = fc
  .record({
    currency: fc.oneof(fc.constantFrom('SEK', 'EUR', 'NOK'), text),
    bundleTitle: fc.oneof(text, fc.constant('Part payment')),
    countryCode: fc.constantFrom('SE', 'NO', 'DK', 'FI', 'DE'),
    translations: translationsOf('bundleTitle', 'creditWarning'),
    creditWarning: fc.option(fc.oneof(text, fc.constant('')), { nil: undefined }),
    minimumInvoiceAmount: fc.oneof(decimal(100_000n, 2), decimal(30n, 0)),
    count: fc.integer({ min: 0, max: 10 }),
  })
  .chain(({ count, ...s }) =>
    fc.tuple(...Array.from({ length: count }, (_, i) => methodArbitrary(i + 1))).map((methods) => ({
      store: store(s),
      methods,
    })),
  );

/** An amount as a storefront may send it (the query pattern), with leading zeros at times. */
export function amountText(cents: bigint, decimals: 0 | 1 | 2, zeros: number): string {
  const whole = (cents / 100n).toString();
  const fraction = (cents % 100n).toString().padStart(2, '0');
  const written = decimals === 0 ? whole : decimals === 1 ? `${whole}.${fraction[0]}` : `${whole}.${fraction}`;
  return '0'.repeat(zeros) + written;
}

/** Amounts of interest for a catalog: anywhere, and on and next to each limit. */
export function amountArbitrary(catalog: StoreMethods): fc.Arbitrary<string> {
  const limits = catalog.methods.flatMap((m) => [m.minPurchaseLimit, m.maxPurchaseLimit]);
  const near = limits.flatMap((limit) => {
    const cents = (limit.units * 100n) / 10n ** BigInt(limit.scale);
    return [cents - 1n, cents, cents + 1n].filter((c) => c >= 0n);
  });
  const anywhere = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.bigInt({ min: 0n, max: 1_000_000n }));
  const cents = near.length > 0 ? fc.oneof(anywhere, fc.constantFrom(...near)) : anywhere;
  // Whole amounts written without decimals must not lose their cents: only cents that are whole.
  return fc
    .tuple(cents, fc.constantFrom<0 | 1 | 2>(0, 1, 2), fc.constantFrom(0, 0, 0, 1, 3))
    .map(([c, decimals, zeros]) => amountText(decimals === 0 ? (c / 100n) * 100n : decimals === 1 ? (c / 10n) * 10n : c, decimals, zeros));
}
