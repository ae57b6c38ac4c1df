import { describe, expect, it } from 'vitest';
import { ineligibilityReasons, isEligible } from '../../src/domain/eligibility.ts';
import { dec, method } from '../helpers/fixtures.ts';

describe('purchase limits', () => {
  const m = method({ minPurchaseLimit: dec('100'), maxPurchaseLimit: dec('5000.50') });

  it('are inclusive at both ends', () => {
    expect(isEligible(m, { amount: dec('100') })).toBe(true);
    expect(isEligible(m, { amount: dec('100.00') })).toBe(true);
    expect(isEligible(m, { amount: dec('5000.5') })).toBe(true);
    expect(isEligible(m, { amount: dec('5000.50') })).toBe(true);
  });

  it('exclude a cent outside', () => {
    expect(isEligible(m, { amount: dec('99.99') })).toBe(false);
    expect(isEligible(m, { amount: dec('5000.51') })).toBe(false);
    expect(ineligibilityReasons(m, { amount: dec('99.99') })).toEqual(['AMOUNT_BELOW_MINIMUM']);
    expect(ineligibilityReasons(m, { amount: dec('5000.51') })).toEqual(['AMOUNT_ABOVE_MAXIMUM']);
  });

  it('treat a huge amount as above every limit', () => {
    expect(ineligibilityReasons(m, { amount: dec('9'.repeat(5000)) })).toEqual(['AMOUNT_ABOVE_MAXIMUM']);
  });
});

describe('customer type', () => {
  const consumerOnly = method({ enabledForNaturalCustomer: true, enabledForLegalCustomer: false });
  const businessOnly = method({ enabledForNaturalCustomer: false, enabledForLegalCustomer: true });
  const neither = method({ enabledForNaturalCustomer: false, enabledForLegalCustomer: false });

  it('must be enabled when given', () => {
    expect(isEligible(consumerOnly, { amount: dec('10'), customerType: 'NATURAL' })).toBe(true);
    expect(ineligibilityReasons(consumerOnly, { amount: dec('10'), customerType: 'LEGAL' })).toEqual(['CUSTOMER_TYPE_NOT_ENABLED']);
    expect(isEligible(businessOnly, { amount: dec('10'), customerType: 'LEGAL' })).toBe(true);
  });

  it('needs at least one enabled type when not given', () => {
    expect(isEligible(consumerOnly, { amount: dec('10') })).toBe(true);
    expect(isEligible(businessOnly, { amount: dec('10') })).toBe(true);
    expect(ineligibilityReasons(neither, { amount: dec('10') })).toEqual(['CUSTOMER_TYPE_NOT_ENABLED']);
  });
});

describe('campaigns', () => {
  const regular = method();
  const blackWeek = method({ campaign: { campaign: true, keywords: ['BLACKWEEK', 'CyberMonday'] } });

  it('without a campaign, only non-campaign methods', () => {
    expect(isEligible(regular, { amount: dec('10') })).toBe(true);
    expect(ineligibilityReasons(blackWeek, { amount: dec('10') })).toEqual(['CAMPAIGN_METHOD_WITHOUT_CAMPAIGN']);
  });

  it('with a campaign, only methods carrying the keyword, case-insensitively', () => {
    expect(isEligible(blackWeek, { amount: dec('10'), campaign: 'BLACKWEEK' })).toBe(true);
    expect(isEligible(blackWeek, { amount: dec('10'), campaign: 'blackweek' })).toBe(true);
    expect(isEligible(blackWeek, { amount: dec('10'), campaign: 'CYBERMONDAY' })).toBe(true);
    expect(isEligible(blackWeek, { amount: dec('10'), campaign: 'SUMMER' })).toBe(false);
    expect(ineligibilityReasons(blackWeek, { amount: dec('10'), campaign: 'SUMMER' })).toEqual(['CAMPAIGN_KEYWORD_MISMATCH']);
    expect(ineligibilityReasons(regular, { amount: dec('10'), campaign: 'BLACKWEEK' })).toEqual(['CAMPAIGN_KEYWORD_MISMATCH']);
  });

  it('folds case to lower case, one character for one: ß matches ẞ, never SS', () => {
    const street = method({ campaign: { campaign: true, keywords: ['Straße'] } });
    expect(isEligible(street, { amount: dec('10'), campaign: 'STRAẞE' })).toBe(true);
    expect(isEligible(street, { amount: dec('10'), campaign: 'straße' })).toBe(true);
    expect(isEligible(street, { amount: dec('10'), campaign: 'STRASSE' })).toBe(false);
  });

  it('a keyword on a method that is not a campaign does not make it one', () => {
    const flagged = method({ campaign: { campaign: false, keywords: ['BLACKWEEK'] } });
    expect(ineligibilityReasons(flagged, { amount: dec('10'), campaign: 'BLACKWEEK' })).toEqual(['CAMPAIGN_KEYWORD_MISMATCH']);
    expect(isEligible(flagged, { amount: dec('10') })).toBe(true);
  });
});

it('lists every failed rule at once', () => {
  const m = method({
    minPurchaseLimit: dec('100'),
    enabledForNaturalCustomer: false,
    enabledForLegalCustomer: true,
    campaign: { campaign: true, keywords: ['X'] },
  });
  expect(ineligibilityReasons(m, { amount: dec('1'), customerType: 'NATURAL' })).toEqual([
    'AMOUNT_BELOW_MINIMUM',
    'CUSTOMER_TYPE_NOT_ENABLED',
    'CAMPAIGN_METHOD_WITHOUT_CAMPAIGN',
  ]);
});
