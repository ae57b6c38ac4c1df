// What mutation testing of src/domain/credit-disclosure.ts found untested (docs/mutation.md): the
// number formats given text that is not plain decimal text (they must write what Intl writes: only
// plain decimals take the path without Intl), and jsonInner on every character JSON.stringify escapes.
import { describe, expect, it } from 'vitest';
import { disclosureFormat, jsonInner } from '../../src/domain/credit-disclosure.ts';

describe('the number formats, given text that is not plain decimal text', () => {
  // Empty, a point first or last, two points, a letter or a sign or a space among the digits, other notations.
  const NOT_PLAIN = [
    '',
    '.50',
    '.5',
    '12.',
    '12a34',
    '1a',
    'a1',
    '1.2.34',
    '1..34',
    '12.34.',
    '-12.34',
    '+12.34',
    '1e3',
    ' 12.34',
    '12.34 ',
    '1,234.00',
  ];

  it('write what Intl.NumberFormat writes for it, as for any number not of the confirmed shape', () => {
    for (const [language, country, currency] of [
      ['sv', 'SE', 'SEK'],
      ['en', 'FI', 'EUR'],
    ] as const) {
      const format = disclosureFormat(language, country, currency);
      const intl = (options: Intl.NumberFormatOptions) => {
        const nf = new Intl.NumberFormat(`${language}-${country}`, options);
        return (text: string) => nf.format(text as unknown as number);
      };
      const amount = intl({ style: 'currency', currency });
      const money = intl({ style: 'currency', currency, maximumFractionDigits: 0 });
      for (const text of NOT_PLAIN) {
        expect(format.amount(text), `amount ${JSON.stringify(text)}`).toBe(amount(text));
        expect(format.money(text), `money ${JSON.stringify(text)}`).toBe(money(text));
      }
    }
  });

  it('still write plain decimal text of the confirmed shape without a difference from Intl', () => {
    const format = disclosureFormat('sv', 'SE', 'SEK');
    expect(format.amount('12.34')).toBe('12,34\u00a0kr');
    expect(format.amount('0012.34')).toBe('12,34\u00a0kr');
    expect(format.money('1234')).toBe('1\u00a0234\u00a0kr');
    expect(format.money('1234.00')).toBe('1\u00a0234\u00a0kr');
  });
});

describe('jsonInner', () => {
  it('is the text as JSON writes it between quotes, for every character JSON.stringify escapes', () => {
    const escaped = ['"', '\\', '\n', '\u0000', '\u001f', '\ud800', '\udbff', '\udc00', '\udfff', 'a"b', 'sv\\SE', 'x\ty'];
    for (const text of escaped) {
      expect(jsonInner(text), JSON.stringify(text)).toBe(JSON.stringify(text).slice(1, -1));
      expect(jsonInner(text), JSON.stringify(text)).not.toBe(text);
    }
    // A pair of surrogates is written as it is, and so is everything JSON does not escape.
    for (const text of ['😀', ' ', '\u007f', '\ue000', '\uffff', 'https://pay.example.com/v1/sessions/s?amount=1&group=g', '']) {
      expect(jsonInner(text), JSON.stringify(text)).toBe(text);
      expect(jsonInner(text)).toBe(JSON.stringify(text).slice(1, -1));
    }
  });
});
