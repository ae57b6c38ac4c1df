// Every text the service writes itself (not taken from the catalog), one table per language
// (docs/languages.md#generated-texts). The "generated texts" tests of test/domain/languages.test.ts
// check that every language has every text and that no English word appears outside English.
import type { Language } from './languages.ts';

export interface GeneratedTexts {
  /**
   * A group's subtitle naming its lowest monthly cost. `cost` is the cost as Intl.NumberFormat
   * writes it for the language and the store's country (`238 kr`); `whole` and `currency` are the
   * bare integer and the ISO 4217 code, for the English form the API has always had.
   */
  monthlyFrom(cost: string, whole: bigint, currency: string): string;
  /** A bundle's title when the store's catalog gives none (DEFAULT_BUNDLE_TITLE stored). */
  bundleTitle: string;
}

const TEXTS: Readonly<Record<Language, GeneratedTexts>> = {
  // The API's own form in English: whole units, then the currency code (`From 238 SEK/month`).
  en: { monthlyFrom: (_cost, whole, currency) => `From ${whole} ${currency}/month`, bundleTitle: 'Part payment' },
  sv: { monthlyFrom: (cost) => `Från ${cost}/mån`, bundleTitle: 'Delbetalning' },
  nb: { monthlyFrom: (cost) => `Fra ${cost}/mnd`, bundleTitle: 'Delbetaling' },
  da: { monthlyFrom: (cost) => `Fra ${cost}/md.`, bundleTitle: 'Delbetaling' },
  fi: { monthlyFrom: (cost) => `Alkaen ${cost}/kk`, bundleTitle: 'Osamaksu' },
};

export function generatedTexts(language: Language): GeneratedTexts {
  return TEXTS[language];
}

/**
 * Writes a group's "from {cost} a month" subtitle in one language for one store, with its number
 * format made once (constructing an Intl.NumberFormat costs some 30 µs, formatting well under one).
 */
export type MonthlyCostText = (cost: bigint) => string;

export function monthlyCostText(language: Language, countryCode: string, currency: string): MonthlyCostText {
  const texts = TEXTS[language];
  // English writes the whole number and the currency code, not a formatted cost: no format to make.
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, English ignores the formatted cost
  if (language === 'en') return (cost) => texts.monthlyFrom('', cost, currency);
  let format: Intl.NumberFormat;
  try {
    // Contract: Intl.NumberFormat('<language>-<store country>', currency, no fraction digits).
    format = new Intl.NumberFormat(`${language}-${countryCode}`, { style: 'currency', currency, maximumFractionDigits: 0 });
  } catch {
    // A currency code Intl refuses (it accepts any three letters today): the code after the number.
    return (cost) => texts.monthlyFrom(`${cost} ${currency}`, cost, currency);
  }
  return (cost) => texts.monthlyFrom(format.format(cost), cost, currency);
}
