import { sql, type Kysely } from 'kysely';

// What the start-up needs to skip re-applying an unchanged catalog file (services/catalog-import.ts):
// - catalog_generation: one row counting catalog writes. Every catalog write (admin API, CLI,
//   catalog file) increments it as the first statement of its transaction
//   (services/catalog-changes.ts), so it only grows, in commit order.
// - catalog_applications: per catalog file (its absolute path), the digest of the content last
//   applied and the generation that application's transaction committed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalog_generation')
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('catalog_generation').values({ id: true, generation: 0 }).execute();

  await db.schema
    .createTable('catalog_applications')
    .addColumn('source', 'text', (c) => c.primaryKey())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalog_applications').ifExists().execute();
  await db.schema.dropTable('catalog_generation').ifExists().execute();
}
