// Schemas of the merchant API v2 (docs/merchant-api.md#payment-method-fields and docs/merchant-api.md#payment-method-listing).
import { PriceSignageDisclosureSchema } from '../schemas/credit-disclosure.ts';
import { Type } from 'typebox';
import { INELIGIBILITY_REASONS } from '../../domain/eligibility.ts';
import { ORDER_RULE_REASONS } from '../../domain/order-rules.ts';
import { CustomerTypeSchema, LocaleSchema, PaymentMethodGroupSchema, PaymentMethodTypeSchema } from '../session-api/schemas.ts';
import { MethodTranslationsSchema } from '../../catalog-input/schema.ts';

/** The merchant API's `locale` (docs/languages.md): the language of the answer's texts. */
const MerchantLocale = Type.Optional(
  LocaleSchema(
    "The language of the answer's texts as a BCP 47 tag (at most 35 characters): `sv`, `nb` (also `no`, `nn`), `da`, `fi` " +
      "or `en` by its primary subtag; a tag of another language, or none, gets the store's language. The answer's " +
      '`Content-Language` names the language used.',
  ),
);
import { errorExample } from '../openapi/route-docs.ts';
import { component } from '../schemas/common.ts';

export const StoreParams = Type.Object({
  store_id: Type.String({ format: 'uuid', description: "The store's id (UUID)." }),
});

export const ListingQuery = Type.Object({
  amount: Type.Optional(
    Type.String({
      pattern: '^\\d+(\\.\\d+)?$',
      description: 'Only methods whose purchase limits include this amount (inclusive), e.g. 1299.95.',
    }),
  ),
  // Bounded so that page × size stays an exact integer for the database (1e22 was a 500).
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0, description: 'Page number, 0-based.' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Page size.' })),
  locale: MerchantLocale,
});

export const LegalLinkSchema = component(
  'LegalLink',
  Type.Object({
    url: Type.String({ format: 'uri' }),
    type: Type.String({
      description: 'PRICE_INFO, SECCI (standard European consumer credit information) or GENERAL_TERMS; accept others.',
    }),
    appendAmount: Type.Boolean({ description: 'Append the purchase amount to the URL.' }),
    language: Type.String({ description: "ISO 639-1 language of the document (the store's country's unless the catalog says otherwise)." }),
  }),
);

export const MerchantPaymentMethodSchema = component(
  'PaymentMethod',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    description: Type.String(),
    type: PaymentMethodTypeSchema,
    minPurchaseLimit: Type.Number(),
    maxPurchaseLimit: Type.Number(),
    minApplicationLimit: Type.Number(),
    maxApplicationLimit: Type.Number(),
    legalLinks: Type.Array(LegalLinkSchema),
    enabledForLegalCustomer: Type.Boolean(),
    enabledForNaturalCustomer: Type.Boolean(),
    campaign: Type.Object({
      campaign: Type.Boolean({ description: 'A campaign method is offered only to sessions with one of its keywords.' }),
      keywords: Type.Array(Type.String()),
    }),
    priceSignagePossible: Type.Boolean(),
    translations: Type.Optional(MethodTranslationsSchema),
    activeFrom: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'Offered and listed from this instant on (inclusive), in UTC; absent: since always.',
      }),
    ),
    activeUntil: Type.Optional(
      Type.String({ format: 'date-time', description: 'Offered and listed until this instant (exclusive), in UTC; absent: for good.' }),
    ),
    excludedProductTypes: Type.Array(Type.String(), {
      description:
        'Kinds of goods (PHYSICAL, DIGITAL, GIFT_CARD, SERVICE, SUBSCRIPTION) the method is not offered for: a session whose ' +
        'productTypes hold one of them is not offered it. [] none.',
    }),
    countries: Type.Array(Type.String(), {
      description:
        "Billing countries (ISO 3166-1 alpha-2) the method is offered in to a session that names the shopper's country: " +
        "the method's own list, else the store's countryCode alone.",
    }),
  }),
);

export const PageSchema = component(
  'Page',
  Type.Object({
    number: Type.Integer(),
    size: Type.Integer(),
    totalElements: Type.Integer(),
    totalPages: Type.Integer(),
  }),
);

export const ListingResponse = component(
  'PaymentMethodPage',
  Type.Object({
    content: Type.Array(MerchantPaymentMethodSchema),
    page: PageSchema,
  }),
);

export const EligibilityQuery = Type.Object({
  amount: Type.String({ pattern: '^\\d+(\\.\\d{1,2})?$', description: 'Purchase amount, as in group retrieval.' }),
  customerType: Type.Optional(CustomerTypeSchema),
  campaign: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Campaign keyword of a session.' })),
  flattened: Type.Optional(Type.Boolean({ description: 'As in group retrieval.' })),
  locale: MerchantLocale,
  session: Type.Optional(
    Type.String({
      description:
        "A session of this store: its campaign, its order's rules and its locale are used (docs/session-api.md#order-rules). " +
        'Not together with `campaign`.',
    }),
  ),
});

export const EligibilityResponse = component(
  'EligibilityExplanation',
  Type.Object({
    amount: Type.String(),
    customerType: Type.Union([CustomerTypeSchema, Type.Null()], {
      description: "The customer type used: the query's, or the session's fixed one; null for none.",
    }),
    campaign: Type.Union([Type.String(), Type.Null()], { description: "The campaign used: the query's, or the session's; null for none." }),
    session: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The session asked about; null without one.' }),
    methods: Type.Array(
      Type.Object({
        id: Type.String({ format: 'uuid' }),
        name: Type.String(),
        type: PaymentMethodTypeSchema,
        eligible: Type.Boolean(),
        reasons: Type.Array(Type.Enum([...INELIGIBILITY_REASONS, ...ORDER_RULE_REASONS]), {
          description: "Every rule the method fails, the catalog's first, then the session's order rules; empty when eligible.",
        }),
      }),
    ),
    groups: Type.Array(PaymentMethodGroupSchema, { description: 'Exactly what a storefront session with this campaign is offered.' }),
  }),
);

// ---------------------------------------------------------------------------------------------
// Stores, payment plans and price signage (docs/merchant-api.md#stores, #payment-plans-annuity-factors,
// #price-signage).

export const STORES_MAX_PAGE_SIZE = 1000;

export const StoresQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0, description: 'Page number, 0-based.' })),
  size: Type.Optional(
    Type.Integer({
      minimum: 1,
      default: 100,
      description: `Page size; values above ${STORES_MAX_PAGE_SIZE} are served as ${STORES_MAX_PAGE_SIZE}.`,
    }),
  ),
  sort: Type.Optional(
    Type.String({
      pattern: '^(name|nationalStoreId)(,([aA][sS][cC]|[dD][eE][sS][cC]))?$',
      description: 'Order: `name` (default) or `nationalStoreId`, optionally followed by `,asc` (default) or `,desc`.',
      examples: ['name', 'nationalStoreId,desc'],
    }),
  ),
});

export const StoreSchema = component(
  'Store',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    nationalStoreId: Type.Integer({ minimum: 1, description: "The operator's store number." }),
    countryCode: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
    name: Type.String(),
    organizationNumber: Type.Optional(Type.String({ description: 'The legal entity behind the store, when the catalog gives one.' })),
  }),
);

export const StorePageResponse = component('StorePage', Type.Object({ content: Type.Array(StoreSchema), page: PageSchema }));

/** The 404 of the routes of one payment method: the store has no such method. */
export const METHOD_NOT_FOUND_DOC = {
  description: 'The store has no such payment method (an unknown id, or a method of another store).',
  examples: errorExample(
    'Unknown method',
    'Payment method 00000000-0000-4000-8000-000000000000 not found in store 84d19995-8ee7-4639-8e25-13b1691ccac6',
    'PAYMENT_METHOD_NOT_FOUND',
  ),
};

export const MethodParams = Type.Object({
  store_id: Type.String({ format: 'uuid', description: "The store's id (UUID)." }),
  payment_method_id: Type.String({ format: 'uuid', description: "The payment method's id (UUID)." }),
});

export const AnnuityFactorsResponse = component(
  'AnnuityFactors',
  Type.Object({
    content: Type.Array(
      Type.Object({
        paymentPlanName: Type.String(),
        annuityFactor: Type.Number({ description: 'Monthly cost per currency unit of the price.' }),
        durationMonths: Type.Integer({ minimum: 1 }),
        administrationFee: Type.Number({ description: 'Per month.' }),
        setupFee: Type.Number({ description: 'Once, with the first payment.' }),
        interest: Type.Number({ description: 'Nominal annual interest, as the catalog gives it.' }),
      }),
      { description: 'The plans in order of duration, then name; empty for a method without plans.' },
    ),
  }),
);

export const AnnuityFactorsQuery = Type.Object({ locale: MerchantLocale });

export const PriceSignageQuery = Type.Object({
  amount: Type.String({ pattern: '^\\d+(\\.\\d+)?$', description: 'The price on the product page, e.g. 1299.95.' }),
  locale: MerchantLocale,
});

const DocumentLink = Type.Object({
  uri: Type.String({ format: 'uri', description: 'The document; the price appended when the catalog says so.' }),
  language: Type.String({ description: 'ISO 639-1.' }),
});

export const PriceSignageResponse = component(
  'PriceSignage',
  Type.Object({
    secciLinks: Type.Array(DocumentLink, { description: 'Standard European Consumer Credit Information.' }),
    generalTermsLinks: Type.Array(DocumentLink),
    costList: Type.Array(
      Type.Object({
        name: Type.String(),
        description: Type.String(),
        interest: Type.Number({ description: 'Nominal annual interest, as the catalog gives it.' }),
        durationMonths: Type.Integer({ minimum: 1 }),
        monthlyCost: Type.Integer({ description: 'ceil(amount × annuityFactor + administrationFee), whole currency units.' }),
        totalCost: Type.Number({ description: 'All the buyer pays: durationMonths × monthlyCost + setupFee.' }),
        administrationFee: Type.Number(),
        setupFee: Type.Number(),
        effectiveInterest: Type.Number({
          description:
            'Annual percentage rate of charge (Consumer Credit Directive 2008/48/EC, Annex I; 12 equal months; the setup ' +
            'fee paid with the first payment), in percent, rounded half up to 2 decimals. Negative when the buyer pays back less.',
        }),
      }),
      {
        description:
          'One entry per plan (by duration) when the method allows price signage and the price is within its limits; else empty.',
      },
    ),
    disclosure: PriceSignageDisclosureSchema,
  }),
);
