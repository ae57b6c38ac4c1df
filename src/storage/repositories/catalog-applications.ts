// Which catalog file was last applied from each source, and at which catalog generation
// (services/catalog-import.ts: a file already applied, with no catalog write since, is skipped).
import { sql } from 'kysely';
import type { Db, Tx } from '../handles.ts';

export class CatalogApplicationsRepository {
  constructor(private readonly db: Db | Tx) {}

  /** True when `digest` was the last application from `source` and no catalog write has happened since. */
  async isCurrent(source: string, digest: string): Promise<boolean> {
    const { rows } = await sql<{ current: boolean }>`
      select a.digest = ${digest}::text and a.generation = g.generation as current
      from catalog_applications a, catalog_generation g
      where a.source = ${source}::text`.execute(this.db);
    return rows[0]?.current === true;
  }

  /**
   * Records `digest` as applied from `source` at the generation this transaction set (called in
   * the catalog transaction, which incremented the generation first).
   */
  async record(source: string, digest: string): Promise<void> {
    await sql`insert into catalog_applications (source, digest, generation)
      select ${source}::text, ${digest}::text, generation from catalog_generation
      on conflict (source) do update
        set digest = excluded.digest, generation = excluded.generation, applied_at = now()`.execute(this.db);
  }
}
