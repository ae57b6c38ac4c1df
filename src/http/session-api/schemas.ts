// Schemas of the session API (docs/session-api.md#session-creation and docs/session-api.md#group-retrieval): they validate requests, serialize
// responses and describe both in the OpenAPI document.
import { Type } from 'typebox';
import { CUSTOMER_TYPES } from '../../domain/catalog.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../domain/payment-method-types.ts';
import { LOCALE_PATTERN, MAX_LOCALE_LENGTH } from '../../domain/languages.ts';
import { component } from '../schemas/common.ts';
import { GroupDisclosureSchema } from '../schemas/credit-disclosure.ts';
import { ERROR_MESSAGE } from '../plugins/validation.ts';
import {
  COUNTRY_CODE_PATTERN,
  MAX_RULE_ENTRIES,
  METHOD_TYPE_PATTERN,
  MIN_SESSION_TTL_SECONDS,
  PRODUCT_TYPES,
} from '../../domain/order-rules.ts';

/** What a malformed `locale` answers, wherever it is read: readable where the pattern is not. */
const LOCALE_RULE = `must be a BCP 47 language tag of at most ${MAX_LOCALE_LENGTH} characters, such as sv-SE`;

/** A `locale` (docs/languages.md#choosing-the-language): the session's at creation, a request's on group retrieval. */
export const LocaleSchema = (description: string) =>
  Type.String({
    maxLength: MAX_LOCALE_LENGTH,
    pattern: LOCALE_PATTERN,
    [ERROR_MESSAGE]: LOCALE_RULE,
    description,
    examples: ['sv-SE', 'fi', 'nb-NO', 'en'],
  });

export const CustomerTypeSchema = component(
  'CustomerType',
  Type.Union([Type.Literal(CUSTOMER_TYPES[0]), Type.Literal(CUSTOMER_TYPES[1])], {
    description: 'NATURAL (consumers, B2C) or LEGAL (businesses, B2B).',
  }),
);

// A string, not an enum: unknown types are stored and served as they are. The known values are
// written with the default prefix; the API description spells them with the configured one
// (http/openapi/document.ts, finishDocument).
export const PaymentMethodTypeSchema = component(
  'PaymentMethodType',
  Type.String({
    description: `Payment method type. An extensible enum: clients must accept values not listed here. Known values: ${DEFAULT_OPERATOR_TYPES.known.join(', ')}.`,
    examples: [...DEFAULT_OPERATOR_TYPES.known],
  }),
);

export const CreateSessionParams = Type.Object({
  storeId: Type.String({ format: 'uuid', description: "The store's id (UUID)." }),
});

export const CreateSessionHeaders = Type.Object({
  'Idempotency-Key': Type.Optional(
    Type.String({
      description:
        'Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same client, key and request within 24 hours ' +
        'answers the session the first request created, with `Idempotent-Replayed: true`. A key is 1 to 255 printable ASCII ' +
        'characters, sent as a Structured Field String (`"8e03978e-40d5-43e8-bc93-6894a57f9324"`, as the draft specifies) or ' +
        'bare. Use a new random key (a UUID) for every new session, and the same one for its retries.',
      examples: ['"8e03978e-40d5-43e8-bc93-6894a57f9324"'],
    }),
  ),
});

/** A payment method type (`PROVIDER_INVOICE`) or the id of one of the store's methods. */
const METHOD_ENTRY_PATTERN = `^(?:${METHOD_TYPE_PATTERN.source.slice(1, -1)}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$`;

const MethodRuleList = (description: string) =>
  Type.Array(
    Type.String({
      pattern: METHOD_ENTRY_PATTERN,
      [ERROR_MESSAGE]: "must be a payment method type (such as PROVIDER_INVOICE) or the id (UUID) of one of the store's payment methods",
    }),
    { minItems: 1, maxItems: MAX_RULE_ENTRIES, description, examples: [['PROVIDER_INVOICE', 'SWISH']] },
  );

export const ProductTypeSchema = component('ProductType', Type.Enum(PRODUCT_TYPES, { description: 'A kind of goods in an order.' }));

const CountryCodeSchema = (description: string) =>
  Type.String({
    pattern: COUNTRY_CODE_PATTERN.source,
    [ERROR_MESSAGE]: 'must be an ISO 3166-1 alpha-2 country code in upper case, such as SE',
    description,
    examples: ['SE'],
  });

/** The merchant's rules for one order (docs/session-api.md#order-rules): session creation's and session lookup's fields. */
const ORDER_RULE_DESCRIPTIONS = {
  allowedPaymentMethods:
    "Only the payment methods named here are offered: each entry a method type (`PROVIDER_INVOICE`) or the id of one of the store's " +
    `methods; 1 to ${MAX_RULE_ENTRIES} distinct entries.`,
  blockedPaymentMethods:
    'The payment methods never offered, named as in `allowedPaymentMethods`; a method named in both is not offered. 1 to ' +
    `${MAX_RULE_ENTRIES} distinct entries.`,
  productTypes:
    'The kinds of goods in the order (1 to 5 distinct values). A method whose `excludedProductTypes` names any of them is not offered ' +
    '(e.g. no credit for a gift card).',
  country:
    "The shopper's billing country (ISO 3166-1 alpha-2, upper case). A method is then offered only when it serves that country " +
    "(its `countries`, by default the store's country).",
  customerType:
    'The customer type fixed for the session: group retrieval uses it, answers 422 to a `customerType` that differs, and takes it when ' +
    'the query leaves it out.',
  ttlSeconds: `This session's lifetime in seconds: a whole number from ${MIN_SESSION_TTL_SECONDS} to SESSION_TTL_SECONDS (the default). \`expiresAt\` follows it.`,
} as const;

export const CreateSessionBody = component(
  'CreateSessionRequest',
  Type.Object(
    {
      campaign: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 100,
          description:
            'Campaign keyword (case-insensitive). With it, only methods of that campaign are offered; without it, only non-campaign methods.',
        }),
      ),
      locale: Type.Optional(
        LocaleSchema(
          "The shopper's language as a BCP 47 tag (at most 35 characters): `sv`, `nb` (also `no`, `nn`), `da`, `fi` or `en` " +
            "by its primary subtag. The session's texts are served in it; another language, or none, gets the store's " +
            "language (its country's). Group retrieval's own `locale` overrides it.",
        ),
      ),
      allowedPaymentMethods: Type.Optional(MethodRuleList(ORDER_RULE_DESCRIPTIONS.allowedPaymentMethods)),
      blockedPaymentMethods: Type.Optional(MethodRuleList(ORDER_RULE_DESCRIPTIONS.blockedPaymentMethods)),
      productTypes: Type.Optional(
        Type.Array(ProductTypeSchema, { minItems: 1, maxItems: PRODUCT_TYPES.length, description: ORDER_RULE_DESCRIPTIONS.productTypes }),
      ),
      country: Type.Optional(CountryCodeSchema(ORDER_RULE_DESCRIPTIONS.country)),
      customerType: Type.Optional(
        Type.Union([Type.Literal(CUSTOMER_TYPES[0]), Type.Literal(CUSTOMER_TYPES[1])], {
          description: ORDER_RULE_DESCRIPTIONS.customerType,
        }),
      ),
      ttlSeconds: Type.Optional(
        Type.Integer({
          minimum: MIN_SESSION_TTL_SECONDS,
          [ERROR_MESSAGE]: `must be a whole number of seconds, at least ${MIN_SESSION_TTL_SECONDS} and at most SESSION_TTL_SECONDS`,
          description: ORDER_RULE_DESCRIPTIONS.ttlSeconds,
        }),
      ),
    },
    {
      description:
        "Optional; an absent or empty body means no campaign and no rules (docs/session-api.md#order-rules): every method the store's " +
        'own rules allow is offered. Unknown fields are ignored.',
    },
  ),
);

/** Where the storefront loads the payment components from: in a new session and in its record alike. */
const EmbedSchema = Type.Object({
  src: Type.String({ format: 'uri', description: 'Absolute URL of the storefront script with the payment components.' }),
});

export const SessionSchema = component(
  'Session',
  Type.Object({
    id: Type.String({ format: 'uuid', description: 'Session id; the storefront uses it in the group retrieval path.' }),
    expiresAt: Type.String({ format: 'date-time', description: 'ISO 8601 UTC; the session answers 409 after it.' }),
    embed: EmbedSchema,
  }),
);

export const SessionParams = Type.Object({
  sessionId: Type.String({ description: 'Session id from session creation.' }),
});

export const SessionRecordSchema = component(
  'SessionRecord',
  Type.Object({
    id: Type.String({ format: 'uuid', description: 'Session id.' }),
    storeId: Type.String({ format: 'uuid', description: 'The store the session was created for.' }),
    campaign: Type.Union([Type.String(), Type.Null()], {
      description: 'The campaign keyword as it was sent at creation; null without one.',
    }),
    locale: Type.Union([Type.String(), Type.Null()], {
      description: 'The `locale` as it was sent at creation; null without one.',
    }),
    createdAt: Type.String({ format: 'date-time', description: 'ISO 8601 UTC.' }),
    expiresAt: Type.String({ format: 'date-time', description: 'ISO 8601 UTC; the session answers 409 to the storefront after it.' }),
    embed: EmbedSchema,
    // The order's rules, present only when the session was created with them; lists sorted, ids in lower case.
    allowedPaymentMethods: Type.Optional(Type.Array(Type.String(), { description: ORDER_RULE_DESCRIPTIONS.allowedPaymentMethods })),
    blockedPaymentMethods: Type.Optional(Type.Array(Type.String(), { description: ORDER_RULE_DESCRIPTIONS.blockedPaymentMethods })),
    productTypes: Type.Optional(Type.Array(ProductTypeSchema, { description: ORDER_RULE_DESCRIPTIONS.productTypes })),
    country: Type.Optional(Type.String({ description: ORDER_RULE_DESCRIPTIONS.country })),
    customerType: Type.Optional(CustomerTypeSchema),
    ttlSeconds: Type.Optional(Type.Integer({ description: ORDER_RULE_DESCRIPTIONS.ttlSeconds })),
  }),
);

/** The groups' path names the session as reading it does. */
export const GroupsParams = SessionParams;

export const GroupsQuery = Type.Object({
  amount: Type.String({
    pattern: '^\\d+(\\.\\d{1,2})?$',
    description: "Purchase amount in the store's base currency, e.g. 1299.95.",
  }),
  customerType: Type.Optional(CustomerTypeSchema),
  flattened: Type.Optional(Type.Boolean({ description: 'true: one group per method. false or absent: part-payment methods are bundled.' })),
  locale: Type.Optional(
    LocaleSchema(
      "The language of this answer's texts as a BCP 47 tag (at most 35 characters), overriding the session's `locale`: " +
        '`sv`, `nb` (also `no`, `nn`), `da`, `fi` or `en` by its primary subtag; a tag of another language gets the ' +
        "store's language. The answer's `Content-Language` names the language used.",
    ),
  ),
});

export const PaymentMethodGroupSchema = component(
  'PaymentMethodGroup',
  Type.Object({
    id: Type.String({ description: 'Deterministic: SHA-256 (hex) of the sorted method ids joined with ",".' }),
    methodIds: Type.Array(Type.String()),
    title: Type.String(),
    subtitle: Type.String({ description: "Always present; '' when not applicable." }),
    type: PaymentMethodTypeSchema,
    customerTypes: Type.Array(CustomerTypeSchema),
    internalData: Type.String({
      description: "Opaque base64 for the provider's web components. Do not parse it; it may change without notice.",
    }),
    // Last: the compiled answers (domain/offer-template.ts) fill it in right after internalData.
    disclosure: GroupDisclosureSchema,
  }),
);

export const GroupsResponse = Type.Array(PaymentMethodGroupSchema);

export const PriceInformationQuery = Type.Object({
  amount: Type.String({
    pattern: '^\\d+(\\.\\d{1,2})?$',
    description: "Purchase amount in the store's base currency, e.g. 1299.95: the amount of the group retrieval that named the page.",
  }),
  group: Type.String({
    pattern: '^[0-9a-f]{64}$',
    description: "The group's `id` from group retrieval (64 lowercase hexadecimal digits).",
  }),
  locale: Type.Optional(
    LocaleSchema(
      "The page's language as a BCP 47 tag (at most 35 characters), overriding the session's `locale`, as on group " +
        "retrieval: `sv`, `nb` (also `no`, `nn`), `da`, `fi` or `en` by its primary subtag; another language gets the store's.",
    ),
  ),
});
