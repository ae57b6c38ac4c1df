// Idempotency keys of session creation (migrations/0005_session_idempotency_keys.ts,
// services/sessions.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { sessionRow, type SessionRecord } from './sessions.ts';

export interface IdempotencyKeyRecord {
  clientId: string;
  key: string;
  fingerprint: string;
  /** Undefined while the request that claimed the key is in flight. */
  sessionId: string | undefined;
  createdAt: Date;
}

export class SessionIdempotencyKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inserts the claim (without a session) unless the key is already there; true when this call
   * inserted it. Committed at once, so a duplicate on any instance sees the claim.
   */
  async claim(clientId: string, key: string, fingerprint: string, createdAt: Date): Promise<boolean> {
    const inserted = await this.db
      .insertInto('session_idempotency_keys')
      .values({ client_id: clientId, key, fingerprint, session_id: null, created_at: createdAt })
      .onConflict((oc) => oc.columns(['client_id', 'key']).doNothing())
      .returning('client_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async find(clientId: string, key: string): Promise<IdempotencyKeyRecord | undefined> {
    const row = await this.db
      .selectFrom('session_idempotency_keys')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('key', '=', key)
      .executeTakeFirst();
    return (
      row && {
        clientId: row.client_id,
        key: row.key,
        fingerprint: row.fingerprint,
        sessionId: row.session_id ?? undefined,
        createdAt: new Date(row.created_at),
      }
    );
  }

  /**
   * Claims again a key whose row is as `seen` says (expired, or abandoned in flight): true when
   * this call won. Compared on created_at, so of two instances taking over the same row one wins.
   */
  async takeOver(seen: IdempotencyKeyRecord, fingerprint: string, createdAt: Date): Promise<boolean> {
    const updated = await this.db
      .updateTable('session_idempotency_keys')
      .set({ fingerprint, session_id: null, created_at: createdAt })
      .where('client_id', '=', seen.clientId)
      .where('key', '=', seen.key)
      .where('created_at', '=', seen.createdAt)
      .returning('client_id')
      .executeTakeFirst();
    return updated !== undefined;
  }

  /**
   * Inserts the session and records it as the key's in one transaction; false (and nothing
   * written) when the claim made at `claimedAt` is no longer this request's (taken over meanwhile).
   */
  async complete(clientId: string, key: string, claimedAt: Date, session: SessionRecord): Promise<boolean> {
    const lost = new Error('claim lost');
    try {
      await this.db.transaction().execute(async (tx) => {
        await tx.insertInto('sessions').values(sessionRow(session)).execute();
        const updated = await tx
          .updateTable('session_idempotency_keys')
          .set({ session_id: session.id })
          .where('client_id', '=', clientId)
          .where('key', '=', key)
          .where('created_at', '=', claimedAt)
          .where('session_id', 'is', null)
          .executeTakeFirst();
        // Throwing rolls the session back: the key belongs to another request now.
        if (Number(updated.numUpdatedRows) !== 1) throw lost;
      });
      return true;
    } catch (error) {
      if (error === lost) return false;
      throw error;
    }
  }

  /** Gives a claim up after its creation failed, so that a retry may claim the key at once. */
  async release(clientId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('session_idempotency_keys')
      .where('client_id', '=', clientId)
      .where('key', '=', key)
      .where('session_id', 'is', null)
      .execute();
  }

  /** Deletes up to `limit` keys created before `cutoff`, oldest first; returns how many (see deleteExpiredBefore of sessions). */
  async deleteCreatedBefore(cutoff: Date, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('session_idempotency_keys')
      .where(
        sql<boolean>`(client_id, key) in (
          select client_id, key from session_idempotency_keys where created_at < ${cutoff}
          order by created_at limit ${limit} for update skip locked)`,
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
