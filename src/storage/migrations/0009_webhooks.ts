import { sql, type Kysely } from 'kysely';

// Webhooks (docs/webhooks.md). Expand only: new tables that older releases never read.
// - webhook_endpoints: a merchant's receivers. The secret is kept as given to the merchant (it
//   signs every delivery, so it cannot be a hash); the previous one signs too until its expiry
//   after a rotation.
// - webhook_events: the outbox. A row is written in the transaction of the catalog change it
//   announces (services/webhooks/change-events.ts), so a committed change always has its event.
//   `due_at` is when it goes out: the change's commit for most, a window's boundary for the events
//   of a window opening or closing. `fanned_out_at` is set once deliveries exist for it; the partial
//   index keeps the dispatcher's claim an index scan however many events are done.
// - webhook_deliveries: one per event and endpoint, claimed with FOR UPDATE SKIP LOCKED and a lease
//   (`next_attempt_at` moved past the attempt's time-out), so an instance that dies mid-attempt leaves
//   it to another after the lease.
// - webhook_attempts: every attempt's outcome, for the deliveries listing.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table webhook_endpoints (
    id uuid primary key,
    merchant_id text not null references merchants (id) on delete cascade,
    url text not null,
    description text not null default '',
    enabled boolean not null default true,
    secret text not null,
    previous_secret text,
    previous_secret_expires_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index webhook_endpoints_merchant_idx on webhook_endpoints (merchant_id)`.execute(db);

  await sql`create table webhook_events (
    id text primary key,
    type text not null,
    store_id uuid not null,
    merchant_id text not null,
    reason text not null,
    payment_method_ids jsonb not null,
    payload text not null,
    window_method_id uuid,
    created_at timestamptz not null default now(),
    due_at timestamptz not null,
    fanned_out_at timestamptz
  )`.execute(db);
  await sql`create index webhook_events_due_idx on webhook_events (due_at) where fanned_out_at is null`.execute(db);
  await sql`create index webhook_events_window_idx on webhook_events (window_method_id) where fanned_out_at is null`.execute(db);
  await sql`create index webhook_events_purge_idx on webhook_events (due_at, id) where fanned_out_at is not null`.execute(db);

  await sql`create table webhook_deliveries (
    id uuid primary key,
    event_id text not null references webhook_events (id) on delete cascade,
    endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
    state text not null check (state in ('pending', 'succeeded', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz,
    claim uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (event_id, endpoint_id)
  )`.execute(db);
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where state = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at)`.execute(db);

  await sql`create table webhook_attempts (
    id bigserial primary key,
    delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
    attempted_at timestamptz not null,
    duration_ms integer not null,
    status_code integer,
    error text,
    succeeded boolean not null
  )`.execute(db);
  await sql`create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempted_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists webhook_attempts`.execute(db);
  await sql`drop table if exists webhook_deliveries`.execute(db);
  await sql`drop table if exists webhook_events`.execute(db);
  await sql`drop table if exists webhook_endpoints`.execute(db);
}
