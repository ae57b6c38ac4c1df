// A real PgBouncer (Debian's package) in transaction mode in front of the test PostgreSQL, for the
// tests of running behind a connection pooler. Its settings are PgBouncer's defaults except what a
// test must set: where it listens, whom it lets in (trust, as the test server does) and the mode.
// Installed here when missing and possible (root or passwordless sudo, apt); where it cannot be,
// pgBouncerUnavailable() says why, and CI (which installs it in .ci/run) fails instead of skipping.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './process.ts';

const BINARY_PATHS = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

function binary(): string | undefined {
  return BINARY_PATHS.find((candidate) => existsSync(candidate));
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** Installs Debian's pgbouncer if it is missing; returns why it is unavailable, or undefined. */
export function pgBouncerUnavailable(): string | undefined {
  if (binary()) return undefined;
  const install = ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'pgbouncer'];
  try {
    const command = isRoot() ? install : ['sudo', '-n', ...install];
    execFileSync(command[0]!, command.slice(1), { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch (error) {
    return `PgBouncer is not installed and could not be installed with apt-get (${(error as Error).message.split('\n')[0]})`;
  }
  return binary() ? undefined : 'PgBouncer is not installed and apt-get did not install it';
}

export interface PgBouncer {
  /** postgres:// URL of `database` through the pooler. */
  url(database: string): string;
  /** Server connections PgBouncer holds to PostgreSQL per database and user. */
  readonly poolSize: number;
  output(): string;
  stop(): Promise<void>;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts PgBouncer in `pool_mode = transaction` in front of 127.0.0.1:5432 (every database, as
 * user postgres). poolSize is default_pool_size (PgBouncer's default: 20).
 */
export async function startPgBouncer(options: { poolSize?: number } = {}): Promise<PgBouncer> {
  const executable = binary();
  if (!executable) throw new Error(pgBouncerUnavailable() ?? 'PgBouncer is not installed');
  const dir = await mkdtemp(path.join(tmpdir(), 'pms-pgbouncer-'));
  const port = await freePort();
  const poolSize = options.poolSize ?? 20;
  const users = path.join(dir, 'users.txt');
  const config = path.join(dir, 'pgbouncer.ini');
  await writeFile(users, '"postgres" ""\n');
  await writeFile(
    config,
    [
      '[databases]',
      // Any database name the client asks for, on the test server.
      '* = host=127.0.0.1 port=5432',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: as root, run it as postgres (who must read the files).
  await chmod(dir, 0o755);
  const command = isRoot() ? ['runuser', '-u', 'postgres', '--', executable, config] : [executable, config];
  const child: ChildProcess = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; !(await listening(port)); attempt++) {
    if (attempt > 100 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`PgBouncer did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    poolSize,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
