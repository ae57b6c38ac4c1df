// The events webhooks announce (docs/webhooks.md#events). Pure: what an event says and its exact
// bytes; services/webhooks writes them to the outbox and delivers them.

export const PAYMENT_METHODS_CHANGED = 'payment_methods.changed';

/**
 * Why what a store offers may have changed: a method written (`created`, `updated`, `deleted`), a
 * window's boundary reached (`activated` at activeFrom, `deactivated` at activeUntil), or the store's
 * own fields (`store`: created, changed or deleted with its methods).
 */
export const CHANGE_REASONS = ['created', 'updated', 'deleted', 'activated', 'deactivated', 'store'] as const;
export type ChangeReason = (typeof CHANGE_REASONS)[number];

export interface PaymentMethodsChanged {
  storeId: string;
  /** The methods concerned, sorted; for `store`, the store's methods at the change (none once it is deleted). */
  paymentMethodIds: string[];
  reason: ChangeReason;
}

/**
 * The body every delivery of the event sends, byte for byte (the signature covers it, and retries
 * resend it unchanged). `at`: the change's time, or the boundary's for a window's event.
 */
export function eventPayload(change: PaymentMethodsChanged, at: Date): string {
  return JSON.stringify({
    type: PAYMENT_METHODS_CHANGED,
    timestamp: at.toISOString(),
    data: { storeId: change.storeId, paymentMethodIds: [...change.paymentMethodIds].sort(), reason: change.reason },
  });
}

/** The window boundaries of a method still ahead at `now` (epoch ms), each with the event it brings. */
export function boundariesAhead(
  window: { activeFrom?: number | undefined; activeUntil?: number | undefined },
  now: number,
): Array<{ at: number; reason: 'activated' | 'deactivated' }> {
  const ahead: Array<{ at: number; reason: 'activated' | 'deactivated' }> = [];
  // The `!== undefined` checks are for the type only (undefined > now is false):
  // Stryker disable next-line ConditionalExpression: equivalent, see above
  if (window.activeFrom !== undefined && window.activeFrom > now) ahead.push({ at: window.activeFrom, reason: 'activated' });
  // Stryker disable next-line ConditionalExpression: equivalent, see above
  if (window.activeUntil !== undefined && window.activeUntil > now) ahead.push({ at: window.activeUntil, reason: 'deactivated' });
  return ahead;
}

/**
 * The delay before the next attempt after `failedAttempts` failures, in seconds, or undefined when
 * the schedule is spent and the delivery has failed.
 */
export function retryDelaySeconds(schedule: readonly number[], failedAttempts: number): number | undefined {
  // Outside the schedule (no failure yet, or every delay spent) the index finds nothing: undefined.
  return schedule[failedAttempts - 1];
}

/**
 * Checks a receiver's URL as written (the addresses its name resolves to are checked by the service,
 * and again on every connection). Returns why it is refused, or undefined.
 */
export function urlProblem(raw: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (raw.length > 2048) return 'must be at most 2048 characters';
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return allowPrivate ? 'must be an http:// or https:// URL' : 'must be an https:// URL';
  }
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  if (url.hash !== '') return 'must not have a fragment';
  return undefined;
}
