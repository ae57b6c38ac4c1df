// The database as code outside src/storage holds it: a handle to open transactions with and to give
// to repositories, never to write queries with. These names are the only way past storage's
// boundary, so that no file outside src/storage imports kysely or pg (.dependency-cruiser.cjs,
// sql-stays-in-storage) and a query written elsewhere shows as a use of Db or Tx to grep for.
import type { Kysely, Migration as KyselyMigration, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** The database: begin a transaction (`db.transaction().execute(…)`) or hand it to a repository. */
export type Db = Kysely<Database>;
/** A transaction in progress, for the repositories that must write in it. */
export type Tx = Transaction<Database>;
/** One schema migration (storage/migrations/). */
export type Migration = KyselyMigration;
