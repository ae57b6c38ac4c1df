// A real HAProxy (Debian's package) in front of service instances, for the deploy tests: health
// checks on /readyz, keep-alive to the instances, retries 3 and option redispatch, as an operator
// would configure it (docs/operations.md#deploys), with a short check interval to keep the test fast.
// Installed here when missing and possible (root or passwordless sudo, apt); where it cannot be,
// haproxyUnavailable() says why, and CI (which installs it in .ci/run) fails instead of skipping.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { debianPackageUnavailable } from './debian-package.ts';
import { freePort } from './process.ts';

const BINARY = '/usr/sbin/haproxy';

/** Installs Debian's haproxy if it is missing; returns why it is unavailable, or undefined. */
export function haproxyUnavailable(): string | undefined {
  return debianPackageUnavailable('haproxy', 'HAProxy', () => existsSync(BINARY));
}

export interface HaproxyOptions {
  /** Server name → port on 127.0.0.1. */
  servers: Record<string, number>;
  /** Health check interval (`inter`), in milliseconds. */
  checkIntervalMs: number;
}

export interface Haproxy {
  /** http:// base URL of the frontend. */
  baseUrl: string;
  /** What HAProxy thinks of a server now: `UP`, `DOWN`, … (its stats page). */
  status(server: string): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

/** Starts HAProxy in the foreground (-db) with the configuration of docs/operations.md#deploys. */
export async function startHaproxy(options: HaproxyOptions): Promise<Haproxy> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pms-haproxy-'));
  const port = await freePort();
  const statsPort = await freePort();
  const config = path.join(dir, 'haproxy.cfg');
  await writeFile(
    config,
    [
      'defaults',
      '  mode http',
      '  option http-keep-alive',
      '  timeout connect 1s',
      // A check's answer may take this long (/readyz waits up to 2 s for the database). Unset, it would be
      // `inter`: under load the instance left serving alone answered its check later than that, was
      // marked down (fall 1), and with the other stopped HAProxy answered 503 to everyone.
      '  timeout check 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      // Below the instances' 72 s: the balancer closes idle connections, not the instance.
      '  timeout http-keep-alive 60s',
      '  retries 3',
      '  option redispatch',
      'frontend shop',
      `  bind 127.0.0.1:${port}`,
      '  default_backend service',
      'backend service',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-reuse safe',
      `  default-server inter ${options.checkIntervalMs}ms fall 1 rise 1`,
      ...Object.entries(options.servers).map(([name, serverPort]) => `  server ${name} 127.0.0.1:${serverPort} check`),
      'listen stats',
      `  bind 127.0.0.1:${statsPort}`,
      '  stats enable',
      '  stats uri /stats',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(BINARY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const status = async (server: string): Promise<string> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const row = csv.split('\n').find((line) => line.startsWith(`service,${server},`));
    const header = csv.split('\n')[0]!.replace(/^# /, '').split(',');
    return row?.split(',')[header.indexOf('status')] ?? 'unknown';
  };
  for (let attempt = 0; ; attempt++) {
    try {
      await status(Object.keys(options.servers)[0]!);
      break;
    } catch {
      if (attempt > 100 || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`HAProxy did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    status,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
