// payment-method-sessions-client: a TypeScript client for merchant backends (README.md).
export { MerchantClient } from './client.js';
export type {
  AnnuityFactors,
  CreateSessionOptions,
  CreditDisclosure,
  CreditDisclosureExample,
  CustomerType,
  ListPaymentMethodsOptions,
  ListStoresOptions,
  MerchantClientOptions,
  PaymentMethod,
  PaymentMethodGroup,
  PaymentMethodGroupsOptions,
  PaymentMethodOptions,
  PaymentMethodPage,
  PriceSignage,
  PriceSignageDisclosure,
  ProductType,
  Session,
  SessionRecord,
  Store,
  StorePage,
} from './client.js';
export { ApiError, type ErrorBody } from './errors.js';
export type { components, operations, paths } from './generated/openapi.js';
