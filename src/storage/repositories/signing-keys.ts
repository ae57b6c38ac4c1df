import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../database.ts';
import type { Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Arbitrary constant naming "signing key creation" among this database's advisory locks. */
const SIGNING_KEY_LOCK_ID = 7_310_420_002;

/**
 * Runs key changes in one transaction. On PostgreSQL an advisory lock serializes instances
 * starting together on an empty database, so exactly one creates the first key. PGlite is one
 * connection owned by this process; its transactions are already serial.
 */
export function signingKeysTransaction<T>(
  database: Pick<DatabaseHandle, 'kind' | 'db'>,
  work: (repository: SigningKeysRepository, tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return database.db.transaction().execute(async (tx) => {
    if (database.kind === 'postgres') await sql`select pg_advisory_xact_lock(${SIGNING_KEY_LOCK_ID})`.execute(tx);
    return work(new SigningKeysRepository(tx), tx);
  });
}

export interface PublicKeyRecord {
  kid: string;
  algorithm: string;
  publicJwk: Record<string, unknown>;
  createdAt: Date;
  retiredAt: Date | undefined;
}

export interface SigningKeyRecord extends PublicKeyRecord {
  privateJwk: Record<string, unknown>;
}

export interface NewSigningKey {
  kid: string;
  algorithm: string;
  publicJwk: Record<string, unknown>;
  privateJwk: Record<string, unknown>;
  createdAt: Date;
}

export class SigningKeysRepository {
  constructor(private readonly db: Db) {}

  async insert(key: NewSigningKey): Promise<void> {
    await this.db
      .insertInto('signing_keys')
      .values({
        kid: key.kid,
        algorithm: key.algorithm,
        public_jwk: JSON.stringify(key.publicJwk),
        private_jwk: JSON.stringify(key.privateJwk),
        created_at: key.createdAt,
        retired_at: null,
      })
      .execute();
  }

  /** Keys that may have signed a token still valid: active ones, and those retired after `retiredAfter`. */
  async listVerificationKeys(retiredAfter: Date): Promise<PublicKeyRecord[]> {
    const rows = await this.db
      .selectFrom('signing_keys')
      .select(['kid', 'algorithm', 'public_jwk', 'created_at', 'retired_at'])
      .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', retiredAfter)]))
      .orderBy('created_at', 'desc')
      .orderBy('kid')
      .execute();
    return rows.map((row) => ({
      kid: row.kid,
      algorithm: row.algorithm,
      publicJwk: row.public_jwk,
      createdAt: new Date(row.created_at),
      retiredAt: row.retired_at ? new Date(row.retired_at) : undefined,
    }));
  }

  /** The key that signs: the newest one not retired. */
  async currentSigningKey(): Promise<SigningKeyRecord | undefined> {
    const row = await this.db
      .selectFrom('signing_keys')
      .selectAll()
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('kid')
      .limit(1)
      .executeTakeFirst();
    return (
      row && {
        kid: row.kid,
        algorithm: row.algorithm,
        publicJwk: row.public_jwk,
        privateJwk: row.private_jwk,
        createdAt: new Date(row.created_at),
        retiredAt: undefined,
      }
    );
  }

  /** Retires every key still active except `keepKid`. */
  async retireAllExcept(keepKid: string, at: Date): Promise<void> {
    await this.db.updateTable('signing_keys').set({ retired_at: at }).where('retired_at', 'is', null).where('kid', '<>', keepKid).execute();
  }
}
