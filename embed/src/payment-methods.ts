// <payment-methods>: the storefront's payment method selector. Fetches the session's groups
// (docs/session-api.md#group-retrieval) and shows them as a WAI-ARIA radio group in shadow DOM; selection is reported with
// events (events.ts) carrying the internalData for <payment-method>.

import { fetchGroups, groupsUrl, type GroupsOutcome, type GroupsQuery, type PaymentMethodGroup } from './api.ts';
import { disclosureBody, priceInfoLink, priceInformationHref } from './disclosure.ts';
import { h, style } from './dom.ts';
import { DESELECT_EVENT, SELECT_EVENT, SESSION_EXPIRED_EVENT, emit, selectionDetail } from './events.ts';
import { knownLanguage, localeOf, pageLanguageOf, type Language, type Locale, type Texts } from './i18n.ts';
import { parseInternalData } from './internal-data.ts';
import { isSelectKey, moveForKey, targetIndex } from './roving.ts';
import { SELECTOR_CSS } from './styles.ts';

/** Attributes that change what is fetched. */
const QUERY_ATTRIBUTES = ['session-id', 'amount', 'customer-type', 'flattened', 'api-base'];

/** How long attribute changes settle before a re-fetch, so typing an amount fetches once. */
export const DEFAULT_DEBOUNCE_MS = 250;

type Status = 'idle' | 'loading' | 'ready' | 'error' | 'expired';

const GROUP_ID = 'data-group-id';

export class PaymentMethodsElement extends HTMLElement {
  static readonly observedAttributes = [...QUERY_ATTRIBUTES, 'lang'];

  /**
   * Service base used when the element has no `api-base` attribute. The script bundle sets it
   * from its own URL; module users pass it to define(). Without either, the page's origin.
   */
  static defaultApiBase: string | undefined;

  private readonly list: HTMLDivElement;
  private readonly state: HTMLDivElement;
  private status: Status = 'idle';
  private groups: PaymentMethodGroup[] = [];
  /** The language the service answered in (the session's, when the page sets no `lang`). */
  private sessionLanguage: Language | undefined;
  private selected: PaymentMethodGroup | undefined;
  /** What went wrong, for the error state: status 0 when the service could not be reached. */
  private failure: { status: number; message: string | undefined } | undefined;
  private inflight: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    // One live region for every state, present from the start: screen readers announce changes
    // to a region they already know, not one that appears with its text.
    this.state = h('div', { part: 'state', role: 'status', 'aria-live': 'polite' });
    this.list = h('div', { part: 'group', role: 'radiogroup' });
    this.list.hidden = true;
    this.list.addEventListener('click', (event) => this.onClick(event));
    this.list.addEventListener('keydown', (event) => this.onKeyDown(event));
    root.append(style(SELECTOR_CSS), this.state, this.list);
  }

  connectedCallback(): void {
    this.render();
    void this.load();
  }

  disconnectedCallback(): void {
    this.cancel();
  }

  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    if (oldValue === newValue || !this.isConnected) return;
    if (name === 'lang') {
      // Our own texts at once; the service's (titles, subtitles) with the answer in the new language.
      this.render();
    }
    // The answer in flight is for the old attributes: drop it now, fetch once they settle.
    this.cancel();
    this.timer = setTimeout(() => void this.load(), this.debounceMs());
  }

  private debounceMs(): number {
    const raw = this.getAttribute('debounce');
    return raw !== null && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_DEBOUNCE_MS;
  }

  private apiBase(): string {
    return this.getAttribute('api-base') ?? PaymentMethodsElement.defaultApiBase ?? new URL('/', document.baseURI).href;
  }

  /** Undefined until the page has set both required attributes. */
  private query(): GroupsQuery | undefined {
    const sessionId = this.getAttribute('session-id');
    const amount = this.getAttribute('amount');
    if (!sessionId || !amount) return undefined;
    return {
      sessionId,
      amount,
      customerType: this.getAttribute('customer-type') || undefined,
      flattened: this.hasAttribute('flattened'),
      // With a `lang` in effect the service answers in it too; without, in the session's language.
      locale: pageLanguageOf(this),
    };
  }

  private cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.inflight?.abort();
    this.inflight = undefined;
  }

  private async load(): Promise<void> {
    this.cancel();
    const query = this.query();
    if (!query) {
      this.apply('idle', []);
      return;
    }
    const controller = new AbortController();
    this.inflight = controller;
    // A list already on screen stays (marked busy) while it is refreshed, rather than flickering.
    if (this.status === 'ready' && this.groups.length > 0) this.list.setAttribute('aria-busy', 'true');
    else this.apply('loading', []);
    const outcome = await fetchGroups(groupsUrl(this.apiBase(), query), controller.signal);
    if (controller.signal.aborted) return;
    this.inflight = undefined;
    this.settle(outcome, query.sessionId);
  }

  private settle(outcome: GroupsOutcome, sessionId: string): void {
    switch (outcome.kind) {
      case 'groups':
        this.sessionLanguage = knownLanguage(outcome.language);
        this.apply('ready', outcome.groups);
        return;
      case 'error':
        this.failure = outcome;
        this.apply('error', []);
        return;
      case 'expired':
        this.apply('expired', []);
        emit(this, SESSION_EXPIRED_EVENT, { sessionId, message: outcome.message ?? this.texts().expired });
        return;
    }
  }

  /**
   * Shows a new state and list, then reports what happened to the selection: kept when a group
   * with the same id is still offered (re-announced with `payment-method-select` when its
   * internalData changed, e.g. plans priced at a new amount), otherwise deselected.
   */
  private apply(status: Status, groups: PaymentMethodGroup[]): void {
    const previous = this.selected;
    const kept = previous && groups.find((group) => group.id === previous.id);
    this.status = status;
    this.groups = groups;
    this.selected = kept;
    this.list.removeAttribute('aria-busy');
    this.renderOptions();
    this.render();
    if (previous && !kept) emit(this, DESELECT_EVENT, selectionDetail(previous));
    else if (previous && kept && kept.internalData !== previous.internalData) emit(this, SELECT_EVENT, selectionDetail(kept));
  }

  private select(group: PaymentMethodGroup): void {
    const previous = this.selected;
    if (previous?.id === group.id) return;
    this.selected = group;
    this.syncSelection();
    if (previous) emit(this, DESELECT_EVENT, selectionDetail(previous));
    emit(this, SELECT_EVENT, selectionDetail(group));
  }

  private locale(): Locale {
    return localeOf(this, this.sessionLanguage);
  }

  private texts(): Texts {
    return this.locale().texts;
  }

  /** Language-dependent text and visibility; cheap, so run on every state or `lang` change. */
  private render(): void {
    const texts = this.texts();
    // Our texts are in the session's language where the page sets none: say so to assistive technology.
    const spoken = pageLanguageOf(this) === undefined ? this.sessionLanguage : undefined;
    for (const part of [this.list, this.state]) {
      if (spoken) part.setAttribute('lang', spoken);
      else part.removeAttribute('lang');
    }
    this.list.setAttribute('aria-label', texts.groupLabel);
    this.list.hidden = this.groups.length === 0;
    this.state.setAttribute('part', `state state-${this.status}`);
    this.state.replaceChildren(...this.stateContent(texts));
  }

  private stateContent(texts: Texts): Array<Node | string> {
    switch (this.status) {
      case 'idle':
        return [];
      case 'loading':
        return [texts.loading];
      case 'ready':
        return this.groups.length === 0 ? [texts.empty] : [];
      case 'expired':
        return [texts.expired];
      case 'error': {
        const failure = this.failure;
        if (!failure || failure.status === 0) return [texts.unreachable, this.retryButton(texts)];
        const message = failure.message ? [' ', h('span', { part: 'message' }, failure.message)] : [];
        return [texts.error, ...message, this.retryButton(texts)];
      }
    }
  }

  private retryButton(texts: Texts): HTMLButtonElement {
    const button = h('button', { type: 'button', part: 'retry' }, texts.retry);
    button.addEventListener('click', () => void this.load());
    return button;
  }

  private renderOptions(): void {
    const active = this.shadowRoot?.activeElement;
    // A focused price-information link stands for its group too: its item's radio says which.
    const onLink = active instanceof HTMLAnchorElement;
    const focused = (onLink ? active.parentElement?.querySelector('[role="radio"]') : active)?.getAttribute(GROUP_ID);
    const locale = this.locale();
    this.list.replaceChildren(...this.groups.map((group, index) => this.option(group, index, locale)));
    this.syncSelection();
    // Rebuilding the list must not drop keyboard focus on the floor.
    if (focused !== null && focused !== undefined) {
      const options = this.options();
      const option = options.find((o) => o.getAttribute(GROUP_ID) === focused);
      const link = onLink ? option?.parentElement?.querySelector('a') : undefined;
      (link ?? option ?? options.find((o) => o.tabIndex === 0))?.focus();
    }
  }

  /**
   * Title and subtitle as the service wrote them, in the language it answered in, and under the
   * subtitle the group's credit disclosure with its price-information link. The link sits beside
   * the radio, not in it: a radio's content is presentational, so a link inside would be unreachable
   * to assistive technology. Styles place it inside the option's box.
   */
  private option(group: PaymentMethodGroup, index: number, locale: Locale): HTMLElement {
    const prefix = `pm-${index}`;
    const titleId = `${prefix}-title`;
    const subtitleId = `${prefix}-subtitle`;
    const subtitle = group.subtitle ? h('span', { part: 'subtitle', id: subtitleId }, group.subtitle) : undefined;
    const data = parseInternalData(group.internalData);
    const disclosure = data?.disclosure ? disclosureBody(data.disclosure, prefix) : undefined;
    const href = data?.disclosure ? priceInformationHref(data, data.amount, exampleMethodOf(group)) : undefined;
    const option = h(
      'div',
      { role: 'radio', part: 'option', [GROUP_ID]: group.id, 'aria-labelledby': titleId },
      h('span', { part: 'indicator', 'aria-hidden': 'true' }),
      h('span', { part: 'label' }, h('span', { part: 'title', id: titleId }, group.title), subtitle, disclosure),
    );
    // The disclosure is read with the subtitle, as it is seen with it.
    const described = [subtitle, ...(disclosure ? Array.from(disclosure.children) : [])].map((e) => e?.id).filter(Boolean);
    if (described.length > 0) option.setAttribute('aria-describedby', described.join(' '));
    if (href === undefined) return h('div', { class: 'item' }, option);
    option.classList.add('with-link');
    return h('div', { class: 'item' }, option, priceInfoLink(href, locale));
  }

  /** The radios, in display order (each in its item, beside its link). */
  private options(): HTMLElement[] {
    return Array.from(this.list.querySelectorAll<HTMLElement>('[role="radio"]'));
  }

  /** aria-checked, the `checked` part and the roving tabindex: the checked option, else the first. */
  private syncSelection(): void {
    const selectedId = this.selected?.id;
    this.options().forEach((option, index) => {
      const checked = option.getAttribute(GROUP_ID) === selectedId;
      option.setAttribute('aria-checked', String(checked));
      option.setAttribute('part', checked ? 'option checked' : 'option');
      option.tabIndex = checked || (selectedId === undefined && index === 0) ? 0 : -1;
    });
  }

  private groupOf(option: HTMLElement): PaymentMethodGroup | undefined {
    const id = option.getAttribute(GROUP_ID);
    return this.groups.find((group) => group.id === id);
  }

  private optionAt(target: EventTarget | null): HTMLElement | undefined {
    const option = target instanceof Element ? target.closest<HTMLElement>('[role="radio"]') : null;
    return option ?? undefined;
  }

  private onClick(event: MouseEvent): void {
    const option = this.optionAt(event.target);
    const group = option && this.groupOf(option);
    if (!option || !group) return;
    option.focus();
    this.select(group);
  }

  private onKeyDown(event: KeyboardEvent): void {
    const option = this.optionAt(event.target);
    // Modified keys belong to the browser and assistive technology (e.g. Alt+Left is "back").
    if (!option || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isSelectKey(event.key)) {
      event.preventDefault();
      const group = this.groupOf(option);
      if (group) this.select(group);
      return;
    }
    const move = moveForKey(event.key);
    if (!move) return;
    event.preventDefault(); // arrows and Home/End would scroll the page
    const options = this.options();
    const target = options[targetIndex(move, options.indexOf(option), options.length)];
    const group = target && this.groupOf(target);
    if (!target || !group) return;
    target.focus();
    this.select(group);
  }
}

/** The member whose plan the group's disclosure describes, as the service says it (docs/session-api.md#the-group-object). */
function exampleMethodOf(group: PaymentMethodGroup): string | undefined {
  const id = group.disclosure?.example?.paymentMethodId;
  return typeof id === 'string' ? id : undefined;
}
