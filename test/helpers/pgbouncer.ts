// A real PgBouncer (Debian's package) in transaction mode in front of the test PostgreSQL, for the
// tests of running behind a connection pooler, started by the benchmark's starter (one for both).
// Installed here when missing and possible (root or passwordless sudo, apt); where it cannot be,
// pgBouncerUnavailable() says why, and CI (which installs it in .ci/run) fails instead of skipping.
import { execFileSync } from 'node:child_process';
import { pgBouncerBinary, startPgBouncer as startPgBouncerOn, type PgBouncer } from '../../bench/lib/pgbouncer.mjs';

export type { PgBouncer } from '../../bench/lib/pgbouncer.mjs';

/** Installs Debian's pgbouncer if it is missing; returns why it is unavailable, or undefined. */
export function pgBouncerUnavailable(): string | undefined {
  if (pgBouncerBinary()) return undefined;
  const install = ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'pgbouncer'];
  try {
    const command = process.getuid?.() === 0 ? install : ['sudo', '-n', ...install];
    execFileSync(command[0]!, command.slice(1), { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch (error) {
    return `PgBouncer is not installed and could not be installed with apt-get (${(error as Error).message.split('\n')[0]})`;
  }
  return pgBouncerBinary() ? undefined : 'PgBouncer is not installed and apt-get did not install it';
}

/**
 * Starts PgBouncer in `pool_mode = transaction` in front of 127.0.0.1:5432 (every database, as
 * user postgres). poolSize is default_pool_size (PgBouncer's default: 20).
 */
export async function startPgBouncer(options: { poolSize?: number } = {}): Promise<PgBouncer> {
  if (!pgBouncerBinary()) throw new Error(pgBouncerUnavailable() ?? 'PgBouncer is not installed');
  return startPgBouncerOn({ postgresUrl: 'postgres://postgres@127.0.0.1:5432/', poolSize: options.poolSize ?? 20 });
}
