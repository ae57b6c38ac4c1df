// The admin API's request bodies (docs/catalog.md#admin-api): one catalog entity each, with exactly the catalog
// file's fields and rules (schema.ts), except that the id may be left out (the path names it) and
// a client's secret may be left out (a strong one is then generated). validate.ts checks these
// bodies; the admin routes publish them in the OpenAPI document.
import { Type, type Static } from 'typebox';
import { ClientSchema, MerchantSchema, PaymentMethodSchema, StoreSchema } from './schema.ts';

const { id: merchantId, ...merchantFields } = MerchantSchema.properties;
export const MerchantBodySchema = Type.Object(
  { id: Type.Optional(merchantId), ...merchantFields },
  { additionalProperties: false, description: 'A merchant (catalog shape). `id`, when given, must equal the path id.' },
);

const { id: storeId, ...storeFields } = StoreSchema.properties;
export const StoreBodySchema = Type.Object(
  { id: Type.Optional(storeId), ...storeFields },
  { additionalProperties: false, description: 'A store (catalog shape). `id`, when given, must equal the path id.' },
);

const { clientId, clientSecret, ...clientFields } = ClientSchema.properties;
export const ClientBodySchema = Type.Object(
  { clientId: Type.Optional(clientId), ...clientFields, clientSecret: Type.Optional(clientSecret) },
  {
    additionalProperties: false,
    description:
      'An OAuth client (catalog shape). `clientId`, when given, must equal the path id. Without `clientSecret` a new ' +
      'client gets a generated secret and an existing one keeps its secret.',
  },
);

const { id: methodId, ...methodFields } = PaymentMethodSchema.properties;
export const PaymentMethodBodySchema = Type.Object(
  { id: Type.Optional(methodId), ...methodFields },
  { additionalProperties: false, description: 'One payment method (catalog shape). `id`, when given, must equal the path id.' },
);

export type MerchantBody = Static<typeof MerchantBodySchema>;
export type StoreBody = Static<typeof StoreBodySchema>;
export type ClientBody = Static<typeof ClientBodySchema>;
export type PaymentMethodBody = Static<typeof PaymentMethodBodySchema>;

/** A webhook endpoint (docs/webhooks.md#endpoints): not part of the catalog file, written through the admin API and the CLI. */
export const WebhookEndpointBodySchema = Type.Object(
  {
    id: Type.Optional(
      Type.String({
        pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
        description: 'When given (PUT), must equal the path id.',
      }),
    ),
    merchantId: MerchantSchema.properties.id,
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description:
        'Where events are POSTed: an https:// URL whose name resolves to public addresses only (checked again on every ' +
        'connection); with WEBHOOK_ALLOW_PRIVATE=true also http:// and private, loopback and link-local addresses.',
    }),
    // A string or null (clients that send every field send null for "none"): one JSON Schema type
    // list, not a union, so that a refused value is told what it must be.
    description: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        maxLength: 500,
        description: 'Free text for the operator, at most 500 characters. Absent or null: none, stored and shown as "".',
      }),
    ),
    enabled: Type.Optional(
      Type.Boolean({ description: 'A disabled endpoint gets no new deliveries and its pending ones wait. Default true.' }),
    ),
  },
  { additionalProperties: false, description: "A merchant's webhook endpoint." },
);
export type WebhookEndpointBody = Static<typeof WebhookEndpointBodySchema>;
