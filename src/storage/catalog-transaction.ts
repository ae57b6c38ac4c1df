// Every catalog write runs in one transaction that counts itself in catalog_generation and announces
// itself to every instance on commit (change-channel.ts). The generation tells the start-up
// whether anything changed the catalog since its file was last applied (services/catalog-import.ts).
import { sql, type Kysely, type Transaction } from 'kysely';
import { notifyChange } from './change-channel.ts';
import type { Database } from './schema.ts';

/**
 * Runs a catalog write in one transaction that announces itself to every instance on commit.
 * Prefer CatalogChanges.write(), which also clears this instance's caches; this is for writes made
 * before there are any (the catalog file at start-up).
 */
export async function catalogTransaction<T>(db: Kysely<Database>, work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    // First statement, so the row lock is held for the whole write: catalog writes of all
    // instances run one after another and the counter grows in commit order, and whatever this
    // write reads was committed by writes with smaller generations. Taking this lock before any
    // other row lock also means two catalog writes cannot deadlock on it. A rolled-back write
    // leaves the counter as it was.
    await sql`update catalog_generation set generation = generation + 1`.execute(tx);
    const result = await work(tx);
    await notifyChange(tx, 'catalog');
    return result;
  });
}
