// Edges of the pure domain that the larger tests reach only through the database or HTTP: found by
// mutation testing (docs/mutation.md), each assertion here fails for a mutant that survived it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY_CODE, legalLinkLanguage } from '../../src/domain/catalog.ts';
import { decimalFromNumber, formatDecimal } from '../../src/domain/money.ts';
import { isValidProviderPrefix, operatorTypes } from '../../src/domain/payment-method-types.ts';
import { plansInOrder } from '../../src/domain/price-signage.ts';
import { dec, method, plan } from '../helpers/fixtures.ts';

describe('the operator prefix', () => {
  it('is letters, digits and _, starting with a letter, of any length', () => {
    for (const valid of ['R', 'RESURS', 'Resurs_2', 'a_b_c', 'X9']) expect(isValidProviderPrefix(valid), valid).toBe(true);
    for (const invalid of ['', '_R', '9R', 'RES-URS', 'RESURS ', ' RESURS', 'RESÜRS', 'RE.S']) {
      expect(isValidProviderPrefix(invalid), invalid).toBe(false);
    }
  });

  it('is refused by operatorTypes when invalid, naming it', () => {
    expect(() => operatorTypes('RES-URS')).toThrow('invalid operator prefix "RES-URS"');
    expect(operatorTypes('RESURS').typeOf('INVOICE')).toBe('RESURS_INVOICE');
  });
});

describe('a legal link language', () => {
  it('is its own, else the store country’s, else English', () => {
    const link = { url: 'https://example.com', type: 'SECCI', appendAmount: false };
    expect(legalLinkLanguage({ ...link, language: 'fi' }, { countryCode: 'SE' })).toBe('fi');
    expect(legalLinkLanguage(link, { countryCode: 'SE' })).toBe('sv');
    expect(legalLinkLanguage(link, { countryCode: 'NO' })).toBe('nb');
    expect(legalLinkLanguage(link, { countryCode: 'DK' })).toBe('da');
    expect(legalLinkLanguage(link, { countryCode: 'FI' })).toBe('fi');
    expect(legalLinkLanguage(link, { countryCode: 'DE' })).toBe('en');
  });

  it("of a store without a country is Swedish: the catalog's default country is SE (docs/catalog.md)", () => {
    const link = { url: 'https://example.com', type: 'SECCI', appendAmount: false };
    expect(DEFAULT_COUNTRY_CODE).toBe('SE');
    expect(legalLinkLanguage(link, { countryCode: DEFAULT_COUNTRY_CODE })).toBe('sv');
  });
});

describe('plans in the order a product page lists them', () => {
  it('are by duration, then by name (byte-wise), whatever their order in the catalog', () => {
    const plans = [
      plan({ name: 'b', durationMonths: 12 }),
      plan({ name: 'a', durationMonths: 24 }),
      plan({ name: 'c', durationMonths: 12 }),
      plan({ name: 'a', durationMonths: 12 }),
      plan({ name: 'B', durationMonths: 12 }),
    ];
    const ordered = plansInOrder(method({ plans }));
    expect(ordered.map((p) => `${p.durationMonths}:${p.name}`)).toEqual(['12:B', '12:a', '12:b', '12:c', '24:a']);
    expect(plansInOrder(method({ plans: [...plans].reverse() }))).toEqual(ordered);
  });

  it('keep the catalog order of plans of the same duration and name', () => {
    const first = plan({ name: 'a', durationMonths: 12, annuityFactor: dec('0.1') });
    const second = plan({ name: 'a', durationMonths: 12, annuityFactor: dec('0.2') });
    const longer = plan({ name: 'a', durationMonths: 24 });
    const earlier = plan({ name: 'A', durationMonths: 12 });
    expect(plansInOrder(method({ plans: [longer, first, second, earlier] }))).toEqual([earlier, first, second, longer]);
    expect(plansInOrder(method({ plans: [second, longer, first, earlier] }))).toEqual([earlier, second, first, longer]);
  });
});

describe('decimalFromNumber', () => {
  it('gives back the digits of a JSON number, in exponent form too', () => {
    expect(formatDecimal(decimalFromNumber(0))).toBe('0');
    expect(formatDecimal(decimalFromNumber(1299.95))).toBe('1299.95');
    expect(formatDecimal(decimalFromNumber(1e21))).toBe('1000000000000000000000');
    expect(formatDecimal(decimalFromNumber(1.5e21))).toBe('1500000000000000000000');
    expect(formatDecimal(decimalFromNumber(1e-7))).toBe('0.0000001');
    expect(formatDecimal(decimalFromNumber(2.5e-7))).toBe('0.00000025');
    expect(formatDecimal(decimalFromNumber(1.25e-7))).toBe('0.000000125');
  });

  it('refuses a negative, infinite or NaN number', () => {
    for (const bad of [-1, -0.01, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(() => decimalFromNumber(bad)).toThrow(new RangeError(`not a non-negative finite number: ${bad}`));
    }
  });
});
