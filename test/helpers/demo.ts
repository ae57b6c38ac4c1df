// The demo catalog's ids and credentials (demo/catalog.json), for tests that use it: one place to
// change when the demo catalog does.

/** Nordic Home's webshop (merchant m-nordic-home). */
export const STORE = '84d19995-8ee7-4639-8e25-13b1691ccac6';
/** Nordic Home's payment methods in STORE, by what they are. */
export const DEMO_METHODS = {
  invoice: '9f44e032-0b86-4592-ac19-ff8f3b87a4f2',
  pp12: '220aeb84-8e9e-4fc3-82bc-f5b41a251bf0',
  pp24: '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a',
  pp36: 'e3c44e49-ae82-448a-9a2b-568a283129ef',
  /** "Flexible account", PROVIDER_PART_PAYMENT_SELECT_LATER. */
  account: '76497737-3282-4947-9a48-e808be45eef1',
  card: '579c1bb9-03c0-4760-b4bc-952d8efdda47',
  swish: '29ec7bf2-3a24-4948-ad97-2049c4af710a',
  businessInvoice: '081468fb-2942-4f56-a5ad-91c3d7d708b8',
  blackWeek: '707120fd-3673-4b6e-9a91-03a5309c2a8f',
  blackWeekCard: '5bac1986-5f46-4e13-ac85-1b480c57ac33',
} as const;
/** Fjäll Sport's store: another merchant's, for the cross-merchant 403s. */
export const OTHER_STORE = 'aeb7e15a-90be-4c89-a9a0-c6bb6cc54aca';
/** Nordic Home's backend client (scope merchant-api), granted STORE. */
export const NORDIC = { id: 'nordic-home-backend', secret: 'demo-secret-nordic-home-7Qm2vX9pL4' };
/** Fjäll Sport's backend client, granted OTHER_STORE. */
export const FJALL = { id: 'fjall-sport-backend', secret: 'demo-secret-fjall-sport-3Kd8wR1tN6' };
