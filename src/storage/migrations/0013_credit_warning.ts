import { sql, type Kysely } from 'kysely';

// Credit disclosure (docs/catalog.md#credit-warning): a store's warning that borrowing costs money,
// shown beside every monthly cost offered to consumers. Null: the language's default; '': none.
// Its translations live in the store's `translations` with the other store texts. Expand only: a
// nullable column, which older releases neither read nor write.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table stores add column credit_warning text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table stores drop column if exists credit_warning`.execute(db);
}
