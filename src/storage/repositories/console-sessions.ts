// Sessions of the operator console (migrations/0010_console.ts, services/console/sessions.ts): rows
// keyed by the SHA-256 of the cookie's token.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export interface ConsoleSessionRecord {
  tokenHash: string;
  actorType: string;
  actorId: string;
  displayName: string;
  role: string;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  idleExpiresAt: Date;
  /** A client's session: the SHA-256 of the client's secret hash at sign-in. Null for single sign-on (and older releases' rows). */
  clientSecretDigest: string | null;
}

export class ConsoleSessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: ConsoleSessionRecord): Promise<void> {
    await this.db
      .insertInto('console_sessions')
      .values({
        token_hash: session.tokenHash,
        actor_type: session.actorType,
        actor_id: session.actorId,
        display_name: session.displayName,
        role: session.role,
        csrf_token: session.csrfToken,
        created_at: session.createdAt,
        last_seen_at: session.lastSeenAt,
        expires_at: session.expiresAt,
        idle_expires_at: session.idleExpiresAt,
        client_secret_digest: session.clientSecretDigest,
      })
      .execute();
  }

  async find(tokenHash: string): Promise<ConsoleSessionRecord | undefined> {
    const row = await this.db
      .selectFrom('console_sessions')
      .select([
        'token_hash',
        'actor_type',
        'actor_id',
        'display_name',
        'role',
        'csrf_token',
        'created_at',
        'last_seen_at',
        'expires_at',
        'idle_expires_at',
        'client_secret_digest',
      ])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return (
      row && {
        tokenHash: row.token_hash,
        actorType: row.actor_type,
        actorId: row.actor_id,
        displayName: row.display_name,
        role: row.role,
        csrfToken: row.csrf_token,
        createdAt: new Date(row.created_at),
        lastSeenAt: new Date(row.last_seen_at),
        expiresAt: new Date(row.expires_at),
        idleExpiresAt: new Date(row.idle_expires_at),
        clientSecretDigest: row.client_secret_digest,
      }
    );
  }

  /** Moves the idle expiry of a session still in force; false when it is gone. */
  async touch(tokenHash: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('console_sessions')
      .set({ last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt })
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(tokenHash: string): Promise<boolean> {
    const result = await this.db.deleteFrom('console_sessions').where('token_hash', '=', tokenHash).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes up to `batchSize` sessions ended before `now` (absolute or idle expiry), as the other purges do. */
  async deleteEndedBefore(now: Date, batchSize: number): Promise<number> {
    const result = await this.db
      .deleteFrom('console_sessions')
      .where('token_hash', 'in', (eb) =>
        eb
          .selectFrom('console_sessions')
          .select('token_hash')
          .where((w) => w.or([w('idle_expires_at', '<=', now), w('expires_at', '<=', now)]))
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
