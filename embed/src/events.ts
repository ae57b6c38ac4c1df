// The events the elements dispatch. All bubble and cross shadow boundaries (composed), so a page
// can listen on the element, a wrapper or document.

import type { PaymentMethodGroup } from './api.ts';

export const SELECT_EVENT = 'payment-method-select';
export const DESELECT_EVENT = 'payment-method-deselect';
export const SESSION_EXPIRED_EVENT = 'payment-session-expired';

export interface PaymentMethodSelectionDetail {
  groupId: string;
  methodIds: string[];
  type: string;
  /** Pass as is to `<payment-method data="…">`. */
  internalData: string;
}

export interface SessionExpiredDetail {
  sessionId: string;
  message: string;
}

declare global {
  interface HTMLElementEventMap {
    [SELECT_EVENT]: CustomEvent<PaymentMethodSelectionDetail>;
    [DESELECT_EVENT]: CustomEvent<PaymentMethodSelectionDetail>;
    [SESSION_EXPIRED_EVENT]: CustomEvent<SessionExpiredDetail>;
  }
}

export function selectionDetail(group: PaymentMethodGroup): PaymentMethodSelectionDetail {
  return { groupId: group.id, methodIds: [...group.methodIds], type: group.type, internalData: group.internalData };
}

export function emit<T>(target: EventTarget, type: string, detail: T): void {
  target.dispatchEvent(new CustomEvent<T>(type, { bubbles: true, composed: true, detail }));
}
