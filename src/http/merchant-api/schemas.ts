// Schemas of the merchant API v2 (docs/merchant-api.md#payment-method-fields and docs/merchant-api.md#payment-method-listing).
import { Type } from 'typebox';
import { INELIGIBILITY_REASONS } from '../../domain/eligibility.ts';
import { CustomerTypeSchema, PaymentMethodGroupSchema, PaymentMethodTypeSchema } from '../session-api/schemas.ts';
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
});

export const LegalLinkSchema = component('LegalLink', Type.Object({
  url: Type.String({ format: 'uri' }),
  type: Type.String({ description: 'PRICE_INFO, SECCI (standard European consumer credit information) or GENERAL_TERMS; accept others.' }),
  appendAmount: Type.Boolean({ description: 'Append the purchase amount to the URL.' }),
  language: Type.String({ description: "ISO 639-1 language of the document (the store's country's unless the catalog says otherwise)." }),
}));

export const MerchantPaymentMethodSchema = component('PaymentMethod', Type.Object({
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
}));

export const PageSchema = component('Page', Type.Object({
  number: Type.Integer(),
  size: Type.Integer(),
  totalElements: Type.Integer(),
  totalPages: Type.Integer(),
}));

export const ListingResponse = component('PaymentMethodPage', Type.Object({
  content: Type.Array(MerchantPaymentMethodSchema),
  page: PageSchema,
}));

export const EligibilityQuery = Type.Object({
  amount: Type.String({ pattern: '^\\d+(\\.\\d{1,2})?$', description: 'Purchase amount, as in group retrieval.' }),
  customerType: Type.Optional(CustomerTypeSchema),
  campaign: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Campaign keyword of a session.' })),
  flattened: Type.Optional(Type.Boolean({ description: 'As in group retrieval.' })),
});

export const EligibilityResponse = component('EligibilityExplanation', Type.Object({
  amount: Type.String(),
  customerType: Type.Union([CustomerTypeSchema, Type.Null()]),
  campaign: Type.Union([Type.String(), Type.Null()]),
  methods: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      type: PaymentMethodTypeSchema,
      eligible: Type.Boolean(),
      reasons: Type.Array(Type.Enum(INELIGIBILITY_REASONS), {
        description: 'Every rule the method fails; empty when eligible.',
      }),
    }),
  ),
  groups: Type.Array(PaymentMethodGroupSchema, { description: 'Exactly what a storefront session with this campaign is offered.' }),
}));
