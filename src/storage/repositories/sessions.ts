import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export interface SessionRecord {
  id: string;
  storeId: string;
  campaign: string | undefined;
  /** The BCP 47 tag the session was created with (docs/languages.md); undefined without one. */
  locale: string | undefined;
  createdAt: Date;
  expiresAt: Date;
}

/** A session as its row is written: one place for the column mapping (also session-idempotency-keys.ts). */
export function sessionRow(session: SessionRecord) {
  return {
    id: session.id,
    store_id: session.storeId,
    campaign: session.campaign ?? null,
    locale: session.locale ?? null,
    created_at: session.createdAt,
    expires_at: session.expiresAt,
  };
}

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Resolves once the rows are committed (one INSERT: its own transaction, all rows or none). */
  async insertMany(sessions: readonly SessionRecord[]): Promise<void> {
    await this.db.insertInto('sessions').values(sessions.map(sessionRow)).execute();
  }

  /**
   * Deletes up to `limit` sessions that expired before `cutoff`, oldest first; returns how many.
   * One short statement: the rows are taken with FOR UPDATE SKIP LOCKED, so purges running at
   * the same time on several instances take disjoint rows and never wait for each other, and no
   * lock is held longer than one batch (services/session-purge.ts, docs/sessions-at-scale.md).
   */
  async deleteExpiredBefore(cutoff: Date, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('id', 'in', (eb) =>
        eb.selectFrom('sessions').select('id').where('expires_at', '<', cutoff).orderBy('expires_at').limit(limit).forUpdate().skipLocked(),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async findById(id: string): Promise<SessionRecord | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return (
      row && {
        id: row.id,
        storeId: row.store_id,
        campaign: row.campaign ?? undefined,
        locale: row.locale ?? undefined,
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
      }
    );
  }
}
