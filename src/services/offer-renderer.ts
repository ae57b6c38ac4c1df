// Storefront answers (the serialized groups and their ETag) rendered from compiled offers
// (domain/offer-template.ts). Real carts rarely repeat an amount, so nothing is kept per amount:
// what is kept is per store catalog and question, and per region of amounts with the same groups.
//
// Both caches are bounded by bytes (a region of a 500-method store weighs a hundred times one of
// a 3-method store) and tied to the catalog object their entries were compiled from:
// StoreMethodsReader returns the same object for as long as the store's rows are unchanged and a
// new one after any change, so an answer is never rendered from an outdated catalog and nothing
// needs invalidating. The operator's prefix (which types are bundled) is fixed for the process.
import type { StoreMethods } from '../domain/catalog.ts';
import { offerGroups } from '../domain/offer.ts';
import { parseDecimal } from '../domain/money.ts';
import {
  cartAmountOf,
  compileOffer,
  type CompiledOffer,
  type GroupsSerializer,
  type OfferQuestion,
  type RegionTemplate,
  type RenderedOffer,
} from '../domain/offer-template.ts';
import type { OperatorTypes } from '../domain/payment-method-types.ts';
import { etagOf } from '../lib/body-etag.ts';
import { LruCache } from '../lib/lru-cache.ts';
import type { CacheStats } from '../lib/ttl-cache.ts';

export type { RenderedOffer } from '../domain/offer-template.ts';

/**
 * Region templates: about the size of one answer each (3.5 KB for the demo store), counted twice
 * (a template's pieces may share their text with the string they were cut from). 16 MB holds
 * some 2,000 answers' worth: every region of every question of a few hundred busy stores.
 */
export const MAX_TEMPLATE_BYTES = 16 * 2 ** 20;
/** Compiled offers are small (their candidates and boundaries): at most 4 MB of them. */
export const MAX_COMPILED_OFFER_BYTES = 4 * 2 ** 20;

export interface OfferRequest extends OfferQuestion {
  storeId: string;
  /** As the storefront sent it (validated: `^\d+(\.\d{1,2})?$`). */
  amount: string;
}

interface CompiledEntry {
  catalog: StoreMethods;
  offer: CompiledOffer;
  bytes: number;
}

interface RegionEntry {
  offer: CompiledOffer;
  template: RegionTemplate;
}

export class OfferRenderer {
  private readonly compiled = new LruCache<string, CompiledEntry>(Number.MAX_SAFE_INTEGER, 'compiled_offer', {
    maxBytes: MAX_COMPILED_OFFER_BYTES,
    sizeOf: (key, entry) => 2 * key.length + entry.bytes,
  });
  private readonly regions = new LruCache<string, RegionEntry>(Number.MAX_SAFE_INTEGER, 'offer_region', {
    maxBytes: MAX_TEMPLATE_BYTES,
    sizeOf: (key, entry) => 2 * (key.length + entry.template.bytes),
  });

  constructor(private readonly operator: OperatorTypes) {}

  /** The answer to `request` from `catalog`, serialized with the route's own `serialize`. */
  render(catalog: StoreMethods, request: OfferRequest, serialize: GroupsSerializer): RenderedOffer {
    const amount = cartAmountOf(request.amount);
    if (!amount) {
      // An amount of 10^13 or more: eligible nowhere in any real catalog; computed the straightforward way.
      const body = serialize(offerGroups(catalog, { ...request, amount: parseDecimal(request.amount)! }, this.operator));
      return { body, etag: etagOf(body) };
    }
    // The campaign comes from the session (up to 100 characters, any text): JSON keeps the parts apart.
    const key = JSON.stringify([request.storeId, request.campaign ?? null, request.customerType ?? null, request.flattened]);
    let compiled = this.compiled.get(key, (entry) => entry.catalog === catalog);
    if (!compiled) {
      const offer = compileOffer(catalog, request, this.operator);
      compiled = { catalog, offer, bytes: 256 + 64 * offer.regionCount };
      this.compiled.set(key, compiled);
    }
    const { offer } = compiled;
    const regionKey = `${offer.regionOf(amount.cents)}${key}`;
    let region = this.regions.get(regionKey, (entry) => entry.offer === offer);
    if (!region) {
      region = { offer, template: offer.compileRegion(amount.cents, serialize) };
      this.regions.set(regionKey, region);
    }
    return offer.render(region.template, amount);
  }

  stats(): CacheStats[] {
    return [this.compiled.stats(), this.regions.stats()];
  }
}
