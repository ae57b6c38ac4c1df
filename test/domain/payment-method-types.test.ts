// The operator's name in the known payment method types: the types under a prefix, the bundled
// part payments, and which types read as a known type under another operator's prefix.
import { describe, expect, it } from 'vitest';
import { offerGroups } from '../../src/domain/offer.ts';
import {
  DEFAULT_OPERATOR_TYPES,
  foreignOperatorType,
  isValidProviderPrefix,
  operatorTypes,
  withOperatorPrefix,
} from '../../src/domain/payment-method-types.ts';
import { dec, method, store } from '../helpers/fixtures.ts';

const RESURS = operatorTypes('RESURS');

describe('the known types under a prefix', () => {
  it('are GENERIC, the seven prefixed types and the unprefixed ones, in the published order', () => {
    const prefixed = ['INVOICE', 'INVOICE_ACCOUNT', 'PART_PAYMENT_SELECT_LATER', 'PART_PAYMENT_SELECT_NOW', 'CARD'];
    const credit = ['REVOLVING_CREDIT', 'NEW_REVOLVING_CREDIT'];
    const unprefixed = ['NETS', 'D2I', 'SWISH', 'TRUSTLY', 'ZERO', 'VIPPS', 'MOBILEPAY', 'CARD'];
    expect(RESURS.known).toEqual(['GENERIC', ...[...prefixed, ...credit].map((type) => `RESURS_${type}`), ...unprefixed]);
    expect(DEFAULT_OPERATOR_TYPES.known).toContain('PROVIDER_PART_PAYMENT_SELECT_NOW');
    expect([...RESURS.bundled]).toEqual(['RESURS_PART_PAYMENT_SELECT_NOW', 'RESURS_PART_PAYMENT_SELECT_LATER']);
  });

  it('take a prefix of letters, digits and _ starting with a letter, case kept', () => {
    for (const ok of ['RESURS', 'A', 'Resurs', 'resurs', 'R2D2', 'MY_BANK', 'X_']) expect(isValidProviderPrefix(ok)).toBe(true);
    for (const bad of ['', '_X', '1ABC', 'RES-URS', 'RES URS', 'RESÜRS', 'RESURS\n']) expect(isValidProviderPrefix(bad)).toBe(false);
    expect(operatorTypes('Acme').typeOf('INVOICE')).toBe('Acme_INVOICE');
    expect(() => operatorTypes('1X')).toThrow(/1X/);
  });
});

describe('a known type under another prefix', () => {
  it.each([
    ['PROVIDER_INVOICE', 'PROVIDER', 'RESURS_INVOICE'],
    ['PROVIDER_INVOICE_ACCOUNT', 'PROVIDER', 'RESURS_INVOICE_ACCOUNT'],
    ['PROVIDER_PART_PAYMENT_SELECT_NOW', 'PROVIDER', 'RESURS_PART_PAYMENT_SELECT_NOW'],
    ['PROVIDER_PART_PAYMENT_SELECT_LATER', 'PROVIDER', 'RESURS_PART_PAYMENT_SELECT_LATER'],
    ['KLARNA_CARD', 'KLARNA', 'RESURS_CARD'],
    // The longest suffix that fits: X + NEW_REVOLVING_CREDIT, not X_NEW + REVOLVING_CREDIT.
    ['X_NEW_REVOLVING_CREDIT', 'X', 'RESURS_NEW_REVOLVING_CREDIT'],
    ['X_REVOLVING_CREDIT', 'X', 'RESURS_REVOLVING_CREDIT'],
    // Any syntactically valid prefix, also one holding the configured one, or another case.
    ['RESURS_BANK_INVOICE', 'RESURS_BANK', 'RESURS_INVOICE'],
    ['resurs_INVOICE', 'resurs', 'RESURS_INVOICE'],
    ['NETS_CARD', 'NETS', 'RESURS_CARD'],
  ])('%s is refused under RESURS (prefix %s), meaning %s', (type, prefix, expected) => {
    expect(foreignOperatorType(type, RESURS)).toEqual({ prefix, suffix: expected.slice('RESURS_'.length), expected });
  });

  it.each([
    // The configured prefix's own types and the unprefixed known ones.
    'RESURS_INVOICE',
    'RESURS_NEW_REVOLVING_CREDIT',
    'GENERIC',
    'CARD',
    'NETS',
    'SWISH',
    // Unknown types that are not `<prefix>_<known suffix>`: accepted (the enum is extensible).
    'KLARNA_PAY_LATER',
    'FUTURE_TYPE',
    'PROVIDER_SOMETHING_NEW',
    'PROVIDER_PART_PAYMENT',
    'INVOICE',
    'PART_PAYMENT_SELECT_NOW',
    '_INVOICE',
    '1X_INVOICE',
    'MY-BANK_INVOICE',
    'PROVIDER_invoice',
    'PROVIDER_INVOICE ',
    '',
  ])('%j is not one under RESURS', (type) => {
    expect(foreignOperatorType(type, RESURS)).toBeUndefined();
  });

  it('under the default prefix, PROVIDER_… is the own prefix and RESURS_… another', () => {
    expect(foreignOperatorType('PROVIDER_INVOICE', DEFAULT_OPERATOR_TYPES)).toBeUndefined();
    expect(foreignOperatorType('RESURS_INVOICE', DEFAULT_OPERATOR_TYPES)?.expected).toBe('PROVIDER_INVOICE');
    expect(foreignOperatorType('KLARNA_PAY_LATER', DEFAULT_OPERATOR_TYPES)).toBeUndefined();
  });

  it('a prefix that ends like a suffix keeps its own types', () => {
    // RESURS_NEW: its REVOLVING_CREDIT is RESURS_NEW_REVOLVING_CREDIT, a known type of its own.
    const odd = operatorTypes('RESURS_NEW');
    expect(foreignOperatorType('RESURS_NEW_REVOLVING_CREDIT', odd)).toBeUndefined();
    expect(foreignOperatorType('RESURS_NEW_NEW_REVOLVING_CREDIT', odd)).toBeUndefined();
    expect(foreignOperatorType('RESURS_INVOICE', odd)?.expected).toBe('RESURS_NEW_INVOICE');
  });
});

describe('texts written with the default prefix', () => {
  it('name the same known type under the configured prefix; other types stay', () => {
    expect(withOperatorPrefix('PROVIDER_INVOICE', RESURS)).toBe('RESURS_INVOICE');
    expect(withOperatorPrefix('PROVIDER_PART_PAYMENT_SELECT_NOW', RESURS)).toBe('RESURS_PART_PAYMENT_SELECT_NOW');
    for (const kept of ['CARD', 'SWISH', 'PROVIDER_SOMETHING_NEW', 'KLARNA_INVOICE', 'RESURS_INVOICE']) {
      expect(withOperatorPrefix(kept, RESURS)).toBe(kept);
    }
    expect(withOperatorPrefix('PROVIDER_INVOICE', DEFAULT_OPERATOR_TYPES)).toBe('PROVIDER_INVOICE');
  });
});

describe('bundling follows the configured prefix', () => {
  const twelve = method({ name: '12 months', type: 'RESURS_PART_PAYMENT_SELECT_NOW', sortOrder: 10 });
  const twentyFour = method({ name: '24 months', type: 'RESURS_PART_PAYMENT_SELECT_NOW', sortOrder: 20 });
  const account = method({ name: 'Account', type: 'RESURS_PART_PAYMENT_SELECT_LATER', sortOrder: 30 });
  const otherNow = method({ name: 'Other', type: 'PROVIDER_PART_PAYMENT_SELECT_NOW', sortOrder: 40 });
  const otherNowToo = method({ name: 'Other too', type: 'PROVIDER_PART_PAYMENT_SELECT_NOW', sortOrder: 50 });
  const catalog = { store: store(), methods: [twelve, twentyFour, account, otherNow, otherNowToo] };
  const query = { amount: dec('1000'), flattened: false, language: 'en' as const };

  it("bundles the configured operator's part payments, and only those", () => {
    const groups = offerGroups(catalog, query, RESURS);
    expect(groups.map((g) => [g.type, g.methodIds.length])).toEqual([
      ['RESURS_PART_PAYMENT_SELECT_NOW', 2],
      ['RESURS_PART_PAYMENT_SELECT_LATER', 1],
      ['PROVIDER_PART_PAYMENT_SELECT_NOW', 1],
      ['PROVIDER_PART_PAYMENT_SELECT_NOW', 1],
    ]);
  });

  it('under the default prefix, the PROVIDER ones', () => {
    const groups = offerGroups(catalog, query, DEFAULT_OPERATOR_TYPES);
    expect(groups.map((g) => [g.type, g.methodIds.length])).toEqual([
      ['RESURS_PART_PAYMENT_SELECT_NOW', 1],
      ['RESURS_PART_PAYMENT_SELECT_NOW', 1],
      ['RESURS_PART_PAYMENT_SELECT_LATER', 1],
      ['PROVIDER_PART_PAYMENT_SELECT_NOW', 2],
    ]);
  });
});
