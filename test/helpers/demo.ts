// The demo catalog's ids and credentials (demo/catalog.json), for tests that use it: one place to
// change when the demo catalog does.

/** Nordic Home's webshop (merchant m-nordic-home). */
export const STORE = '84d19995-8ee7-4639-8e25-13b1691ccac6';
/** Fjäll Sport's store: another merchant's, for the cross-merchant 403s. */
export const OTHER_STORE = 'aeb7e15a-90be-4c89-a9a0-c6bb6cc54aca';
/** Nordic Home's backend client (scope merchant-api), granted STORE. */
export const NORDIC = { id: 'nordic-home-backend', secret: 'demo-secret-nordic-home-7Qm2vX9pL4' };
/** Fjäll Sport's backend client, granted OTHER_STORE. */
export const FJALL = { id: 'fjall-sport-backend', secret: 'demo-secret-fjall-sport-3Kd8wR1tN6' };
