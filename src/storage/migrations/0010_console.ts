import { sql, type Kysely } from 'kysely';

// The operator console (docs/console.md). Expand only: a new table older releases never read, and a
// wider check that accepts everything the old one did.
// - console_sessions: one row per signed-in person. The cookie carries a random token; only its
//   SHA-256 is stored, so a read of this table signs no one in. A session ends at `expires_at`
//   (8 hours after sign-in) or `idle_expires_at` (30 minutes after its last request), whichever
//   comes first; the purge job deletes it past either. `csrf_token` is sent back in every form.
// - audit_events.actor_type may be `console`: a person signed in with single sign-on, recorded by
//   their subject (a client's sign-in is recorded as that client).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table console_sessions (
    token_hash text primary key,
    actor_type text not null,
    actor_id text not null,
    display_name text not null,
    role text not null check (role in ('catalog-editor', 'catalog-viewer')),
    csrf_token text not null,
    created_at timestamptz not null,
    last_seen_at timestamptz not null,
    expires_at timestamptz not null,
    idle_expires_at timestamptz not null
  )`.execute(db);
  await sql`create index console_sessions_idle_expires_at_idx on console_sessions (idle_expires_at)`.execute(db);
  await sql`alter table audit_events drop constraint if exists audit_events_actor_type_check`.execute(db);
  await sql`alter table audit_events add constraint audit_events_actor_type_check
    check (actor_type in ('client', 'cli', 'catalog-file', 'console'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists console_sessions`.execute(db);
  await sql`delete from audit_events where actor_type = 'console'`.execute(db);
  await sql`alter table audit_events drop constraint if exists audit_events_actor_type_check`.execute(db);
  await sql`alter table audit_events add constraint audit_events_actor_type_check
    check (actor_type in ('client', 'cli', 'catalog-file'))`.execute(db);
}
