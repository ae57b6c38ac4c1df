import { sql, type Kysely } from 'kysely';

// Idempotency keys of session creation (docs/session-api.md#idempotent-retries): one row per
// (client, key). The row is inserted, and committed, before the session: a duplicate arriving
// meanwhile finds it without a session and answers 409. The session and the row's session_id are
// then written in one transaction. No foreign key to sessions: keys are purged after 24 hours,
// sessions later (their retention runs from expiresAt), and either purge must never wait for the
// other. Expand only: a new table that older releases do not know about.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_idempotency_keys')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    // SHA-256 (hex) of the canonical request: the store id and the normalized body.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // Null while the first request with this key is in flight.
    .addColumn('session_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_idempotency_keys_pkey', ['client_id', 'key'])
    .execute();
  // The purge deletes keys oldest first.
  await sql`create index session_idempotency_keys_created_at_idx on session_idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('session_idempotency_keys').ifExists().execute();
}
