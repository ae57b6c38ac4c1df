// Upserts of catalog entities. Each write changes a row only when a value differs, so applying
// the same catalog twice changes nothing (not even updated_at).
import { sql, type Transaction } from 'kysely';
import { compareDecimal, formatDecimal } from '../../domain/money.ts';
import type { PaymentMethod, Store } from '../../domain/catalog.ts';
import type { Database } from '../schema.ts';
import { numeric } from './stores.ts';
import { upsertOutcome, type WriteResult } from './write-result.ts';

/** Translations as JSONB text (normalized by catalog-input/validate.ts); `{}` when none. */
function translationsJson(translations: object | undefined): string {
  return JSON.stringify(translations ?? {});
}

/** JSON with object keys sorted: JSONB gives its keys back in its own order, not the written one. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

export class CatalogWriter {
  constructor(private readonly tx: Transaction<Database>) {}

  async existingIds(): Promise<{ merchantIds: Set<string>; storeIds: Set<string>; nationalStoreIds: Map<number, string> }> {
    const [merchants, stores] = await Promise.all([
      this.tx.selectFrom('merchants').select('id').execute(),
      this.tx.selectFrom('stores').select(['id', 'national_store_id']).execute(),
    ]);
    return {
      merchantIds: new Set(merchants.map((m) => m.id)),
      storeIds: new Set(stores.map((s) => s.id)),
      nationalStoreIds: new Map(stores.map((s) => [s.national_store_id, s.id])),
    };
  }

  async upsertMerchant(merchant: { id: string; name: string }): Promise<WriteResult> {
    const row = await this.tx
      .insertInto('merchants')
      .values({ id: merchant.id, name: merchant.name })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ name: (eb) => eb.ref('excluded.name'), updated_at: sql`now()` })
          .where('merchants.name', 'is distinct from', (eb) => eb.ref('excluded.name')),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirst();
    return upsertOutcome(row);
  }

  async upsertStore(store: Store): Promise<WriteResult> {
    const values = {
      id: store.id,
      merchant_id: store.merchantId,
      name: store.name,
      currency: store.currency,
      bundle_title: store.bundleTitle,
      minimum_invoice_amount: formatDecimal(store.minimumInvoiceAmount),
      country_code: store.countryCode,
      organization_number: store.organizationNumber ?? null,
      // Left out: the insert trigger assigns the next free number; an update keeps the stored one.
      national_store_id: store.nationalStoreId ?? null,
      translations: translationsJson(store.translations),
      credit_warning: store.creditWarning ?? null,
    };
    const givenNumber = store.nationalStoreId ?? null;
    const row = await this.tx
      .insertInto('stores')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            merchant_id: (eb) => eb.ref('excluded.merchant_id'),
            name: (eb) => eb.ref('excluded.name'),
            currency: (eb) => eb.ref('excluded.currency'),
            bundle_title: (eb) => eb.ref('excluded.bundle_title'),
            minimum_invoice_amount: (eb) => eb.ref('excluded.minimum_invoice_amount'),
            country_code: (eb) => eb.ref('excluded.country_code'),
            organization_number: (eb) => eb.ref('excluded.organization_number'),
            national_store_id: sql`coalesce(${givenNumber}::integer, stores.national_store_id)`,
            translations: (eb) => eb.ref('excluded.translations'),
            credit_warning: (eb) => eb.ref('excluded.credit_warning'),
            updated_at: sql`now()`,
          })
          .where(
            sql<boolean>`(stores.merchant_id, stores.name, stores.currency, stores.bundle_title, stores.minimum_invoice_amount,
                stores.country_code, stores.organization_number, stores.national_store_id, stores.translations, stores.credit_warning)
              is distinct from (excluded.merchant_id, excluded.name, excluded.currency, excluded.bundle_title, excluded.minimum_invoice_amount,
                excluded.country_code, excluded.organization_number, coalesce(${givenNumber}::integer, stores.national_store_id),
                excluded.translations, excluded.credit_warning)`,
          ),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirst();
    return upsertOutcome(row);
  }

  async upsertPaymentMethod(method: PaymentMethod): Promise<WriteResult> {
    const row = await this.tx
      .insertInto('payment_methods')
      .values({
        id: method.id,
        store_id: method.storeId,
        sort_order: method.sortOrder,
        name: method.name,
        description: method.description,
        type: method.type,
        min_purchase_limit: formatDecimal(method.minPurchaseLimit),
        max_purchase_limit: formatDecimal(method.maxPurchaseLimit),
        min_application_limit: formatDecimal(method.minApplicationLimit),
        max_application_limit: formatDecimal(method.maxApplicationLimit),
        enabled_for_legal_customer: method.enabledForLegalCustomer,
        enabled_for_natural_customer: method.enabledForNaturalCustomer,
        is_campaign: method.campaign.campaign,
        campaign_keywords: method.campaign.keywords,
        price_signage_possible: method.priceSignagePossible,
        translations: translationsJson(method.translations),
        active_from: method.activeFrom === undefined ? null : new Date(method.activeFrom),
        active_until: method.activeUntil === undefined ? null : new Date(method.activeUntil),
        excluded_product_types: [...(method.excludedProductTypes ?? [])],
        countries: method.countries === undefined ? null : [...method.countries],
      })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            store_id: (eb) => eb.ref('excluded.store_id'),
            sort_order: (eb) => eb.ref('excluded.sort_order'),
            name: (eb) => eb.ref('excluded.name'),
            description: (eb) => eb.ref('excluded.description'),
            type: (eb) => eb.ref('excluded.type'),
            min_purchase_limit: (eb) => eb.ref('excluded.min_purchase_limit'),
            max_purchase_limit: (eb) => eb.ref('excluded.max_purchase_limit'),
            min_application_limit: (eb) => eb.ref('excluded.min_application_limit'),
            max_application_limit: (eb) => eb.ref('excluded.max_application_limit'),
            enabled_for_legal_customer: (eb) => eb.ref('excluded.enabled_for_legal_customer'),
            enabled_for_natural_customer: (eb) => eb.ref('excluded.enabled_for_natural_customer'),
            is_campaign: (eb) => eb.ref('excluded.is_campaign'),
            campaign_keywords: (eb) => eb.ref('excluded.campaign_keywords'),
            price_signage_possible: (eb) => eb.ref('excluded.price_signage_possible'),
            translations: (eb) => eb.ref('excluded.translations'),
            active_from: (eb) => eb.ref('excluded.active_from'),
            active_until: (eb) => eb.ref('excluded.active_until'),
            excluded_product_types: (eb) => eb.ref('excluded.excluded_product_types'),
            countries: (eb) => eb.ref('excluded.countries'),
            updated_at: sql`now()`,
          })
          .where(
            sql<boolean>`(payment_methods.store_id, payment_methods.sort_order, payment_methods.name, payment_methods.description,
                payment_methods.type, payment_methods.min_purchase_limit, payment_methods.max_purchase_limit,
                payment_methods.min_application_limit, payment_methods.max_application_limit,
                payment_methods.enabled_for_legal_customer, payment_methods.enabled_for_natural_customer,
                payment_methods.is_campaign, payment_methods.campaign_keywords, payment_methods.price_signage_possible,
                payment_methods.translations, payment_methods.active_from, payment_methods.active_until,
                payment_methods.excluded_product_types, payment_methods.countries)
              is distinct from (excluded.store_id, excluded.sort_order, excluded.name, excluded.description,
                excluded.type, excluded.min_purchase_limit, excluded.max_purchase_limit,
                excluded.min_application_limit, excluded.max_application_limit,
                excluded.enabled_for_legal_customer, excluded.enabled_for_natural_customer,
                excluded.is_campaign, excluded.campaign_keywords, excluded.price_signage_possible, excluded.translations,
                excluded.active_from, excluded.active_until, excluded.excluded_product_types, excluded.countries)`,
          ),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirst();
    const children = await this.replaceChildren(method);
    return upsertOutcome(row) === 'unchanged' && children ? 'updated' : upsertOutcome(row);
  }

  /** Rewrites plans and legal links when they differ from the stored ones; true when it did. */
  private async replaceChildren(method: PaymentMethod): Promise<boolean> {
    const plans = method.plans.map((p, position) => ({
      payment_method_id: method.id,
      position,
      name: p.name,
      duration_months: p.durationMonths,
      annuity_factor: formatDecimal(p.annuityFactor),
      administration_fee: formatDecimal(p.administrationFee),
      setup_fee: formatDecimal(p.setupFee),
      interest: formatDecimal(p.interest),
      description: p.description ?? '',
      translations: translationsJson(p.translations),
    }));
    const links = method.legalLinks.map((l, position) => ({
      payment_method_id: method.id,
      position,
      url: l.url,
      type: l.type,
      append_amount: l.appendAmount,
      language: l.language ?? null,
    }));
    const [storedPlans, storedLinks] = await Promise.all([
      this.tx
        .selectFrom('payment_method_plans')
        .select([
          'position',
          'name',
          'description',
          'duration_months',
          'annuity_factor',
          'administration_fee',
          'setup_fee',
          'interest',
          'translations',
        ])
        .where('payment_method_id', '=', method.id)
        .orderBy('position')
        .execute(),
      this.tx
        .selectFrom('payment_method_legal_links')
        .select(['position', 'url', 'type', 'append_amount', 'language'])
        .where('payment_method_id', '=', method.id)
        .orderBy('position')
        .execute(),
    ]);
    // Compared as decimals: the column's scale (0.500000000000) is not a difference from 0.5.
    const sameDecimal = (a: string, b: string) => compareDecimal(numeric(a), numeric(b)) === 0;
    const plansSame =
      storedPlans.length === plans.length &&
      storedPlans.every((s, i) => {
        const p = plans[i]!;
        return (
          s.name === p.name &&
          s.description === p.description &&
          s.duration_months === p.duration_months &&
          sameDecimal(s.annuity_factor, p.annuity_factor) &&
          sameDecimal(s.administration_fee, p.administration_fee) &&
          sameDecimal(s.setup_fee, p.setup_fee) &&
          sameDecimal(s.interest, p.interest) &&
          canonicalJson(s.translations) === canonicalJson(JSON.parse(p.translations))
        );
      });
    const linksSame =
      storedLinks.length === links.length &&
      storedLinks.every((s, i) => {
        const l = links[i]!;
        return s.url === l.url && s.type === l.type && s.append_amount === l.append_amount && s.language === l.language;
      });
    if (plansSame && linksSame) return false;
    await this.tx.deleteFrom('payment_method_plans').where('payment_method_id', '=', method.id).execute();
    await this.tx.deleteFrom('payment_method_legal_links').where('payment_method_id', '=', method.id).execute();
    if (plans.length > 0) await this.tx.insertInto('payment_method_plans').values(plans).execute();
    if (links.length > 0) await this.tx.insertInto('payment_method_legal_links').values(links).execute();
    return true;
  }
}
