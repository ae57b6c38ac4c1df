// The representative example of a credit stated beside every monthly cost shown to a consumer
// (docs/session-api.md#credit-disclosure): the plan whose monthly cost is named, at the amount, with
// its figures computed exactly as price signage computes them (price-signage.ts) and a text in the
// reader's language with every number written by Intl.NumberFormat for the language and the store's
// country. Pure: the number formats are made once per language, country and currency.
import { generatedTexts, type DisclosureFigureTexts } from './generated-texts.ts';
import type { Language } from './languages.ts';
import { decimalToNumber, formatDecimal, multiplyDecimal, type Decimal } from './money.ts';
import { monthlyCost, planCosts, plansInOrder, type PlanCosts } from './price-signage.ts';
import type { CustomerType, PaymentMethod, PaymentPlan, Store } from './catalog.ts';

/** The longest `creditWarning` a store may give (each translation too). */
export const MAX_CREDIT_WARNING_LENGTH = 500;

/** The example's figures as served (JSON numbers; rates in percent). */
export interface DisclosureExample {
  /** The purchase amount with (at least) two decimals: "1299.95". */
  amount: string;
  currency: string;
  paymentMethodId: string;
  planName: string;
  durationMonths: number;
  monthlyCost: number;
  /** Nominal annual interest in percent (the catalog's 0.0995 is 9.95). */
  interest: number;
  setupFee: number;
  administrationFee: number;
  totalCost: number;
  /** The annual percentage rate of charge in percent, 2 decimals. */
  effectiveInterest: number;
}

/** A group's or price signage's `disclosure` (price signage has no priceInformationUrl). */
export interface CreditDisclosure {
  text: string;
  warning: string | null;
  priceInformationUrl?: string;
  example: DisclosureExample;
}

/** A group's disclosure: always with its price-information page. */
export type GroupCreditDisclosure = CreditDisclosure & { priceInformationUrl: string };

/** What the web components get in internalData: `apr` is the rate exactly as `text` writes it. */
export interface InternalDisclosure {
  text: string;
  warning: string | null;
  priceInformationUrl: string;
  apr: string;
}

/** A plan's texts that do not depend on the amount, written once (see DisclosureFormat.planTexts). */
export interface PlanTexts {
  months: string;
  interest: string;
  setupFee: string;
  administrationFee: string;
  /** The example's numbers that do not depend on the amount: the interest in percent, the fees. */
  numbers: { interest: number; setupFee: number; administrationFee: number };
}

const HUNDRED: Decimal = { units: 100n, scale: 0 };

/** A decimal as a rate fraction: percent / 100, exactly (9.95 → "0.0995"). */
function percentFraction(percent: Decimal): string {
  return formatDecimal({ units: percent.units, scale: percent.scale + 2 });
}

/** `d` written with at least two decimals ("1299.5" → "1299.50"). */
export function amountWithTwoDecimals(d: Decimal): string {
  return formatDecimal(d.scale >= 2 ? d : { units: d.units * 10n ** BigInt(2 - d.scale), scale: 2 });
}

type Formatter = (value: string) => string;

/** A non-negative integer's digits grouped by threes from the right. */
function grouped(digits: string, separator: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += separator + digits.slice(i, i + 3);
  return out;
}

/**
 * The same text as `format` writes for non-negative numbers, without asking Intl each time (a
 * format call costs some microseconds; the hot path writes four numbers per disclosure): its
 * prefix, group and decimal separators and suffix read once from formatToParts, then confirmed on
 * numbers of every length up to 16 digits. Undefined when the locale groups otherwise (not by
 * threes, or not from 1,000 on): Intl is asked then. `percent`: the value is a fraction Intl
 * multiplies by 100.
 */
function fastFormat(format: Intl.NumberFormat, percent: boolean): ((whole: string, fraction: string) => string) | undefined {
  const { minimumFractionDigits: min, maximumFractionDigits: max } = format.resolvedOptions();
  if (min !== max || max === undefined) return undefined;
  const parts = format.formatToParts(percent ? 12345.6789 : 1234567.89);
  const first = parts.findIndex((p) => p.type === 'integer');
  const last = parts.findLastIndex((p) => p.type === 'integer' || p.type === 'fraction');
  if (first < 0) return undefined;
  const prefix = parts
    .slice(0, first)
    .map((p) => p.value)
    .join('');
  const suffix = parts
    .slice(last + 1)
    .map((p) => p.value)
    .join('');
  const group = parts.find((p) => p.type === 'group')?.value ?? '';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '';
  const fast = (whole: string, fraction: string) => prefix + grouped(whole, group) + (max > 0 ? decimal + fraction : '') + suffix;
  const fraction = '0123456789'.slice(0, max);
  for (let digits = 1; digits <= 16; digits += 1) {
    const whole = '9876543210987654'.slice(0, digits);
    const value = max > 0 ? `${whole}.${fraction}` : whole;
    // Intl's percent multiplies by 100: give it the value / 100, exactly.
    const given = percent ? formatDecimal({ units: BigInt(whole + fraction), scale: max + 2 }) : value;
    if (fast(whole, fraction) !== format.format(given as unknown as number)) return undefined;
  }
  if (
    fast('0', fraction) !==
    format.format(
      (percent
        ? formatDecimal({ units: BigInt(fraction || '0'), scale: max + 2 })
        : `0${max > 0 ? '.' + fraction : ''}`) as unknown as number,
    )
  )
    return undefined;
  return fast;
}

/**
 * Where the point of plain decimal text is (`^\d+(\.\d+)?$`): its index, −1 for none, −2 for text
 * that is not plain (a loop: the formats are asked four times an answer).
 */
function plainPoint(value: string): number {
  let point = -1;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= 48 && code <= 57) continue;
    if (code !== 46 || point >= 0 || i === 0 || i === value.length - 1) return -2;
    point = i;
  }
  return value.length === 0 ? -2 : point;
}

function allZeros(digits: string): boolean {
  for (let i = 0; i < digits.length; i += 1) if (digits.charCodeAt(i) !== 48) return false;
  return true;
}

/** Digits without leading zeros, one zero kept for zero itself. */
function withoutLeadingZeros(digits: string): string {
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 48) start += 1;
  return start === 0 ? digits : digits.slice(start);
}

/**
 * A number format for `tag`, else for `language` alone when the country makes the tag invalid,
 * else `fallback` (a currency code Intl refuses: the number and the code). Decimal text with as
 * many decimals as the format writes (or whole-number text with only zeros after the point) is
 * written without Intl (fastFormat); anything else by Intl.
 */
function formatter(
  language: Language,
  country: string,
  options: Intl.NumberFormatOptions,
  fallback: Formatter,
  percent = false,
): Formatter {
  for (const tag of [`${language}-${country}`, language]) {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(tag, options);
    } catch {
      continue;
    }
    // Strings are formatted as exact decimals (Intl.NumberFormat v3), never through a double.
    const intl = (value: string) => format.format(value as unknown as number);
    const fast = fastFormat(format, percent);
    if (!fast) return intl;
    const digits = format.resolvedOptions().maximumFractionDigits!;
    return (value) => {
      // Plain decimal text (digits, at most one point): else Intl.
      const point = plainPoint(value);
      if (point === -2) return intl(value);
      let whole = point < 0 ? value : value.slice(0, point);
      let fraction = point < 0 ? '' : value.slice(point + 1);
      if (percent) {
        // A fraction of 0.6811 is 68.11 %: the point moves two places.
        if (fraction.length !== digits + 2) return intl(value);
        whole += fraction.slice(0, 2);
        fraction = fraction.slice(2);
      } else if (fraction.length !== digits) {
        if (digits !== 0 || !allZeros(fraction)) return intl(value);
        fraction = '';
      }
      whole = withoutLeadingZeros(whole);
      if (whole.length > 16) return intl(value);
      return fast(whole, fraction);
    };
  }
  return fallback;
}

/**
 * `s` as JSON writes it between its quotes; a figure most often needs nothing (a scan, no copy):
 * JSON.stringify escapes quotes, backslashes, control characters and lone surrogates.
 */
export function jsonInner(s: string): string {
  for (let i = 0; i < s.length; i += 1) {
    const code = s.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(s).slice(1, -1);
  }
  return s;
}

const FIGURES: readonly (keyof DisclosureFigureTexts)[] = [
  'amount',
  'months',
  'monthlyCost',
  'interest',
  'setupFee',
  'administrationFee',
  'apr',
  'totalCost',
];

/**
 * A language's disclosure sentence as JSON with slots for its figures: the sentence written once
 * with markers for figures, cut at them and escaped (each language puts the figures in its own order).
 */
export interface TextJsonTemplate {
  /** Escaped text around the slots, the opening and closing quotes included. */
  pieces: string[];
  slots: (keyof DisclosureFigureTexts)[];
}

function textJsonTemplate(language: Language): TextJsonTemplate {
  // A private-use character never occurs in a generated text: a marker is a figure's number between two.
  const probe = Object.fromEntries(FIGURES.map((figure, i) => [figure, `\ue000${i}\ue000`])) as unknown as DisclosureFigureTexts;
  const parts = generatedTexts(language)
    .disclosure(probe)
    .split(/\ue000(\d)\ue000/);
  const pieces = parts.filter((_, i) => i % 2 === 0).map((piece) => jsonInner(piece));
  pieces[0] = `"${pieces[0]}`;
  pieces[pieces.length - 1] += '"';
  return { pieces, slots: parts.filter((_, i) => i % 2 === 1).map((n) => FIGURES[Number(n)]!) };
}

/** The number formats of one language, store country and currency (constructing one costs some 30 µs). */
export class DisclosureFormat {
  /** Money in whole currency units. */
  readonly money: Formatter;
  /** The purchase amount, with the currency's decimals. */
  readonly amount: Formatter;
  /** A rate given as a fraction ("0.0995" → "9,95 %"). */
  readonly percent: Formatter;
  readonly integer: Formatter;
  /** The sentence as JSON with slots for its figures (disclosureTextJson). */
  readonly textJson: TextJsonTemplate;

  constructor(
    readonly language: Language,
    readonly currency: string,
    country: string,
  ) {
    const plain = formatter(language, country, {}, (v) => v);
    this.integer = plain;
    this.money = formatter(language, country, { style: 'currency', currency, maximumFractionDigits: 0 }, (v) => {
      const whole = formatDecimal({ units: BigInt(Math.round(Number(v))), scale: 0 });
      return `${plain(whole)} ${currency}`;
    });
    this.amount = formatter(language, country, { style: 'currency', currency }, (v) => `${plain(v)} ${currency}`);
    this.percent = formatter(language, country, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }, (v) => v, true);
    this.textJson = textJsonTemplate(language);
  }

  /** JSON.stringify(generatedTexts(language).disclosure(figures)), without escaping the fixed text again. */
  disclosureTextJson(figures: DisclosureFigureTexts): string {
    const { pieces, slots } = this.textJson;
    let json = pieces[0]!;
    for (let i = 0; i < slots.length; i += 1) json += jsonInner(figures[slots[i]!]) + pieces[i + 1]!;
    return json;
  }

  planTexts(plan: PaymentPlan): PlanTexts {
    return {
      months: this.integer(String(plan.durationMonths)),
      interest: this.percent(formatDecimal(plan.interest)),
      setupFee: this.money(formatDecimal(plan.setupFee)),
      administrationFee: this.money(formatDecimal(plan.administrationFee)),
      numbers: {
        interest: decimalToNumber(multiplyDecimal(plan.interest, HUNDRED)),
        setupFee: decimalToNumber(plan.setupFee),
        administrationFee: decimalToNumber(plan.administrationFee),
      },
    };
  }

  /** Every figure of an example as the text writes it. */
  /** `amountText`: the purchase amount with at least two decimals (amountWithTwoDecimals). */
  figureTexts(texts: PlanTexts, amountText: string, monthly: bigint, total: Decimal, apr: Decimal): DisclosureFigureTexts {
    return this.figureTextsOf(texts, amountText, monthly, formatDecimal(total), percentFraction(apr));
  }

  /** The same from the total's decimal text and the APR as a fraction's (disclosureParts has them). */
  figureTextsOf(texts: PlanTexts, amountText: string, monthly: bigint, totalText: string, aprFraction: string): DisclosureFigureTexts {
    return {
      amount: this.amount(amountText),
      months: texts.months,
      monthlyCost: this.money(monthly.toString()),
      interest: texts.interest,
      setupFee: texts.setupFee,
      administrationFee: texts.administrationFee,
      apr: this.percent(aprFraction),
      totalCost: this.money(totalText),
    };
  }
}

const FORMATS = new Map<string, DisclosureFormat>();

/** The formats of a language, store country and currency: made once, kept for the process (a handful of stores' countries). */
export function disclosureFormat(language: Language, countryCode: string, currency: string): DisclosureFormat {
  const key = `${language}|${countryCode}|${currency}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new DisclosureFormat(language, currency, countryCode);
    // A bound, in case a catalog brings many made-up currencies: the formats are remade when needed.
    if (FORMATS.size >= 1000) FORMATS.clear();
    FORMATS.set(key, format);
  }
  return format;
}

/**
 * The store's credit warning in `language`: its translation, else the store's own text, else the
 * language's default; '' means none (null).
 */
export function creditWarningOf(store: Pick<Store, 'creditWarning' | 'translations'>, language: Language): string | null {
  const warning = store.translations?.[language]?.creditWarning ?? store.creditWarning ?? generatedTexts(language).creditWarning;
  return warning === '' ? null : warning;
}

/** The plan of `members` whose monthly cost a subtitle names. */
export interface NamedPlan {
  method: PaymentMethod;
  plan: PaymentPlan;
  monthlyCost: bigint;
}

/**
 * The plan whose monthly cost the subtitle names (lowestMonthlyCost): the lowest cost at least the
 * store's minimum among the plans of members allowing price signage; on a tie the first member in
 * display order, then the first plan in the plans' order (duration, then name).
 */
export function namedPlan(store: Store, members: readonly PaymentMethod[], amount: Decimal): NamedPlan | undefined {
  let named: NamedPlan | undefined;
  const minimum = store.minimumInvoiceAmount;
  for (const method of members) {
    if (!method.priceSignagePossible) continue;
    for (const plan of plansInOrder(method)) {
      const cost = monthlyCost(plan, amount);
      // cost ≥ minimum, compared exactly: cost × 10^scale ≥ units.
      if (cost * 10n ** BigInt(minimum.scale) < minimum.units) continue;
      if (named === undefined || cost < named.monthlyCost) named = { method, plan, monthlyCost: cost };
    }
  }
  return named;
}

/** The served disclosure and the components' one, from a plan's costs (`costs` at `amount`). */
export interface Disclosures {
  disclosure: CreditDisclosure;
  internal: InternalDisclosure;
}

/**
 * The disclosure of `plan` of `methodId` at `amount` (positive), from its costs; the texts in
 * `format`'s language. `priceInformationUrl` undefined: none (price signage).
 */
export function disclosureOf(
  store: Pick<Store, 'creditWarning' | 'translations'>,
  format: DisclosureFormat,
  methodId: string,
  plan: PaymentPlan,
  texts: PlanTexts,
  amount: Decimal,
  costs: Pick<PlanCosts, 'monthlyCost' | 'totalCost' | 'effectiveInterest'>,
  priceInformationUrl: string | undefined,
): Disclosures {
  const amountText = amountWithTwoDecimals(amount);
  const figures = format.figureTexts(texts, amountText, costs.monthlyCost, costs.totalCost, costs.effectiveInterest);
  const text = generatedTexts(format.language).disclosure(figures);
  const warning = creditWarningOf(store, format.language);
  const example: DisclosureExample = {
    amount: amountText,
    currency: format.currency,
    paymentMethodId: methodId,
    planName: plan.name,
    durationMonths: plan.durationMonths,
    monthlyCost: Number(costs.monthlyCost),
    interest: texts.numbers.interest,
    setupFee: texts.numbers.setupFee,
    administrationFee: texts.numbers.administrationFee,
    totalCost: decimalToNumber(costs.totalCost),
    effectiveInterest: decimalToNumber(costs.effectiveInterest),
  };
  const disclosure: CreditDisclosure =
    priceInformationUrl === undefined ? { text, warning, example } : { text, warning, priceInformationUrl, example };
  return { disclosure, internal: { text, warning, priceInformationUrl: priceInformationUrl ?? '', apr: figures.apr } };
}

/**
 * A disclosure's JSON that does not depend on the amount, for one plan of one method: written once
 * per plan (offer-template.ts compiles it with the region), so that an answer serializes its
 * disclosures by joining strings instead of stringifying two objects (disclosureJson).
 */
export interface DisclosureJsonPieces {
  /** `,"warning":…,"priceInformationUrl":`: after the text. */
  afterText: string;
  /** `","currency":…,"monthlyCost":`: after the amount's digits (its closing quote included). */
  afterAmount: string;
  /** `,"interest":…,"totalCost":`: after the monthly cost. */
  afterMonthly: string;
}

export function disclosureJsonPieces(
  store: Pick<Store, 'creditWarning' | 'translations'>,
  format: DisclosureFormat,
  methodId: string,
  plan: PaymentPlan,
  texts: PlanTexts,
): DisclosureJsonPieces {
  const warning = `,"warning":${JSON.stringify(creditWarningOf(store, format.language))}`;
  const { interest, setupFee, administrationFee } = texts.numbers;
  return {
    afterText: `${warning},"priceInformationUrl":`,
    afterAmount:
      `","currency":${JSON.stringify(format.currency)},"paymentMethodId":${JSON.stringify(methodId)}` +
      `,"planName":${JSON.stringify(plan.name)},"durationMonths":${JSON.stringify(plan.durationMonths)},"monthlyCost":`,
    afterMonthly: `,"interest":${JSON.stringify(interest)},"setupFee":${JSON.stringify(setupFee)},"administrationFee":${JSON.stringify(administrationFee)},"totalCost":`,
  };
}

/**
 * A disclosure of one amount, ready to be written around its price-information URL (which holds
 * the session: an answer kept for an amount is filled with each session's, offer-template.ts).
 */
export interface DisclosureParts {
  figures: DisclosureFigureTexts;
  /**
   * The JSON before the URL's text (JSON-escaped, without its quotes): the same for the served
   * disclosure and internalData's, which begin alike (the text, the warning, the link).
   */
  before: string;
  /** The served disclosure's JSON after the URL's text. */
  publicAfter: string;
  /** internalData's disclosure after the URL's text. */
  internalAfter: string;
}

/**
 * The disclosure's JSON from the plan's pieces, only the amount's figures written per call: with
 * the URL between them, JSON.stringify of disclosureOf's `disclosure` and `internal` to the byte.
 */
export function disclosureParts(
  pieces: DisclosureJsonPieces,
  format: DisclosureFormat,
  texts: PlanTexts,
  /** The amount with at least two decimals (amountWithTwoDecimals). */
  amountText: string,
  costs: Pick<PlanCosts, 'monthlyCost' | 'totalCost' | 'effectiveInterest'>,
): DisclosureParts {
  const totalText = formatDecimal(costs.totalCost);
  const apr = costs.effectiveInterest;
  const figures = format.figureTextsOf(texts, amountText, costs.monthlyCost, totalText, percentFraction(apr));
  return {
    figures,
    before: `{"text":${format.disclosureTextJson(figures)}${pieces.afterText}"`,
    // JSON.stringify writes a finite number as String does.
    publicAfter:
      `","example":{"amount":"${amountText}${pieces.afterAmount}${Number(costs.monthlyCost)}${pieces.afterMonthly}` +
      // A decimal's text with or without trailing zeros is the same double (decimalToNumber's).
      `${Number(totalText)},"effectiveInterest":${Number(formatDecimal(apr))}}}`,
    internalAfter: `","apr":"${jsonInner(figures.apr)}"}`,
  };
}

/** Where the price-information page of a group lies: `prefix` + amount + `&group=` + id + `suffix`. */
export interface PriceInformationLink {
  /** `{PUBLIC_URL}/v1/sessions/{sessionId}/price-information?amount=` */
  prefix: string;
  /** `&locale=<locale>` when the request gave one, else ''. */
  suffix: string;
  /** The session and the locale, for the ETag of an answer that holds the link (`<session>` or `<session>.<locale>`). */
  tag: string;
  /** `prefix` and `suffix` as JSON writes them between quotes (escaped once, not per answer). */
  prefixInner: string;
  suffixInner: string;
}

export function priceInformationLink(publicUrl: string, sessionId: string, locale: string | undefined): PriceInformationLink {
  const prefix = `${publicUrl}/v1/sessions/${sessionId}/price-information?amount=`;
  const suffix = locale === undefined ? '' : `&locale=${encodeURIComponent(locale)}`;
  return {
    prefix,
    suffix,
    // A locale is letters, digits and hyphens (languages.ts, LOCALE_PATTERN): ETag characters all.
    tag: locale === undefined ? sessionId : `${sessionId}.${locale}`,
    prefixInner: jsonInner(prefix),
    suffixInner: jsonInner(suffix),
  };
}

export function priceInformationUrl(link: PriceInformationLink, amountText: string, groupId: string): string {
  return `${link.prefix}${amountText}&group=${groupId}${link.suffix}`;
}

/**
 * priceInformationUrl as JSON writes it between quotes, escaping nothing per call: the amount is
 * digits and a point, `groupIdInner` is escaped by the caller once.
 */
export function priceInformationUrlInner(link: PriceInformationLink, amountText: string, groupIdInner: string): string {
  return `${link.prefixInner}${amountText}&group=${groupIdInner}${link.suffixInner}`;
}

/** Whether a group with these customer types is disclosed to (the directive protects consumers). */
export function servesConsumers(customerTypes: readonly CustomerType[]): boolean {
  return customerTypes.includes('NATURAL');
}

/**
 * A group's disclosure at `amount` in `language`: null unless its subtitle names a monthly cost, it
 * serves consumers and the amount is a credit (positive). `amountText`: the amount as the URL writes it.
 */
export function groupDisclosure(
  store: Store,
  language: Language,
  members: readonly PaymentMethod[],
  customerTypes: readonly CustomerType[],
  amount: Decimal,
  url: string,
): { disclosure: GroupCreditDisclosure; internal: InternalDisclosure } | null {
  if (!servesConsumers(customerTypes) || amount.units === 0n) return null;
  const named = namedPlan(store, members, amount);
  if (!named) return null;
  const format = disclosureFormat(language, store.countryCode, store.currency);
  const { disclosure, internal } = disclosureOf(
    store,
    format,
    named.method.id,
    named.plan,
    format.planTexts(named.plan),
    amount,
    planCosts(named.plan, amount),
    url,
  );
  // Given a URL, disclosureOf writes it.
  return { disclosure: disclosure as GroupCreditDisclosure, internal };
}

/**
 * Price signage's disclosure: the plan with the lowest monthly cost among `costs` (its order: on a
 * tie the first), without a priceInformationUrl; null when there is none.
 */
export function priceSignageDisclosure(
  store: Store,
  language: Language,
  methodId: string,
  plans: readonly PaymentPlan[],
  costs: readonly PlanCosts[],
  amount: Decimal,
): CreditDisclosure | null {
  let best = -1;
  for (let i = 0; i < costs.length; i += 1) if (best < 0 || costs[i]!.monthlyCost < costs[best]!.monthlyCost) best = i;
  if (best < 0) return null;
  const format = disclosureFormat(language, store.countryCode, store.currency);
  const plan = plans[best]!;
  return disclosureOf(store, format, methodId, plan, format.planTexts(plan), amount, costs[best]!, undefined).disclosure;
}

/** One plan of the price-information page: its figures, exact and as the text writes them. */
export interface PlanInformation {
  method: PaymentMethod;
  plan: PaymentPlan;
  costs: PlanCosts;
  /** Every figure formatted as in a disclosure's text. */
  texts: DisclosureFigureTexts;
  /** The representative example's sentence for this plan. */
  text: string;
}

/**
 * Every plan of `members` at `amount` (positive), in display order and the plans' order, with all
 * figures formatted for `language` and the store's country: what a price-information page shows.
 * The warning is creditWarningOf(store, language).
 */
export function priceInformation(store: Store, language: Language, members: readonly PaymentMethod[], amount: Decimal): PlanInformation[] {
  const format = disclosureFormat(language, store.countryCode, store.currency);
  return members.flatMap((method) =>
    plansInOrder(method).map((plan) => {
      const costs = planCosts(plan, amount);
      const texts = format.figureTexts(
        format.planTexts(plan),
        amountWithTwoDecimals(amount),
        costs.monthlyCost,
        costs.totalCost,
        costs.effectiveInterest,
      );
      return { method, plan, costs, texts, text: generatedTexts(language).disclosure(texts) };
    }),
  );
}
