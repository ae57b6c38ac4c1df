// Texts and number formats in the languages of the operator's Nordic markets (Swedish, Norwegian
// bokmål, Danish, Finnish) and English. The language is the element's own `lang`, else the nearest
// ancestor's (across shadow roots, as the lang attribute inherits for rendering), else the
// session's (docs/languages.md#the-storefront: the service says it), else English.
// Amounts, currencies and percentages are written by Intl.NumberFormat in that language, so each
// market reads its own conventions (`1 299 kr`, `1.299 kr.`, `1 299 €`, `9,95 %`).

export type Language = 'en' | 'sv' | 'nb' | 'da' | 'fi';

export interface Texts {
  groupLabel: string;
  loading: string;
  empty: string;
  error: string;
  unreachable: string;
  expired: string;
  retry: string;
  detailsUnavailable: string;
  duration: string;
  interest: string;
  administrationFee: string;
  setupFee: string;
  priceInfo: string;
  opensInNewWindow: string;
  /** Written after a price paid every month: `/month`. */
  perMonth: string;
  /** One month, and any other count of months. */
  month: string;
  months: string;
}

const EN: Texts = {
  groupLabel: 'Payment method',
  loading: 'Loading payment methods…',
  empty: 'No payment methods available for this amount',
  error: 'Payment methods could not be loaded.',
  unreachable: 'The payment service could not be reached.',
  expired: 'This payment session has expired.',
  retry: 'Try again',
  detailsUnavailable: 'Payment details are unavailable.',
  duration: 'Duration',
  interest: 'Interest',
  administrationFee: 'Administration fee',
  setupFee: 'Setup fee',
  priceInfo: 'Price information',
  opensInNewWindow: '(opens in a new window)',
  perMonth: '/month',
  month: 'month',
  months: 'months',
};

const SV: Texts = {
  groupLabel: 'Betalsätt',
  loading: 'Hämtar betalsätt…',
  empty: 'Inga betalsätt är tillgängliga för det här beloppet',
  error: 'Betalsätten kunde inte hämtas.',
  unreachable: 'Betaltjänsten kunde inte nås.',
  expired: 'Betalsessionen har gått ut.',
  retry: 'Försök igen',
  detailsUnavailable: 'Betalningsinformationen är inte tillgänglig.',
  duration: 'Löptid',
  interest: 'Ränta',
  administrationFee: 'Administrationsavgift',
  setupFee: 'Uppläggningsavgift',
  priceInfo: 'Prisinformation',
  opensInNewWindow: '(öppnas i ett nytt fönster)',
  perMonth: '/mån',
  month: 'månad',
  months: 'månader',
};

const NB: Texts = {
  groupLabel: 'Betalingsmåte',
  loading: 'Henter betalingsmåter…',
  empty: 'Ingen betalingsmåter er tilgjengelige for dette beløpet',
  error: 'Betalingsmåtene kunne ikke hentes.',
  unreachable: 'Fikk ikke kontakt med betalingstjenesten.',
  expired: 'Betalingsøkten har utløpt.',
  retry: 'Prøv igjen',
  detailsUnavailable: 'Betalingsinformasjonen er ikke tilgjengelig.',
  duration: 'Nedbetalingstid',
  interest: 'Rente',
  administrationFee: 'Administrasjonsgebyr',
  setupFee: 'Etableringsgebyr',
  priceInfo: 'Prisinformasjon',
  opensInNewWindow: '(åpnes i et nytt vindu)',
  perMonth: '/mnd',
  month: 'måned',
  months: 'måneder',
};

const DA: Texts = {
  groupLabel: 'Betalingsmetode',
  loading: 'Henter betalingsmetoder…',
  empty: 'Ingen betalingsmetoder er tilgængelige for dette beløb',
  error: 'Betalingsmetoderne kunne ikke hentes.',
  unreachable: 'Der kunne ikke oprettes forbindelse til betalingstjenesten.',
  expired: 'Betalingssessionen er udløbet.',
  retry: 'Prøv igen',
  detailsUnavailable: 'Betalingsoplysningerne er ikke tilgængelige.',
  duration: 'Løbetid',
  interest: 'Rente',
  administrationFee: 'Administrationsgebyr',
  setupFee: 'Etableringsgebyr',
  priceInfo: 'Prisinformation',
  opensInNewWindow: '(åbner i et nyt vindue)',
  perMonth: '/md.',
  month: 'måned',
  months: 'måneder',
};

const FI: Texts = {
  groupLabel: 'Maksutapa',
  loading: 'Ladataan maksutapoja…',
  empty: 'Tälle summalle ei ole saatavilla maksutapoja',
  error: 'Maksutapoja ei voitu ladata.',
  unreachable: 'Maksupalveluun ei saatu yhteyttä.',
  expired: 'Tämä maksuistunto on vanhentunut.',
  retry: 'Yritä uudelleen',
  detailsUnavailable: 'Maksun tiedot eivät ole saatavilla.',
  duration: 'Maksuaika',
  interest: 'Korko',
  administrationFee: 'Tilinhoitomaksu',
  setupFee: 'Avausmaksu',
  priceInfo: 'Hintatiedot',
  opensInNewWindow: '(avautuu uuteen ikkunaan)',
  perMonth: '/kk',
  month: 'kuukausi',
  months: 'kuukautta',
};

const TEXTS: Readonly<Record<Language, Texts>> = { en: EN, sv: SV, nb: NB, da: DA, fi: FI };

/**
 * Primary language subtags we answer to. `no` (Norwegian, either written form) is bokmål; `nn`
 * (nynorsk) gets bokmål too: every Norwegian reader reads bokmål, which is far closer to nynorsk
 * than English is, and these few texts are not worth a separate nynorsk set.
 */
const LANGUAGES: Readonly<Record<string, Language>> = { en: 'en', sv: 'sv', nb: 'nb', no: 'nb', nn: 'nb', da: 'da', fi: 'fi' };

/** The language for a tag by its primary subtag (`sv-SE`, `nb-NO`, `FI-fi`); English for all others. */
export function pickLanguage(tag: string | null | undefined): Language {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0]!;
  return Object.prototype.hasOwnProperty.call(LANGUAGES, primary) ? LANGUAGES[primary]! : 'en';
}

export function textsFor(language: Language): Texts {
  return TEXTS[language];
}

/** The `lang` in effect for an element: its own or the nearest ancestor's, crossing shadow roots. */
export function languageTagOf(element: Element): string | undefined {
  let node: Element | undefined = element;
  while (node) {
    const holder = node.closest('[lang]');
    if (holder) return holder.getAttribute('lang') ?? undefined;
    // A shadow root has a host to continue from; the document has none.
    node = (node.getRootNode() as Partial<ShadowRoot>).host;
  }
  return undefined;
}

/** Texts and number formats of one language: what the components write with. */
export interface Locale {
  texts: Texts;
  /** A decimal string from the service (`1299.5`) in a currency: `1 299,50 kr`. */
  money(decimal: string, currency: string): string;
  /** A price paid every month: `164 kr/mån`. */
  monthly(decimal: string, currency: string): string;
  /** A percentage given as a decimal string (`9.95`): `9,95 %`. */
  percent(decimal: string): string;
  months(count: number): string;
}

/**
 * Intl formats the decimal string itself where the engine can (exactly, whatever its length);
 * an older engine converts it with Number(), which is just as good for prices. The cast only
 * tells this file's ES2020 typings so.
 */
function format(formatter: Intl.NumberFormat, decimal: string): string {
  return formatter.format(decimal as unknown as number);
}

export function localeFor(language: Language): Locale {
  const texts = TEXTS[language];
  const money = (decimal: string, currency: string): string => {
    // Whole amounts without decimals (`164 kr`), others with the usual two (`29,50 kr`).
    const digits = decimal.includes('.') ? 2 : 0;
    try {
      return format(
        new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: 2 }),
        decimal,
      );
    } catch {
      // Not an ISO 4217 code Intl accepts: say it as the service does rather than not at all.
      return `${decimal} ${currency}`;
    }
  };
  return {
    texts,
    money,
    monthly: (decimal, currency) => `${money(decimal, currency)}${texts.perMonth}`,
    percent: (decimal) => format(new Intl.NumberFormat(language, { style: 'unit', unit: 'percent', maximumFractionDigits: 4 }), decimal),
    months: (count) => `${count} ${count === 1 ? texts.month : texts.months}`,
  };
}

/** The language the page asks for with a `lang` on the element or an ancestor; undefined without one. */
export function pageLanguageOf(element: Element): Language | undefined {
  const tag = languageTagOf(element);
  return tag === undefined || tag.trim() === '' ? undefined : pickLanguage(tag);
}

/**
 * The language in effect for an element, with its texts and formats: the page's `lang`, else
 * `sessionLanguage` (the language the service answered in), else English.
 */
export function localeOf(element: Element, sessionLanguage?: Language): Locale {
  return localeFor(pageLanguageOf(element) ?? sessionLanguage ?? 'en');
}

/** A language the service names (Content-Language, internalData's `language`), if it is one of ours. */
export function knownLanguage(value: unknown): Language | undefined {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(TEXTS, value) ? (value as Language) : undefined;
}
