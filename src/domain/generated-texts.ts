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
  /**
   * The representative example of a credit beside a monthly cost (credit-disclosure.ts): every
   * figure already written by Intl.NumberFormat for the language and the store's country.
   */
  disclosure(f: DisclosureFigureTexts): string;
  /** The warning that borrowing costs money, when the store's catalog gives none. */
  creditWarning: string;
}

/** The figures of a representative example as written in the text (credit-disclosure.ts). */
export interface DisclosureFigureTexts {
  /** The purchase amount, with its decimals. */
  amount: string;
  months: string;
  monthlyCost: string;
  /** Nominal annual interest, a percentage. */
  interest: string;
  setupFee: string;
  /** Added to every monthly payment. */
  administrationFee: string;
  /** The annual percentage rate of charge. */
  apr: string;
  totalCost: string;
}

// The credit warnings are the defaults the operator's lawyers chose (docs/languages.md#credit-disclosure);
// a store replaces them with its catalog's `creditWarning`.
const TEXTS: Readonly<Record<Language, GeneratedTexts>> = {
  // The API's own form in English: whole units, then the currency code (`From 238 SEK/month`).
  en: {
    monthlyFrom: (_cost, whole, currency) => `From ${whole} ${currency}/month`,
    bundleTitle: 'Part payment',
    disclosure: (f) =>
      `Representative example: ${f.amount} over ${f.months} months at ${f.monthlyCost} a month, nominal interest rate ${f.interest}, ` +
      `setup fee ${f.setupFee}, administration fee ${f.administrationFee} a month. ` +
      `Annual percentage rate ${f.apr}, total amount payable ${f.totalCost}.`,
    creditWarning: 'Borrowing money costs money.',
  },
  sv: {
    monthlyFrom: (cost) => `Från ${cost}/mån`,
    bundleTitle: 'Delbetalning',
    disclosure: (f) =>
      `Räkneexempel: ${f.amount} delbetalt på ${f.months} månader med ${f.monthlyCost}/mån, nominell ränta ${f.interest}, ` +
      `uppläggningsavgift ${f.setupFee}, aviavgift ${f.administrationFee}/mån. ` +
      `Effektiv ränta ${f.apr}, totalt att betala ${f.totalCost}.`,
    creditWarning: 'Att låna kostar pengar!',
  },
  nb: {
    monthlyFrom: (cost) => `Fra ${cost}/mnd`,
    bundleTitle: 'Delbetaling',
    disclosure: (f) =>
      `Eksempel: ${f.amount} nedbetalt over ${f.months} måneder med ${f.monthlyCost}/mnd, nominell rente ${f.interest}, ` +
      `etableringsgebyr ${f.setupFee}, termingebyr ${f.administrationFee}/mnd. ` +
      `Effektiv rente ${f.apr}, totalt å betale ${f.totalCost}.`,
    creditWarning: 'Å ta opp lån koster penger.',
  },
  da: {
    monthlyFrom: (cost) => `Fra ${cost}/md.`,
    bundleTitle: 'Delbetaling',
    disclosure: (f) =>
      // One sentence ending in the rate: Danish amounts end in "kr." themselves.
      `Eksempel: ${f.amount} afbetalt over ${f.months} måneder med ${f.monthlyCost}/md., debitorrente ${f.interest}, ` +
      `oprettelsesgebyr ${f.setupFee}, administrationsgebyr ${f.administrationFee}/md., ` +
      `samlet beløb at betale ${f.totalCost}, ÅOP ${f.apr}.`,
    creditWarning: 'Det koster penge at låne penge.',
  },
  fi: {
    monthlyFrom: (cost) => `Alkaen ${cost}/kk`,
    bundleTitle: 'Osamaksu',
    disclosure: (f) =>
      `Esimerkki: ${f.amount} maksettuna ${f.months} kuukaudessa, ${f.monthlyCost}/kk, nimelliskorko ${f.interest}, ` +
      `avausmaksu ${f.setupFee}, käsittelymaksu ${f.administrationFee}/kk. ` +
      `Todellinen vuosikorko ${f.apr}, maksettava yhteensä ${f.totalCost}.`,
    creditWarning: 'Lainan ottaminen maksaa rahaa.',
  },
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
