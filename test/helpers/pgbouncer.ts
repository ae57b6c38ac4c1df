// A real PgBouncer (Debian's package) in transaction mode in front of the test PostgreSQL, for the
// tests of running behind a connection pooler, started by the benchmark's starter (one for both).
// Installed here when missing and possible (root or passwordless sudo, apt); where it cannot be,
// pgBouncerUnavailable() says why, and CI (which installs it in .ci/run) fails instead of skipping.
import { pgBouncerBinary, startPgBouncer as startPgBouncerOn, type PgBouncer } from '../../bench/lib/pgbouncer.mjs';
import { debianPackageUnavailable } from './debian-package.ts';

export type { PgBouncer } from '../../bench/lib/pgbouncer.mjs';

/** Installs Debian's pgbouncer if it is missing; returns why it is unavailable, or undefined. */
export function pgBouncerUnavailable(): string | undefined {
  return debianPackageUnavailable('pgbouncer', 'PgBouncer', () => pgBouncerBinary() !== undefined);
}

/**
 * Starts PgBouncer in `pool_mode = transaction` in front of 127.0.0.1:5432 (every database, as
 * user postgres). poolSize is default_pool_size (PgBouncer's default: 20).
 */
export async function startPgBouncer(options: { poolSize?: number } = {}): Promise<PgBouncer> {
  if (!pgBouncerBinary()) throw new Error(pgBouncerUnavailable() ?? 'PgBouncer is not installed');
  return startPgBouncerOn({ postgresUrl: 'postgres://postgres@127.0.0.1:5432/', poolSize: options.poolSize ?? 20 });
}
