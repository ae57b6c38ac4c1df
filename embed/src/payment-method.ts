// <payment-method data="…internalData…" amount="…">: the details of one group (plans, fees,
// price information) for the group a shopper selected in <payment-methods>.

import { isAmount } from './api.ts';
import { h, style } from './dom.ts';
import { languageTagOf, pickLanguage, textsFor, type Texts } from './i18n.ts';
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
    const texts = textsFor(pickLanguage(languageTagOf(this)));
    const data = parseInternalData(encoded);
    if (!data) {
      // The blob may change shape without notice (spec §2.2); an older script must degrade quietly.
      this.content.replaceChildren(h('p', { part: 'state state-error' }, texts.detailsUnavailable));
      return;
    }
    // The page's current amount wins over the one the plans were priced at, when it is valid.
    const attribute = this.getAttribute('amount');
    const amount = attribute !== null && isAmount(attribute) ? attribute : data.amount;
    this.content.replaceChildren(...detailsView(data, amount, texts));
  }
}

function detailsView(data: InternalData, amount: string, texts: Texts): HTMLElement[] {
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
  return data.methods.map((method) =>
    h(
      'div',
      { part: 'method' },
      named ? h('p', { part: 'method-name' }, method.name) : undefined,
      method.description ? h('p', { part: 'description' }, method.description) : undefined,
      method.plans.length > 0
        ? h('ul', { part: 'plans' }, ...method.plans.map((plan) => planView(plan, data.currency, texts)))
        : undefined,
      ...newPriceInfoHrefs(method).map((href) => priceInfoLink(href, texts)),
    ),
  );
}

function planView(plan: PaymentPlanData, currency: string, texts: Texts): HTMLLIElement {
  return h(
    'li',
    { part: 'plan' },
    h('span', { part: 'plan-cost' }, texts.perMonth(texts.number(plan.monthlyCost), currency)),
    h('span', { part: 'plan-name' }, plan.name),
    h(
      'dl',
      { part: 'plan-terms' },
      term(texts.duration, texts.months(plan.durationMonths)),
      term(texts.interest, `${texts.number(plan.interestPercent)} %`),
      // Charged every month: it is part of the monthly cost above.
      term(texts.administrationFee, texts.perMonth(texts.number(plan.administrationFee), currency)),
      term(texts.setupFee, `${texts.number(plan.setupFee)} ${currency}`),
    ),
  );
}

function term(label: string, value: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(h('dt', {}, label), h('dd', {}, value));
  return fragment;
}

function priceInfoLink(href: string, texts: Texts): HTMLAnchorElement {
  return h(
    'a',
    { part: 'link', href, target: '_blank', rel: 'noopener' },
    texts.priceInfo,
    h('span', { class: 'sr-only' }, ` ${texts.opensInNewWindow}`),
  );
}
