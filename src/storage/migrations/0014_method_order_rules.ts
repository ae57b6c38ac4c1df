import { sql, type Kysely } from 'kysely';

// The merchant's rules for one order (docs/catalog.md#order-rules): a payment method's kinds of
// goods it is not offered for (`excluded_product_types`, '{}': none) and the billing countries it is
// offered in (`countries`, null: the store's country alone, following it if it changes). Arrays of
// text, as campaign keywords are, so the SQL is the same on PGlite and PostgreSQL. Expand only: a
// column with a constant default (no rewrite of the table) and a nullable one, which older releases
// neither read nor write; a row an older release inserts gets the defaults, which mean "no rule".
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_methods
    add column excluded_product_types text[] not null default '{}',
    add column countries text[],
    add constraint payment_methods_countries_check check (countries is null or cardinality(countries) > 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_methods drop constraint if exists payment_methods_countries_check,
    drop column if exists excluded_product_types, drop column if exists countries`.execute(db);
}
