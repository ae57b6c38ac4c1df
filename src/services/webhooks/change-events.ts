// The outbox's writer (docs/webhooks.md#events): told of every entity a catalog write changes (by the
// write's AuditRecorder, in its transaction), it collects what each store's offer may have lost or
// gained and, just before the commit, writes one event per store and reason. So a committed change
// always has its event, even when the process dies right after the commit, and a rolled-back one
// has none. A method with a window also gets the events of its boundaries still ahead, due then;
// rewriting or deleting the method cancels those not yet sent.
import { randomUUID } from 'node:crypto';
import type { Tx } from '../../storage/handles.ts';
import type { PaymentMethod, Store } from '../../domain/catalog.ts';
import { PAYMENT_METHODS_CHANGED, boundariesAhead, eventPayload, type ChangeReason } from '../../domain/webhook-events.ts';
import type { Clock } from '../../lib/clock.ts';
import { PaymentMethodsRepository } from '../../storage/repositories/payment-methods.ts';
import { StoresRepository } from '../../storage/repositories/stores.ts';
import { WebhookOutboxRepository, type NewWebhookEvent } from '../../storage/repositories/webhook-outbox.ts';
import type { EntityChange } from '../audit.ts';

/** A Standard Webhooks message id: the `webhook-id` of every delivery of the event. */
export function newEventId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

interface Pending {
  storeId: string;
  reason: ChangeReason;
  /** Known when the change carried it (a store's own change, a deleted store's methods). */
  merchantId: string | undefined;
  methodIds: Set<string>;
}

export class ChangeEvents {
  private readonly pending = new Map<string, Pending>();
  private readonly scheduled: NewWebhookEvent[] = [];
  private readonly cancelledMethods = new Set<string>();
  private readonly deletedStores = new Set<string>();

  constructor(
    private readonly tx: Tx,
    private readonly clock: Clock,
  ) {}

  /** Notes one entity's change; payment methods and stores concern webhooks, the rest does not. */
  async entityChanged(change: EntityChange): Promise<void> {
    if (change.entity === 'payment-method')
      this.methodChanged(change.before as PaymentMethod | undefined, change.after as PaymentMethod | undefined);
    if (change.entity === 'store') {
      const store = (change.after ?? change.before) as Store;
      this.note(store.id, 'store', undefined, store.merchantId);
      if (!change.after) this.deletedStores.add(store.id);
    }
  }

  private methodChanged(before: PaymentMethod | undefined, after: PaymentMethod | undefined): void {
    const id = (after ?? before)!.id;
    if (before) this.cancelledMethods.add(id);
    if (before && after && before.storeId === after.storeId) this.note(after.storeId, 'updated', id);
    else {
      // A method moved to another store leaves the first and arrives in the second.
      if (before) this.note(before.storeId, 'deleted', id);
      if (after) this.note(after.storeId, 'created', id);
    }
    if (after) {
      for (const boundary of boundariesAhead(after, this.clock())) {
        const at = new Date(boundary.at);
        const change = { storeId: after.storeId, paymentMethodIds: [id], reason: boundary.reason };
        this.scheduled.push({
          id: newEventId(),
          type: PAYMENT_METHODS_CHANGED,
          storeId: after.storeId,
          merchantId: '', // resolved at flush(), with the others
          reason: boundary.reason,
          paymentMethodIds: [id],
          payload: eventPayload(change, at),
          dueAt: at,
          windowMethodId: id,
        });
      }
    }
  }

  private note(storeId: string, reason: ChangeReason, methodId?: string, merchantId?: string): void {
    const key = `${storeId}|${reason}`;
    let entry = this.pending.get(key);
    if (!entry) this.pending.set(key, (entry = { storeId, reason, merchantId, methodIds: new Set() }));
    if (methodId !== undefined) entry.methodIds.add(methodId);
    entry.merchantId ??= merchantId;
  }

  /** Writes the collected events; called once, as the write's last statements before its commit. */
  async flush(): Promise<void> {
    if (this.pending.size === 0 && this.scheduled.length === 0) return;
    const outbox = new WebhookOutboxRepository(this.tx);
    await outbox.cancelWindowEvents([...this.cancelledMethods]);
    for (const storeId of this.deletedStores) await outbox.cancelStoreWindowEvents(storeId);

    const storeIds = [...new Set([...this.pending.values(), ...this.scheduled].map((e) => e.storeId))];
    const merchantOf = await new StoresRepository(this.tx).merchantsOf(storeIds);
    // A store event lists the store's methods as they are now (none once it is deleted).
    const storeEvents = [...this.pending.values()].filter((e) => e.reason === 'store' && !this.deletedStores.has(e.storeId));
    if (storeEvents.length > 0) {
      const methods = await new PaymentMethodsRepository(this.tx).idsByStore(storeEvents.map((e) => e.storeId));
      for (const m of methods) this.pending.get(`${m.storeId}|store`)!.methodIds.add(m.id);
    }

    const now = new Date(this.clock());
    const events: NewWebhookEvent[] = [];
    for (const entry of this.pending.values()) {
      // A method deleted with its store has no merchant left to look up: the store's own event
      // (which carries its merchant) announces it.
      const merchantId = merchantOf.get(entry.storeId) ?? entry.merchantId;
      if (merchantId === undefined) continue;
      const change = { storeId: entry.storeId, paymentMethodIds: [...entry.methodIds], reason: entry.reason };
      events.push({
        id: newEventId(),
        type: PAYMENT_METHODS_CHANGED,
        storeId: entry.storeId,
        merchantId,
        reason: entry.reason,
        paymentMethodIds: [...change.paymentMethodIds].sort(),
        payload: eventPayload(change, now),
        dueAt: now,
      });
    }
    for (const event of this.scheduled) {
      const merchantId = merchantOf.get(event.storeId);
      if (merchantId !== undefined) events.push({ ...event, merchantId });
    }
    await outbox.insertEvents(events);
  }
}
