// The two ends of internalData: what the service encodes (src/domain) the components decode.
import { describe, expect, it } from 'vitest';
import { splitAtRate } from '../../embed/src/disclosure.ts';
import { parseInternalData } from '../../embed/src/internal-data.ts';
import { priceInformationLink } from '../../src/domain/credit-disclosure.ts';
import { groupsFor } from './fixtures.ts';

describe('internalData from the service', () => {
  it('decodes every group the service builds, non-ASCII text included', () => {
    const groups = groupsFor({ amount: '1500', customerType: undefined, flattened: false, language: 'fi' });
    for (const group of groups) {
      const data = parseInternalData(group.internalData);
      expect(data, group.title).toBeDefined();
      expect(data!.methodIds).toEqual(group.methodIds);
      expect(data!.type).toBe(group.type);
      // The language the texts are in, for the components' own texts when the page sets none.
      expect(data!.language).toBe('fi');
    }
    // The default bundle title, in Finnish.
    const bundle = parseInternalData(groups.find((g) => g.title === 'Osamaksu')!.internalData)!;
    expect(bundle.methods.map((m) => [m.name, m.plans.map((p) => p.monthlyCost)])).toEqual([
      ['Delbetalning 12 mån', ['164']],
      ['Delbetalning 24 mån', ['100']],
    ]);
    expect(bundle.amount).toBe('1500');
    expect(parseInternalData(groups.find((g) => g.type === 'CARD')!.internalData)!.title).toBe('Kort – Visa & Mastercard');
  });

  it.each(['en', 'sv', 'nb', 'da', 'fi'] as const)(
    'decodes the credit disclosure the service writes in %s, its rate found in its text',
    (language) => {
      const link = priceInformationLink('https://pay.example.com', 'session-1', language);
      const groups = groupsFor({ amount: '1500', customerType: 'NATURAL', flattened: false, language, link });
      const disclosed = groups.filter((g) => g.disclosure);
      expect(disclosed.map((g) => g.methodIds.length)).toEqual([2]);
      for (const group of groups) {
        const data = parseInternalData(group.internalData)!;
        if (!group.disclosure) {
          expect(data.disclosure).toBeNull();
          continue;
        }
        const { text, warning, priceInformationUrl, example } = group.disclosure;
        expect(data.disclosure).toEqual({ text, warning, priceInformationUrl, apr: data.disclosure!.apr });
        // The rate as the text writes it: found there, and it is the example's rate.
        const [, rate] = splitAtRate(text, data.disclosure!.apr)!;
        const percent = new Intl.NumberFormat(`${language}-SE`, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
        expect(rate).toBe(percent.format(example.effectiveInterest / 100));
      }
    },
  );

  it('drops a language that is not one of the five, and takes a blob of a release without one', () => {
    const [group] = groupsFor({ amount: '1500', customerType: undefined, flattened: false, language: 'sv' });
    const json = JSON.parse(Buffer.from(group!.internalData, 'base64').toString('utf8')) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
    expect(parseInternalData(encode(json))!.language).toBe('sv');
    expect(parseInternalData(encode({ ...json, language: 'de' }))).toMatchObject({ language: undefined, title: json.title });
    const { language: _dropped, ...older } = json;
    expect(parseInternalData(encode(older))).toMatchObject({ language: undefined, title: json.title });
  });
});
