// Storefront answers (the serialized groups and their ETag) rendered from compiled offers
// (domain/offer-template.ts). Real carts rarely repeat an amount, so nothing is kept per amount:
// what is kept is per store catalog and question, and per region of amounts with the same groups.
//
// Entries hang off the catalog object they were compiled from: StoreMethodsReader returns the same
// object for as long as the store's rows are unchanged and a new one after any change, so an answer
// is never rendered from an outdated catalog and nothing needs invalidating. They are found without
// building a key (a WeakMap by catalog, a Map by the order's rules' key for sessions with rules
// (made once per session, domain/order-rules.ts), an array slot by customer type and flattened, a
// Map by campaign): building and hashing a string key per request cost 1.7 µs of a 3 µs render.
// Sessions with the same rules share their offers and kept answers; sessions with other rules
// never do; sessions without rules all share the catalog's own entries, as before rules existed.
//
// Memory is bounded by bytes (a region of a 500-method store weighs a hundred times one of a
// 3-method store): every compiled offer and region template is charged to a least-recently-used
// budget that drops the coldest to make room. The operator's prefix (which types are bundled) is
// fixed for the process.
//
// Amounts that repeat (every shopper of one product sends its price) get their rendered answer kept
// beside their region: found by the amount's text in the region's map, it skips filling the template
// (the costs per plan, internalData, the ETag). An answer with a credit disclosure names the
// session's price-information page, so it is kept with those links left open and filled for each
// session that asks (offer-template.ts, OpenAnswer): one kept answer serves every session. Only an amount seen before in its region is kept
// (a doorkeeper of recent amounts per region), so a stream of new amounts does not churn the budget;
// the answers hang off the region, itself off the catalog object, so a catalog change drops them.
import type { CustomerType, StoreMethods } from '../domain/catalog.ts';
import { offerGroups } from '../domain/offer.ts';
import { parseDecimal } from '../domain/money.ts';
import {
  cartAmountOf,
  compileOffer,
  type CartAmount,
  type CompiledOffer,
  type GroupsSerializer,
  type OfferQuestion,
  type OpenAnswer,
  type RegionTemplate,
  type RenderedOffer,
} from '../domain/offer-template.ts';
import type { OperatorTypes } from '../domain/payment-method-types.ts';
import type { Language } from '../domain/languages.ts';
import type { PriceInformationLink } from '../domain/credit-disclosure.ts';
import { etagOf } from '../lib/body-etag.ts';
import { LruCache, type CacheStats } from '../lib/cache.ts';

export type { RenderedOffer } from '../domain/offer-template.ts';

/**
 * Region templates: about the size of one answer each (3.5 KB for the demo store), counted twice
 * (a template's pieces may share their text with the string they were cut from). 16 MB holds
 * some 2,000 answers' worth: every region of every question of a few hundred busy stores.
 */
export const MAX_TEMPLATE_BYTES = 16 * 2 ** 20;
/** Compiled offers are small (their candidates and boundaries): at most 4 MB of them. */
export const MAX_COMPILED_OFFER_BYTES = 4 * 2 ** 20;
/** Rendered answers of repeated amounts: 8 MB, some 2,000 answers of the demo store's size. */
export const MAX_ANSWER_BYTES = 8 * 2 ** 20;
/**
 * Amounts a region remembers having seen once; cleared when full (a doorkeeper, not a cache).
 * Charged to the region's bytes at its most (a short string and a set slot each).
 */
const DOORKEEPER_SIZE = 32;
const DOORKEEPER_BYTES = DOORKEEPER_SIZE * 64;

export interface OfferRequest extends OfferQuestion {
  storeId: string;
  /** As the storefront sent it (validated: `^\d+(\.\d{1,2})?$`). */
  amount: string;
  /** The session's price-information pages, named by credit disclosures (domain/credit-disclosure.ts). */
  link: PriceInformationLink;
}

/** A catalog's compiled offers for sessions without rules, and per rules' key for those with them. */
interface CatalogEntries {
  withoutRules: CatalogOffers;
  byRules: Map<string, CatalogOffers>;
}

/** Compiled offers of one set of rules: by question, 30 slots (language × customer type × flattened) per campaign. */
interface CatalogOffers {
  withoutCampaign: Slots;
  byCampaign: Map<string, Slots>;
  /** Where the offers sit, to drop a set of rules' offers with their last entry. */
  owner: CatalogEntries;
  /** '' for the offers of sessions without rules (never dropped). */
  rulesKey: string;
}
type Slots = (CompiledEntry | undefined)[];

interface CompiledEntry {
  offer: CompiledOffer;
  /** Where the entry sits, to empty it when the budget drops it. */
  owner: CatalogOffers;
  campaign: string | undefined;
  slots: Slots;
  slot: number;
  /** Region templates by region number; undefined until asked for, and again once dropped. */
  regions: (RegionEntry | undefined)[];
  bytes: number;
}

interface RegionEntry {
  compiled: CompiledEntry;
  region: number;
  template: RegionTemplate;
  /** Answers of amounts asked for more than once, by the amount's text. */
  answers: Map<string, AnswerEntry>;
  /** Amounts asked for once so far. */
  seen: Set<string>;
}

interface AnswerEntry {
  region: RegionEntry;
  amount: string;
  /** An answer with a disclosure is kept with its session's links open, and filled per request. */
  answer: RenderedOffer | OpenAnswer;
  bytes: number;
}

const LANGUAGE_SLOTS: Readonly<Record<Language, number>> = { sv: 0, nb: 6, da: 12, fi: 18, en: 24 };

function slotOf(language: Language, customerType: CustomerType | undefined, flattened: boolean): number {
  return LANGUAGE_SLOTS[language] + (customerType === 'NATURAL' ? 2 : customerType === 'LEGAL' ? 4 : 0) + (flattened ? 1 : 0);
}

export class OfferRenderer {
  private readonly byCatalog = new WeakMap<StoreMethods, CatalogEntries>();
  // The budgets: keyed by the entries themselves, looked up only to mark them used.
  private readonly compiled = new LruCache<CompiledEntry, true>(Number.MAX_SAFE_INTEGER, 'compiled_offer', {
    maxBytes: MAX_COMPILED_OFFER_BYTES,
    sizeOf: (entry) => entry.bytes,
    onEvict: (entry) => {
      if (entry.slots[entry.slot] === entry) entry.slots[entry.slot] = undefined;
      // A campaign's slots go with their last entry: distinct campaign texts leave nothing behind.
      if (entry.campaign !== undefined && entry.slots.every((e) => e === undefined)) entry.owner.byCampaign.delete(entry.campaign);
      // So do a set of rules' offers: distinct rules leave nothing behind either.
      const offers = entry.owner;
      if (offers.rulesKey !== '' && offers.byCampaign.size === 0 && offers.withoutCampaign.every((e) => e === undefined)) {
        offers.owner.byRules.delete(offers.rulesKey);
      }
      for (const region of entry.regions) if (region) this.regions.delete(region);
    },
  });
  private readonly regions = new LruCache<RegionEntry, true>(Number.MAX_SAFE_INTEGER, 'offer_region', {
    maxBytes: MAX_TEMPLATE_BYTES,
    sizeOf: (entry) => 2 * entry.template.bytes + DOORKEEPER_BYTES,
    onEvict: (entry) => {
      if (entry.compiled.regions[entry.region] === entry) entry.compiled.regions[entry.region] = undefined;
      for (const answer of entry.answers.values()) this.answers.delete(answer);
    },
  });
  private readonly answers = new LruCache<AnswerEntry, true>(Number.MAX_SAFE_INTEGER, 'offer_answer', {
    maxBytes: MAX_ANSWER_BYTES,
    // The body (UTF-16 at worst), the tag and the entry itself.
    sizeOf: (entry) => entry.bytes,
    onEvict: (entry) => {
      if (entry.region.answers.get(entry.amount) === entry) entry.region.answers.delete(entry.amount);
    },
  });

  constructor(private readonly operator: OperatorTypes) {}

  /** The answer to `request` from `catalog`, serialized with the route's own `serialize`. */
  render(catalog: StoreMethods, request: OfferRequest, serialize: GroupsSerializer): RenderedOffer {
    const amount = cartAmountOf(request.amount);
    if (!amount) {
      // An amount of 10^13 or more: eligible nowhere in any real catalog; computed the straightforward way.
      const body = serialize(offerGroups(catalog, { ...request, amount: parseDecimal(request.amount)! }, this.operator));
      // The language in the tag too: the same bytes in two languages still get two tags; so do the order's rules.
      const rules = request.rulesKey ? `${request.rulesKey}\u0000` : '';
      return { body, etag: etagOf(`${request.language}\u0000${rules}${body}`) };
    }
    const compiled = this.compiledFor(catalog, request);
    const regionNumber = compiled.offer.regionOf(amount.cents);
    let region = compiled.regions[regionNumber];
    if (region && this.regions.lookup(region)) {
      const kept = region.answers.get(amount.text);
      if (kept && this.answers.lookup(kept)) return 'places' in kept.answer ? compiled.offer.fill(kept.answer, request.link) : kept.answer;
      return this.renderAndKeep(region, amount, request.link);
    }
    region = {
      compiled,
      region: regionNumber,
      template: compiled.offer.compileRegion(amount.cents, serialize),
      answers: new Map(),
      seen: new Set(),
    };
    compiled.regions[regionNumber] = region;
    this.regions.countMiss();
    this.regions.set(region, true);
    return this.renderAndKeep(region, amount, request.link);
  }

  stats(): CacheStats[] {
    return [this.compiled.stats(), this.regions.stats(), this.answers.stats()];
  }

  /** Fills the region's template; keeps the answer if the amount was asked for before. */
  private renderAndKeep(region: RegionEntry, amount: CartAmount, link: PriceInformationLink): RenderedOffer {
    const offer = region.compiled.offer;
    const key = amount.text;
    if (!region.seen.has(key)) {
      if (region.seen.size >= DOORKEEPER_SIZE) region.seen.clear();
      region.seen.add(key);
      return offer.render(region.template, amount, link);
    }
    region.seen.delete(key);
    // Kept for every session: its links left open (an answer without a disclosure has none). Its
    // bytes are sent as they are each time, copied out of the writer's shared slab (byte-writer.ts).
    const open = offer.renderOpen(region.template, amount);
    const answer = 'places' in open ? open : { body: Buffer.from(open.body), etag: open.etag };
    const bytes = 128 + 2 * key.length + ('places' in answer ? answer.bytes : answer.body.length + 2 * answer.etag.length);
    const entry: AnswerEntry = { region, amount: key, answer, bytes };
    region.answers.set(key, entry);
    this.answers.countMiss();
    this.answers.set(entry, true);
    return 'places' in answer ? offer.fill(answer, link) : answer;
  }

  private compiledFor(catalog: StoreMethods, question: OfferQuestion): CompiledEntry {
    let entries = this.byCatalog.get(catalog);
    if (!entries) {
      entries = { withoutRules: undefined!, byRules: new Map() };
      entries.withoutRules = { withoutCampaign: [], byCampaign: new Map(), owner: entries, rulesKey: '' };
      this.byCatalog.set(catalog, entries);
    }
    const rulesKey = question.rulesKey ?? '';
    let offers = entries.withoutRules;
    if (rulesKey !== '') {
      let ruled = entries.byRules.get(rulesKey);
      if (!ruled) entries.byRules.set(rulesKey, (ruled = { withoutCampaign: [], byCampaign: new Map(), owner: entries, rulesKey }));
      offers = ruled;
    }
    let slots = offers.withoutCampaign;
    if (question.campaign !== undefined) {
      slots = offers.byCampaign.get(question.campaign) ?? [];
      if (slots.length === 0) offers.byCampaign.set(question.campaign, slots);
    }
    const slot = slotOf(question.language, question.customerType, question.flattened);
    const cached = slots[slot];
    if (cached && this.compiled.lookup(cached)) return cached;
    const offer = compileOffer(catalog, question, this.operator);
    // Its arrays, and the campaign text and rules' key that key it.
    const bytes = 256 + 48 * offer.regionCount + 2 * (question.campaign?.length ?? 0) + 2 * rulesKey.length;
    const entry: CompiledEntry = { offer, owner: offers, campaign: question.campaign, slots, slot, regions: [], bytes };
    slots[slot] = entry;
    this.compiled.countMiss();
    this.compiled.set(entry, true);
    return entry;
  }
}
