import { sql, type Kysely } from 'kysely';

// Pending single sign-ons of the console (docs/console.md#single-sign-on): what a sign-in started on one
// instance needs at the callback, which any instance may receive. A row is read once (deleted as it is
// read) and lives 10 minutes. The browser's cookie holds a random key; only its SHA-256 is stored, so a
// read of this table finishes no one's sign-in.
// - audit_events.actor_name: who a console person is in words (their name, else e-mail), beside the
//   actor's id (their subject), which names no one; null for the other actors.
// Expand only: a new table and a nullable column, which older releases neither read nor write.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table console_sign_ins (
    key_hash text primary key,
    state text not null,
    nonce text not null,
    code_verifier text not null,
    return_to text not null,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index console_sign_ins_expires_at_idx on console_sign_ins (expires_at)`.execute(db);
  await sql`alter table audit_events add column actor_name text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists console_sign_ins`.execute(db);
  await sql`alter table audit_events drop column if exists actor_name`.execute(db);
}
