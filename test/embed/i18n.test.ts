// The storefront script's languages and number formats, in Node. Expectations are the literal
// Intl output, no-break spaces (\u00a0) included: they are what a shopper's browser writes too.
import { describe, expect, it } from 'vitest';
import {
  knownLanguage,
  languageTagOf,
  localeFor,
  localeOf,
  pageLanguageOf,
  pickLanguage,
  textsFor,
  type Language,
} from '../../embed/src/i18n.ts';

const LANGUAGES: Language[] = ['en', 'sv', 'nb', 'da', 'fi'];

/**
 * Just enough of an element for languageTagOf: attributes, a parent, and the root it sits in
 * (a shadow root has a host, the document has not).
 */
class FakeElement {
  root: { host?: FakeElement } = {};
  constructor(
    readonly lang: string | null,
    readonly parent?: FakeElement,
  ) {
    if (parent) this.root = parent.root;
  }
  closest(selector: string): FakeElement | null {
    expect(selector).toBe('[lang]');
    if (this.lang !== null) return this;
    for (let e = this.parent; e; e = e.parent) if (e.lang !== null) return e;
    return null;
  }
  getAttribute(name: string): string | null {
    return name === 'lang' ? this.lang : null;
  }
  getRootNode(): { host?: FakeElement } {
    return this.root;
  }
}

const tagOf = (element: FakeElement) => languageTagOf(element as unknown as Element);

describe('choosing the language', () => {
  it.each([
    ['sv', 'sv'],
    ['sv-SE', 'sv'],
    ['SV-fi', 'sv'],
    ['nb', 'nb'],
    ['nb-NO', 'nb'],
    ['no', 'nb'],
    ['no-NO', 'nb'],
    ['nn', 'nb'],
    ['nn-NO', 'nb'],
    ['da', 'da'],
    ['da-DK', 'da'],
    ['fi', 'fi'],
    ['fi-FI', 'fi'],
    [' fi-FI ', 'fi'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['de', 'en'],
    ['se', 'en'],
    ['constructor', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('%j → %s', (tag, language) => {
    expect(pickLanguage(tag)).toBe(language);
  });

  it('reads the element’s own lang first', () => {
    const html = new FakeElement('da');
    expect(tagOf(new FakeElement('fi-FI', new FakeElement(null, html)))).toBe('fi-FI');
  });

  it('falls back to the nearest ancestor’s lang, then to none', () => {
    const html = new FakeElement('da');
    const section = new FakeElement('nb-NO', new FakeElement(null, html));
    expect(tagOf(new FakeElement(null, section))).toBe('nb-NO');
    expect(tagOf(new FakeElement(null, new FakeElement(null, html)))).toBe('da');
    expect(pickLanguage(tagOf(new FakeElement(null, new FakeElement(null))))).toBe('en');
  });

  it('crosses a shadow root to its host’s ancestors', () => {
    const host = new FakeElement(null, new FakeElement('fi'));
    const inShadow = new FakeElement(null);
    inShadow.root = { host };
    expect(tagOf(new FakeElement(null, inShadow))).toBe('fi');
  });

  it('an empty lang means "unknown": the session’s language (else English), not an ancestor’s', () => {
    const unknown = new FakeElement('', new FakeElement('sv')) as unknown as Element;
    expect(pageLanguageOf(unknown)).toBeUndefined();
    expect(localeOf(unknown, 'fi').texts).toBe(textsFor('fi'));
    expect(localeOf(unknown).texts).toBe(textsFor('en'));
  });

  it('without a lang on the page, follows the language the service answered in', () => {
    const bare = new FakeElement(null, new FakeElement(null)) as unknown as Element;
    expect(pageLanguageOf(bare)).toBeUndefined();
    expect(localeOf(bare, 'da').texts).toBe(textsFor('da'));
    // A lang on the page wins over the session's.
    const swedishPage = new FakeElement(null, new FakeElement('sv-SE')) as unknown as Element;
    expect(pageLanguageOf(swedishPage)).toBe('sv');
    expect(localeOf(swedishPage, 'fi').texts).toBe(textsFor('sv'));
  });

  it('takes a language the service names only when it is one of the five', () => {
    expect(['sv', 'nb', 'da', 'fi', 'en'].map(knownLanguage)).toEqual(['sv', 'nb', 'da', 'fi', 'en']);
    for (const value of ['de', 'sv-SE', '', 'constructor', undefined, 5]) expect(knownLanguage(value)).toBeUndefined();
  });

  it('has every text in every language, none left empty or in English by mistake', () => {
    const keys = Object.keys(textsFor('en')).sort();
    for (const language of LANGUAGES) {
      const texts = textsFor(language);
      expect(Object.keys(texts).sort(), language).toEqual(keys);
      expect(
        Object.values(texts).every((text) => text.trim() !== ''),
        language,
      ).toBe(true);
      if (language !== 'en') {
        const same = keys.filter((key) => texts[key as keyof typeof texts] === textsFor('en')[key as keyof typeof texts]);
        expect(same, language).toEqual([]);
      }
    }
  });
});

describe('formatting per language', () => {
  it.each<[Language, string[]]>([
    ['en', ['SEK\u00a01,299', '€1,299.50', 'NOK\u00a01,299.95', 'DKK\u00a029']],
    ['sv', ['1\u00a0299\u00a0kr', '1\u00a0299,50\u00a0€', '1\u00a0299,95\u00a0Nkr', '29\u00a0Dkr']],
    ['nb', ['1\u00a0299\u00a0SEK', '1\u00a0299,50\u00a0€', '1\u00a0299,95\u00a0kr', '29\u00a0DKK']],
    ['da', ['1.299\u00a0SEK', '1.299,50\u00a0€', '1.299,95\u00a0NOK', '29\u00a0kr.']],
    ['fi', ['1\u00a0299\u00a0SEK', '1\u00a0299,50\u00a0€', '1\u00a0299,95\u00a0NOK', '29\u00a0DKK']],
  ])('%s: amounts in the currency of the data, whole ones without decimals', (language, expected) => {
    const { money } = localeFor(language);
    expect([money('1299', 'SEK'), money('1299.5', 'EUR'), money('1299.95', 'NOK'), money('29', 'DKK')]).toEqual(expected);
  });

  it.each<[Language, string, string, string, string]>([
    ['en', 'SEK\u00a0164/month', '9.95%', '1 month', '24 months'],
    ['sv', '164\u00a0kr/mån', '9,95\u00a0%', '1 månad', '24 månader'],
    ['nb', '164\u00a0kr/mnd', '9,95\u00a0%', '1 måned', '24 måneder'],
    ['da', '164\u00a0kr./md.', '9,95\u00a0%', '1 måned', '24 måneder'],
    ['fi', '164\u00a0€/kk', '9,95\u00a0%', '1 kuukausi', '24 kuukautta'],
  ])('%s: monthly prices, interest and durations', (language, monthly, percent, one, many) => {
    // Each market in its own currency.
    const currency = { en: 'SEK', sv: 'SEK', nb: 'NOK', da: 'DKK', fi: 'EUR' }[language];
    const locale = localeFor(language);
    expect(locale.monthly('164', currency)).toBe(monthly);
    expect(locale.percent('9.95')).toBe(percent);
    expect(locale.months(1)).toBe(one);
    expect(locale.months(24)).toBe(many);
  });

  it('keeps every digit of a long amount and of an unusual interest rate', () => {
    expect(localeFor('sv').money('123456789012345678.99', 'SEK')).toBe('123\u00a0456\u00a0789\u00a0012\u00a0345\u00a0678,99\u00a0kr');
    expect(localeFor('fi').percent('0')).toBe('0\u00a0%');
    expect(localeFor('da').percent('12.3456')).toBe('12,3456\u00a0%');
  });

  it('writes a currency Intl refuses as the service does, rather than failing', () => {
    expect(localeFor('fi').money('5', 'not a code')).toBe('5 not a code');
  });
});
