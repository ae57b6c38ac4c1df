// What a merchant backend may ask about its own store's catalog: the paginated listing
// (docs/merchant-api.md#payment-method-listing) and the "why is method X not offered?" explanation.
import type { Db } from '../storage/handles.ts';
import { parseDecimal } from '../domain/money.ts';
import { explainOffer, type ExplainedOffer, type OfferQuery } from '../domain/offer.ts';
import { DEFAULT_COUNTRY_CODE, type PaymentMethod, type Store } from '../domain/catalog.ts';
import { requestLanguage, type Language } from '../domain/languages.ts';
import { localizeMethod } from '../domain/localization.ts';
import type { OperatorTypes } from '../domain/payment-method-types.ts';
import type { Clock } from '../lib/clock.ts';
import { Errors } from '../errors.ts';
import { PaymentMethodsRepository } from '../storage/repositories/payment-methods.ts';
import { StoresRepository } from '../storage/repositories/stores.ts';
import type { StoreMethodsReader } from './store-methods-reader.ts';

export interface ListingPage {
  /** The store (its country gives the legal links' default language); undefined when it is gone. */
  store: Store | undefined;
  /** The methods as stored (their texts as written, with their translations). */
  methods: PaymentMethod[];
  /** The language the page's texts are shown in (docs/languages.md#choosing-the-language). */
  language: Language;
  page: { number: number; size: number; totalElements: number; totalPages: number };
}

export class MerchantListingService {
  private readonly methods: PaymentMethodsRepository;
  private readonly stores: StoresRepository;

  constructor(
    db: Db,
    private readonly catalog: StoreMethodsReader,
    private readonly operator: OperatorTypes,
    private readonly clock: Clock,
  ) {
    this.methods = new PaymentMethodsRepository(db);
    this.stores = new StoresRepository(db);
  }

  /** One page in display order; `amount` (plain decimal text) keeps methods whose purchase limits include it. */
  async listPage(
    storeId: string,
    query: { amount?: string | undefined; page: number; size: number; locale?: string | undefined },
  ): Promise<ListingPage> {
    const [{ methods, totalElements }, store] = await Promise.all([
      // Methods outside their window at this moment are not listed (docs/catalog.md#windows).
      this.methods.listPage(storeId, {
        amount: query.amount,
        limit: query.size,
        offset: query.page * query.size,
        at: new Date(this.clock()),
      }),
      // The store's row alone: its whole catalog (reloaded every second) was most of a large store's listing.
      this.catalog.store(storeId),
    ]);
    const countryCode = store?.countryCode ?? DEFAULT_COUNTRY_CODE;
    return {
      store,
      methods,
      language: requestLanguage(countryCode, query.locale),
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

  /**
   * A method of the store with the store, from the cached store methods, in the language of
   * `locale` (else the store's): its texts translated and its legal links narrowed to the language
   * (localization.ts). 404 for a method of another store or none.
   */
  async method(
    storeId: string,
    methodId: string,
    locale: string | undefined,
  ): Promise<{ store: Store; method: PaymentMethod; language: Language }> {
    const catalog = await this.catalog.storeMethods(storeId);
    const method = catalog?.methods.find((m) => m.id === methodId.toLowerCase());
    if (!catalog || !method) throw new Errors.PAYMENT_METHOD_NOT_FOUND(methodId, storeId);
    const language = requestLanguage(catalog.store.countryCode, locale);
    return { store: catalog.store, method: localizeMethod(method, catalog.store, language), language };
  }

  /** Every method with the rules it fails, and the groups a session would get: one engine for both. */
  async explain(
    storeId: string,
    query: Omit<OfferQuery, 'amount' | 'language'> & { amount: string; locale: string | undefined; sessionLocale?: string | undefined },
  ): Promise<ExplainedOffer & { language: Language }> {
    const catalog = await this.catalog.storeMethods(storeId);
    // As group retrieval chooses it: the request's locale, else the session's, else the store's.
    const language = requestLanguage(catalog?.store.countryCode ?? DEFAULT_COUNTRY_CODE, query.locale, query.sessionLocale);
    if (!catalog) return { methods: [], groups: [], language };
    return { ...explainOffer(catalog, { ...query, amount: parseDecimal(query.amount)!, language }, this.operator), language };
  }
}
