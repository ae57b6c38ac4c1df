import { createHash } from 'node:crypto';

/**
 * Deterministic group id (docs/session-api.md#the-group-object): lowercase hex SHA-256 of the method ids sorted ascending
 * and joined with ",". The same set of ids gives the same id whatever their display order.
 */
export function groupIdOf(methodIds: readonly string[]): string {
  const sorted = [...methodIds].sort();
  return createHash('sha256').update(sorted.join(',')).digest('hex');
}
