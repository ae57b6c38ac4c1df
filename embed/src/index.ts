// Module entry: the element classes, their types and an idempotent define(). The script bundle
// (bundle.ts) calls define() itself; a module user imports this and calls it once.

import { PaymentMethodElement } from './payment-method.ts';
import { PaymentMethodsElement } from './payment-methods.ts';

export { PaymentMethodElement } from './payment-method.ts';
export { DEFAULT_DEBOUNCE_MS, PaymentMethodsElement } from './payment-methods.ts';
export { DESELECT_EVENT, SELECT_EVENT, SESSION_EXPIRED_EVENT } from './events.ts';
export type { PaymentMethodSelectionDetail, SessionExpiredDetail } from './events.ts';
export type { PaymentMethodGroup } from './api.ts';

export const PAYMENT_METHODS_TAG = 'payment-methods';
export const PAYMENT_METHOD_TAG = 'payment-method';

declare global {
  interface HTMLElementTagNameMap {
    [PAYMENT_METHODS_TAG]: PaymentMethodsElement;
    [PAYMENT_METHOD_TAG]: PaymentMethodElement;
  }
}

export interface DefineOptions {
  /** Base URL of the service (`{PUBLIC_URL}/`) for elements without an `api-base` attribute. */
  apiBase?: string;
}

/**
 * Registers both elements. Safe to call more than once, and alongside another copy of the script:
 * a name already registered is left as it is (customElements.define would throw).
 */
export function define(options: DefineOptions = {}): void {
  if (options.apiBase !== undefined) PaymentMethodsElement.defaultApiBase = options.apiBase;
  if (!customElements.get(PAYMENT_METHODS_TAG)) customElements.define(PAYMENT_METHODS_TAG, PaymentMethodsElement);
  if (!customElements.get(PAYMENT_METHOD_TAG)) customElements.define(PAYMENT_METHOD_TAG, PaymentMethodElement);
}
