// The merchant's rules for one order (domain/order-rules.ts): each rule alone, every pairing, the
// canonical form and its key, and group retrieval's compiled offers (services/offer-renderer.ts)
// against a reference implementation of the rules written here, for random catalogs, rule sets,
// amounts, customer types and flattening.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerType, PaymentMethod, StoreMethods } from '../../src/domain/catalog.ts';
import { priceInformationLink } from '../../src/domain/credit-disclosure.ts';
import { LANGUAGES, type Language } from '../../src/domain/languages.ts';
import { parseDecimal } from '../../src/domain/money.ts';
import { offerGroups, explainOffer } from '../../src/domain/offer.ts';
import type { GroupsSerializer } from '../../src/domain/offer-template.ts';
import {
  canonicalOrderRules,
  methodCountries,
  orderRuleReasons,
  orderRulesText,
  PRODUCT_TYPES,
  type OrderRules,
  type ProductType,
} from '../../src/domain/order-rules.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import { OfferRenderer } from '../../src/services/offer-renderer.ts';
import { groupsSerializer } from '../helpers/groups-serializer.ts';
import { amountArbitrary, catalogArbitrary } from '../helpers/catalog-arbitraries.ts';
import { dec, method, store } from '../helpers/fixtures.ts';

let serialize: GroupsSerializer;
beforeAll(async () => {
  serialize = await groupsSerializer();
});

const SE = store({ countryCode: 'SE' });
const INVOICE = method({ type: 'PROVIDER_INVOICE' });
const CARD = method({ type: 'CARD' });

describe('order rules, one at a time', () => {
  it('narrow nothing when absent or empty', () => {
    expect(orderRuleReasons(INVOICE, SE, undefined)).toEqual([]);
    expect(orderRuleReasons(INVOICE, SE, {})).toEqual([]);
    expect(canonicalOrderRules({})).toBeUndefined();
    expect(orderRulesText(undefined)).toBe('');
    expect(orderRulesText(undefined)).toBe('');
  });

  it('allowedPaymentMethods: only methods named by type or id are offered', () => {
    expect(orderRuleReasons(INVOICE, SE, { allowedPaymentMethods: ['PROVIDER_INVOICE'] })).toEqual([]);
    expect(orderRuleReasons(INVOICE, SE, { allowedPaymentMethods: [INVOICE.id] })).toEqual([]);
    expect(orderRuleReasons(CARD, SE, { allowedPaymentMethods: ['PROVIDER_INVOICE', INVOICE.id] })).toEqual([
      'NOT_IN_ALLOWED_PAYMENT_METHODS',
    ]);
    // An id of another case names the same method (ids are canonical in lower case).
    const upper = canonicalOrderRules({ allowedPaymentMethods: [INVOICE.id.toUpperCase()] });
    expect(orderRuleReasons(INVOICE, SE, upper)).toEqual([]);
  });

  it('blockedPaymentMethods: a method named by type or id is never offered', () => {
    expect(orderRuleReasons(CARD, SE, { blockedPaymentMethods: ['CARD'] })).toEqual(['IN_BLOCKED_PAYMENT_METHODS']);
    expect(orderRuleReasons(CARD, SE, { blockedPaymentMethods: [CARD.id] })).toEqual(['IN_BLOCKED_PAYMENT_METHODS']);
    expect(orderRuleReasons(INVOICE, SE, { blockedPaymentMethods: ['CARD', CARD.id] })).toEqual([]);
  });

  it('productTypes: a method excluding any kind of goods in the order is not offered', () => {
    const credit = { ...INVOICE, excludedProductTypes: ['GIFT_CARD', 'SUBSCRIPTION'] as ProductType[] };
    expect(orderRuleReasons(credit, SE, { productTypes: ['PHYSICAL', 'GIFT_CARD'] })).toEqual(['PRODUCT_TYPE_EXCLUDED']);
    expect(orderRuleReasons(credit, SE, { productTypes: ['PHYSICAL', 'DIGITAL'] })).toEqual([]);
    // A method without exclusions takes any goods.
    expect(orderRuleReasons(INVOICE, SE, { productTypes: [...PRODUCT_TYPES] })).toEqual([]);
    expect(orderRuleReasons({ ...INVOICE, excludedProductTypes: [] }, SE, { productTypes: ['GIFT_CARD'] })).toEqual([]);
  });

  it("country: a method serves its own countries, by default its store's alone", () => {
    expect(methodCountries(INVOICE, SE)).toEqual(['SE']);
    expect(orderRuleReasons(INVOICE, SE, { country: 'SE' })).toEqual([]);
    expect(orderRuleReasons(INVOICE, SE, { country: 'NO' })).toEqual(['COUNTRY_NOT_SERVED']);
    const nordic = { ...INVOICE, countries: ['NO', 'DK'] };
    expect(orderRuleReasons(nordic, SE, { country: 'NO' })).toEqual([]);
    // Its own list replaces the default: the store's country is served only when listed.
    expect(orderRuleReasons(nordic, SE, { country: 'SE' })).toEqual(['COUNTRY_NOT_SERVED']);
    // The default follows the store's country.
    expect(orderRuleReasons(INVOICE, store({ countryCode: 'FI' }), { country: 'FI' })).toEqual([]);
  });

  it('customerType is no rule of a method here (group retrieval answers for it), so it adds no reason', () => {
    expect(orderRuleReasons(INVOICE, SE, { customerType: 'LEGAL' })).toEqual([]);
  });
});

describe('order rules, in pairs', () => {
  const credit = { ...INVOICE, excludedProductTypes: ['GIFT_CARD'] as ProductType[], countries: ['SE', 'NO'] };

  it('blocked wins over allowed, by type or by id, in either spelling', () => {
    expect(orderRuleReasons(CARD, SE, { allowedPaymentMethods: ['CARD'], blockedPaymentMethods: ['CARD'] })).toEqual([
      'IN_BLOCKED_PAYMENT_METHODS',
    ]);
    expect(orderRuleReasons(CARD, SE, { allowedPaymentMethods: ['CARD'], blockedPaymentMethods: [CARD.id] })).toEqual([
      'IN_BLOCKED_PAYMENT_METHODS',
    ]);
    expect(orderRuleReasons(CARD, SE, { allowedPaymentMethods: [CARD.id], blockedPaymentMethods: ['CARD'] })).toEqual([
      'IN_BLOCKED_PAYMENT_METHODS',
    ]);
  });

  it('give every reason a method fails, in the documented order', () => {
    const all: OrderRules = {
      allowedPaymentMethods: ['CARD'],
      blockedPaymentMethods: ['PROVIDER_INVOICE'],
      productTypes: ['GIFT_CARD'],
      country: 'DK',
    };
    expect(orderRuleReasons(credit, SE, all)).toEqual([
      'NOT_IN_ALLOWED_PAYMENT_METHODS',
      'IN_BLOCKED_PAYMENT_METHODS',
      'PRODUCT_TYPE_EXCLUDED',
      'COUNTRY_NOT_SERVED',
    ]);
  });

  it('each pair of rules: a method passes both only when it passes each alone', () => {
    const rules: OrderRules[] = [
      { allowedPaymentMethods: ['PROVIDER_INVOICE'] },
      { allowedPaymentMethods: ['CARD'] },
      { blockedPaymentMethods: [credit.id] },
      { blockedPaymentMethods: ['SWISH'] },
      { productTypes: ['GIFT_CARD'] },
      { productTypes: ['PHYSICAL'] },
      { country: 'NO' },
      { country: 'FI' },
    ];
    for (const a of rules) {
      for (const b of rules) {
        const both = orderRuleReasons(credit, SE, { ...a, ...b });
        // Two rules of one field: the second replaces the first (an object has one value per field).
        const fields = new Set([...Object.keys(a), ...Object.keys(b)]);
        if (fields.size < 2) continue;
        const expected = [...new Set([...orderRuleReasons(credit, SE, a), ...orderRuleReasons(credit, SE, b)])];
        expect(new Set(both)).toEqual(new Set(expected));
      }
    }
  });
});

describe('canonical rules and their key', () => {
  it('sort the lists and lower-case the ids, so that the same rules in another order are the same', () => {
    const id = '8E03978E-40D5-43E8-BC93-6894A57F9324';
    const a = canonicalOrderRules({ allowedPaymentMethods: ['SWISH', id, 'CARD'], productTypes: ['SERVICE', 'DIGITAL'], country: 'SE' });
    const b = canonicalOrderRules({
      country: 'SE',
      productTypes: ['DIGITAL', 'SERVICE'],
      allowedPaymentMethods: [id.toLowerCase(), 'CARD', 'SWISH'],
    });
    expect(a).toEqual({ allowedPaymentMethods: [id.toLowerCase(), 'CARD', 'SWISH'], productTypes: ['DIGITAL', 'SERVICE'], country: 'SE' });
    expect(orderRulesText(a)).toBe(orderRulesText(b));
    expect(orderRulesText(a)).toBe(
      `{"allowedPaymentMethods":["${id.toLowerCase()}","CARD","SWISH"],"productTypes":["DIGITAL","SERVICE"],"country":"SE"}`,
    );
  });

  it('tell any two different rule sets apart', () => {
    const sets: OrderRules[] = [
      { allowedPaymentMethods: ['CARD'] },
      { blockedPaymentMethods: ['CARD'] },
      { productTypes: ['GIFT_CARD'] },
      { country: 'SE' },
      { country: 'NO' },
      { customerType: 'LEGAL' },
      { customerType: 'NATURAL' },
      { allowedPaymentMethods: ['CARD'], customerType: 'LEGAL' },
    ];
    const keys = sets.map((s) => orderRulesText(canonicalOrderRules(s)));
    expect(new Set(keys).size).toBe(sets.length);
  });

  it('are, written by hand, byte for byte what JSON.stringify writes of the fields in their order, and canonical as the plain definition', () => {
    // Any string, escapes included: the text is also made of what a stored row holds.
    const entry = fc.oneof(
      fc.constantFrom('CARD', 'SWISH', '8E03978E-40D5-43E8-BC93-6894A57F9324', '8e03978e-40d5-43e8-bc93-6894a57f9324'),
      fc.string(),
    );
    const list = fc.option(fc.array(entry, { minLength: 1, maxLength: 6 }), { nil: undefined });
    const rules = fc.record({
      allowedPaymentMethods: list,
      blockedPaymentMethods: list,
      productTypes: fc.option(fc.subarray([...PRODUCT_TYPES], { minLength: 1 }), { nil: undefined }),
      country: fc.option(fc.oneof(fc.constantFrom('SE', 'NO'), fc.string()), { nil: undefined }),
      customerType: fc.option(fc.constantFrom<CustomerType>('NATURAL', 'LEGAL'), { nil: undefined }),
    });
    fc.assert(
      fc.property(rules, (given) => {
        const lower = (l: readonly string[] | undefined) =>
          l &&
          [
            ...new Set(l.map((e) => (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(e) ? e.toLowerCase() : e))),
          ].sort();
        const expected = {
          allowedPaymentMethods: lower(given.allowedPaymentMethods),
          blockedPaymentMethods: lower(given.blockedPaymentMethods),
          productTypes: given.productTypes && [...new Set(given.productTypes)].sort(),
          country: given.country,
          customerType: given.customerType,
        };
        const canonical = canonicalOrderRules(given);
        const present = Object.values(expected).some((value) => value !== undefined);
        expect(canonical).toEqual(present ? JSON.parse(JSON.stringify(expected)) : undefined);
        expect(orderRulesText(canonical)).toBe(present ? JSON.stringify(expected) : '');
      }),
      { numRuns: 300, seed: 43 },
    );
    expect(orderRulesText({})).toBe('{}');
  });
});

// ---------------------------------------------------------------------------------------------
// Group retrieval against a reference implementation of the rules.

const COUNTRIES = ['SE', 'NO', 'DK', 'FI', 'DE'];

/** A catalog whose methods carry random excludedProductTypes and countries (some left to their defaults). */
const ruledCatalogArbitrary: fc.Arbitrary<StoreMethods> = catalogArbitrary.chain((catalog) =>
  fc
    .tuple(
      ...catalog.methods.map(() =>
        fc.record({
          excluded: fc.option(fc.subarray([...PRODUCT_TYPES]), { nil: undefined }),
          countries: fc.option(fc.subarray(COUNTRIES, { minLength: 1 }), { nil: undefined }),
        }),
      ),
    )
    .map((extras) => ({
      ...catalog,
      methods: catalog.methods.map((m, i) => ({ ...m, excludedProductTypes: extras[i]!.excluded, countries: extras[i]!.countries })),
    })),
);

/** Rules naming the catalog's own types and ids, and others it does not have. */
function rulesArbitrary(catalog: StoreMethods): fc.Arbitrary<OrderRules | undefined> {
  const names = [
    ...new Set([...catalog.methods.map((m) => m.type), ...catalog.methods.map((m) => m.id.toUpperCase()), 'SWISH', 'NOT_A_TYPE']),
  ];
  const list = fc.option(fc.subarray(names, { minLength: 1 }), { nil: undefined });
  return fc
    .record({
      allowedPaymentMethods: list,
      blockedPaymentMethods: list,
      productTypes: fc.option(fc.subarray([...PRODUCT_TYPES], { minLength: 1 }), { nil: undefined }),
      country: fc.option(fc.constantFrom(...COUNTRIES), { nil: undefined }),
    })
    .map((rules) => canonicalOrderRules(rules));
}

/** The rules as a merchant reads them in the documentation, written again without the module's code. */
function referenceAllows(m: PaymentMethod, storeCountry: string, rules: OrderRules | undefined): boolean {
  if (!rules) return true;
  const named = (list: readonly string[]) => list.some((entry) => entry === m.type || entry.toLowerCase() === m.id.toLowerCase());
  if (rules.allowedPaymentMethods && !named(rules.allowedPaymentMethods)) return false;
  if (rules.blockedPaymentMethods && named(rules.blockedPaymentMethods)) return false;
  if (rules.productTypes && (m.excludedProductTypes ?? []).some((t) => rules.productTypes!.includes(t))) return false;
  if (rules.country !== undefined && !(m.countries ?? [storeCountry]).includes(rules.country)) return false;
  return true;
}

const LINK = priceInformationLink('https://pay.example.com', '3f2b8c1e-5a4d-4e6f-9b7a-1c2d3e4f5a6b', undefined);

const questionArbitrary = fc.record({
  customerType: fc.constantFrom<CustomerType | undefined>(undefined, 'NATURAL', 'LEGAL'),
  campaign: fc.constantFrom<string | undefined>(undefined, undefined, 'BLACKWEEK', 'summer'),
  flattened: fc.boolean(),
  language: fc.constantFrom<Language>(...LANGUAGES),
});

describe('group retrieval with order rules', () => {
  it('offers what the reference allows: the same bytes as the catalog narrowed by it, for random rules, amounts, customer types and flattening', () => {
    fc.assert(
      fc.property(
        ruledCatalogArbitrary.chain((catalog) =>
          fc.tuple(
            fc.constant(catalog),
            // Several sessions' rules on one renderer: their kept answers must never be shared.
            fc.array(rulesArbitrary(catalog), { minLength: 1, maxLength: 3 }),
            questionArbitrary,
            fc.array(amountArbitrary(catalog), { minLength: 1, maxLength: 6 }),
          ),
        ),
        ([catalog, ruleSets, question, amounts]) => {
          const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
          // Each amount twice per rule set, interleaved: the second is answered from what was kept.
          for (const amount of [...amounts, ...amounts]) {
            for (const rules of ruleSets) {
              const request = { storeId: catalog.store.id, amount, ...question, link: LINK, rules, rulesKey: orderRulesText(rules) };
              const narrowed = { ...catalog, methods: catalog.methods.filter((m) => referenceAllows(m, catalog.store.countryCode, rules)) };
              const expected = serialize(
                offerGroups(narrowed, { ...question, link: LINK, amount: parseDecimal(amount)! }, DEFAULT_OPERATOR_TYPES),
              );
              expect(String(renderer.render(catalog, request, serialize).body)).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('explains the same: the straightforward path gives the reference verdict and the same groups', () => {
    fc.assert(
      fc.property(
        ruledCatalogArbitrary.chain((catalog) =>
          fc.tuple(fc.constant(catalog), rulesArbitrary(catalog), questionArbitrary, amountArbitrary(catalog)),
        ),
        ([catalog, rules, question, amount]) => {
          const explained = explainOffer(catalog, { ...question, amount: parseDecimal(amount)!, rules }, DEFAULT_OPERATOR_TYPES);
          const without = explainOffer(catalog, { ...question, amount: parseDecimal(amount)! }, DEFAULT_OPERATOR_TYPES);
          explained.methods.forEach((verdict, i) => {
            const allowed = referenceAllows(verdict.method, catalog.store.countryCode, rules);
            expect(verdict.eligible).toBe(without.methods[i]!.eligible && allowed);
            // The catalog's reasons first, unchanged; then the order's.
            expect(verdict.reasons.slice(0, without.methods[i]!.reasons.length)).toEqual(without.methods[i]!.reasons);
            expect(verdict.reasons.length > without.methods[i]!.reasons.length).toBe(!allowed);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('tags an answer with rules apart from the same bytes without them, and alike for the same rules', () => {
    const catalog: StoreMethods = { store: SE, methods: [{ ...INVOICE, minPurchaseLimit: dec('0'), maxPurchaseLimit: dec('1000') }] };
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const base = { storeId: SE.id, amount: '100', flattened: false, language: 'sv' as Language, link: LINK, customerType: undefined };
    // Blocking a method the store does not have changes no byte.
    const rules = canonicalOrderRules({ blockedPaymentMethods: ['SWISH'] });
    const plain = renderer.render(catalog, base, serialize);
    const ruled = renderer.render(catalog, { ...base, rules, rulesKey: orderRulesText(rules) }, serialize);
    expect(String(ruled.body)).toBe(String(plain.body));
    expect(ruled.etag).not.toBe(plain.etag);
    const again = new OfferRenderer(DEFAULT_OPERATOR_TYPES).render(catalog, { ...base, rules, rulesKey: orderRulesText(rules) }, serialize);
    expect(again.etag).toBe(ruled.etag);
    // An amount beyond any cart (answered the straightforward way) is tagged apart too.
    const huge = { ...base, amount: '1'.repeat(20) };
    expect(renderer.render(catalog, { ...huge, rules, rulesKey: orderRulesText(rules) }, serialize).etag).not.toBe(
      renderer.render(catalog, huge, serialize).etag,
    );
  });
});
