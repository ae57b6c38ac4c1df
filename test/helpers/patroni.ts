// A highly available PostgreSQL as production runs it (docs/operations.md#database-failover): etcd,
// two Patroni nodes on Debian's PostgreSQL in synchronous_mode, and HAProxy in front with a primary
// and a replica endpoint, each checking Patroni's REST API. Everything on free ports in a temporary
// folder. Debian's `patroni` and `etcd-server` are installed here when missing and possible (root or
// passwordless sudo, apt); where they cannot be, patroniUnavailable() says why, and CI (which
// installs them in .ci/run) fails instead of skipping. PostgreSQL refuses to run as root: as root,
// Patroni (and so PostgreSQL) runs as the `postgres` user, in folders it owns.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { debianPackageUnavailable } from './debian-package.ts';
import { haproxyUnavailable } from './haproxy.ts';
import { freePort } from './process.ts';

const PATRONI = '/usr/bin/patroni';
const PATRONICTL = '/usr/bin/patronictl';
const ETCD = '/usr/bin/etcd';
const HAPROXY = '/usr/sbin/haproxy';

/** Installs Debian's patroni, etcd-server (and haproxy) if missing; returns why they are unavailable, or undefined. */
export function patroniUnavailable(): string | undefined {
  return (
    haproxyUnavailable() ??
    debianPackageUnavailable('etcd-server', 'etcd', () => existsSync(ETCD)) ??
    debianPackageUnavailable('patroni', 'Patroni', () => existsSync(PATRONI)) ??
    (postgresBinDir() ? undefined : 'PostgreSQL server binaries are not installed (/usr/lib/postgresql/<version>/bin)')
  );
}

/** Debian's PostgreSQL binaries of the newest installed major version. */
function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

const asRoot = process.getuid?.() === 0;

/** The command run as the postgres user when we are root (setpriv execs: the child's pid is the command's). */
function asPostgres(command: string[]): string[] {
  return asRoot ? ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups', '--', ...command] : command;
}

export interface PatroniNode {
  name: string;
  pgPort: number;
  apiPort: number;
}

export interface PatroniCluster {
  nodes: Record<string, PatroniNode>;
  /** HAProxy's endpoints: `postgres://…` of the primary (checks GET /primary) and of the replica (GET /read-only). */
  primaryUrl: string;
  replicaUrl: string;
  /** The node Patroni's GET /primary answers 200 on now, if any. */
  leader(): Promise<string | undefined>;
  /** Whether `name`'s Patroni answers `path` (`/primary`, `/replica`, `/sync`) with 200. */
  answers(name: string, check: string): Promise<boolean>;
  /** Patroni and its postmaster killed with SIGKILL: the node lost. */
  kill(name: string): Promise<void>;
  /** Patroni started again on a node (it rejoins as a replica, rewinding if needed). */
  start(name: string): void;
  /** A planned `patronictl switchover` to `candidate`. */
  switchover(candidate: string): Promise<void>;
  /** Until `name` is a synchronous standby again (after a rejoin). */
  waitForSyncStandby(name: string, timeoutMs: number): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

async function until(what: string, condition: () => Promise<boolean>, timeoutMs: number, log: () => string): Promise<void> {
  const started = performance.now();
  while (!(await condition().catch(() => false))) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting until ${what}\n${log().slice(-4000)}`);
    await sleep(100);
  }
}

async function get(url: string): Promise<Response> {
  return fetch(url, { signal: AbortSignal.timeout(1000) });
}

function patroniConfig(dir: string, node: PatroniNode, etcdPort: number, binDir: string): string {
  const nodeDir = path.join(dir, node.name);
  return `scope: pms-failover
name: ${node.name}
log:
  level: WARNING
restapi:
  listen: 127.0.0.1:${node.apiPort}
  connect_address: 127.0.0.1:${node.apiPort}
etcd3:
  hosts: 127.0.0.1:${etcdPort}
bootstrap:
  dcs:
    # A lost leader's key expires after ttl: the standby is promoted some 10 s after the loss.
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      parameters:
        wal_log_hints: 'on'
        max_connections: 100
        shared_buffers: 16MB
        synchronous_commit: 'on'
  initdb:
  - encoding: UTF8
  - auth: trust
  pg_hba:
  - local all all trust
  - host replication all 127.0.0.1/32 trust
  - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${node.pgPort}
  connect_address: 127.0.0.1:${node.pgPort}
  data_dir: ${nodeDir}/data
  bin_dir: ${binDir}
  pgpass: ${nodeDir}/pgpass
  authentication:
    superuser: {username: postgres, password: postgres}
    replication: {username: postgres, password: postgres}
  parameters:
    unix_socket_directories: ${nodeDir}
`;
}

function haproxyConfig(nodes: PatroniNode[], ports: { primary: number; replica: number; stats: number }): string {
  const servers = (check: string) => [
    `  option httpchk GET ${check}`,
    ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.apiPort}`),
  ];
  return [
    'global',
    '  maxconn 400',
    'defaults',
    '  mode tcp',
    '  timeout connect 1s',
    '  timeout client 30m',
    '  timeout server 30m',
    '  timeout check 2s',
    // No retry of a refused connection: HAProxy would wait a second before each (its turn-around timer)
    // while a node restarts, and the client's connect time-out would run out instead of failing at once.
    '  retries 0',
    // A node that leaves an endpoint has its connections closed at once (on-marked-down): a client
    // holding one to a demoted primary finds out now, not at its next query.
    '  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions',
    'listen primary',
    `  bind 127.0.0.1:${ports.primary}`,
    ...servers('/primary'),
    'listen replica',
    `  bind 127.0.0.1:${ports.replica}`,
    '  balance roundrobin',
    // Any running node, the leader included: a standby being promoted never leaves the endpoint empty.
    ...servers('/read-only'),
    'listen stats',
    '  mode http',
    `  bind 127.0.0.1:${ports.stats}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

/** etcd, two Patroni nodes (`a` and `b`: one leads, the other is its synchronous standby) and HAProxy. */
export async function startPatroniCluster(): Promise<PatroniCluster> {
  const binDir = postgresBinDir()!;
  const dir = await mkdtemp(path.join(tmpdir(), 'pms-patroni-'));
  chmodSync(dir, 0o755);
  const children = new Map<string, ChildProcess>();
  let output = '';
  const track = (name: string, command: string[]): ChildProcess => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const log = (chunk: Buffer) => (output += `[${name}] ${chunk.toString()}`);
    child.stdout!.on('data', log);
    child.stderr!.on('data', log);
    children.set(name, child);
    return child;
  };

  const etcdPort = await freePort();
  const etcdPeerPort = await freePort();
  track('etcd', [
    ETCD,
    '--name',
    'pms',
    '--data-dir',
    path.join(dir, 'etcd'),
    '--listen-client-urls',
    `http://127.0.0.1:${etcdPort}`,
    '--advertise-client-urls',
    `http://127.0.0.1:${etcdPort}`,
    '--listen-peer-urls',
    `http://127.0.0.1:${etcdPeerPort}`,
    '--initial-advertise-peer-urls',
    `http://127.0.0.1:${etcdPeerPort}`,
    '--initial-cluster',
    `pms=http://127.0.0.1:${etcdPeerPort}`,
    '--log-level',
    'warn',
  ]);
  await until(
    'etcd answers',
    async () => (await get(`http://127.0.0.1:${etcdPort}/health`)).ok,
    10_000,
    () => output,
  );

  const nodes: Record<string, PatroniNode> = {};
  for (const name of ['a', 'b']) nodes[name] = { name, pgPort: await freePort(), apiPort: await freePort() };
  const configFile = (name: string) => path.join(dir, `${name}.yml`);
  for (const node of Object.values(nodes)) {
    await mkdir(path.join(dir, node.name), { mode: 0o700 });
    await writeFile(configFile(node.name), patroniConfig(dir, node, etcdPort, binDir));
    if (asRoot) {
      const postgresUser = execFileSync('id', ['-u', 'postgres']).toString().trim();
      const postgresGroup = execFileSync('id', ['-g', 'postgres']).toString().trim();
      chownSync(path.join(dir, node.name), Number(postgresUser), Number(postgresGroup));
      chownSync(configFile(node.name), Number(postgresUser), Number(postgresGroup));
    }
  }
  const start = (name: string) => {
    track(name, asPostgres([PATRONI, configFile(name)]));
  };
  const answers = async (name: string, check: string) => (await get(`http://127.0.0.1:${nodes[name]!.apiPort}${check}`)).status === 200;
  // Both at once: one wins the race to bootstrap the cluster (initdb) and leads; the other copies it.
  start('a');
  start('b');
  const waitForSyncStandby = (name: string, timeoutMs: number) =>
    until(
      `node ${name} is the synchronous standby`,
      () => answers(name, '/sync'),
      timeoutMs,
      () => output,
    );
  let first: string | undefined;
  await until(
    'a node leads and the other is its synchronous standby',
    async () => {
      first = (await answers('a', '/primary')) ? 'a' : (await answers('b', '/primary')) ? 'b' : undefined;
      return first !== undefined && (await answers(first === 'a' ? 'b' : 'a', '/sync'));
    },
    45_000,
    () => output,
  );
  const standby = first === 'a' ? 'b' : 'a';

  const ports = { primary: await freePort(), replica: await freePort(), stats: await freePort() };
  await writeFile(path.join(dir, 'haproxy.cfg'), haproxyConfig(Object.values(nodes), ports));
  const haproxy = track('haproxy', [HAPROXY, '-db', '-f', path.join(dir, 'haproxy.cfg')]);
  const haproxyExited = new Promise<void>((resolve) => haproxy.once('exit', () => resolve()));
  const backendUp = async (backend: string, server: string) => {
    const csv = await (await get(`http://127.0.0.1:${ports.stats}/stats;csv`)).text();
    const header = csv.split('\n')[0]!.replace(/^# /, '').split(',');
    const row = csv.split('\n').find((line) => line.startsWith(`${backend},${server},`));
    return row?.split(',')[header.indexOf('status')] === 'UP';
  };
  await until(
    'HAProxy routes to the primary and the replica',
    async () => (await backendUp('primary', first!)) && (await backendUp('replica', standby)),
    10_000,
    () => output,
  );

  const url = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  return {
    nodes,
    primaryUrl: url(ports.primary),
    replicaUrl: url(ports.replica),
    leader: async () => {
      for (const name of Object.keys(nodes)) if (await answers(name, '/primary').catch(() => false)) return name;
      return undefined;
    },
    answers,
    kill: async (name) => {
      const patroni = children.get(name);
      const postmasterPid = Number(readFileSync(path.join(dir, name, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      patroni?.kill('SIGKILL');
      try {
        process.kill(postmasterPid, 'SIGKILL');
      } catch {
        // already gone
      }
      if (patroni && patroni.exitCode === null && patroni.signalCode === null)
        await new Promise((resolve) => patroni.once('exit', resolve));
      // The postmaster's children notice its death and exit; wait until none answers.
      await until(
        `node ${name}'s PostgreSQL is gone`,
        async () => !isAlive(postmasterPid),
        10_000,
        () => output,
      );
    },
    start,
    switchover: async (candidate) => {
      const leader = Object.keys(nodes).find((n) => n !== candidate)!;
      const command = asPostgres([
        PATRONICTL,
        '-c',
        configFile(leader),
        'switchover',
        '--leader',
        leader,
        '--candidate',
        candidate,
        '--force',
      ]);
      await new Promise<void>((resolve, reject) => {
        const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`patronictl switchover failed (${code}): ${text}`))));
      });
    },
    waitForSyncStandby,
    output: () => output,
    stop: async () => {
      haproxy.kill('SIGTERM');
      await haproxyExited;
      // Patroni stops its PostgreSQL on SIGTERM (fast shutdown); then etcd.
      for (const name of Object.keys(nodes)) children.get(name)?.kill('SIGTERM');
      for (const name of Object.keys(nodes)) {
        const child = children.get(name)!;
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(forced);
        }
        const pidFile = path.join(dir, name, 'data', 'postmaster.pid');
        if (existsSync(pidFile)) {
          const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
          if (isAlive(pid)) process.kill(pid, 'SIGKILL');
        }
      }
      const etcd = children.get('etcd')!;
      etcd.kill('SIGTERM');
      if (etcd.exitCode === null && etcd.signalCode === null) await new Promise((resolve) => etcd.once('exit', resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A process that exists and is not a zombie (an orphan's reaper may be slow, or absent in a container). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
