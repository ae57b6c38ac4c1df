// Schemas of the operator admin API (docs/catalog.md#admin-api), under /admin/v1. Request bodies are the catalog
// shapes (catalog-input/entity-schemas.ts); they document the bodies here, while the services validate
// them with the catalog file's rules (catalog-input/validate.ts) so that a refused body names its field
// exactly as a refused catalog file does (routes.ts turns Fastify's body validation off).
import { Type, type TSchema } from 'typebox';
import {
  ClientBodySchema,
  MerchantBodySchema,
  PaymentMethodBodySchema,
  StoreBodySchema,
  WebhookEndpointBodySchema,
} from '../../catalog-input/entity-schemas.ts';
import {
  ClientSchema,
  MerchantId,
  MethodTranslationsSchema,
  PlanTranslationsSchema,
  StoreTranslationsSchema,
} from '../../catalog-input/schema.ts';
import { ACTOR_TYPES, AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../services/audit.ts';
import { PRODUCT_TYPES } from '../../domain/order-rules.ts';
import { PageSchema } from '../merchant-api/schemas.ts';
import { component, errorResponses } from '../schemas/common.ts';

export { ClientBodySchema, MerchantBodySchema, PaymentMethodBodySchema, StoreBodySchema, WebhookEndpointBodySchema };

export const ADMIN_TAGS = ['Admin'];
export const ADMIN_SECURITY = [{ oauth2: ['admin'] }];

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const ClientId = ClientSchema.properties.clientId;

// --- parameters ----------------------------------------------------------------------------------

export const MerchantParams = Type.Object({ id: MerchantId });
export const UuidParams = Type.Object({ id: Type.String({ pattern: UUID_PATTERN, description: 'Id (UUID).' }) });
export const ClientParams = Type.Object({ clientId: ClientId });

const pageFields = {
  // Bounded so that page × size stays an exact integer for the database (1e22 was a 500).
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0, description: 'Page number, 0-based.' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Page size.' })),
};
export const PAGE_PARAMETERS = ['page', 'size'] as const;

export const PageQuery = Type.Object(pageFields);
export const ByMerchantQuery = Type.Object({
  ...pageFields,
  merchantId: Type.Optional({ ...MerchantId, description: "Only this merchant's." }),
});
export const PaymentMethodListQuery = Type.Object({
  ...pageFields,
  storeId: Type.Optional(Type.String({ pattern: UUID_PATTERN, description: "Only this store's methods, in display order." })),
});

export const AuditEventQuery = Type.Object({
  ...pageFields,
  entity: Type.Optional(Type.Enum(AUDIT_ENTITIES, { description: 'Only events of this kind of entity.' })),
  entityId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Only events of the entity with this id, as recorded (UUIDs in lowercase).' }),
  ),
  actor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 4096,
      description:
        "Only events of this actor: its id (a client id, a CLI command such as `pms client create`, a catalog file's absolute path, a console person's subject), or its type and id as the console shows them (`console:editor-1`, `client:ops-admin`).",
    }),
  ),
  from: Type.Optional(
    Type.String({ format: 'date-time', description: 'Only events at or after this instant (ISO 8601, with an offset).' }),
  ),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Only events at or before this instant (ISO 8601, with an offset).' })),
});
export const AUDIT_EVENT_PARAMETERS = ['entity', 'entityId', 'actor', 'from', 'to'] as const;

// --- responses -----------------------------------------------------------------------------------

export const AdminMerchantSchema = Type.Object({ id: Type.String(), name: Type.String() });

export const AdminStoreSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  merchantId: Type.String(),
  name: Type.String(),
  currency: Type.String(),
  bundleTitle: Type.String(),
  minimumInvoiceAmount: Type.Number(),
  countryCode: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
  nationalStoreId: Type.Integer({ minimum: 1, description: "The operator's store number (assigned when the body left it out)." }),
  organizationNumber: Type.Optional(Type.String()),
  translations: StoreTranslationsSchema,
  creditWarning: Type.Optional(
    Type.String({
      description: "The store's credit warning; left out when the store has none of its own (each language's default is served).",
    }),
  ),
});

export const AdminClientSchema = Type.Object(
  { clientId: Type.String(), merchantId: Type.String(), scopes: Type.Array(Type.String()) },
  { description: 'An OAuth client; its secret is never shown again after the response that set it.' },
);

export const AdminClientPutResponse = Type.Object({
  ...AdminClientSchema.properties,
  clientSecret: Type.Optional(
    Type.String({
      description:
        'The secret this request set (generated unless the body gave one): present on creation, and on replacement ' +
        'only when the body gave a secret. Shown this once; only a hash is stored.',
    }),
  ),
});

export const AdminClientSecretResponse = Type.Object({
  ...AdminClientSchema.properties,
  clientSecret: Type.String({ description: 'The new secret (base64url, 256 bits), shown this once. The old one no longer works.' }),
});

const AmountNumber = Type.Number({ minimum: 0 });

export const AdminPaymentMethodSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  storeId: Type.String({ format: 'uuid' }),
  sortOrder: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  type: Type.String(),
  minPurchaseLimit: AmountNumber,
  maxPurchaseLimit: AmountNumber,
  minApplicationLimit: AmountNumber,
  maxApplicationLimit: AmountNumber,
  legalLinks: Type.Array(
    Type.Object({ url: Type.String(), type: Type.String(), appendAmount: Type.Boolean(), language: Type.Optional(Type.String()) }),
  ),
  enabledForLegalCustomer: Type.Boolean(),
  enabledForNaturalCustomer: Type.Boolean(),
  campaign: Type.Object({ campaign: Type.Boolean(), keywords: Type.Array(Type.String()) }),
  priceSignagePossible: Type.Boolean(),
  plans: Type.Array(
    Type.Object({
      name: Type.String(),
      description: Type.String(),
      durationMonths: Type.Integer(),
      annuityFactor: AmountNumber,
      administrationFee: AmountNumber,
      setupFee: AmountNumber,
      interest: AmountNumber,
      translations: PlanTranslationsSchema,
    }),
  ),
  translations: MethodTranslationsSchema,
  activeFrom: Type.Optional(
    Type.String({ format: 'date-time', description: 'Offered and listed from this instant on (inclusive), in UTC; absent: since always.' }),
  ),
  activeUntil: Type.Optional(
    Type.String({ format: 'date-time', description: 'Offered and listed until this instant (exclusive), in UTC; absent: for good.' }),
  ),
  excludedProductTypes: Type.Array(Type.Enum(PRODUCT_TYPES), {
    description: 'Kinds of goods the method is not offered for (a session whose productTypes hold one of them); [] none.',
  }),
  countries: Type.Optional(
    Type.Array(Type.String(), {
      description: "Billing countries (ISO 3166-1 alpha-2) the method is offered in; absent: the store's countryCode alone.",
    }),
  ),
});

function pageOf<T extends TSchema>(item: T) {
  return Type.Object({ content: Type.Array(item), page: PageSchema });
}

export const AdminMerchantPage = pageOf(AdminMerchantSchema);
export const AdminStorePage = pageOf(AdminStoreSchema);
export const AdminClientPage = pageOf(AdminClientSchema);
export const AdminPaymentMethodPage = pageOf(AdminPaymentMethodSchema);

export const AdminAuditEventSchema = component(
  'AuditEvent',
  Type.Object(
    {
      id: Type.String({ description: 'Increasing with the order events were recorded in.' }),
      occurredAt: Type.String({ format: 'date-time', description: "When the write's transaction began, ISO 8601 UTC." }),
      actor: Type.Object(
        {
          type: Type.Enum(ACTOR_TYPES),
          id: Type.String({ description: "The client id, the CLI command (`pms client create`), or the catalog file's absolute path." }),
          name: Type.Optional(
            Type.String({ description: "Who the actor is in words where the id does not say: a console person's name, else e-mail." }),
          ),
        },
        { description: 'Who wrote: an admin API client, an operator command, or a catalog file.' },
      ),
      entity: Type.Enum(AUDIT_ENTITIES),
      entityId: Type.String(),
      action: Type.Enum(AUDIT_ACTIONS),
      changes: Type.Record(Type.String(), Type.Unknown(), {
        description:
          'Per changed field, `{before, after}` (only `after` on a creation, only `before` on a deletion); a client secret ' +
          'that was set or changed is the string "[changed]": secrets and their hashes are never recorded.',
      }),
      traceId: Type.Union([Type.String(), Type.Null()], {
        description: "The admin request's X-Request-Id; null for the CLI and catalog files.",
      }),
    },
    { description: 'One entity created, changed or deleted by one catalog write, or one signing-key rotation (docs/audit.md).' },
  ),
);
export const AdminAuditEventPage = pageOf(AdminAuditEventSchema);

// --- webhooks (docs/webhooks.md) -------------------------------------------------------------------

export const AdminWebhookEndpointSchema = component(
  'WebhookEndpoint',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      merchantId: Type.String(),
      url: Type.String(),
      description: Type.String(),
      enabled: Type.Boolean(),
    },
    { description: "A merchant's webhook endpoint (never its secret)." },
  ),
);
export const AdminWebhookEndpointWithSecret = Type.Object(
  {
    ...AdminWebhookEndpointSchema.properties,
    secret: Type.String({
      pattern: '^whsec_',
      description: '`whsec_` and the base64 of 32 random bytes: verifies the signatures. Shown only in this answer.',
    }),
  },
  { description: 'The endpoint with its new secret, shown this once.' },
);
export const AdminWebhookEndpointPutResponse = Type.Object(
  { ...AdminWebhookEndpointSchema.properties, secret: Type.Optional(AdminWebhookEndpointWithSecret.properties.secret) },
  { description: 'The endpoint as stored; with `secret` (shown this once) when this request created it.' },
);
export const AdminWebhookEndpointPage = pageOf(AdminWebhookEndpointSchema);

export const AdminWebhookAttemptSchema = Type.Object({
  attemptedAt: Type.String({ format: 'date-time' }),
  durationMs: Type.Integer({ description: 'From the moment the attempt had its connection to the status received (or the failure).' }),
  statusCode: Type.Union([Type.Integer(), Type.Null()], { description: "The receiver's status; null when none came." }),
  error: Type.Union([Type.String(), Type.Null()], {
    description: 'Why it failed: `HTTP <status>`, a refused address, a time-out or a connection error; null on success.',
  }),
  succeeded: Type.Boolean(),
});
export const AdminWebhookDeliverySchema = component(
  'WebhookDelivery',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      eventId: Type.String({ description: 'The event: the `webhook-id` header of every attempt.' }),
      eventType: Type.String(),
      endpointId: Type.String({ format: 'uuid' }),
      state: Type.Enum(['pending', 'succeeded', 'failed'], {
        description: 'pending: an attempt is due or in progress; succeeded: a 2xx came; failed: every retry was spent.',
      }),
      createdAt: Type.String({ format: 'date-time' }),
      nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When pending: the next attempt.' }),
      attempts: Type.Array(AdminWebhookAttemptSchema, { description: 'Every attempt, oldest first.' }),
    },
    { description: "One event's delivery to one endpoint, with its attempts." },
  ),
);
export const AdminWebhookDeliveryPage = pageOf(AdminWebhookDeliverySchema);

export const Deleted = Type.Null({ description: 'Deleted; no body.' });

/** The error statuses of an admin route: its own, plus the ones every admin route can answer (401, 403, 500, 503). */
export function adminErrorResponses<S extends number>(...statuses: S[]) {
  return errorResponses<S | 401 | 403 | 500 | 503>(...statuses, 401, 403, 500, 503);
}
