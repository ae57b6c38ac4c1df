import type { Kysely, Selectable } from 'kysely';
import type { CustomerType } from '../../domain/catalog.ts';
import { canonicalOrderRules, orderRulesText, type OrderRules, type ProductType } from '../../domain/order-rules.ts';
import type { Database, SessionsTable } from '../schema.ts';
import { SessionReads } from '../replica-reads.ts';

export interface SessionRecord {
  id: string;
  storeId: string;
  campaign: string | undefined;
  /** The BCP 47 tag the session was created with (docs/languages.md); undefined without one. */
  locale: string | undefined;
  createdAt: Date;
  expiresAt: Date;
  /** The order's rules, canonical (domain/order-rules.ts); undefined for a session without any. */
  rules: OrderRules | undefined;
  /** The lifetime asked for at creation (`ttlSeconds`); undefined: the configured one. */
  ttlSeconds: number | undefined;
  /**
   * orderRulesText(rules), '' without rules: made once with the record, the key of its answers (and
   * the stored column's text).
   */
  rulesKey: string;
}

/**
 * The `rules` column's value: the rules' canonical text (the record's key, made once) with the
 * lifetime asked for after them; null when neither was given.
 */
function storedRules(session: SessionRecord): string | null {
  const { rulesKey, ttlSeconds } = session;
  if (ttlSeconds === undefined) return rulesKey === '' ? null : rulesKey;
  const lifetime = `"ttlSeconds":${ttlSeconds}}`;
  return rulesKey === '' ? `{${lifetime}` : `${rulesKey.slice(0, -1)},${lifetime}`;
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
    rules: storedRules(session),
  };
}

/** A row as read: a row without `rules` (null, or an older release's row) is a session without rules. */
export function sessionFromRow(row: Selectable<SessionsTable>): SessionRecord {
  const stored = row.rules ?? undefined;
  const rules =
    stored &&
    canonicalOrderRules({
      allowedPaymentMethods: stored.allowedPaymentMethods,
      blockedPaymentMethods: stored.blockedPaymentMethods,
      productTypes: stored.productTypes as ProductType[] | undefined,
      country: stored.country,
      customerType: stored.customerType as CustomerType | undefined,
    });
  return {
    id: row.id,
    storeId: row.store_id,
    campaign: row.campaign ?? undefined,
    locale: row.locale ?? undefined,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    rules,
    ttlSeconds: stored?.ttlSeconds,
    rulesKey: orderRulesText(rules),
  };
}

export class SessionsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** Where lookups go (a replica beside the primary: replica-reads.ts); the primary alone by default. */
    private readonly reads = new SessionReads(db),
  ) {}

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

  /** `primary`: never from a replica (an idempotent replay: idempotency is the primary's alone). */
  async findById(id: string, from: 'reads' | 'primary' = 'reads'): Promise<SessionRecord | undefined> {
    const select = (db: Kysely<Database>) => db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    const row = await (from === 'primary' ? select(this.db) : this.reads.find(select));
    return row && sessionFromRow(row);
  }
}
