// English and Swedish texts. The language is the element's own `lang`, else the nearest
// ancestor's (across shadow roots, as the lang attribute inherits for rendering), else English.

export type Language = 'en' | 'sv';

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
  perMonth(cost: string, currency: string): string;
  months(count: number): string;
  /** A decimal string from the service (`29.50`) as written in the language (`29,50`). */
  number(decimal: string): string;
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
  perMonth: (cost, currency) => `${cost} ${currency}/month`,
  months: (count) => `${count} ${count === 1 ? 'month' : 'months'}`,
  number: (decimal) => decimal,
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
  perMonth: (cost, currency) => `${cost} ${currency}/mån`,
  months: (count) => `${count} ${count === 1 ? 'månad' : 'månader'}`,
  number: (decimal) => decimal.replace('.', ','),
};

const TEXTS: Readonly<Record<Language, Texts>> = { en: EN, sv: SV };

/** Swedish for any `sv` tag (`sv`, `sv-SE`, `SV-fi`); English for everything else. */
export function pickLanguage(tag: string | null | undefined): Language {
  return tag?.trim().toLowerCase().split('-')[0] === 'sv' ? 'sv' : 'en';
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
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : undefined;
  }
  return undefined;
}
