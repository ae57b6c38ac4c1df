// The migrations on either database (storage/migrate.ts, docs/migrations.md): each goes down and up
// again to the same schema, a migration that fails applies nothing (one transaction), a database a
// newer release migrated is served as it is, one from a diverging release is refused, and a
// migration's data step (0004: numbering the stores already there).
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateTo, migrateToLatest } from '../../src/storage/migrate.ts';
import { StoresRepository } from '../../src/storage/repositories/stores.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.drop();
  database = undefined;
});

async function fresh(migrate = true): Promise<TestDatabase> {
  database = await createTestDatabase(undefined, { migrate });
  return database;
}

/** The schema as the catalog describes it: tables' columns, constraints, indexes and triggers. */
async function schema(db: Kysely<unknown>): Promise<unknown> {
  const { rows: columns } = await sql`select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public' order by table_name, column_name`.execute(db);
  const { rows: constraints } = await sql`select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`.execute(db);
  const { rows: indexes } =
    await sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`.execute(db);
  const { rows: triggers } =
    await sql`select tgname, tgrelid::regclass::text as on_table from pg_trigger where not tgisinternal order by 1`.execute(db);
  return { columns, constraints, indexes, triggers };
}

async function applied(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

describe('the migrations', () => {
  it('every one goes down and comes up again to the same schema', async () => {
    const { handle } = await fresh();
    const db = handle.db as Kysely<unknown>;
    const latest = await schema(db);
    expect(await applied(db)).toEqual(Object.keys(MIGRATIONS).sort());
    await migrateTo(handle, '0001_initial');
    expect(await applied(db)).toEqual(['0001_initial']);
    expect(await schema(db)).not.toEqual(latest);
    expect(await migrateToLatest(handle)).toEqual({ ahead: [] });
    expect(await schema(db)).toEqual(latest);
  });

  it('a migration that fails applies nothing, neither its own statements nor the ones before it', async () => {
    const { handle } = await fresh(false);
    const broken: Migration = {
      up: async (db: Kysely<any>) => {
        await sql`create table half_done (id integer)`.execute(db);
        await sql`select * from no_such_table`.execute(db);
      },
    };
    await expect(migrateToLatest(handle, { ...MIGRATIONS, '9999_broken': broken })).rejects.toThrow(/9999_broken/);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_schema = 'public' and table_name in ('half_done', 'stores', 'kysely_migration')`.execute(handle.db);
    expect(rows[0]!.n).toBe(0);
    // And the lock is not left behind: this release migrates at once.
    expect(await migrateToLatest(handle)).toEqual({ ahead: [] });
  });

  it("a newer release's database is served as it is; a diverging release's is refused with nothing applied", async () => {
    const { handle } = await fresh();
    const newer: Migration = { up: async (db: Kysely<any>) => void (await sql`create table newer_release_notes (id integer)`.execute(db)) };
    expect(await migrateToLatest(handle, { ...MIGRATIONS, '9000_newer': newer })).toEqual({ ahead: [] });
    expect(await migrateToLatest(handle)).toEqual({ ahead: ['9000_newer'] });
    const last = Object.keys(MIGRATIONS).sort().at(-1)!;
    // Now make it one migration ahead and one behind: a release from another branch.
    await sql`delete from kysely_migration where name = '9000_newer'`.execute(handle.db);
    await migrateTo(handle, Object.keys(MIGRATIONS).sort().at(-2)!);
    await sql`insert into kysely_migration (name, timestamp) values ('9000_newer', ${new Date().toISOString()})`.execute(handle.db);
    await expect(migrateToLatest(handle)).rejects.toThrow(/does not descend from/);
    expect(await applied(handle.db as Kysely<unknown>)).not.toContain(last);
  });

  it('0004 numbers the stores already there 1, 2, 3 in creation order (then id) and gives them SE', async () => {
    const { handle } = await fresh();
    await migrateTo(handle, '0003_listing_index_only');
    const [A, B, C] = ['a', 'b', 'c'].map((x) => `44000000-0000-4000-8000-00000000000${x}`) as [string, string, string];
    await sql`insert into merchants (id, name) values ('m-old', 'Old AB')`.execute(handle.db);
    for (const [id, at] of [
      [C, '2026-01-01'],
      [B, '2026-02-01'],
      [A, '2026-02-01'],
    ] as const) {
      await sql`insert into stores (id, merchant_id, name, currency, bundle_title, minimum_invoice_amount, created_at, updated_at)
        values (${id}, 'm-old', 'Old', 'SEK', 'Part payment', 0, ${at}::timestamptz, now())`.execute(handle.db);
    }
    await migrateToLatest(handle);
    const stores = new StoresRepository(handle.db);
    const numbers = await Promise.all([A, B, C].map(async (id) => (await stores.findById(id))!.nationalStoreId));
    expect(numbers).toEqual([2, 3, 1]);
    expect((await stores.findById(A))!.countryCode).toBe('SE');
  });
});
