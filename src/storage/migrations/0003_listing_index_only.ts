import { sql, type Kysely } from 'kysely';

// The merchant listing pages with LIMIT/OFFSET (docs/merchant-api.md#pagination numbers its pages): PostgreSQL fetches
// every skipped row from the table, so page 99 of 10,000 methods read 10,000 rows (measured in
// bench/REPORT.md: several times page 0). The page's ids are now found first with an index-only
// scan (repositories/payment-methods.ts); the purchase limits are included in the display-order
// index so that the amount filter is answered from the index too.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists payment_methods_display_order_idx`.execute(db);
  await sql`create index payment_methods_display_order_idx
    on payment_methods (store_id, sort_order, name collate "C", id)
    include (min_purchase_limit, max_purchase_limit)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists payment_methods_display_order_idx`.execute(db);
  await sql`create index payment_methods_display_order_idx
    on payment_methods (store_id, sort_order, name collate "C", id)`.execute(db);
}
