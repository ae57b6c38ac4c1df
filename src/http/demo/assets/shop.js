// The demo shop's checkout: keeps <payment-methods> in step with the cart total, the customer
// type and the language; gets sessions from the shop's own backend (POST /demo/session), never
// from the payment service directly; and shows what the components report. The server writes the
// page in the store's language; the texts of every language of the switch are in texts.js
// (src/http/demo/texts.ts).

import { TEXTS } from './texts.js';

const CAMPAIGN = 'BLACKWEEK';

/** Number formats per page language: the shop is Swedish, so its prices are in SEK whatever the language. */
const LOCALES = { en: 'en-GB', sv: 'sv-SE', fi: 'fi-FI' };

const EVENTS = ['payment-method-select', 'payment-method-deselect', 'payment-session-expired'];

const selector = document.querySelector('payment-methods');
const details = document.querySelector('payment-method');
const items = Array.from(document.querySelectorAll('.cart .item'));
const campaignBox = document.getElementById('campaign');
const sessionIdView = document.getElementById('session-id');
const sessionExpiryView = document.getElementById('session-expiry');
const sessionError = document.getElementById('session-error');
const log = document.getElementById('event-log');
const logEmpty = document.getElementById('log-empty');
const detailsHint = document.getElementById('details-hint');

// The language the server wrote the page in (the store's, docs/languages.md); the switch changes it.
const served = document.documentElement.lang;
let language = Object.hasOwn(TEXTS, served) ? served : 'en';
let expiresAt;
/** The current session: price signage links its price-information page. */
let sessionId;
/** Only the newest session request may set the session: a campaign toggled twice asks twice. */
let sessionRequest = 0;

const texts = () => TEXTS[language];
const locale = () => LOCALES[language];

/** A text of the language with its `{name}`s filled in. */
function text(key, values) {
  return texts()[key].replace(/\{(\w+)\}/g, (_match, name) => String(values[name]));
}

/** Prices are whole öre, so sums are exact; the amount goes out as the decimal the API expects. */
function decimal(ore) {
  return `${Math.trunc(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;
}

function money(amount) {
  // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a float.
  return new Intl.NumberFormat(locale(), { style: 'currency', currency: 'SEK' }).format(amount);
}

function quantityOf(item) {
  const value = Number(item.querySelector('input').value);
  return Number.isInteger(value) ? Math.min(Math.max(value, 0), 99) : 0;
}

/** The kinds of goods in the cart (an item counts when its quantity is above 0), sorted: the session's productTypes. */
function productTypes() {
  return [...new Set(items.filter((item) => quantityOf(item) > 0).map((item) => item.dataset.productType))].sort();
}

/** The product types the current session was made for: a cart that changes them needs a new one. */
let sessionProductTypes = '';

function updateCart() {
  let total = 0;
  for (const item of items) {
    const line = Number(item.dataset.priceOre) * quantityOf(item);
    item.querySelector('.line-total').textContent = money(decimal(line));
    total += line;
  }
  document.getElementById('cart-total').textContent = money(decimal(total));
  selector.setAttribute('amount', decimal(total));
}

/** A cart change: the total follows; a gift card added or removed asks the shop's backend for a new session. */
function cartChanged() {
  updateCart();
  if (productTypes().join() !== sessionProductTypes) void newSession();
}

/**
 * Price signage under a product's price, from the shop's own backend (GET /demo/price-signage),
 * which asks the merchant API: the lowest monthly cost, the total cost and the APR, the credit
 * disclosure, with the SECCI and (once there is a session) the price-information page.
 */
const signageOf = new Map();
/** Per item, the newest signage request: only it may show (a language or session change asks again). */
const signageRequests = new Map();

async function loadSignage(item) {
  const view = item.querySelector('[data-signage]');
  if (!view) return;
  const request = (signageRequests.get(item) ?? 0) + 1;
  signageRequests.set(item, request);
  try {
    const session = sessionId ? `&sessionId=${encodeURIComponent(sessionId)}` : '';
    const response = await fetch(`/demo/price-signage?amount=${decimal(Number(item.dataset.priceOre))}&locale=${locale()}${session}`);
    const { signage } = await response.json();
    if (!response.ok || !signage || signageRequests.get(item) !== request) return;
    signageOf.set(item, signage);
    showSignage(item);
  } catch {
    // No signage is shown when it cannot be had; the price stands alone.
  }
}

function showSignage(item) {
  const signage = signageOf.get(item);
  const view = item.querySelector('[data-signage]');
  if (!signage || !view) return;
  const rate = new Intl.NumberFormat(locale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(signage.effectiveInterest);
  const whole = (n) => new Intl.NumberFormat(locale(), { style: 'currency', currency: signage.currency, maximumFractionDigits: 0 }).format(n);
  view.querySelector('.signage-text').textContent = text('signage', {
    monthly: whole(signage.monthlyCost),
    months: signage.durationMonths,
    total: whole(signage.totalCost),
    rate,
  });
  showDisclosure(view, signage.disclosure);
  showLink(view.querySelector('.signage-price-info'), signage.priceInformationUrl);
  showLink(view.querySelector('.signage-secci'), signage.secciUri);
  view.hidden = false;
}

/**
 * The credit disclosure beside the monthly cost, as the law wants it: the representative example
 * with its APR in bold (the backend says how the rate is written inside the text), and the warning.
 */
function showDisclosure(view, disclosure) {
  const box = view.querySelector('.signage-disclosure');
  box.hidden = !disclosure;
  if (!disclosure) return;
  const textView = box.querySelector('.disclosure-text');
  const at = disclosure.apr ? disclosure.text.indexOf(disclosure.apr) : -1;
  if (at < 0) {
    textView.textContent = disclosure.text;
  } else {
    const rate = document.createElement('strong');
    rate.className = 'apr';
    rate.textContent = disclosure.apr;
    textView.replaceChildren(disclosure.text.slice(0, at), rate, disclosure.text.slice(at + disclosure.apr.length));
  }
  const warning = box.querySelector('.disclosure-warning');
  warning.textContent = disclosure.warning ?? '';
  warning.hidden = !disclosure.warning;
}

function showLink(link, href) {
  link.hidden = !href;
  if (href) link.href = href;
}

function updateCustomerType() {
  selector.setAttribute('customer-type', document.querySelector('input[name="customer-type"]:checked').value);
}

function updateLanguage() {
  language = document.querySelector('input[name="language"]:checked').value;
  showLanguage();
  // The SECCI in the new language, where the catalog has one.
  for (const item of items) void loadSignage(item);
}

const storeName = document.querySelector('.store-name').textContent;

function showLanguage() {
  document.documentElement.lang = language;
  document.title = `${texts().heading} · ${storeName}`;
  for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = texts()[element.dataset.i18n];
  // The components re-render on their own lang attribute, not on the page's.
  selector.setAttribute('lang', language);
  details.setAttribute('lang', language);
  updateCart();
  showSession();
  for (const item of items) showSignage(item);
}

function showSession() {
  sessionExpiryView.textContent = expiresAt
    ? `(${text('expires', { time: new Date(expiresAt).toLocaleTimeString(locale()) })})`
    : '';
}

async function newSession() {
  const request = ++sessionRequest;
  // The session in the shopper's language; the components ask in the page's language anyway. The
  // cart's kinds of goods go with it: a gift card is never paid on credit (the catalog excludes it).
  const types = productTypes();
  sessionProductTypes = types.join();
  const body = {
    locale: locale(),
    ...(campaignBox.checked ? { campaign: CAMPAIGN } : {}),
    ...(types.length > 0 ? { productTypes: types } : {}),
  };
  let answer;
  try {
    const response = await fetch('/demo/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    answer = { ok: response.ok, body: await response.json() };
  } catch (error) {
    answer = { ok: false, body: { message: error.message } };
  }
  if (request !== sessionRequest) return;
  sessionError.hidden = answer.ok;
  if (!answer.ok) {
    sessionError.textContent = text('sessionFailed', { message: answer.body.message });
    return;
  }
  expiresAt = answer.body.expiresAt;
  sessionId = answer.body.sessionId;
  sessionIdView.textContent = sessionId;
  showSession();
  selector.setAttribute('session-id', sessionId);
  // The price-information page is the session's: the signage links it once there is one.
  for (const item of items) void loadSignage(item);
}

/** internalData is opaque and long: the log shows its start and length only. */
function readable(detail) {
  const shown = { ...detail };
  if (typeof shown.internalData === 'string' && shown.internalData.length > 24) {
    shown.internalData = `${shown.internalData.slice(0, 24)}… (${shown.internalData.length} chars)`;
  }
  return JSON.stringify(shown, null, 2);
}

function record(event) {
  const entry = document.createElement('li');
  entry.dataset.event = event.type;
  const time = document.createElement('time');
  time.textContent = new Date().toLocaleTimeString(locale());
  const type = document.createElement('code');
  type.className = 'event-type';
  type.textContent = event.type;
  const detail = document.createElement('pre');
  detail.textContent = readable(event.detail);
  entry.append(time, ' ', type, detail);
  log.prepend(entry);
  logEmpty.hidden = true;
}

for (const type of EVENTS) selector.addEventListener(type, record);

selector.addEventListener('payment-method-select', (event) => {
  details.setAttribute('data', event.detail.internalData);
  detailsHint.hidden = true;
});
selector.addEventListener('payment-method-deselect', () => {
  details.removeAttribute('data');
  detailsHint.hidden = false;
});
// As a merchant's page would: the shop's backend makes a new session and the selector carries on.
selector.addEventListener('payment-session-expired', () => void newSession());

for (const item of items) item.querySelector('input').addEventListener('input', cartChanged);
for (const input of document.querySelectorAll('input[name="customer-type"]')) input.addEventListener('change', updateCustomerType);
for (const input of document.querySelectorAll('input[name="language"]')) input.addEventListener('change', updateLanguage);
campaignBox.addEventListener('change', () => void newSession());

document.querySelector(`input[name="language"][value="${language}"]`).checked = true;
showLanguage();
updateCustomerType();
void newSession();
for (const item of items) void loadSignage(item);
