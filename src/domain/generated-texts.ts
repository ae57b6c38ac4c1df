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
  /** The price-information page's own words (http/session-api/price-information-page.ts). */
  priceInformation: PriceInformationTexts;
}

/** The headings and labels of the price-information page; the figures are written as in a disclosure. */
export interface PriceInformationTexts {
  /** The page's heading and the first part of its title. */
  title: string;
  /** Before the purchase amount the figures are computed at. */
  purchaseAmount: string;
  /** The heading of the representative example (the plan the subtitle names). */
  example: string;
  /** The heading of the plans' tables. */
  plans: string;
  /** A table's caption: the payment method's name. */
  caption(methodName: string): string;
  /** The column headers, in the table's order. */
  plan: string;
  duration: string;
  monthlyCost: string;
  interest: string;
  setupFee: string;
  /** Added to every monthly payment. */
  administrationFee: string;
  totalCost: string;
  apr: string;
  /** A duration cell: the number of months as the disclosure writes it. */
  months(months: string): string;
  /** The heading of the legal documents. */
  documents: string;
  /** A SECCI link's text (the Standard European Consumer Credit Information). */
  secci(methodName: string): string;
  /** A GENERAL_TERMS link's text. */
  generalTerms(methodName: string): string;
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
    priceInformation: {
      title: 'Price information',
      purchaseAmount: 'Purchase amount',
      example: 'Representative example',
      plans: 'Payment plans',
      caption: (name) => `Payment plans of ${name}`,
      plan: 'Plan',
      duration: 'Duration',
      monthlyCost: 'Monthly cost',
      interest: 'Nominal interest rate',
      setupFee: 'Setup fee',
      administrationFee: 'Administration fee a month',
      totalCost: 'Total amount payable',
      apr: 'Annual percentage rate',
      months: (months) => `${months} months`,
      documents: 'Documents',
      secci: (name) => `Standard European Consumer Credit Information (SECCI), ${name}`,
      generalTerms: (name) => `General terms and conditions, ${name}`,
    },
  },
  sv: {
    monthlyFrom: (cost) => `Från ${cost}/mån`,
    bundleTitle: 'Delbetalning',
    disclosure: (f) =>
      `Räkneexempel: ${f.amount} delbetalt på ${f.months} månader med ${f.monthlyCost}/mån, nominell ränta ${f.interest}, ` +
      `uppläggningsavgift ${f.setupFee}, aviavgift ${f.administrationFee}/mån. ` +
      `Effektiv ränta ${f.apr}, totalt att betala ${f.totalCost}.`,
    creditWarning: 'Att låna kostar pengar!',
    priceInformation: {
      title: 'Prisinformation',
      purchaseAmount: 'Köpbelopp',
      example: 'Räkneexempel',
      plans: 'Betalningsplaner',
      caption: (name) => `Betalningsplaner för ${name}`,
      plan: 'Betalningsplan',
      duration: 'Löptid',
      monthlyCost: 'Månadskostnad',
      interest: 'Nominell ränta',
      setupFee: 'Uppläggningsavgift',
      administrationFee: 'Aviavgift/mån',
      totalCost: 'Totalt att betala',
      apr: 'Effektiv ränta',
      months: (months) => `${months} månader`,
      documents: 'Dokument',
      secci: (name) => `Standardiserad europeisk konsumentkreditinformation (SEKKI), ${name}`,
      generalTerms: (name) => `Allmänna villkor, ${name}`,
    },
  },
  nb: {
    monthlyFrom: (cost) => `Fra ${cost}/mnd`,
    bundleTitle: 'Delbetaling',
    disclosure: (f) =>
      `Eksempel: ${f.amount} nedbetalt over ${f.months} måneder med ${f.monthlyCost}/mnd, nominell rente ${f.interest}, ` +
      `etableringsgebyr ${f.setupFee}, termingebyr ${f.administrationFee}/mnd. ` +
      `Effektiv rente ${f.apr}, totalt å betale ${f.totalCost}.`,
    creditWarning: 'Å ta opp lån koster penger.',
    priceInformation: {
      title: 'Prisinformasjon',
      purchaseAmount: 'Kjøpsbeløp',
      example: 'Eksempel',
      plans: 'Betalingsplaner',
      caption: (name) => `Betalingsplaner for ${name}`,
      plan: 'Betalingsplan',
      duration: 'Løpetid',
      monthlyCost: 'Månedsbeløp',
      interest: 'Nominell rente',
      setupFee: 'Etableringsgebyr',
      administrationFee: 'Termingebyr/mnd',
      totalCost: 'Totalt å betale',
      apr: 'Effektiv rente',
      months: (months) => `${months} måneder`,
      documents: 'Dokumenter',
      secci: (name) => `Standardisert europeisk opplysningsskjema om forbrukerkreditt (SEF), ${name}`,
      generalTerms: (name) => `Generelle vilkår, ${name}`,
    },
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
    priceInformation: {
      title: 'Prisoplysninger',
      purchaseAmount: 'Købsbeløb',
      example: 'Eksempel',
      plans: 'Betalingsplaner',
      caption: (name) => `Betalingsplaner for ${name}`,
      plan: 'Betalingsplan',
      duration: 'Løbetid',
      monthlyCost: 'Månedlig ydelse',
      interest: 'Debitorrente',
      setupFee: 'Oprettelsesgebyr',
      administrationFee: 'Administrationsgebyr/md.',
      totalCost: 'Samlet beløb at betale',
      apr: 'ÅOP',
      months: (months) => `${months} måneder`,
      documents: 'Dokumenter',
      secci: (name) => `Standardiserede europæiske forbrugerkreditoplysninger (SEF), ${name}`,
      generalTerms: (name) => `Generelle vilkår, ${name}`,
    },
  },
  fi: {
    monthlyFrom: (cost) => `Alkaen ${cost}/kk`,
    bundleTitle: 'Osamaksu',
    disclosure: (f) =>
      `Esimerkki: ${f.amount} maksettuna ${f.months} kuukaudessa, ${f.monthlyCost}/kk, nimelliskorko ${f.interest}, ` +
      `avausmaksu ${f.setupFee}, käsittelymaksu ${f.administrationFee}/kk. ` +
      `Todellinen vuosikorko ${f.apr}, maksettava yhteensä ${f.totalCost}.`,
    creditWarning: 'Lainan ottaminen maksaa rahaa.',
    priceInformation: {
      title: 'Hintatiedot',
      purchaseAmount: 'Ostoksen summa',
      example: 'Esimerkki',
      plans: 'Maksusuunnitelmat',
      caption: (name) => `Maksusuunnitelmat: ${name}`,
      plan: 'Maksusuunnitelma',
      duration: 'Laina-aika',
      monthlyCost: 'Kuukausierä',
      interest: 'Nimelliskorko',
      setupFee: 'Avausmaksu',
      administrationFee: 'Käsittelymaksu/kk',
      totalCost: 'Maksettava yhteensä',
      apr: 'Todellinen vuosikorko',
      months: (months) => `${months} kuukautta`,
      documents: 'Asiakirjat',
      secci: (name) => `Vakiomuotoiset eurooppalaiset kuluttajaluottotiedot (SECCI), ${name}`,
      generalTerms: (name) => `Yleiset ehdot, ${name}`,
    },
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

export function monthlyCostText(
  language: Language,
  countryCode: string,
  currency: string,
  /**
   * The same format's text of a whole number given as digits, written without asking Intl each time
   * (credit-disclosure.ts, DisclosureFormat.money: its text is confirmed equal to Intl's), used when
   * Intl accepts the language and the country; without it, Intl is asked.
   */
  fast?: (digits: string) => string,
): MonthlyCostText {
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
  if (fast) return (cost) => texts.monthlyFrom(fast(cost.toString()), cost, currency);
  return (cost) => texts.monthlyFrom(format.format(cost), cost, currency);
}
