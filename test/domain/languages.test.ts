// Choosing the language (docs/languages.md#choosing-the-language), the generated texts of every
// language, and a catalog served in a language (docs/languages.md#translations).
import { describe, expect, it } from 'vitest';
import {
  isWellFormedLocale,
  languageOfCountry,
  languageOfLocale,
  LANGUAGES,
  LOCALE_PATTERN,
  MAX_LOCALE_LENGTH,
  requestLanguage,
  type Language,
} from '../../src/domain/languages.ts';
import { generatedTexts, monthlyCostText } from '../../src/domain/generated-texts.ts';
import { DEFAULT_BUNDLE_TITLE, legalLinksFor, localizeCatalog, localizeMethod, translated } from '../../src/domain/localization.ts';
import type { LegalLink, MethodTranslations } from '../../src/domain/catalog.ts';
import { method, plan, store } from '../helpers/fixtures.ts';

describe('locale tags', () => {
  it('accepts the shapes of RFC 5646, in any case', () => {
    const wellFormed = [
      'sv',
      'sv-SE',
      'FI-fi',
      'nb-NO',
      'zh-Hant-CN',
      'es-419',
      'de-CH-1901',
      'sl-rozaj-biske',
      'en-US-u-islamcal',
      'en-a-bbb-x-a-ccc',
      'x-private',
      'i-klingon',
      'EN-GB-OED',
      'zh-min-nan',
      'a'.repeat(8),
    ];
    for (const tag of wellFormed) expect(isWellFormedLocale(tag), tag).toBe(true);
  });

  it('refuses what is not a tag, and tags over 35 characters', () => {
    const malformed = [
      '',
      'sv_SE',
      'sv-',
      '-sv',
      's',
      'sv SE',
      'sv-SE-',
      'toolongsubtag',
      'sv-SE-x',
      'en-a',
      '1sv',
      'sv--SE',
      'ö',
      'sv-SE\n',
    ];
    for (const tag of malformed) expect(isWellFormedLocale(tag), JSON.stringify(tag)).toBe(false);
    const longest = 'sv-SE-x-abcdefgh-abcdefgh-abcdefg-a';
    expect(longest).toHaveLength(MAX_LOCALE_LENGTH);
    expect(isWellFormedLocale(longest)).toBe(true);
    expect(isWellFormedLocale(`${longest}c`)).toBe(false);
  });

  it("accepts RFC 5646's irregular grandfathered tags, in any case, and nothing made of their pieces", () => {
    const irregular = ['en-GB-oed', 'sgn-BE-FR', 'sgn-BE-NL', 'sgn-CH-DE'];
    for (const t of ['ami', 'bnn', 'default', 'enochian', 'hak', 'klingon', 'lux', 'mingo', 'navajo', 'pwn', 'tao', 'tay', 'tsu'])
      irregular.push(`i-${t}`);
    for (const tag of irregular) {
      expect(isWellFormedLocale(tag), tag).toBe(true);
      expect(isWellFormedLocale(tag.toUpperCase()), tag).toBe(true);
    }
    for (const tag of ['i-', 'i-foo', 'i-ami-x', 'en-GB-oe']) expect(isWellFormedLocale(tag), tag).toBe(false);
  });

  it('has one pattern for the request schemas and the check', () => {
    const pattern = new RegExp(LOCALE_PATTERN);
    for (const tag of ['sv-SE', 'sv_SE', 'x-a', 'i-ami', 'de-DE-1996']) expect(pattern.test(tag)).toBe(isWellFormedLocale(tag));
  });

  it('selects a language by the primary subtag; Norwegian of either form is bokmål', () => {
    expect(['sv-SE', 'sv-FI', 'nb-NO', 'no', 'nn-NO', 'da-DK', 'fi', 'en-GB', 'EN'].map(languageOfLocale)).toEqual([
      'sv',
      'sv',
      'nb',
      'nb',
      'nb',
      'da',
      'fi',
      'en',
      'en',
    ]);
    for (const tag of ['de-DE', 'x-sv', 'i-klingon', 'svx', 'constructor', 'toString']) expect(languageOfLocale(tag), tag).toBeUndefined();
  });

  it("gives a store its country's language, English elsewhere", () => {
    expect(['SE', 'NO', 'DK', 'FI', 'DE', 'GB', 'IS'].map(languageOfCountry)).toEqual(['sv', 'nb', 'da', 'fi', 'en', 'en', 'en']);
  });

  it("chooses the request's locale, else the session's, else the store's; another language falls back to the store's", () => {
    expect(requestLanguage('SE', 'fi-FI', 'da')).toBe('fi');
    expect(requestLanguage('SE', undefined, 'da')).toBe('da');
    expect(requestLanguage('FI', undefined, undefined)).toBe('fi');
    expect(requestLanguage('DE', undefined)).toBe('en');
    expect(requestLanguage('NO', 'de-DE', 'fi')).toBe('nb');
    expect(requestLanguage('DK', undefined, 'x-private')).toBe('da');
  });
});

describe('generated texts', () => {
  const ENGLISH_WORDS = /\b(from|month|months|part|payment|per)\b/i;
  /** Distinct stand-ins for each figure of a disclosure. */
  const FIGURES = {
    amount: '⟨1⟩',
    months: '⟨2⟩',
    monthlyCost: '⟨3⟩',
    interest: '⟨4⟩',
    setupFee: '⟨5⟩',
    administrationFee: '⟨6⟩',
    apr: '⟨7⟩',
    totalCost: '⟨8⟩',
  };

  /** English words of the price-information page that must not appear in another language. */
  const PAGE_ENGLISH =
    /\b(price|information|purchase|plans?|duration|monthly|cost|nominal|setup|administration|annual|percentage|documents?|standard|consumer|credit|general|terms|conditions)\b/i;
  /** Every word of the price-information page in `language`, the functions given stand-ins. */
  const pageWords = (language: Language) => {
    const t = generatedTexts(language).priceInformation;
    return [
      t.title,
      t.purchaseAmount,
      t.example,
      t.plans,
      t.caption('⟨m⟩'),
      t.plan,
      t.duration,
      t.monthlyCost,
      t.interest,
      t.setupFee,
      t.administrationFee,
      t.totalCost,
      t.apr,
      t.months('⟨2⟩'),
      t.documents,
      t.secci('⟨m⟩'),
      t.generalTerms('⟨m⟩'),
    ];
  };

  it('exist in every language', () => {
    for (const language of LANGUAGES) {
      const texts = generatedTexts(language);
      expect(texts.bundleTitle, language).not.toBe('');
      expect(texts.monthlyFrom('238 kr', 238n, 'SEK'), language).toContain('238');
    }
  });

  it('have no English word outside English', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const texts = generatedTexts(language);
      expect(texts.bundleTitle, language).not.toMatch(ENGLISH_WORDS);
      expect(monthlyCostText(language, 'SE', 'SEK')(238n), language).not.toMatch(ENGLISH_WORDS);
      expect(texts.bundleTitle).not.toBe(DEFAULT_BUNDLE_TITLE);
      // The credit disclosure (credit-disclosure.ts): its sentence and its default warning.
      expect(texts.disclosure(FIGURES), language).not.toMatch(ENGLISH_WORDS);
      expect(texts.disclosure(FIGURES), language).not.toMatch(/\b(rate|fee|total|interest|example|amount|payable)\b/i);
      expect(texts.creditWarning, language).not.toMatch(/\b(borrowing|money|costs)\b/i);
      // The price-information page's words (http/session-api/price-information-page.ts).
      for (const word of pageWords(language)) {
        expect(word, language).not.toMatch(ENGLISH_WORDS);
        expect(word, language).not.toMatch(PAGE_ENGLISH);
      }
    }
  });

  it('have every word of the price-information page in every language, each language its own', () => {
    const english = pageWords('en');
    for (const language of LANGUAGES) {
      const words = pageWords(language);
      expect(words, language).toHaveLength(english.length);
      for (const word of words) expect(word.trim(), language).not.toBe('');
      const texts = generatedTexts(language).priceInformation;
      expect(texts.caption('⟨m⟩'), language).toContain('⟨m⟩');
      expect(texts.secci('⟨m⟩'), language).toContain('⟨m⟩');
      expect(texts.generalTerms('⟨m⟩'), language).toContain('⟨m⟩');
      expect(texts.months('⟨2⟩'), language).toContain('⟨2⟩');
      if (language !== 'en') expect(new Set(words).size, language).toBe(new Set(words.filter((w) => !english.includes(w))).size);
    }
  });

  it('write the credit disclosure with every figure, and a warning, in every language', () => {
    for (const language of LANGUAGES) {
      const text = generatedTexts(language).disclosure(FIGURES);
      for (const figure of Object.values(FIGURES)) expect(text, language).toContain(figure);
      expect(generatedTexts(language).creditWarning, language).not.toBe('');
    }
  });

  it('name the monthly cost as Intl.NumberFormat writes it for the language and the store country', () => {
    const intl = (tag: string, currency: string, cost: bigint) =>
      new Intl.NumberFormat(tag, { style: 'currency', currency, maximumFractionDigits: 0 }).format(cost);
    expect(monthlyCostText('sv', 'SE', 'SEK')(238n)).toBe(`Från ${intl('sv-SE', 'SEK', 238n)}/mån`);
    expect(monthlyCostText('sv', 'SE', 'SEK')(238n)).toBe('Från 238\u00a0kr/mån');
    expect(monthlyCostText('fi', 'FI', 'EUR')(238n)).toBe('Alkaen 238\u00a0€/kk');
    expect(monthlyCostText('nb', 'NO', 'NOK')(12345n)).toBe(`Fra ${intl('nb-NO', 'NOK', 12345n)}/mnd`);
    expect(monthlyCostText('da', 'DK', 'DKK')(1238n)).toBe(`Fra ${intl('da-DK', 'DKK', 1238n)}/md.`);
    // A Finnish reader in a Swedish store: Finnish, with the Swedish store's currency.
    expect(monthlyCostText('fi', 'SE', 'SEK')(238n)).toBe(`Alkaen ${intl('fi-SE', 'SEK', 238n)}/kk`);
    // Costs beyond a double's integers are written exactly.
    expect(monthlyCostText('sv', 'SE', 'SEK')(12345678901234567890n)).toContain('12\u00a0345\u00a0678\u00a0901\u00a0234\u00a0567\u00a0890');
  });

  it('write the cost and the code when Intl refuses the currency or the store country', () => {
    expect(monthlyCostText('sv', 'SE', 'KRONOR')(238n)).toBe('Från 238 KRONOR/mån');
    expect(monthlyCostText('fi', 'S', 'EUR')(12n)).toBe('Alkaen 12 EUR/kk');
  });

  it('keep the English subtitle as the API has always written it', () => {
    expect(monthlyCostText('en', 'SE', 'SEK')(238n)).toBe('From 238 SEK/month');
    expect(monthlyCostText('en', 'FI', 'EUR')(12345n)).toBe('From 12345 EUR/month');
  });
});

describe('a catalog in a language', () => {
  const link = (language: string | undefined, type = 'SECCI', url = `https://example.com/${type}/${language}`): LegalLink => ({
    url,
    type,
    appendAmount: false,
    language,
  });

  it('serves each text in its translation, else as written', () => {
    const english: MethodTranslations = { en: { name: 'Invoice' } };
    expect(translated('Faktura', english, 'en', 'name')).toBe('Invoice');
    expect(translated('Faktura', english, 'fi', 'name')).toBe('Faktura');
    expect(translated('Betala inom 30 dagar', english, 'en', 'description')).toBe('Betala inom 30 dagar');
    expect(translated('Faktura', undefined, 'en', 'name')).toBe('Faktura');
  });

  it('translates methods, plans and the bundle title, sharing what is unchanged', () => {
    const twelve = plan({ name: '12 månader', description: 'Räntefritt', translations: { fi: { name: '12 kuukautta' } } });
    const invoice = method({
      name: 'Faktura',
      description: 'Betala inom 30 dagar',
      translations: { fi: { description: 'Maksa 30 päivässä' } },
    });
    const part = method({ name: 'Delbetalning', plans: [twelve] });
    const untouched = method({ name: 'Kort' });
    const s = store({ bundleTitle: 'Dela upp', translations: { fi: { bundleTitle: 'Jaa maksu' } } });
    const catalog = { store: s, methods: [invoice, part, untouched] };
    const finnish = localizeCatalog(catalog, 'fi');
    expect(finnish.language).toBe('fi');
    expect(finnish.store.bundleTitle).toBe('Jaa maksu');
    expect(finnish.methods.map((m) => [m.name, m.description])).toEqual([
      ['Faktura', 'Maksa 30 päivässä'],
      ['Delbetalning', part.description],
      ['Kort', untouched.description],
    ]);
    expect(finnish.methods[1]!.plans[0]).toMatchObject({ name: '12 kuukautta', description: 'Räntefritt' });
    expect(finnish.methods[2]).toBe(untouched);
    const swedish = localizeCatalog(catalog, 'sv');
    expect(swedish.store).toBe(s);
    // Nothing in Swedish: every method is the catalog's own object, plans and all.
    swedish.methods.forEach((m, i) => expect(m).toBe(catalog.methods[i]));
  });

  it('gives the default bundle title in the language, and a title of the catalog as written', () => {
    expect(localizeCatalog({ store: store({ bundleTitle: DEFAULT_BUNDLE_TITLE }), methods: [] }, 'sv').store.bundleTitle).toBe(
      'Delbetalning',
    );
    expect(localizeCatalog({ store: store({ bundleTitle: DEFAULT_BUNDLE_TITLE }), methods: [] }, 'en').store.bundleTitle).toBe(
      'Part payment',
    );
    expect(localizeCatalog({ store: store({ bundleTitle: 'Dela upp' }), methods: [] }, 'fi').store.bundleTitle).toBe('Dela upp');
    const translatedDefault = store({ bundleTitle: DEFAULT_BUNDLE_TITLE, translations: { sv: { bundleTitle: 'Dela upp betalningen' } } });
    expect(localizeCatalog({ store: translatedDefault, methods: [] }, 'sv').store.bundleTitle).toBe('Dela upp betalningen');
  });

  it("serves legal links in the request's language, else the store's, else all of their type", () => {
    const swedishStore = store({ countryCode: 'SE' });
    const links = [
      link('sv'),
      link('en'),
      link(undefined, 'GENERAL_TERMS'), // the store's language: sv
      link('fi', 'GENERAL_TERMS'),
      link('de', 'PRICE_INFO'),
      link('fr', 'PRICE_INFO'),
      link('no', 'OTHER'),
    ];
    const urls = (language: Parameters<typeof legalLinksFor>[2]) => legalLinksFor(links, swedishStore, language).map((l) => l.url);
    expect(urls('en')).toEqual([links[0 + 1]!.url, links[2]!.url, links[4]!.url, links[5]!.url, links[6]!.url]);
    expect(urls('fi')).toEqual([links[0]!.url, links[3]!.url, links[4]!.url, links[5]!.url, links[6]!.url]);
    expect(urls('sv')).toEqual([links[0]!.url, links[2]!.url, links[4]!.url, links[5]!.url, links[6]!.url]);
    // `no` is Norwegian: bokmål's link.
    expect(legalLinksFor([link('no', 'OTHER'), link('en', 'OTHER')], swedishStore, 'nb').map((l) => l.language)).toEqual(['no']);
    const m = method({ legalLinks: links });
    expect(localizeMethod(m, swedishStore, 'da').legalLinks.map((l) => l.url)).toEqual(urls('da'));
    expect(localizeMethod(method({ legalLinks: [link('sv')] }), swedishStore, 'sv').legalLinks).toHaveLength(1);
  });
});
