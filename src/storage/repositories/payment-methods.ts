import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { LegalLink, PaymentMethod, PaymentPlan } from '../../domain/catalog.ts';
import type { ProductType } from '../../domain/order-rules.ts';
import type { Database, PaymentMethodsTable } from '../schema.ts';
import { numeric } from './stores.ts';

type Db = Kysely<Database> | Transaction<Database>;

type MethodRow = Selectable<PaymentMethodsTable>;

interface MethodChildren {
  plans: Selectable<Database['payment_method_plans']>[];
  links: Selectable<Database['payment_method_legal_links']>[];
}

export interface MethodPage {
  methods: PaymentMethod[];
  totalElements: number;
}

export class PaymentMethodsRepository {
  constructor(private readonly db: Db) {}

  /** Every method of a store in display order, with plans and legal links (three queries, no N+1). */
  async listByStore(storeId: string): Promise<PaymentMethod[]> {
    const rows = await this.inDisplayOrder(this.db.selectFrom('payment_methods').selectAll().where('store_id', '=', storeId)).execute();
    return this.withChildren(rows);
  }

  /**
   * One page of a store's methods in display order, optionally only those whose purchase limits
   * include `amount` (a plain decimal string, compared as NUMERIC). Paging runs in the database.
   */
  async listPage(storeId: string, options: { amount?: string | undefined; limit: number; offset: number; at: Date }): Promise<MethodPage> {
    // Only methods within their window at `at` (domain/windows.ts: from inclusive, until exclusive).
    let filtered = this.db
      .selectFrom('payment_methods')
      .where('store_id', '=', storeId)
      .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', options.at)]))
      .where((eb) => eb.or([eb('active_until', 'is', null), eb('active_until', '>', options.at)]));
    if (options.amount !== undefined) {
      const amount = sql<string>`${options.amount}::numeric`;
      filtered = filtered.where('min_purchase_limit', '<=', amount).where('max_purchase_limit', '>=', amount);
    }
    // The page's ids first, from the display-order index alone (OFFSET skips index entries, not
    // table rows: migrations/0003_listing_index_only.ts); then those rows by primary key, with
    // their plans and links, all three at once.
    const [idRows, count] = await Promise.all([
      this.inDisplayOrder(filtered.select('id')).limit(options.limit).offset(options.offset).execute(),
      filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    const ids = idRows.map((r) => r.id);
    if (ids.length === 0) return { methods: [], totalElements: Number(count.total) };
    const [rows, children] = await Promise.all([
      this.inDisplayOrder(this.db.selectFrom('payment_methods').selectAll().where('id', 'in', ids)).execute(),
      this.childrenOf(ids),
    ]);
    return { methods: this.assemble(rows, children), totalElements: Number(count.total) };
  }

  /** One method with plans and legal links, or undefined (admin API). */
  async findById(id: string): Promise<PaymentMethod | undefined> {
    const rows = await this.db.selectFrom('payment_methods').selectAll().where('id', '=', id).execute();
    return (await this.withChildren(rows))[0];
  }

  /**
   * One page of every method (admin API), optionally of one store: ordered by store, then in each
   * store's display order.
   */
  async list(options: { storeId?: string | undefined; limit: number; offset: number }): Promise<MethodPage> {
    let filtered = this.db.selectFrom('payment_methods');
    if (options.storeId !== undefined) filtered = filtered.where('store_id', '=', options.storeId);
    const [rows, count] = await Promise.all([
      this.inDisplayOrder(filtered.selectAll().orderBy('store_id')).limit(options.limit).offset(options.offset).execute(),
      filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { methods: await this.withChildren(rows), totalElements: Number(count.total) };
  }

  /** True when a method was deleted; its plans and legal links go with it (FK cascade). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('payment_methods').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The ids of the methods of the stores of `storeIds`, each with its store. */
  async idsByStore(storeIds: readonly string[]): Promise<Array<{ id: string; storeId: string }>> {
    if (storeIds.length === 0) return [];
    const rows = await this.db.selectFrom('payment_methods').select(['id', 'store_id']).where('store_id', 'in', storeIds).execute();
    return rows.map((row) => ({ id: row.id, storeId: row.store_id }));
  }

  // (Any selection: whole rows, or only the ids of a page.)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private inDisplayOrder<Q extends SelectQueryBuilder<Database, 'payment_methods', any>>(query: Q): Q {
    return query
      .orderBy('sort_order')
      .orderBy(sql`name collate "C"`)
      .orderBy('id') as Q;
  }

  private async withChildren(rows: MethodRow[]): Promise<PaymentMethod[]> {
    if (rows.length === 0) return [];
    return this.assemble(rows, await this.childrenOf(rows.map((r) => r.id)));
  }

  /** Plans and legal links of the methods `ids`, each in its order. */
  private async childrenOf(ids: string[]): Promise<MethodChildren> {
    const [plans, links] = await Promise.all([
      this.db
        .selectFrom('payment_method_plans')
        .selectAll()
        .where('payment_method_id', 'in', ids)
        .orderBy('payment_method_id')
        .orderBy('position')
        .execute(),
      this.db
        .selectFrom('payment_method_legal_links')
        .selectAll()
        .where('payment_method_id', 'in', ids)
        .orderBy('payment_method_id')
        .orderBy('position')
        .execute(),
    ]);
    return { plans, links };
  }

  private assemble(rows: MethodRow[], { plans, links }: MethodChildren): PaymentMethod[] {
    const plansByMethod = new Map<string, PaymentPlan[]>();
    for (const p of plans) {
      const list = plansByMethod.get(p.payment_method_id) ?? [];
      list.push({
        name: p.name,
        description: p.description,
        durationMonths: p.duration_months,
        annuityFactor: numeric(p.annuity_factor),
        administrationFee: numeric(p.administration_fee),
        setupFee: numeric(p.setup_fee),
        interest: numeric(p.interest),
        translations: p.translations,
      });
      plansByMethod.set(p.payment_method_id, list);
    }
    const linksByMethod = new Map<string, LegalLink[]>();
    for (const l of links) {
      const list = linksByMethod.get(l.payment_method_id) ?? [];
      list.push({ url: l.url, type: l.type, appendAmount: l.append_amount, language: l.language ?? undefined });
      linksByMethod.set(l.payment_method_id, list);
    }
    return rows.map((r) => ({
      id: r.id,
      storeId: r.store_id,
      sortOrder: r.sort_order,
      name: r.name,
      description: r.description,
      type: r.type,
      minPurchaseLimit: numeric(r.min_purchase_limit),
      maxPurchaseLimit: numeric(r.max_purchase_limit),
      minApplicationLimit: numeric(r.min_application_limit),
      maxApplicationLimit: numeric(r.max_application_limit),
      legalLinks: linksByMethod.get(r.id) ?? [],
      enabledForLegalCustomer: r.enabled_for_legal_customer,
      enabledForNaturalCustomer: r.enabled_for_natural_customer,
      campaign: { campaign: r.is_campaign, keywords: r.campaign_keywords },
      priceSignagePossible: r.price_signage_possible,
      plans: plansByMethod.get(r.id) ?? [],
      translations: r.translations,
      activeFrom: r.active_from?.getTime(),
      activeUntil: r.active_until?.getTime(),
      // The column holds PRODUCT_TYPES values only (catalog-input/validate.ts checks what is written).
      excludedProductTypes: r.excluded_product_types as ProductType[],
      countries: r.countries ?? undefined,
    }));
  }
}
