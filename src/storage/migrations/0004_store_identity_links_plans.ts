import { sql, type Kysely } from 'kysely';

// Stores get the operator's identity fields (docs/catalog.md#stores): a country (ISO 3166-1 alpha-2),
// a national store number (unique, assigned when a catalog leaves it out, then kept) and an optional
// organisation number. Legal links get a language (ISO 639-1; null: the default of the store's
// country, resolved when read) and plans a description. Expand only: every new column has a default
// (the store number's is a trigger), so a release without this migration keeps writing and reading
// a migrated database.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table stores add column country_code text not null default 'SE'`.execute(db);
  await sql`alter table stores add column organization_number text`.execute(db);
  await sql`alter table stores add column national_store_id integer`.execute(db);
  // Existing stores are numbered 1, 2, 3 … in creation order (then id), once.
  await sql`update stores set national_store_id = numbered.n
    from (select id, row_number() over (order by created_at, id) as n from stores) as numbered
    where stores.id = numbered.id`.execute(db);
  await sql`alter table stores alter column national_store_id set not null`.execute(db);
  await sql`alter table stores add constraint stores_national_store_id_positive check (national_store_id >= 1)`.execute(db);
  // A store inserted without a number gets the next free one (max + 1). Catalog writes run one at a
  // time (storage/catalog-transaction.ts locks first), so max + 1 cannot race; the unique index
  // would refuse it if it did.
  await sql`create function stores_assign_national_store_id() returns trigger language plpgsql as $$
    begin
      if new.national_store_id is null then
        select coalesce(max(national_store_id), 0) + 1 into new.national_store_id from stores;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger stores_assign_national_store_id before insert on stores
    for each row execute function stores_assign_national_store_id()`.execute(db);
  await sql`create unique index stores_national_store_id_idx on stores (national_store_id)`.execute(db);
  await sql`alter table payment_method_legal_links add column language text`.execute(db);
  await sql`alter table payment_method_plans add column description text not null default ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_method_plans drop column description`.execute(db);
  await sql`alter table payment_method_legal_links drop column language`.execute(db);
  await sql`drop trigger if exists stores_assign_national_store_id on stores`.execute(db);
  await sql`drop function if exists stores_assign_national_store_id()`.execute(db);
  await sql`drop index if exists stores_national_store_id_idx`.execute(db);
  await sql`alter table stores drop constraint if exists stores_national_store_id_positive`.execute(db);
  await sql`alter table stores drop column national_store_id`.execute(db);
  await sql`alter table stores drop column organization_number`.execute(db);
  await sql`alter table stores drop column country_code`.execute(db);
}
