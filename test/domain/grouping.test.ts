import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { groupIdOf } from '../../src/domain/group-id.ts';
import { offerGroups as offerGroupsOf, type OfferQuery } from '../../src/domain/offer.ts';
import type { Language } from '../../src/domain/languages.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import { monthlyCost, lowestMonthlyCost } from '../../src/domain/price-signage.ts';
import type { PaymentMethod, StoreMethods } from '../../src/domain/catalog.ts';
import { dec, method, plan, store } from '../helpers/fixtures.ts';

/** Under the default prefix, PROVIDER; in English unless the query says otherwise. */
const offerGroups = (catalog: StoreMethods, query: Omit<OfferQuery, 'language'> & { language?: Language }) =>
  offerGroupsOf(catalog, { language: 'en', ...query }, DEFAULT_OPERATOR_TYPES);
const NOW = 'PROVIDER_PART_PAYMENT_SELECT_NOW';
const LATER = 'PROVIDER_PART_PAYMENT_SELECT_LATER';

function decode(internalData: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(internalData, 'base64').toString('utf8')) as Record<string, unknown>;
}

describe('group ids', () => {
  it('are SHA-256 of the sorted ids joined with commas', () => {
    const ids = ['b-id', 'a-id', 'c-id'];
    expect(groupIdOf(ids)).toBe(createHash('sha256').update('a-id,b-id,c-id').digest('hex'));
  });

  it('do not depend on order', () => {
    expect(groupIdOf(['x', 'y', 'z'])).toBe(groupIdOf(['z', 'x', 'y']));
    expect(groupIdOf(['x'])).not.toBe(groupIdOf(['x', 'y']));
  });
});

describe('grouping', () => {
  const invoice = method({ name: 'Invoice', sortOrder: 10 });
  const twelve = method({ name: '12 months', type: NOW, sortOrder: 20 });
  const card = method({ name: 'Card', type: 'CARD', sortOrder: 15, enabledForLegalCustomer: true });
  const twentyFour = method({ name: '24 months', type: NOW, sortOrder: 30 });
  const later = method({ name: 'Account', type: LATER, sortOrder: 40 });
  const laterBusiness = method({ name: 'Account B2B', type: LATER, sortOrder: 50, enabledForLegalCustomer: true });
  // Display order, as the repository reads them.
  const methods: PaymentMethod[] = [invoice, card, twelve, twentyFour, later, laterBusiness];
  const catalog = { store: store({ bundleTitle: 'Delbetalning' }), methods };

  it('bundles part payments by type and customer-type support, in display order', () => {
    const groups = offerGroups(catalog, { amount: dec('1000'), flattened: false });
    expect(groups.map((g) => g.methodIds)).toEqual([[invoice.id], [card.id], [twelve.id, twentyFour.id], [later.id], [laterBusiness.id]]);
    expect(groups.map((g) => g.title)).toEqual(['Invoice', 'Card', 'Delbetalning', 'Account', 'Account B2B']);
    expect(groups[2]!.type).toBe(NOW);
    expect(groups[4]!.customerTypes).toEqual(['NATURAL', 'LEGAL']);
    expect(groups[1]!.customerTypes).toEqual(['NATURAL', 'LEGAL']);
    expect(groups[0]!.customerTypes).toEqual(['NATURAL']);
  });

  it('reports the members’ customer types even when a customer type is asked for', () => {
    const groups = offerGroups(catalog, { amount: dec('1000'), customerType: 'LEGAL', flattened: false });
    expect(groups.map((g) => g.methodIds)).toEqual([[card.id], [laterBusiness.id]]);
    expect(groups[0]!.customerTypes).toEqual(['NATURAL', 'LEGAL']);
  });

  it('gives a business-only method the one customer type LEGAL', () => {
    const businessOnly = method({ name: 'Business invoice', enabledForNaturalCustomer: false, enabledForLegalCustomer: true });
    const groups = offerGroups({ store: store(), methods: [businessOnly] }, { amount: dec('1000'), flattened: false });
    expect(groups.map((g) => g.customerTypes)).toEqual([['LEGAL']]);
  });

  it('flattened gives one group per eligible method', () => {
    const groups = offerGroups(catalog, { amount: dec('1000'), flattened: true });
    expect(groups.map((g) => g.methodIds)).toEqual(methods.map((m) => [m.id]));
    expect(groups.map((g) => g.title)).toEqual(methods.map((m) => m.name));
    expect(groups[0]!.id).toBe(groupIdOf([invoice.id]));
  });

  it('a bundle of one keeps the method name and description', () => {
    const onlyTwelve = { store: store(), methods: [twelve] };
    const [group] = offerGroups(onlyTwelve, { amount: dec('1000'), flattened: false });
    expect(group!.title).toBe('12 months');
    expect(group!.subtitle).toBe(twelve.description);
  });

  it('a bundle stands where its first member stands', () => {
    const first = method({ type: NOW, sortOrder: 1 });
    const middle = method({ type: 'CARD', sortOrder: 2 });
    const last = method({ type: NOW, sortOrder: 3 });
    const groups = offerGroups({ store: store(), methods: [first, middle, last] }, { amount: dec('1'), flattened: false });
    expect(groups.map((g) => g.methodIds)).toEqual([[first.id, last.id], [middle.id]]);
    expect(groups[0]!.id).toBe(groupIdOf([last.id, first.id]));
  });

  it('serves unknown future types as they are, ungrouped', () => {
    const future = method({ type: 'PROVIDER_SOMETHING_NEW' });
    const [group] = offerGroups({ store: store(), methods: [future] }, { amount: dec('1'), flattened: false });
    expect(group!.type).toBe('PROVIDER_SOMETHING_NEW');
  });

  it('internalData is base64 JSON with at least type and methodIds', () => {
    const [, , bundle] = offerGroups(catalog, { amount: dec('1000'), flattened: false });
    const data = decode(bundle!.internalData);
    expect(data.type).toBe(NOW);
    expect(data.methodIds).toEqual([twelve.id, twentyFour.id]);
    expect(bundle!.internalData).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });

  it('internalData carries display-ready plan figures', () => {
    const m = method({
      type: NOW,
      plans: [plan({ annuityFactor: dec('0.046121852303'), administrationFee: dec('29.00'), interest: dec('0.099500000000') })],
    });
    const [group] = offerGroups({ store: store(), methods: [m] }, { amount: dec('1299.95'), flattened: false });
    const data = decode(group!.internalData) as { methods: Array<{ plans: Array<Record<string, unknown>> }> };
    expect(data.methods[0]!.plans[0]).toMatchObject({ monthlyCost: '89', administrationFee: '29', interestPercent: '9.95' });
  });
});

describe('price signage', () => {
  it('monthly cost is ceil(amount × annuityFactor + administrationFee), exactly', () => {
    expect(monthlyCost(plan({ annuityFactor: dec('0.07') }), dec('100.00'))).toBe(7n);
    expect(monthlyCost(plan({ annuityFactor: dec('0.07'), administrationFee: dec('29') }), dec('100.00'))).toBe(36n);
    expect(monthlyCost(plan({ annuityFactor: dec('0.046121852303'), administrationFee: dec('29') }), dec('1299.95'))).toBe(89n);
    expect(monthlyCost(plan({ annuityFactor: dec('0.083333333333') }), dec('1200'))).toBe(100n);
  });

  it('the subtitle shows the lowest cost at least the minimum invoice amount', () => {
    const a = method({ type: NOW, priceSignagePossible: true, plans: [plan({ annuityFactor: dec('0.1') })] });
    const b = method({ type: NOW, priceSignagePossible: true, plans: [plan({ annuityFactor: dec('0.05') })] });
    const s = store({ minimumInvoiceAmount: dec('60') });
    // 1000 × 0.1 = 100, 1000 × 0.05 = 50 (below 60, not shown).
    expect(lowestMonthlyCost(s, [a, b], dec('1000'))).toBe(100n);
    const [group] = offerGroups({ store: s, methods: [a, b] }, { amount: dec('1000'), flattened: false });
    expect(group!.subtitle).toBe('From 100 SEK/month');
    expect(offerGroups({ store: store(), methods: [a, b] }, { amount: dec('1000'), flattened: false })[0]!.subtitle).toBe(
      'From 50 SEK/month',
    );
  });

  it('falls back to the description of a one-method group, else the empty string', () => {
    const noSignage = method({ type: NOW, priceSignagePossible: false, plans: [plan()] });
    const alsoNone = method({ type: NOW, priceSignagePossible: false });
    const single = offerGroups({ store: store(), methods: [noSignage] }, { amount: dec('100'), flattened: false });
    expect(single[0]!.subtitle).toBe(noSignage.description);
    const bundle = offerGroups({ store: store(), methods: [noSignage, alsoNone] }, { amount: dec('100'), flattened: false });
    expect(bundle[0]!.subtitle).toBe('');
  });

  it('falls back when every cost is below the minimum invoice amount', () => {
    const m = method({ type: NOW, priceSignagePossible: true, plans: [plan({ annuityFactor: dec('0.01') })] });
    const [group] = offerGroups(
      { store: store({ minimumInvoiceAmount: dec('50') }), methods: [m] },
      { amount: dec('100'), flattened: false },
    );
    expect(group!.subtitle).toBe(m.description);
  });
});
