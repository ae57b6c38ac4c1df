// The demo shop page's own texts (not the payment components', not the catalog's), in each language
// its switch offers. The server writes the page in the store's language with them, so that it reads
// right before (or without) its script; the script gets them all as /demo/texts.js to switch.
import type { Language } from '../../domain/languages.ts';

/** The languages of the page's switch. */
export const PAGE_LANGUAGES = ['sv', 'fi', 'en'] as const satisfies readonly Language[];
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** `{name}` in a text is filled in by the page's script (a time, a message, amounts). */
const en = {
  demoNote: 'Demo storefront: test data, no real payments',
  heading: 'Checkout',
  cart: 'Your cart',
  quantity: 'Quantity',
  duvet: 'Linen duvet cover 150×210',
  pillow: 'Pillowcases, 2-pack',
  candle: 'Scented candle, birch',
  giftCard: 'Gift card, SEK 500',
  giftCardNote: 'Gift cards are not paid on credit: with one in the cart, part payment and the account are not offered.',
  shipping: 'Shipping',
  free: 'Free',
  total: 'Total',
  customer: 'You are buying as',
  customerType: 'Customer type',
  private: 'Private person',
  business: 'Business',
  campaign: 'Black Week offers',
  language: 'Language',
  log: 'Event log',
  session: 'Session',
  logEmpty: 'Events of the payment components appear here.',
  payment: 'Payment method',
  details: 'Details',
  detailsHint: 'Choose a payment method to see its terms.',
  expires: 'expires {time}',
  sessionFailed: 'No payment session: {message}',
  secci: 'Standard European Consumer Credit Information',
  signage: 'From {monthly}/month for {months} months · total {total} · APR {rate} %',
  priceInfo: 'Price information',
};

export type PageTexts = Readonly<Record<keyof typeof en, string>>;

export const PAGE_TEXTS: Readonly<Record<PageLanguage, PageTexts>> = {
  en,
  sv: {
    demoNote: 'Demobutik: testdata, inga riktiga betalningar',
    heading: 'Kassa',
    cart: 'Din varukorg',
    quantity: 'Antal',
    duvet: 'Påslakan i linne 150×210',
    pillow: 'Örngott, 2-pack',
    candle: 'Doftljus, björk',
    giftCard: 'Presentkort, 500 kr',
    giftCardNote: 'Presentkort köps inte på kredit: med ett i varukorgen erbjuds varken delbetalning eller konto.',
    shipping: 'Frakt',
    free: 'Fri',
    total: 'Att betala',
    customer: 'Du handlar som',
    customerType: 'Kundtyp',
    private: 'Privatperson',
    business: 'Företag',
    campaign: 'Black Week-erbjudanden',
    language: 'Språk',
    log: 'Händelselogg',
    session: 'Session',
    logEmpty: 'Betalkomponenternas händelser visas här.',
    payment: 'Betalsätt',
    details: 'Villkor',
    detailsHint: 'Välj ett betalsätt för att se villkoren.',
    expires: 'går ut {time}',
    sessionFailed: 'Ingen betalsession: {message}',
    secci: 'Standardiserad europeisk konsumentkreditinformation',
    signage: 'Från {monthly}/mån i {months} månader · totalt {total} · effektiv ränta {rate} %',
    priceInfo: 'Prisinformation',
  },
  fi: {
    demoNote: 'Demokauppa: testidataa, ei oikeita maksuja',
    heading: 'Kassa',
    cart: 'Ostoskorisi',
    quantity: 'Määrä',
    duvet: 'Pellavainen pussilakana 150×210',
    pillow: 'Tyynyliinat, 2 kpl',
    candle: 'Tuoksukynttilä, koivu',
    giftCard: 'Lahjakortti, 500 kr',
    giftCardNote: 'Lahjakorttia ei osteta luotolla: kun ostoskorissa on lahjakortti, osamaksua ja tiliä ei tarjota.',
    shipping: 'Toimitus',
    free: 'Maksuton',
    total: 'Yhteensä',
    customer: 'Ostat',
    customerType: 'Asiakastyyppi',
    private: 'Yksityishenkilönä',
    business: 'Yrityksenä',
    campaign: 'Black Week -tarjoukset',
    language: 'Kieli',
    log: 'Tapahtumaloki',
    session: 'Istunto',
    logEmpty: 'Maksukomponenttien tapahtumat näkyvät tässä.',
    payment: 'Maksutapa',
    details: 'Ehdot',
    detailsHint: 'Valitse maksutapa nähdäksesi sen ehdot.',
    expires: 'vanhenee {time}',
    sessionFailed: 'Ei maksuistuntoa: {message}',
    secci: 'Vakiomuotoiset eurooppalaiset kuluttajaluottotiedot',
    signage: 'Alkaen {monthly}/kk {months} kuukauden ajan · yhteensä {total} · todellinen vuosikorko {rate} %',
    priceInfo: 'Hintatiedot',
  },
};

/** The page's language for a store's: its own when the switch offers it, else English. */
export function pageLanguage(storeLanguage: Language): PageLanguage {
  return (PAGE_LANGUAGES as readonly string[]).includes(storeLanguage) ? (storeLanguage as PageLanguage) : 'en';
}
