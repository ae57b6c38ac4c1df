// Pending single sign-ons of the console (migrations/0011_console_sign_ins.ts, services/console/sign-ins.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export interface ConsoleSignInRecord {
  keyHash: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  expiresAt: Date;
}

export class ConsoleSignInsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(record: ConsoleSignInRecord): Promise<void> {
    await this.db
      .insertInto('console_sign_ins')
      .values({
        key_hash: record.keyHash,
        state: record.state,
        nonce: record.nonce,
        code_verifier: record.codeVerifier,
        return_to: record.returnTo,
        expires_at: record.expiresAt,
      })
      .execute();
  }

  /** Deletes the row and returns it, when it has not expired at `now`: of two takers (two instances, a replay) one gets it. */
  async take(keyHash: string, now: Date): Promise<ConsoleSignInRecord | undefined> {
    const row = await this.db.deleteFrom('console_sign_ins').where('key_hash', '=', keyHash).returningAll().executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
    return {
      keyHash: row.key_hash,
      state: row.state,
      nonce: row.nonce,
      codeVerifier: row.code_verifier,
      returnTo: row.return_to,
      expiresAt: new Date(row.expires_at),
    };
  }

  /** Deletes up to `batchSize` sign-ins expired at `now`; how many it deleted. */
  async deleteExpired(now: Date, batchSize: number): Promise<number> {
    const result = await this.db
      .deleteFrom('console_sign_ins')
      .where('key_hash', 'in', (eb) =>
        eb.selectFrom('console_sign_ins').select('key_hash').where('expires_at', '<=', now).limit(batchSize).forUpdate().skipLocked(),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
