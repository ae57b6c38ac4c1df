// What a merchant backend may ask about its own store's catalog: the paginated listing
// (docs/merchant-api.md#payment-method-listing) and the "why is method X not offered?" explanation.
import type { Kysely } from 'kysely';
import { parseDecimal } from '../domain/money.ts';
import { explainOffer, type ExplainedOffer, type OfferQuery } from '../domain/offer.ts';
import type { PaymentMethod, Store } from '../domain/catalog.ts';
import type { OperatorTypes } from '../domain/payment-method-types.ts';
import type { Database } from '../storage/schema.ts';
import { PaymentMethodsRepository } from '../storage/repositories/payment-methods.ts';
import type { StoreMethodsReader } from './store-methods-reader.ts';

export interface ListingPage {
  /** The store (its country gives the legal links' default language); undefined when it is gone. */
  store: Store | undefined;
  methods: PaymentMethod[];
  page: { number: number; size: number; totalElements: number; totalPages: number };
}

export class MerchantListingService {
  private readonly methods: PaymentMethodsRepository;

  constructor(
    db: Kysely<Database>,
    private readonly catalog: StoreMethodsReader,
    private readonly operator: OperatorTypes,
  ) {
    this.methods = new PaymentMethodsRepository(db);
  }

  /** One page in display order; `amount` (plain decimal text) keeps methods whose purchase limits include it. */
  async listPage(storeId: string, query: { amount?: string | undefined; page: number; size: number }): Promise<ListingPage> {
    const [{ methods, totalElements }, storeMethods] = await Promise.all([
      this.methods.listPage(storeId, { amount: query.amount, limit: query.size, offset: query.page * query.size }),
      this.catalog.storeMethods(storeId),
    ]);
    return {
      store: storeMethods?.store,
      methods,
      page: { number: query.page, size: query.size, totalElements, totalPages: Math.ceil(totalElements / query.size) },
    };
  }

  /** Every method with the rules it fails, and the groups a session would get: one engine for both. */
  async explain(storeId: string, query: Omit<OfferQuery, 'amount'> & { amount: string }): Promise<ExplainedOffer> {
    const catalog = await this.catalog.storeMethods(storeId);
    if (!catalog) return { methods: [], groups: [] };
    return explainOffer(catalog, { ...query, amount: parseDecimal(query.amount)! }, this.operator);
  }
}
