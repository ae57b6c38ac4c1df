import { sql, type Kysely } from 'kysely';

// Languages (docs/languages.md): translations of catalog texts on their owners, as JSONB from a
// language (`sv`, `nb`, `da`, `fi`, `en`) to the translated fields, validated whole before they are
// written (catalog-input/validate.ts); and the `locale` a session was created with. Expand only:
// new columns with defaults, which older releases neither read nor write.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['stores', 'payment_methods', 'payment_method_plans']) {
    await sql`alter table ${sql.table(table)} add column translations jsonb not null default '{}'::jsonb`.execute(db);
  }
  // As the merchant sent it (a well-formed BCP 47 tag, at most 35 characters); null without one.
  await sql`alter table sessions add column locale text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions drop column if exists locale`.execute(db);
  for (const table of ['stores', 'payment_methods', 'payment_method_plans']) {
    await sql`alter table ${sql.table(table)} drop column if exists translations`.execute(db);
  }
}
