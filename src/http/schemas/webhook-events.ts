// What the service sends to webhook endpoints (docs/webhooks.md#events and #signatures): the
// `payment_methods.changed` event's body and the Standard Webhooks headers of every attempt. The
// OpenAPI document's `webhooks` section is made from these (http/openapi/document.ts); the bytes
// themselves come from domain/webhook-events.ts (eventPayload) and services/webhooks/sender.ts, and
// test/openapi checks that what they make is what these describe.
import { Type } from 'typebox';
import { CHANGE_REASONS, PAYMENT_METHODS_CHANGED } from '../../domain/webhook-events.ts';
import { component } from './common.ts';

export const PaymentMethodsChangedEventSchema = component(
  'PaymentMethodsChangedEvent',
  Type.Object(
    {
      type: Type.Literal(PAYMENT_METHODS_CHANGED, { description: 'The event type; the only one today.' }),
      timestamp: Type.String({
        format: 'date-time',
        description: 'When the change committed, or the boundary itself for `activated` and `deactivated` (UTC, milliseconds).',
      }),
      data: Type.Object(
        {
          storeId: Type.String({ format: 'uuid', description: 'The store whose offer may have changed.' }),
          paymentMethodIds: Type.Array(Type.String({ format: 'uuid' }), {
            description: "The methods concerned, sorted; for `store`, the store's methods after the change (none once it is deleted).",
          }),
          reason: Type.Enum(CHANGE_REASONS, {
            description:
              'Why: a method `created` (or moved into the store), `updated` (its window included) or `deleted` (or moved ' +
              'out); its `activeFrom` reached (`activated`) or its `activeUntil` (`deactivated`); the store itself ' +
              'created, changed or deleted (`store`).',
          }),
        },
        { additionalProperties: false },
      ),
    },
    {
      additionalProperties: false,
      description:
        'Tells what may have changed, not the new state: read the store again from the merchant API ' +
        '(`GET /v2/stores/{store_id}/payment_methods`).',
    },
  ),
);

/** The Standard Webhooks headers of every attempt: name → schema and meaning. */
export const WEBHOOK_HEADERS = {
  'webhook-id': Type.String({
    pattern: '^msg_[0-9a-f]{32}$',
    description: "The event's id: the same on every attempt and every retry. Deduplicate on it.",
  }),
  'webhook-timestamp': Type.String({
    pattern: '^[0-9]+$',
    description: "The attempt's time, Unix seconds. Refuse one more than five minutes from your clock (replays).",
  }),
  'webhook-signature': Type.String({
    pattern: '^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$',
    description:
      '`v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded ' +
      "part of the endpoint's secret after `whsec_`. During the 24 hours after a rotation, two such signatures separated by " +
      "a space (the new secret's first); one that verifies is enough.",
  }),
};
