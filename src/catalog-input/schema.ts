// The catalog shapes of docs/catalog.md#catalog-file: one source for the catalog file, the admin API bodies and the
// OpenAPI document. Structural rules live here; rules across fields (min ≤ max, decimal places,
// references) are checked in validate.ts.
import { Type, type Static, type TProperties } from 'typebox';
import { LANGUAGES } from '../domain/languages.ts';
import { INSTANT_PATTERN } from '../domain/windows.ts';
import { MAX_CREDIT_WARNING_LENGTH } from '../domain/credit-disclosure.ts';
import { COUNTRY_CODE_PATTERN, PRODUCT_TYPES } from '../domain/order-rules.ts';

const Amount = (description: string) =>
  Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^\\d+(\\.\\d+)?$' })], {
    description: `${description} A non-negative decimal, as a JSON number or a decimal string.`,
  });

const Uuid = (description: string) =>
  Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description,
  });

/**
 * `translations` of an entity (docs/languages.md#translations): by language key (`sv`, `nb`, `da`,
 * `fi`, `en`), the translated fields, each with the rules of the field it translates. Unknown
 * languages and fields are refused like any unknown field.
 */
function translationsOf<Fields extends TProperties>(fields: Fields, entity: string) {
  const oneLanguage = Type.Object(
    Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)])) as {
      [K in keyof Fields]: ReturnType<typeof Type.Optional<Fields[K]>>;
    },
    { additionalProperties: false },
  );
  return Type.Object(
    Object.fromEntries(LANGUAGES.map((language) => [language, Type.Optional(oneLanguage)])) as Record<
      (typeof LANGUAGES)[number],
      ReturnType<typeof Type.Optional<typeof oneLanguage>>
    >,
    {
      additionalProperties: false,
      description:
        `Translations of the ${entity}'s texts by language (sv, nb, da, fi, en); a text without one is served as written ` +
        '(in the store\'s language). Example: {"en": {"name": "Invoice"}}.',
    },
  );
}

const StoreBundleTitle = Type.String({ minLength: 1, maxLength: 100 });
const MethodName = Type.String({ minLength: 1, maxLength: 200 });
const MethodDescription = Type.String({ maxLength: 2000 });
const PlanName = Type.String({ minLength: 1, maxLength: 100 });
const PlanDescription = Type.String({ maxLength: 500 });

/** At most MAX_CREDIT_WARNING_LENGTH (500) characters; '' turns the warning off. */
const StoreCreditWarning = Type.String({ maxLength: MAX_CREDIT_WARNING_LENGTH });

export const StoreTranslationsSchema = translationsOf({ bundleTitle: StoreBundleTitle, creditWarning: StoreCreditWarning }, 'store');
export const MethodTranslationsSchema = translationsOf({ name: MethodName, description: MethodDescription }, 'payment method');
export const PlanTranslationsSchema = translationsOf({ name: PlanName, description: PlanDescription }, 'plan');

export const MerchantId = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$',
  description: 'Merchant id: letters, digits and . _ : -, at most 100 characters.',
});

export const MerchantSchema = Type.Object(
  {
    id: MerchantId,
    name: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const StoreSchema = Type.Object(
  {
    id: Uuid('Store id (UUID).'),
    merchantId: MerchantId,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code of the store base currency.' }),
    bundleTitle: Type.Optional({
      ...StoreBundleTitle,
      description: 'Title of a bundle of part-payment methods. Default "Part payment" (given in the language of each answer).',
    }),
    creditWarning: Type.Optional({
      ...StoreCreditWarning,
      description:
        'The warning that borrowing costs money, shown with the credit information beside every monthly cost offered to ' +
        'consumers (at most 500 characters, translated in `translations`). Left out: the default of each language ' +
        '("Att låna kostar pengar!" in Swedish); "" shows none.',
    }),
    minimumInvoiceAmount: Type.Optional(Amount('Lowest monthly cost shown as price signage. Default 0.')),
    countryCode: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 country of the store. Default SE.' })),
    nationalStoreId: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description: "The operator's store number, unique. Left out: the next free number is assigned and then kept.",
      }),
    ),
    organizationNumber: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$',
        description: 'The legal entity behind the store (e.g. 556677-8899).',
      }),
    ),
    translations: Type.Optional(StoreTranslationsSchema),
  },
  { additionalProperties: false },
);

export const ClientSchema = Type.Object(
  {
    clientId: Type.String({ pattern: '^[A-Za-z0-9._~-]{1,100}$', description: 'OAuth client id.' }),
    clientSecret: Type.String({ minLength: 1, maxLength: 1024, description: 'Stored only as a scrypt hash.' }),
    merchantId: MerchantId,
    scopes: Type.Array(Type.String({ pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,100}$' }), {
      uniqueItems: true,
      maxItems: 20,
      description: 'Scopes the client may request: merchant-api, admin.',
    }),
  },
  { additionalProperties: false },
);

export const LegalLinkSchema = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2000, description: 'Absolute http(s) URL.' }),
    type: Type.String({
      minLength: 1,
      maxLength: 50,
      description: 'PRICE_INFO, SECCI or GENERAL_TERMS; other types are kept as they are.',
    }),
    appendAmount: Type.Optional(Type.Boolean({ description: 'Append the purchase amount to the URL. Default false.' })),
    language: Type.Optional(
      Type.String({
        pattern: '^[a-z]{2}$',
        description: "ISO 639-1 language of the document. Default: the store's country's (SE sv, NO nb, DK da, FI fi, else en).",
      }),
    ),
  },
  { additionalProperties: false },
);

export const PlanSchema = Type.Object(
  {
    name: PlanName,
    description: Type.Optional({ ...PlanDescription, description: 'Shown with the plan on product pages. Default "".' }),
    durationMonths: Type.Integer({ minimum: 1, maximum: 600 }),
    annuityFactor: Amount('Monthly cost per currency unit borrowed, at most 12 decimal places.'),
    administrationFee: Type.Optional(Amount('Monthly administration fee. Default 0.')),
    setupFee: Type.Optional(Amount('One-off setup fee. Default 0.')),
    interest: Type.Optional(Amount('Nominal annual interest, at most 12 decimal places. Default 0.')),
    translations: Type.Optional(PlanTranslationsSchema),
  },
  { additionalProperties: false },
);

export const PaymentMethodSchema = Type.Object(
  {
    id: Uuid('Payment method id (UUID).'),
    storeId: Uuid('Store the method belongs to.'),
    sortOrder: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647, description: 'Display order. Default 0.' })),
    name: MethodName,
    description: Type.Optional({ ...MethodDescription, description: "Default ''." }),
    type: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Payment method type; an extensible enum (unknown values are served as they are).',
    }),
    minPurchaseLimit: Amount('Minimum purchase amount, at most 2 decimal places.'),
    maxPurchaseLimit: Amount('Maximum purchase amount, at most 2 decimal places.'),
    minApplicationLimit: Amount('Minimum application amount, at most 2 decimal places.'),
    maxApplicationLimit: Amount('Maximum application amount, at most 2 decimal places.'),
    legalLinks: Type.Optional(Type.Array(LegalLinkSchema, { maxItems: 20 })),
    enabledForLegalCustomer: Type.Boolean(),
    enabledForNaturalCustomer: Type.Boolean(),
    campaign: Type.Optional(
      Type.Object(
        {
          campaign: Type.Boolean(),
          keywords: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 }),
        },
        { additionalProperties: false },
      ),
    ),
    priceSignagePossible: Type.Optional(Type.Boolean({ description: 'Default false.' })),
    plans: Type.Optional(Type.Array(PlanSchema, { maxItems: 50 })),
    translations: Type.Optional(MethodTranslationsSchema),
    activeFrom: Type.Optional(
      Type.String({
        pattern: INSTANT_PATTERN,
        description:
          'Offered and listed from this instant on (inclusive): an ISO 8601 date and time with an offset, e.g. ' +
          '2026-11-27T00:00:00+01:00 (seconds optional; a time between two milliseconds is taken as the next one). Absent: since always.',
      }),
    ),
    activeUntil: Type.Optional(
      Type.String({
        pattern: INSTANT_PATTERN,
        description: 'Offered and listed until this instant (exclusive), after activeFrom. Absent: for good.',
      }),
    ),
    excludedProductTypes: Type.Optional(
      Type.Array(Type.String({ enum: [...PRODUCT_TYPES] }), {
        maxItems: PRODUCT_TYPES.length,
        description:
          'Kinds of goods (PHYSICAL, DIGITAL, GIFT_CARD, SERVICE, SUBSCRIPTION), each at most once: the method is not offered to a ' +
          'session whose productTypes hold any of them. Default []: none.',
      }),
    ),
    countries: Type.Optional(
      Type.Array(Type.String({ pattern: COUNTRY_CODE_PATTERN.source }), {
        minItems: 1,
        maxItems: 249,
        description:
          'The billing countries the method is offered in when a session names its country: ISO 3166-1 alpha-2 codes in upper case ' +
          "(SE, NO), each at most once. Absent: the store's countryCode alone (following it if it changes).",
      }),
    ),
  },
  { additionalProperties: false },
);

export const CatalogSchema = Type.Object(
  {
    merchants: Type.Optional(Type.Array(MerchantSchema)),
    stores: Type.Optional(Type.Array(StoreSchema)),
    clients: Type.Optional(Type.Array(ClientSchema)),
    paymentMethods: Type.Optional(Type.Array(PaymentMethodSchema)),
  },
  // "$schema" and other "$…" keys are annotations, not data.
  { additionalProperties: false, patternProperties: { '^\\$': {} } },
);

export type MerchantInput = Static<typeof MerchantSchema>;
export type StoreInput = Static<typeof StoreSchema>;
export type ClientInput = Static<typeof ClientSchema>;
export type PaymentMethodInput = Static<typeof PaymentMethodSchema>;
export type CatalogInput = Static<typeof CatalogSchema>;
