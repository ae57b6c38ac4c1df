// What a merchant backend may ask about its own store's catalog: the paginated listing
// (docs/merchant-api.md#payment-method-listing) and the "why is method X not offered?" explanation.
import type { Kysely } from 'kysely';
import { parseDecimal } from '../domain/money.ts';
import { explainOffer, type ExplainedOffer, type OfferQuery } from '../domain/offer.ts';
import type { PaymentMethod, Store } from '../domain/catalog.ts';
import type { OperatorTypes } from '../domain/payment-method-types.ts';
import type { Database } from '../storage/schema.ts';
import { Errors } from '../errors.ts';
import { PaymentMethodsRepository } from '../storage/repositories/payment-methods.ts';
import { StoresRepository } from '../storage/repositories/stores.ts';
import type { StoreMethodsReader } from './store-methods-reader.ts';

export interface ListingPage {
  /** The store (its country gives the legal links' default language); undefined when it is gone. */
  store: Store | undefined;
  methods: PaymentMethod[];
  page: { number: number; size: number; totalElements: number; totalPages: number };
}

export class MerchantListingService {
  private readonly methods: PaymentMethodsRepository;
  private readonly stores: StoresRepository;

  constructor(
    db: Kysely<Database>,
    private readonly catalog: StoreMethodsReader,
    private readonly operator: OperatorTypes,
  ) {
    this.methods = new PaymentMethodsRepository(db);
    this.stores = new StoresRepository(db);
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

  /** One page of the merchant's own stores (the merchant API's store listing). */
  async listStores(
    merchantId: string,
    query: { page: number; size: number; orderBy: 'name' | 'nationalStoreId'; descending: boolean },
  ): Promise<{ stores: Store[]; page: ListingPage['page'] }> {
    const { stores, totalElements } = await this.stores.pageOfMerchant(merchantId, {
      orderBy: query.orderBy,
      descending: query.descending,
      limit: query.size,
      offset: query.page * query.size,
    });
    return { stores, page: { number: query.page, size: query.size, totalElements, totalPages: Math.ceil(totalElements / query.size) } };
  }

  /** A method of the store with the store, from the cached store methods; 404 for a method of another store or none. */
  async method(storeId: string, methodId: string): Promise<{ store: Store; method: PaymentMethod }> {
    const catalog = await this.catalog.storeMethods(storeId);
    const method = catalog?.methods.find((m) => m.id === methodId.toLowerCase());
    if (!catalog || !method) throw new Errors.PAYMENT_METHOD_NOT_FOUND(methodId, storeId);
    return { store: catalog.store, method };
  }

  /** Every method with the rules it fails, and the groups a session would get: one engine for both. */
  async explain(storeId: string, query: Omit<OfferQuery, 'amount'> & { amount: string }): Promise<ExplainedOffer> {
    const catalog = await this.catalog.storeMethods(storeId);
    if (!catalog) return { methods: [], groups: [] };
    return explainOffer(catalog, { ...query, amount: parseDecimal(query.amount)! }, this.operator);
  }
}
