// PgBouncer (Debian's package) in transaction mode in front of the benchmark's PostgreSQL, for the
// pooler scenarios. Its defaults but for where it listens, trust authentication (as the local
// server has) and the pool size. As root it runs as postgres: PgBouncer refuses to run as root.
// (test/helpers/pgbouncer.ts is the tests' twin; a benchmark script cannot import TypeScript on Node 20.)
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './processes.mjs';

export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((candidate) => existsSync(candidate));

const listening = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() || true));
    socket.once('error', () => resolve(false));
  });

/** Starts PgBouncer in front of `postgresUrl`'s server; returns { url(database), stop() }. */
export async function startPgBouncer({ postgresUrl, poolSize }) {
  if (!PGBOUNCER) throw new Error('PgBouncer is not installed (apt-get install pgbouncer)');
  const server = new URL(postgresUrl);
  // Its own folder in the system's temporary one: as postgres it cannot enter the benchmark's (0700).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pms-bench-pgbouncer-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
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
  const command = asRoot ? ['runuser', '-u', 'postgres', '--', PGBOUNCER] : [PGBOUNCER];
  const child = spawn(command[0], [...command.slice(1), path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  for (let attempt = 0; !(await listening(port)); attempt += 1) {
    if (attempt > 100 || child.exitCode !== null) throw new Error('PgBouncer did not start');
    await sleep(50);
  }
  return {
    url: (database) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      // Already gone (a signal leaves exitCode null and sets signalCode).
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
