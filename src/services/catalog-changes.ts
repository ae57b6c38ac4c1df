// This instance's side of catalog changes: every catalog write (admin API, catalog file at
// start-up, CLI) goes through CatalogChanges.write(), which runs it in a catalog transaction
// (storage/catalog-transaction.ts: counted, and announced to the other instances on commit) and
// clears this instance's caches right after. Announcements from other instances arrive through the
// change listener (storage/change-channel.ts, wired in context.ts). The caches keep a 1-second
// time-to-live as a safety net: even with the listener down, a change is visible everywhere within
// about a second (docs/catalog.md).
//
// Every write names its actor and gets an AuditRecorder bound to its transaction (services/audit.ts,
// docs/audit.md): the audit trail commits or rolls back with the change it describes.
import type { Db, Tx } from '../storage/handles.ts';
import { catalogTransaction } from '../storage/catalog-transaction.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { AuditRecorder, type Actor } from './audit.ts';
import { ChangeEvents } from './webhooks/change-events.ts';

/** A catalog write: its statements on `tx`, and an audit event per entity it changes on `audit`. */
export type CatalogWork<T> = (tx: Tx, audit: AuditRecorder) => Promise<T>;

/**
 * A catalog write by `actor` in a catalog transaction, without clearing caches: for the catalog
 * file at start-up, before there are any. Everything else goes through CatalogChanges.write().
 * Every change the audit trail records also reaches the webhooks' outbox, written last, in the
 * same transaction (services/webhooks/change-events.ts).
 */
export function auditedCatalogTransaction<T>(db: Db, actor: Actor, work: CatalogWork<T>, clock: Clock = systemClock): Promise<T> {
  return catalogTransaction(db, async (tx) => {
    const events = new ChangeEvents(tx, clock);
    const result = await work(tx, new AuditRecorder(tx, actor, (change) => events.entityChanged(change)));
    await events.flush();
    return result;
  });
}

/** This instance's side of catalog changes: the caches to clear, and the one way to write. */
export class CatalogChanges {
  private readonly invalidators: Array<() => void> = [];

  constructor(private readonly db: Db) {}

  /** Registers a cache to clear on every change, made here or announced by another instance. */
  onChange(invalidate: () => void): void {
    this.invalidators.push(invalidate);
  }

  /**
   * The one function every catalog write goes through: the work runs in a transaction that
   * notifies the other instances on commit, recording its audit events as `actor` in the same
   * transaction; this instance's caches are cleared right after.
   */
  async write<T>(actor: Actor, work: CatalogWork<T>): Promise<T> {
    let committing = false;
    try {
      return await auditedCatalogTransaction(this.db, actor, async (tx, audit) => {
        const result = await work(tx, audit);
        committing = true;
        return result;
      });
    } finally {
      // Also when the COMMIT itself failed: its answer may have been lost after it took effect.
      // Work that threw (a refused body) was rolled back and changed nothing.
      if (committing) this.changed();
    }
  }

  /** Clears every registered cache. */
  changed(): void {
    for (const invalidate of this.invalidators) invalidate();
  }
}
