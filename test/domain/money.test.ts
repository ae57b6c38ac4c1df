import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  ceilToInteger,
  compareDecimal,
  decimalFromNumber,
  decimalToNumber,
  formatDecimal,
  formatDecimalTrimmed,
  multiplyDecimal,
  parseDecimal,
  significantScale,
} from '../../src/domain/money.ts';
import { dec } from '../helpers/fixtures.ts';

describe('parseDecimal', () => {
  it.each([
    ['0', 0n, 0],
    ['12', 12n, 0],
    ['1299.95', 129995n, 2],
    ['0.5', 5n, 1],
    ['007.10', 710n, 2],
  ])('parses %s exactly', (text, units, scale) => {
    expect(parseDecimal(text)).toEqual({ units, scale });
  });

  it.each(['', '.5', '5.', '-1', '+1', '1e3', ' 1', '1 ', '1,5', '١٢', 'NaN', 'Infinity', '0x10', '1.2.3'])('refuses %j', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });

  it('parses an amount of any length without losing a digit', () => {
    const digits = '9'.repeat(20_000);
    const value = parseDecimal(`${digits}.99`)!;
    expect(formatDecimal(value)).toBe(`${digits}.99`);
    expect(compareDecimal(value, dec('99999999999999999999'))).toBe(1);
  });
});

describe('compareDecimal', () => {
  it('compares across scales', () => {
    expect(compareDecimal(dec('1.5'), dec('1.50'))).toBe(0);
    expect(compareDecimal(dec('1.49'), dec('1.5'))).toBe(-1);
    expect(compareDecimal(dec('100'), dec('99.99'))).toBe(1);
    expect(compareDecimal(dec('0.01'), dec('0'))).toBe(1);
  });

  it('sees differences floating point would hide', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point.
    expect(compareDecimal(addDecimal(dec('0.1'), dec('0.2')), dec('0.3'))).toBe(0);
    expect(compareDecimal(dec('9007199254740993'), dec('9007199254740992'))).toBe(1);
  });
});

describe('arithmetic', () => {
  it('multiplies exactly: 100.00 × 0.07 is 7', () => {
    const product = multiplyDecimal(dec('100.00'), dec('0.07'));
    expect(compareDecimal(product, dec('7'))).toBe(0);
    expect(ceilToInteger(product)).toBe(7n);
    // The float computation would have given 7.000000000000001 and a ceiling of 8.
    expect(Math.ceil(100 * 0.07)).toBe(8);
  });

  it('ceils up from any positive fraction and leaves whole numbers', () => {
    expect(ceilToInteger(dec('7.000000000001'))).toBe(8n);
    expect(ceilToInteger(dec('7.000'))).toBe(7n);
    expect(ceilToInteger(dec('0'))).toBe(0n);
    expect(ceilToInteger(dec('0.001'))).toBe(1n);
  });

  it('formats and converts for display', () => {
    expect(formatDecimal(dec('0.05'))).toBe('0.05');
    expect(formatDecimal({ units: 5n, scale: 3 })).toBe('0.005');
    expect(decimalToNumber(dec('50000.00'))).toBe(50000);
    expect(significantScale(dec('1.50'))).toBe(1);
    expect(significantScale(dec('1.00'))).toBe(0);
    expect(formatDecimalTrimmed(dec('29.00'))).toBe('29');
    expect(formatDecimalTrimmed(dec('0.099500000000'))).toBe('0.0995');
    expect(formatDecimalTrimmed(dec('0'))).toBe('0');
  });
});

describe('decimalFromNumber', () => {
  it.each([
    [0.07, '0.07'],
    [50000, '50000'],
    [0.083333333333, '0.083333333333'],
    [1e-7, '0.0000001'],
    [1.5e-7, '0.00000015'],
    [1e21, '1000000000000000000000'],
  ])('reads %s as written', (value, text) => {
    expect(formatDecimal(decimalFromNumber(value))).toBe(text);
  });

  it('refuses negative and non-finite numbers', () => {
    expect(() => decimalFromNumber(-1)).toThrow(RangeError);
    expect(() => decimalFromNumber(Number.NaN)).toThrow(RangeError);
  });
});
