// PgBouncer (Debian's package) in transaction mode in front of a PostgreSQL server, for the
// benchmark's pooler scenarios and the tests of running behind a pooler (test/helpers/pgbouncer.ts
// imports it: one starter, in JavaScript, as a benchmark script cannot import TypeScript on Node 20).
// PgBouncer's defaults but for where it listens, trust authentication (as the local server has),
// the mode and the pool size. As root it runs as postgres: PgBouncer refuses to run as root.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './processes.mjs';

/** Where Debian's pgbouncer is installed, or undefined; looked up at each call, as a test may install it. */
export const pgBouncerBinary = () => ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((candidate) => existsSync(candidate));

const listening = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() || true));
    socket.once('error', () => resolve(false));
  });

/**
 * Starts PgBouncer in front of `postgresUrl`'s server (every database, as its user); poolSize is
 * default_pool_size (PgBouncer's default: 20). Returns { url(database), poolSize, output(), stop() }.
 */
export async function startPgBouncer({ postgresUrl, poolSize = 20 }) {
  const binary = pgBouncerBinary();
  if (!binary) throw new Error('PgBouncer is not installed (apt-get install pgbouncer)');
  const server = new URL(postgresUrl);
  // Its own folder in the system's temporary one: as postgres it cannot enter a caller's (0700).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pms-pgbouncer-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      // Any database name the client asks for, on that server.
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? ['runuser', '-u', 'postgres', '--', binary] : [binary];
  const child = spawn(command[0], [...command.slice(1), path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk.toString()));
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let attempt = 0; !(await listening(port)); attempt += 1) {
    if (attempt > 100 || child.exitCode !== null) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start:\n${output}`);
    }
    await sleep(50);
  }
  return {
    url: (database) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`,
    poolSize,
    output: () => output,
    stop: async () => {
      // Already gone (a signal leaves exitCode null and sets signalCode).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
