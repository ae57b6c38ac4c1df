// <payment-method data="…internalData…" amount="…">: the details of one group (plans, fees,
// price information) for the group a shopper selected in <payment-methods>.

import { isAmount } from './api.ts';
import { disclosureBody, priceInfoLink, priceInformationHref } from './disclosure.ts';
import { h, style } from './dom.ts';
import { localeOf, pageLanguageOf, type Locale } from './i18n.ts';
import { parseInternalData, type InternalData, type MethodData, type PaymentPlanData } from './internal-data.ts';
import { PRICE_INFO, legalLinkHref } from './links.ts';
import { DETAILS_CSS } from './styles.ts';

export class PaymentMethodElement extends HTMLElement {
  static readonly observedAttributes = ['data', 'amount', 'lang'];

  private readonly content: HTMLDivElement;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.content = h('div', { part: 'details' });
    root.append(style(DETAILS_CSS), this.content);
  }

  connectedCallback(): void {
    this.render();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.render();
  }

  private render(): void {
    const encoded = this.getAttribute('data');
    if (!encoded) {
      this.content.replaceChildren();
      return;
    }
    const data = parseInternalData(encoded);
    // Without a `lang` on the page, the language the service wrote the group's texts in.
    const locale = localeOf(this, data?.language);
    const spoken = pageLanguageOf(this) === undefined ? data?.language : undefined;
    if (spoken) this.content.setAttribute('lang', spoken);
    else this.content.removeAttribute('lang');
    if (!data) {
      // The blob may change shape without notice (docs/session-api.md#the-group-object); an older script must degrade quietly.
      this.content.replaceChildren(h('p', { part: 'state state-error' }, locale.texts.detailsUnavailable));
      return;
    }
    // The page's current amount wins over the one the plans were priced at, when it is valid.
    const attribute = this.getAttribute('amount');
    const amount = attribute !== null && isAmount(attribute) ? attribute : data.amount;
    this.content.replaceChildren(...detailsView(data, amount, locale));
  }
}

function detailsView(data: InternalData, amount: string, locale: Locale): HTMLElement[] {
  const shownHrefs = new Set<string>();
  // A bundle's members usually share one price-information page: link it once.
  const newPriceInfoHrefs = (method: MethodData): string[] => {
    const hrefs: string[] = [];
    for (const link of method.legalLinks) {
      if (link.type !== PRICE_INFO) continue;
      const href = legalLinkHref(link.url, link.appendAmount, amount);
      if (href === undefined || shownHrefs.has(href)) continue;
      shownHrefs.add(href);
      hrefs.push(href);
    }
    return hrefs;
  };
  const named = data.methods.length > 1;
  const methods = data.methods.map((method) =>
    h(
      'div',
      { part: 'method' },
      named ? h('p', { part: 'method-name' }, method.name) : undefined,
      method.description ? h('p', { part: 'description' }, method.description) : undefined,
      method.plans.length > 0
        ? h('ul', { part: 'plans' }, ...method.plans.map((plan) => planView(plan, data.currency, locale)))
        : undefined,
      ...newPriceInfoHrefs(method).map((href) => priceInfoLink(href, locale)),
    ),
  );
  return data.disclosure ? [disclosureView(data, amount, locale, shownHrefs.size > 0), ...methods] : methods;
}

/**
 * The group's credit disclosure above its plans. Its link goes to the service's price-information
 * page only where no member has a catalog PRICE_INFO link of its own (those are shown with their
 * method and win).
 */
function disclosureView(data: InternalData, amount: string, locale: Locale, priceInfoShown: boolean): HTMLDivElement {
  const href = priceInfoShown ? undefined : priceInformationHref(data, amount);
  return h('div', { part: 'credit' }, disclosureBody(data.disclosure!), href === undefined ? undefined : priceInfoLink(href, locale));
}

function planView(plan: PaymentPlanData, currency: string, locale: Locale): HTMLLIElement {
  const { texts } = locale;
  return h(
    'li',
    { part: 'plan' },
    h('span', { part: 'plan-cost' }, locale.monthly(plan.monthlyCost, currency)),
    h('span', { part: 'plan-name' }, plan.name),
    h(
      'dl',
      { part: 'plan-terms' },
      term(texts.duration, locale.months(plan.durationMonths)),
      term(texts.interest, locale.percent(plan.interestPercent)),
      // Charged every month: it is part of the monthly cost above.
      term(texts.administrationFee, locale.monthly(plan.administrationFee, currency)),
      term(texts.setupFee, locale.money(plan.setupFee, currency)),
    ),
  );
}

function term(label: string, value: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(h('dt', {}, label), h('dd', {}, value));
  return fragment;
}
