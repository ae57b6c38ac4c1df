// The price-information page's model (src/domain/price-information.ts) without HTTP: which group of
// the session's is found (eligibility at the amount and campaign, bundled and flattened shapes), when
// there is no page, and what a page holds (the localized store and title, the amount as a disclosure
// writes it, every plan in order with the named plan as the example, the warning, and the SECCI and
// general-terms documents in that order with the amount appended where the catalog asks).
import { describe, expect, it } from 'vitest';
import type { PaymentMethod, StoreMethods } from '../../src/domain/catalog.ts';
import { disclosureFormat, priceInformation } from '../../src/domain/credit-disclosure.ts';
import { generatedTexts } from '../../src/domain/generated-texts.ts';
import { groupIdOf } from '../../src/domain/group-id.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import {
  PRICE_INFORMATION_LINK_TYPES,
  offeredGroupMembers,
  priceInformationPage,
  type PriceInformationPage,
  type PriceInformationQuery,
} from '../../src/domain/price-information.ts';
import { dec, method, plan, store } from '../helpers/fixtures.ts';

const PART_PAYMENT = DEFAULT_OPERATOR_TYPES.typeOf('PART_PAYMENT_SELECT_NOW');

const partPayment = (overrides: Partial<PaymentMethod>) =>
  method({
    type: PART_PAYMENT,
    priceSignagePossible: true,
    maxPurchaseLimit: dec('100000'),
    maxApplicationLimit: dec('100000'),
    ...overrides,
  });

// At 10,000: 12 months cost 858 a month, 24 months 491, 36 months 349 (the cheapest, not first).
const TWELVE = plan({ name: '12 månader', durationMonths: 12, annuityFactor: dec('0.0858') });
const THIRTY_SIX = plan({ name: '36 månader', durationMonths: 36, annuityFactor: dec('0.0349') });
const TWENTY_FOUR = plan({ name: '24 månader', durationMonths: 24, annuityFactor: dec('0.0491') });

const INVOICE = method({ name: 'Faktura', description: 'Betala inom 30 dagar', maxPurchaseLimit: dec('20000') });
const SHORT = partPayment({
  name: 'Delbetalning kort',
  plans: [TWELVE],
  legalLinks: [
    { url: 'https://pay.example.com/terms/short', type: 'GENERAL_TERMS', appendAmount: false },
    { url: 'https://pay.example.com/price-info', type: 'PRICE_INFO', appendAmount: false },
    { url: 'https://pay.example.com/secci/short/sv', type: 'SECCI', appendAmount: false, language: 'sv' },
    { url: 'https://pay.example.com/secci/short/en', type: 'SECCI', appendAmount: false, language: 'en' },
  ],
});
// Its plans out of order in the catalog: the page shows them by duration, and the cheapest is the last.
const LONG = partPayment({
  name: 'Delbetalning lång',
  plans: [THIRTY_SIX, TWENTY_FOUR],
  translations: { en: { name: 'Long part payment' } },
  legalLinks: [
    { url: 'https://pay.example.com/secci/long?amount=', type: 'SECCI', appendAmount: true },
    { url: 'https://pay.example.com/terms/long?amount=', type: 'GENERAL_TERMS', appendAmount: true },
  ],
});
const CAMPAIGN = method({ name: 'Kampanj', campaign: { campaign: true, keywords: ['SOMMAR'] } });

const STORE = store({ bundleTitle: 'Delbetalning', translations: { en: { bundleTitle: 'Part payment', creditWarning: 'Credit costs.' } } });
const CATALOG: StoreMethods = { store: STORE, methods: [INVOICE, SHORT, LONG, CAMPAIGN] };

const BUNDLE = groupIdOf([SHORT.id, LONG.id]);

function query(overrides: Partial<PriceInformationQuery> = {}): PriceInformationQuery {
  return { amount: dec('10000'), campaign: undefined, language: 'sv', groupId: BUNDLE, ...overrides };
}

function pageOf(overrides: Partial<PriceInformationQuery> = {}, catalog: StoreMethods = CATALOG): PriceInformationPage {
  const outcome = priceInformationPage(catalog, query(overrides), DEFAULT_OPERATOR_TYPES);
  if (!('page' in outcome)) throw new Error(`no page: ${outcome.missing}`);
  return outcome.page;
}

const ids = (members: readonly PaymentMethod[] | undefined) => members?.map((m) => m.id);

describe('the group of a price-information page', () => {
  it('is the bundle of the part payments as group retrieval forms it, members in display order', () => {
    expect(ids(offeredGroupMembers(CATALOG, query(), DEFAULT_OPERATOR_TYPES))).toEqual([SHORT.id, LONG.id]);
  });

  it('is a single method, of a bundled type too (the flattened shape), or of any other type', () => {
    for (const single of [SHORT, LONG, INVOICE]) {
      expect(ids(offeredGroupMembers(CATALOG, query({ groupId: groupIdOf([single.id]) }), DEFAULT_OPERATOR_TYPES))).toEqual([single.id]);
    }
  });

  it('is found only among the methods eligible at the amount and the campaign', () => {
    const invoice = groupIdOf([INVOICE.id]);
    // The invoice's maximum is 20,000, inclusive.
    expect(ids(offeredGroupMembers(CATALOG, query({ groupId: invoice, amount: dec('20000') }), DEFAULT_OPERATOR_TYPES))).toEqual([
      INVOICE.id,
    ]);
    expect(offeredGroupMembers(CATALOG, query({ groupId: invoice, amount: dec('20000.01') }), DEFAULT_OPERATOR_TYPES)).toBeUndefined();
    const campaign = groupIdOf([CAMPAIGN.id]);
    expect(offeredGroupMembers(CATALOG, query({ groupId: campaign }), DEFAULT_OPERATOR_TYPES)).toBeUndefined();
    expect(ids(offeredGroupMembers(CATALOG, query({ groupId: campaign, campaign: 'sommar' }), DEFAULT_OPERATOR_TYPES))).toEqual([
      CAMPAIGN.id,
    ]);
  });

  it('is not found for an id that no group of the session has', () => {
    expect(offeredGroupMembers(CATALOG, query({ groupId: groupIdOf([INVOICE.id, SHORT.id]) }), DEFAULT_OPERATOR_TYPES)).toBeUndefined();
    expect(priceInformationPage(CATALOG, query({ groupId: 'f'.repeat(64) }), DEFAULT_OPERATOR_TYPES)).toEqual({ missing: 'not-offered' });
    expect(priceInformationPage(CATALOG, query({ groupId: groupIdOf([CAMPAIGN.id]) }), DEFAULT_OPERATOR_TYPES)).toEqual({
      missing: 'not-offered',
    });
  });
});

describe('a price-information page', () => {
  it('is missing where the subtitle names no monthly cost: no plan allows price signage, or the amount is 0', () => {
    expect(priceInformationPage(CATALOG, query({ groupId: groupIdOf([INVOICE.id]) }), DEFAULT_OPERATOR_TYPES)).toEqual({
      missing: 'no-monthly-cost',
    });
    // At 0 every plan costs 0, which the minimum invoice amount of 0 would admit: 0 is not a credit.
    expect(priceInformationPage(CATALOG, query({ amount: dec('0') }), DEFAULT_OPERATOR_TYPES)).toEqual({ missing: 'no-monthly-cost' });
    // Every cost below the store's minimum invoice amount.
    const minimum = { ...CATALOG, store: { ...STORE, minimumInvoiceAmount: dec('900') } };
    expect(priceInformationPage(minimum, query(), DEFAULT_OPERATOR_TYPES)).toEqual({ missing: 'no-monthly-cost' });
  });

  it('has the store, the bundle title, the amount and every plan in order, in the language asked', () => {
    const page = pageOf();
    expect(page.language).toBe('sv');
    expect(page.store).toBe(STORE);
    expect(page.title).toBe('Delbetalning');
    expect(page.amountText).toBe(disclosureFormat('sv', 'SE', 'SEK').amount('10000.00'));
    expect(page.amountText).toBe('10\u00a0000,00\u00a0kr');
    expect(page.plans.map((p) => [p.method.name, p.plan.name])).toEqual([
      ['Delbetalning kort', '12 månader'],
      ['Delbetalning lång', '24 månader'],
      ['Delbetalning lång', '36 månader'],
    ]);
    expect(page.plans.map((p) => p.text)).toEqual(priceInformation(STORE, 'sv', [SHORT, LONG], dec('10000')).map((p) => p.text));

    const english = pageOf({ language: 'en' });
    expect(english.language).toBe('en');
    expect(english.store.bundleTitle).toBe('Part payment');
    expect(english.title).toBe('Part payment');
    expect(english.amountText).toBe(disclosureFormat('en', 'SE', 'SEK').amount('10000.00'));
    expect(english.plans.map((p) => p.method.name)).toEqual(['Delbetalning kort', 'Long part payment', 'Long part payment']);
  });

  it("has the method's name as the title of a single method's group", () => {
    expect(pageOf({ groupId: groupIdOf([LONG.id]), language: 'en' }).title).toBe('Long part payment');
    expect(pageOf({ groupId: groupIdOf([SHORT.id]) }).title).toBe('Delbetalning kort');
  });

  it("has as its example the plan the subtitle names: the lowest monthly cost at or above the store's minimum", () => {
    const example = pageOf().example;
    expect([example.method.id, example.plan.name, example.costs.monthlyCost]).toEqual([LONG.id, '36 månader', 349n]);
    const page = pageOf();
    expect(page.plans.indexOf(page.example)).toBe(2);
    // Above 349 and 491: the 12 months' 858.
    const minimum = { ...CATALOG, store: { ...STORE, minimumInvoiceAmount: dec('500') } };
    const shortest = pageOf({}, minimum);
    expect([shortest.example.method.id, shortest.example.plan.name]).toEqual([SHORT.id, '12 månader']);
    expect(shortest.plans.indexOf(shortest.example)).toBe(0);
    // Above 349 only: the 24 months' 491, the first plan of the second member.
    const middle = pageOf({}, { ...CATALOG, store: { ...STORE, minimumInvoiceAmount: dec('400') } });
    expect([middle.example.method.id, middle.example.plan.name]).toEqual([LONG.id, '24 månader']);
    expect(middle.plans.indexOf(middle.example)).toBe(1);
  });

  it('has as its example the named plan of the named method, where another member shares the plan', () => {
    // The same plan object in two members (a catalog built once in memory); the first does not allow price signage.
    const quiet = partPayment({ name: 'Utan prisskyltning', priceSignagePossible: false, plans: [THIRTY_SIX] });
    const named = partPayment({ name: 'Med prisskyltning', plans: [THIRTY_SIX] });
    const page = pageOf({ groupId: groupIdOf([quiet.id, named.id]) }, { store: STORE, methods: [quiet, named] });
    expect(page.plans.map((p) => p.method.id)).toEqual([quiet.id, named.id]);
    expect(page.example.method.id).toBe(named.id);
    expect(page.example).toBe(page.plans[1]);
  });

  it("has the store's warning in the language asked, the generated one by default, and none where it is ''", () => {
    expect(pageOf().warning).toBe(generatedTexts('sv').creditWarning);
    expect(pageOf({ language: 'en' }).warning).toBe('Credit costs.');
    const own = { ...CATALOG, store: { ...STORE, creditWarning: 'Lån kostar.' } };
    expect(pageOf({}, own).warning).toBe('Lån kostar.');
    expect(pageOf({ language: 'en' }, own).warning).toBe('Credit costs.');
    expect(pageOf({ language: 'da' }, own).warning).toBe('Lån kostar.');
    expect(pageOf({}, { ...CATALOG, store: { ...STORE, creditWarning: '' } }).warning).toBeNull();
  });

  it('links the SECCI documents first, then the general terms, each in member order, in the language asked, with the amount as given where asked', () => {
    expect(PRICE_INFORMATION_LINK_TYPES).toEqual(['SECCI', 'GENERAL_TERMS']);
    const documents = (page: PriceInformationPage) => page.documents.map((d) => [d.type, d.method.id, d.url]);
    expect(documents(pageOf({ amount: dec('10000.5') }))).toEqual([
      ['SECCI', SHORT.id, 'https://pay.example.com/secci/short/sv'],
      ['SECCI', LONG.id, 'https://pay.example.com/secci/long?amount=10000.5'],
      ['GENERAL_TERMS', SHORT.id, 'https://pay.example.com/terms/short'],
      ['GENERAL_TERMS', LONG.id, 'https://pay.example.com/terms/long?amount=10000.5'],
    ]);
    expect(documents(pageOf({ language: 'en' }))[0]).toEqual(['SECCI', SHORT.id, 'https://pay.example.com/secci/short/en']);
    expect(documents(pageOf({ groupId: groupIdOf([LONG.id]) }))).toEqual([
      ['SECCI', LONG.id, 'https://pay.example.com/secci/long?amount=10000'],
      ['GENERAL_TERMS', LONG.id, 'https://pay.example.com/terms/long?amount=10000'],
    ]);
    // The method of each document is the localized one, as the page names it.
    expect(pageOf({ language: 'en' }).documents.map((d) => d.method.name)).toEqual([
      'Delbetalning kort',
      'Long part payment',
      'Delbetalning kort',
      'Long part payment',
    ]);
  });
});
