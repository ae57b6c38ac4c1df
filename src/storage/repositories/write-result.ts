/** What an upsert did: catalog application reports these counts. */
export type WriteResult = 'created' | 'updated' | 'unchanged';

/**
 * Reads the row an `insert … on conflict do update … where <changed> returning xmax = 0` gave back:
 * `xmax = 0` marks a row the statement inserted; no row means the WHERE found nothing to change.
 */
export function upsertOutcome(row: { inserted: boolean } | undefined): WriteResult {
  if (!row) return 'unchanged';
  return row.inserted ? 'created' : 'updated';
}
