import { sql, type Kysely } from 'kysely';

// Scheduled windows (docs/catalog.md#windows): a payment method offered and listed only within
// [active_from, active_until), either side open when null. The window is included in the
// display-order index, so that the listing's page of ids (repositories/payment-methods.ts) stays an
// index-only scan with the window's filter (migrations/0003_listing_index_only.ts). Expand only:
// nullable columns, which older releases neither read nor write.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_methods add column active_from timestamptz, add column active_until timestamptz,
    add constraint payment_methods_window_check check (active_from is null or active_until is null or active_from < active_until)`.execute(
    db,
  );
  await sql`drop index if exists payment_methods_display_order_idx`.execute(db);
  await sql`create index payment_methods_display_order_idx
    on payment_methods (store_id, sort_order, name collate "C", id)
    include (min_purchase_limit, max_purchase_limit, active_from, active_until)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists payment_methods_display_order_idx`.execute(db);
  await sql`create index payment_methods_display_order_idx
    on payment_methods (store_id, sort_order, name collate "C", id)
    include (min_purchase_limit, max_purchase_limit)`.execute(db);
  await sql`alter table payment_methods drop constraint if exists payment_methods_window_check,
    drop column if exists active_from, drop column if exists active_until`.execute(db);
}
