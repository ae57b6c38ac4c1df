// The kinds of goods an order may hold and a method may exclude (docs/catalog.md#order-rules). Apart
// from order-rules.ts, which re-exports them, so that catalog.ts (a method's excludedProductTypes)
// and order-rules.ts (which reads methods) do not import each other.

/** The kinds of goods an order may hold, and a method may exclude. */
export const PRODUCT_TYPES = ['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE', 'SUBSCRIPTION'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
