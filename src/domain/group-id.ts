import { createHash } from 'node:crypto';

/**
 * Deterministic group id (contract §4): lowercase hex SHA-256 of the method ids sorted ascending
 * and joined with ",". The same set of ids gives the same id whatever their display order.
 */
export function groupIdOf(methodIds: readonly string[]): string {
  const sorted = [...methodIds].sort();
  return createHash('sha256').update(sorted.join(',')).digest('hex');
}
