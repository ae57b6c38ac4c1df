import { sql, type Kysely } from 'kysely';

// The audit trail of catalog writes (docs/audit.md): one row per entity a write created, changed or
// deleted, inserted in the write's own transaction (services/audit.ts). Expand only: a new table
// that older releases never read. `changes` holds field values before and after, never a secret or
// its hash. The indexes serve the admin list (newest first, optionally of one entity kind) and the
// retention purge (oldest first).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table audit_events (
    id bigserial primary key,
    occurred_at timestamptz not null default now(),
    actor_type text not null check (actor_type in ('client', 'cli', 'catalog-file')),
    actor text not null,
    entity text not null,
    entity_id text not null,
    action text not null,
    changes jsonb not null,
    trace_id text
  )`.execute(db);
  await sql`create index audit_events_occurred_at_idx on audit_events (occurred_at, id)`.execute(db);
  await sql`create index audit_events_entity_idx on audit_events (entity, occurred_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists audit_events`.execute(db);
}
