// Group retrieval compiled per store catalog and question, for carts that never repeat an amount.
//
// For a catalog and a question without its amount (customer type, campaign, flattened), which
// methods are offered changes only where an amount crosses a purchase limit: the amounts fall into
// a few regions, each with a fixed set of groups. Within a region only the monthly costs (in the
// subtitle and internalData) and the amount itself (in internalData) depend on the amount. A
// region is rendered once into a template: the serialized answer with slots for those parts, the
// ETag's prefix derived from what the template is made of. An amount then costs finding its
// region, a few integer products per plan, filling the slots and base64 of internalData.
//
// Credit disclosure (credit-disclosure.ts): a group whose subtitle names a cost and that serves
// consumers has a disclosure slot in the answer and in internalData. The region knows its plans in
// the order that breaks ties, with their amount-free texts written once; an amount costs the APR of
// the one plan the subtitle names, four numbers formatted and the sentence. The link to the
// session's price-information page is the request's, so an answer with a disclosure is the
// session's own (its ETag says so).
//
// Exactness: limits are compared in integer cents, costs are computed in BigInt as in
// price-signage.ts (monthlyCost), and the fixed text comes from the same serializer and the same
// internalData builder as the straightforward path (offer.ts + grouping.ts), so the bytes are the
// same; test/domain/offer-template.test.ts compares the two on random catalogs and amounts.
import { createHash } from 'node:crypto';
import { eligibleApartFromAmount, type EligibilityQuery } from './eligibility.ts';
import { groupFromShape, groupShapeOf, partitionIntoGroups, type PaymentMethodGroup } from './grouping.ts';
import { internalDataWith } from './internal-data.ts';
import {
  creditWarningOf,
  disclosureFormat,
  disclosureJsonPieces,
  disclosureParts,
  jsonInner,
  type DisclosureJsonPieces,
  priceInformationUrlInner,
  servesConsumers,
  type DisclosureFormat,
  type InternalDisclosure,
  type PlanTexts,
  type PriceInformationLink,
} from './credit-disclosure.ts';
import { base64Piece, Base64Writer, type Base64Cut, type Base64Piece } from './base64-template.ts';
import { ByteWriter } from './byte-writer.ts';
import { planCostsAt, plansInOrder, setupFeeNumber } from './price-signage.ts';
import { ceilToInteger, multiplyDecimal, type Decimal } from './money.ts';
import { monthlyCostText, type MonthlyCostText } from './generated-texts.ts';
import type { Language } from './languages.ts';
import { localizeCatalog, type LocalizedCatalog } from './localization.ts';
import type { PaymentMethod, PaymentPlan, StoreMethods } from './catalog.ts';
import type { OperatorTypes } from './payment-method-types.ts';
import { allowedByOrderRules } from './order-rules.ts';

/** The route's serializer of a groups array (its compiled response schema). */
export type GroupsSerializer = (groups: PaymentMethodGroup[]) => string;

/** A question apart from its amount. */
export interface OfferQuestion extends Omit<EligibilityQuery, 'amount'> {
  flattened: boolean;
  /** The language texts are served in (languages.ts, requestLanguage). */
  language: Language;
  /** orderRulesText(rules): '' or undefined without rules; part of every ETag of an answer with rules. */
  rulesKey?: string | undefined;
}

/**
 * An answer as sent: the serialized groups and their strong ETag. The groups are UTF-8 bytes
 * (byte-writer.ts), or text for the rare answer computed the straightforward way (offer-renderer.ts).
 */
export interface RenderedOffer {
  body: string | Buffer;
  etag: string;
}

/**
 * Changes whenever the same template and amount would render other bytes (a change of this file's
 * output format): the ETag is derived from it, the template's text and the amount.
 */
// Stryker disable next-line StringLiteral: equivalent, any constant gives the same tags today; it changes with the format
const RENDERING_VERSION = 'offer-template/2';

/** A whole part of at most 13 digits keeps an amount's cents below 10^15 < 2^53: exact in a double. */
const MAX_WHOLE_DIGITS = 13;

/** An amount as the compiled path uses it. */
export interface CartAmount {
  /** Exact value in hundredths (the query pattern allows at most two decimals). */
  cents: number;
  /** Canonical text, as formatDecimal(parseDecimal(text)) writes it: no leading zeros, its decimals kept. */
  text: string;
  /** The same with two decimals (a disclosure's example writes it so). */
  twoDecimals: string;
}

/**
 * The amount of a group retrieval (`^\d+(\.\d{1,2})?$`, already validated) for the compiled path;
 * undefined for one with a longer whole part (answered the straightforward way: no cart is that large).
 */
export function cartAmountOf(amount: string): CartAmount | undefined {
  const dot = amount.indexOf('.');
  const whole = dot < 0 ? amount : amount.slice(0, dot);
  // Stryker disable next-line EqualityOperator: equivalent, a dot first leaves no whole part, refused below
  const fraction = dot < 0 ? '' : amount.slice(dot + 1);
  let start = 0;
  while (start < whole.length - 1 && whole.charCodeAt(start) === 48) start += 1;
  if (whole.length - start > MAX_WHOLE_DIGITS || fraction.length > 2 || whole.length === 0) return undefined;
  // Stryker disable next-line ConditionalExpression: equivalent, slice(0) is the whole string
  const digits = start === 0 ? whole : whole.slice(start);
  // Stryker disable next-line ConditionalExpression: equivalent, Number('') is 0
  const cents = Number(digits) * 100 + (fraction.length === 0 ? 0 : fraction.length === 1 ? Number(fraction) * 10 : Number(fraction));
  return {
    cents,
    text: fraction.length === 0 ? digits : `${digits}.${fraction}`,
    twoDecimals: `${digits}.${fraction.padEnd(2, '0')}`,
  };
}

/** ceil(d × 100), or +Infinity beyond what an amount of the compiled path can reach. */
function centsAtLeast(d: Decimal): number {
  const cents = ceilToInteger(multiplyDecimal(d, { units: 100n, scale: 0 }));
  // Stryker disable next-line EqualityOperator: equivalent, 2^53 − 1 cents is beyond any cart (under 10^15)
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(cents);
}

/** floor(d × 100), capped like centsAtLeast. */
function centsAtMost(d: Decimal): number {
  const scaled = multiplyDecimal(d, { units: 100n, scale: 0 });
  const cents = scaled.units / 10n ** BigInt(scaled.scale);
  // Stryker disable next-line EqualityOperator: equivalent, 2^53 − 1 cents is beyond any cart (under 10^15)
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(cents);
}

/**
 * A plan's monthly cost as an integer formula of the amount in cents: ceil(amount × annuityFactor
 * + administrationFee) = ceil((cents × multiplier + addend) / divisor), all exact (monthlyCost).
 */
interface PlanCostFormula {
  multiplier: bigint;
  addend: bigint;
  /** divisor − 1: added before the integer division, for the ceiling (the values are never negative). */
  roundUp: bigint;
  divisor: bigint;
  /** The plan counts for the subtitle's lowest cost (its method allows price signage). */
  signage: boolean;
  /** Where the plan stands when costs tie: members in display order, then the plans' order (plansInOrder). */
  rank: number;
  plan: PaymentPlan;
  methodId: string;
  /** The disclosure's amount-free texts and JSON (a disclosing group's plans only). */
  texts: PlanTexts | undefined;
  json: DisclosureJsonPieces | undefined;
  /** The setup fee as the APR is solved with it (setupFeeNumber). */
  setupFee: number;
}

function costFormulaOf(
  plan: PaymentPlan,
  signage: boolean,
  rank: number,
  methodId: string,
  disclosure: { texts: PlanTexts; json: DisclosureJsonPieces } | undefined,
): PlanCostFormula {
  const factor = plan.annuityFactor;
  const fee = plan.administrationFee;
  const scale = Math.max(2 + factor.scale, fee.scale);
  const divisor = 10n ** BigInt(scale);
  return {
    multiplier: factor.units * 10n ** BigInt(scale - 2 - factor.scale),
    addend: fee.units * 10n ** BigInt(scale - fee.scale),
    roundUp: divisor - 1n,
    divisor,
    signage,
    rank,
    plan,
    methodId,
    texts: disclosure?.texts,
    json: disclosure?.json,
    setupFee: setupFeeNumber(plan),
  };
}

interface CompiledGroup {
  plans: PlanCostFormula[];
  /** internalData's JSON around its slots: the amount, then each plan's monthly cost in order. */
  dataPieces: string[];
  /** The same pieces, encoded once for base64 (base64-template.ts). */
  data64: Base64Piece[];
  /** Whether the subtitle is a slot (some member allows price signage and has plans). */
  subtitleSlot: boolean;
  /** JSON of the subtitle when no cost applies. */
  subtitleWithoutCostJson: string;
  /**
   * Whether the group has a disclosure slot (its subtitle may name a cost and it serves consumers):
   * then internalData's last piece follows the disclosure, and so does the answer's piece after it.
   */
  disclosing: boolean;
  /** The group's id as JSON writes it between quotes, for its price-information link. */
  idInner: string;
}

/** One region's answer with slots: per group its subtitle (when a slot) and its internalData. */
export interface RegionTemplate {
  /**
   * The answer's fixed text around the slots (pieceBytes.length = number of slots + 1), in UTF-8,
   * encoded once: an answer is written as bytes (byte-writer.ts).
   */
  pieceBytes: Buffer[];
  groups: CompiledGroup[];
  /** The ETag's prefix: a digest of everything the answer is made of but the amount. */
  tag: string;
  /** Approximate bytes held (for a cache bounded by bytes). */
  bytes: number;
}

/**
 * An answer of one amount with its price-information links left open (fill): kept for an amount
 * that repeats and filled for each session that asks, where an answer with the link in it would
 * serve only its own session.
 */
export interface OpenAnswer {
  /** The answer's text around the links' places (texts.length = places.length + 1), as UTF-8 once. */
  texts: Buffer[];
  places: LinkPlace[];
  amountText: string;
  /** The ETag without its closing quote; the session's link tag completes it. */
  etagOpen: string;
  /** Approximate bytes held. */
  bytes: number;
}

/** Where a group's link goes (groupId as JSON writes it): in internalData's base64 (after `cut`, followed by `rest`), or in its disclosure's JSON. */
type LinkPlace = { groupId: string; cut: Base64Cut; rest: Base64Piece } | { groupId: string; cut: undefined; rest: undefined };

/**
 * A placeholder that occurs nowhere in `text`: serialized text with placeholders is split at them,
 * so a catalog containing the placeholder's spelling only changes which one is chosen.
 */
export function placeholderBase(text: string): string {
  let n = 0;
  while (text.includes(`pms-slot-${n}-`)) n += 1;
  return `pms-slot-${n}-`;
}

/** Splits `text` at each of `markers`, which must occur once each and in this order. */
function splitAt(text: string, markers: readonly string[]): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const marker of markers) {
    const at = text.indexOf(marker, from);
    // Stryker disable next-line all: an assertion that cannot fail: placeholderBase chose markers found nowhere in the text
    if (at < 0 || text.indexOf(marker, at + marker.length) >= 0) throw new Error(`offer template: placeholder ${marker} not found once`);
    pieces.push(text.slice(from, at));
    from = at + marker.length;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/**
 * Splits JSON at string values `values` (placeholders), keeping their quotes in the pieces; then,
 * when `raw` is given, at that string value quotes and all (a slot for any JSON value).
 */
function splitAtStringValues(json: string, values: readonly string[], raw?: string): string[] {
  const pieces = splitAt(
    json,
    values.map((v) => JSON.stringify(v)),
  );
  const quoted = pieces.map((p, i) => (i > 0 ? '"' : '') + p + (i < pieces.length - 1 ? '"' : ''));
  if (raw === undefined) return quoted;
  return [...quoted.slice(0, -1), ...splitAt(quoted.at(-1)!, [JSON.stringify(raw)])];
}

/** `"`, around a group's internalData. */
const QUOTE = 0x22;

/** What follows internalData in a group with a disclosure of null, as the route's serializer writes it. */
const NULL_DISCLOSURE = ',"disclosure":null';

/** A store's offer for one question, compiled: the regions of amounts and their templates. */
export class CompiledOffer {
  /** Where eligibility can change, ascending: every candidate's lowest cents and highest cents + 1. */
  private readonly boundaries: number[];
  private readonly lowest: number[];
  private readonly beyond: number[];
  private readonly minimumCost: bigint;
  /** The subtitle naming a monthly cost, in the catalog's language (its number format made once). */
  private readonly monthlyFrom: MonthlyCostText;
  /** The disclosure's number formats, in the catalog's language. */
  private readonly format: DisclosureFormat;
  /** Encodes each group's internalData while an answer is rendered (rendering is synchronous). */
  private readonly writer = new Base64Writer();
  /** Writes each answer's bytes (rendering is synchronous). */
  private readonly answerBytes = new ByteWriter();

  constructor(
    /** Already in the answer's language (localization.ts). */
    private readonly catalog: LocalizedCatalog,
    /** Methods eligible apart from the amount, in display order. */
    private readonly candidates: readonly PaymentMethod[],
    private readonly flattened: boolean,
    private readonly bundled: ReadonlySet<string>,
    /** The order's rules' key ('' without): two sessions with different rules never share an ETag. */
    private readonly rulesKey: string = '',
  ) {
    this.lowest = candidates.map((m) => centsAtLeast(m.minPurchaseLimit));
    this.beyond = candidates.map((m) => centsAtMost(m.maxPurchaseLimit) + 1);
    const points = new Set<number>();
    // Stryker disable next-line EqualityOperator: equivalent, undefined is not finite
    for (let i = 0; i < candidates.length; i += 1) {
      if (Number.isFinite(this.lowest[i]!)) points.add(this.lowest[i]!);
      if (Number.isFinite(this.beyond[i]!)) points.add(this.beyond[i]!);
    }
    this.boundaries = [...points].sort((a, b) => a - b);
    // A cost (whole currency units) counts for the subtitle when at least the minimum invoice amount.
    this.minimumCost = ceilToInteger(this.catalog.store.minimumInvoiceAmount);
    const { language, store } = this.catalog;
    this.format = disclosureFormat(language, store.countryCode, store.currency);
    this.monthlyFrom = monthlyCostText(language, store.countryCode, store.currency, this.format.money);
  }

  /** A plan's amount-free disclosure texts and JSON, in the catalog's language. */
  private planDisclosure(methodId: string, plan: PaymentPlan): { texts: PlanTexts; json: DisclosureJsonPieces } {
    const texts = this.format.planTexts(plan);
    return { texts, json: disclosureJsonPieces(this.catalog.store, this.format, methodId, plan, texts) };
  }

  /** How many regions there are (regionOf answers 0 … count − 1). */
  get regionCount(): number {
    return this.boundaries.length + 1;
  }

  /** The region of an amount: how many boundaries lie at or below it. */
  regionOf(cents: number): number {
    let low = 0;
    let high = this.boundaries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.boundaries[middle]! <= cents) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Renders the template of the region `cents` lies in (any amount of that region gives the same one). */
  compileRegion(cents: number, serialize: GroupsSerializer): RegionTemplate {
    const { store, language } = this.catalog;
    const eligible = this.candidates.filter((_, i) => this.lowest[i]! <= cents && cents < this.beyond[i]!);
    const shapes = partitionIntoGroups(eligible, this.flattened, this.bundled).map((members) => groupShapeOf(store, members));

    const groups: CompiledGroup[] = [];
    const drafts: PaymentMethodGroup[] = [];
    // Placeholders chosen against the answer's own text: the answer serialized with empty slots.
    // Stryker disable next-line StringLiteral: equivalent, the probe only has to hold the catalog's text
    const base = placeholderBase(serialize(shapes.map((s) => groupFromShape(s, s.subtitleWithoutCost, '', null))));
    const bodyMarkers: string[] = [];
    for (const [index, shape] of shapes.entries()) {
      const subtitleSlot = shape.members.some((m) => m.priceSignagePossible && m.plans.length > 0);
      const disclosing = subtitleSlot && servesConsumers(shape.customerTypes);
      // Ranks for ties: a member's plans in their own order (plansInOrder), members in display order.
      let ranked = 0;
      const plans = shape.members.flatMap((m) => {
        const ordered = plansInOrder(m);
        const offset = ranked;
        ranked += ordered.length;
        return m.plans.map((p) =>
          costFormulaOf(
            p,
            m.priceSignagePossible,
            offset + ordered.indexOf(p),
            m.id,
            disclosing ? this.planDisclosure(m.id, p) : undefined,
          ),
        );
      });
      // Stryker disable next-line StringLiteral,ArrowFunction: equivalent, the probe only has to hold the catalog's text
      const dataBase = placeholderBase(JSON.stringify(internalDataWith(store, shape.members, shape.title, language, '', () => '', null)));
      let planIndex = 0;
      // The disclosure's slot: a placeholder string where the object or null goes (cut out quotes and all).
      const disclosureMarker = `${dataBase}x`;
      const data = JSON.stringify(
        internalDataWith(
          store,
          shape.members,
          shape.title,
          language,
          `${dataBase}a`,
          () => `${dataBase}${planIndex++}`,
          disclosing ? (disclosureMarker as unknown as InternalDisclosure) : null,
        ),
      );
      const dataPieces = splitAtStringValues(
        data,
        [`${dataBase}a`, ...plans.map((_, i) => `${dataBase}${i}`)],
        disclosing ? disclosureMarker : undefined,
      );
      groups.push({
        plans,
        dataPieces,
        data64: dataPieces.map(base64Piece),
        subtitleSlot,
        subtitleWithoutCostJson: JSON.stringify(shape.subtitleWithoutCost),
        disclosing,
        idInner: jsonInner(shape.id),
      });
      const subtitle = subtitleSlot ? `${base}s${index}` : shape.subtitleWithoutCost;
      if (subtitleSlot) bodyMarkers.push(JSON.stringify(subtitle));
      bodyMarkers.push(JSON.stringify(`${base}d${index}`));
      drafts.push(groupFromShape(shape, subtitle, `${base}d${index}`, null));
    }
    const cut = splitAt(serialize(drafts), bodyMarkers);
    // A disclosing group's `"disclosure":null` after its internalData becomes a slot of its own.
    const pieces: string[] = [cut[0]!];
    let at = 1;
    for (const group of groups) {
      if (group.subtitleSlot) pieces.push(cut[at++]!);
      const afterData = cut[at++]!;
      if (!group.disclosing) {
        pieces.push(afterData);
        continue;
      }
      // Stryker disable next-line all: an assertion that cannot fail: the serializer writes the schema's order
      if (!afterData.startsWith(NULL_DISCLOSURE)) throw new Error('offer template: disclosure not right after internalData');
      pieces.push(NULL_DISCLOSURE.slice(0, -'null'.length), afterData.slice(NULL_DISCLOSURE.length));
    }
    // The language and the country too: they decide how a monthly cost is written in the subtitle.
    const digest = createHash('sha1')
      .update(RENDERING_VERSION)
      .update(`\u0003${this.catalog.language}-${store.countryCode}`)
      .update(store.currency)
      .update(this.minimumCost.toString())
      // The warning is written into every disclosure (a catalog change of it alone changes no piece).
      .update(`\u0004${creditWarningOf(store, language)}`);
    // Only with rules: the tags of sessions without them stay what they were.
    if (this.rulesKey !== '') digest.update(`\u0006${this.rulesKey}`);
    for (const piece of pieces) digest.update(`\u0000${piece}`);
    for (const group of groups) {
      // Stryker disable next-line StringLiteral: equivalent, the description is in the digested internal data too
      digest.update(`\u0001${group.subtitleWithoutCostJson}`);
      for (const piece of group.dataPieces) digest.update(`\u0000${piece}`);
      digest.update(`\u0005${group.disclosing}`);
      for (const p of group.plans) digest.update(`\u0002${p.multiplier}/${p.addend}/${p.divisor}/${p.signage}/${p.rank}`);
    }
    const pieceBytes = pieces.map((piece) => Buffer.from(piece, 'utf8'));
    const bytes =
      pieceBytes.reduce((sum, p) => sum + p.length, 0) +
      // Each piece as text, and in base64 three times over (a third more each).
      groups.reduce((sum, g) => sum + 5 * g.dataPieces.reduce((s, p) => s + p.length, 0) + 256 * g.plans.length + 128, 0) +
      256;
    return { pieceBytes, groups, tag: digest.digest('base64url'), bytes };
  }

  /**
   * The answer for an amount of the template's region; `link`: the session's price-information
   * pages (an answer with a disclosure names them, and its ETag the session and locale).
   */
  render(template: RegionTemplate, amount: CartAmount, link: PriceInformationLink): RenderedOffer {
    return this.write(template, amount, link) as RenderedOffer;
  }

  /**
   * The same answer with its links left open: an OpenAnswer to fill per session, or the answer
   * itself when it has no disclosure (and so no link).
   */
  renderOpen(template: RegionTemplate, amount: CartAmount): OpenAnswer | RenderedOffer {
    return this.write(template, amount, undefined);
  }

  /**
   * An open answer with the session's links: the bytes render gives, written from the kept text's
   * UTF-8 and the links (a kept answer's text is not encoded again for each request).
   */
  fill(open: OpenAnswer, link: PriceInformationLink): RenderedOffer {
    const { texts, places } = open;
    const writer = this.writer;
    const out = this.answerBytes.begin().bytes(texts[0]!);
    let url = '';
    for (let i = 0; i < places.length; i += 1) {
      const place = places[i]!;
      if (place.cut) {
        // A group's base64 place comes first; its disclosure's JSON place takes the same URL.
        url = priceInformationUrlInner(link, open.amountText, place.groupId);
        out.text(writer.resume(place.cut).text(url).piece(place.rest).end());
      } else {
        out.text(url);
      }
      out.bytes(texts[i + 1]!);
    }
    return { body: out.end(), etag: `${open.etagOpen}.${link.tag}"` };
  }

  /**
   * render (with a link) and renderOpen (without) in one: they differ only where a disclosure names the link.
   * The answer is written as UTF-8 from the template's pieces, encoded once, and the parts of this amount.
   */
  private write(template: RegionTemplate, amount: CartAmount, link: PriceInformationLink | undefined): OpenAnswer | RenderedOffer {
    const { pieceBytes, groups } = template;
    const cents = BigInt(amount.cents);
    const out = this.answerBytes.begin().bytes(pieceBytes[0]!);
    let piece = 1;
    let disclosed = false;
    const writer = this.writer;
    writer.reset();
    // An open answer: where its links go in the bytes written (its texts are cut there at the end).
    const marks: number[] = [];
    const places: LinkPlace[] = [];
    let bytes = 0;
    for (const group of groups) {
      const plans = group.plans;
      const data = group.data64;
      // The pieces hold the quotes: "amount":"<text>", "monthlyCost":"<cost>".
      writer.piece(data[0]!).text(amount.text).piece(data[1]!);
      let lowest = -1n;
      let named: PlanCostFormula | undefined;
      for (let i = 0; i < plans.length; i += 1) {
        const plan = plans[i]!;
        const cost = (cents * plan.multiplier + plan.addend + plan.roundUp) / plan.divisor;
        writer.text(cost.toString()).piece(data[i + 2]!);
        // priceSignage.lowestMonthlyCost: plans of signage methods, costs at least the minimum invoice amount;
        // on a tie the plan of the lower rank is the one named (credit-disclosure.ts, namedPlan).
        if (plan.signage && cost >= this.minimumCost && (lowest < 0n || cost < lowest || (cost === lowest && plan.rank < named!.rank))) {
          lowest = cost;
          named = plan;
        }
      }
      if (group.subtitleSlot) {
        out.text(lowest >= 0n ? JSON.stringify(this.monthlyFrom(lowest)) : group.subtitleWithoutCostJson).bytes(pieceBytes[piece++]!);
      }
      if (!group.disclosing) {
        out.byte(QUOTE).text(writer.end()).byte(QUOTE).bytes(pieceBytes[piece++]!);
        continue;
      }
      // No disclosure without a named cost, nor for an amount of 0 (no credit: no rate).
      if (!named || cents === 0n) {
        writer.text('null').piece(data[plans.length + 2]!);
        out.byte(QUOTE).text(writer.end()).byte(QUOTE).bytes(pieceBytes[piece++]!).text('null').bytes(pieceBytes[piece++]!);
        continue;
      }
      const parts = disclosureParts(
        named.json!,
        this.format,
        named.texts!,
        amount.twoDecimals,
        // cents / 100 is the double nearest the amount, as Number of its text is (both correctly rounded).
        planCostsAt(named.plan, amount.cents / 100, lowest, named.setupFee),
      );
      disclosed = true;
      if (link) {
        const url = priceInformationUrlInner(link, amount.text, group.idInner);
        writer.text(parts.before + url + parts.internalAfter).piece(data[plans.length + 2]!);
        out.byte(QUOTE).text(writer.end()).byte(QUOTE).bytes(pieceBytes[piece++]!);
        out.text(parts.before).text(url).text(parts.publicAfter).bytes(pieceBytes[piece++]!);
        continue;
      }
      // Open: internalData up to the URL, then its rest encoded once for this amount; the JSON's URL.
      const cut = writer.text(parts.before).cut();
      const rest = base64Piece(parts.internalAfter + group.dataPieces[plans.length + 2]!);
      out.byte(QUOTE).text(cut.base64);
      marks.push(out.length);
      places.push({ groupId: group.idInner, cut, rest });
      out.byte(QUOTE).bytes(pieceBytes[piece++]!).text(parts.before);
      marks.push(out.length);
      places.push({ groupId: group.idInner, cut: undefined, rest: undefined });
      out.text(parts.publicAfter).bytes(pieceBytes[piece++]!);
      bytes += 4 * rest.bytes + 64;
    }
    const body = out.end();
    if (link || !disclosed) {
      // An answer with a disclosure holds the session's link: the session and the locale are in its tag.
      return { body, etag: disclosed ? `"${template.tag}.${amount.text}.${link!.tag}"` : `"${template.tag}.${amount.text}"` };
    }
    // The texts between the places, copied out of the writer's shared memory: an open answer is kept.
    const texts: Buffer[] = [];
    let from = 0;
    for (const mark of [...marks, body.length]) {
      texts.push(Buffer.from(body.subarray(from, mark)));
      from = mark;
    }
    // The texts are the body, cut: their bytes are its length.
    bytes += body.length;
    return { texts, places, amountText: amount.text, etagOpen: `"${template.tag}.${amount.text}`, bytes };
  }
}

/**
 * Compiles a store's offer for a question: the catalog is put in the question's language and its
 * candidates are found once, their regions on demand.
 */
export function compileOffer(catalog: StoreMethods, question: OfferQuestion, operator: OperatorTypes): CompiledOffer {
  const localized = localizeCatalog(catalog, question.language);
  // The order's rules do not depend on the amount either: applied once, here, after the catalog's.
  const candidates = localized.methods.filter(
    (m) => eligibleApartFromAmount(m, question) && allowedByOrderRules(m, localized.store, question.rules),
  );
  return new CompiledOffer(localized, candidates, question.flattened, operator.bundled, question.rulesKey ?? '');
}
