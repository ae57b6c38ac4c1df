// Runs the real server (node dist/main.js) as a child process for tests that need a process:
// restarts, kill -9, exit codes, signals.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { projectRoot } from './app.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './database.ts';
import { freePort } from '../../bench/lib/processes.mjs';

let built = false;

/**
 * V8's baseline WebAssembly compiler only, for the short runs of the CLI and of test servers: PGlite's
 * module is otherwise compiled a second time, optimised, which a run of seconds hardly uses (a quarter
 * of a CLI command's CPU; a server's start on PGlite 5.0 → 3.4 s, on PostgreSQL no change). What the
 * process does is the same; only how fast its database's code would run after some seconds differs.
 */
const NODE_FLAGS = ['--liftoff-only'];

/** Builds dist/ once per test file (esbuild: well under a second), unless the run built it (test/global-setup.ts). */
export function buildDist(): void {
  if (built || inject('distBuilt')) return;
  execFileSync(process.execPath, [path.join(projectRoot, 'scripts/build.mjs')], { cwd: projectRoot, stdio: 'inherit' });
  built = true;
}

export { freePort };

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Milliseconds from spawn to the "serving on" line. */
  startupMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

// 60 s: a first start on PGlite takes 4–8 s alone and passed 30 s on a 2-core machine loaded many times over.
// `root`: the checkout whose dist/main.js runs, this one by default (another release's: test/helpers/previous-release.ts).
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  { root = projectRoot }: { root?: string } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(root, 'dist/main.js')], {
    cwd: root,
    // No drain delay unless a test asks for one: nothing balances these processes.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'warn', SHUTDOWN_DELAY_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const check = () => {
      if (/serving on /.test(output)) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(/serving on /.test(output));
    });
  });
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`server did not start:\n${output}`);
  }
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, startupMs: performance.now() - started, exited };
}

/** Runs the server expecting it to exit by itself (for refused configurations). */
export async function runServerToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(projectRoot, 'dist/main.js')], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(await freePort()), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return { code, output };
}

export interface ProcessEnvironment {
  /** A temporary folder of the test's own. */
  workDir: string;
  /** DATABASE_URL of a fresh PostgreSQL database, or DATA_DIR in workDir (PGlite), plus `extra`. */
  env: Record<string, string>;
  /** Drops the database and removes the folder. */
  close(): Promise<void>;
}

/**
 * A folder and a database for real processes, on the test run's database kind: a fresh PostgreSQL
 * database (which the processes migrate themselves: this handle only makes it) or a PGlite data
 * directory. `onPostgres` is added only on PostgreSQL (where the demo catalog is off by default).
 */
export async function processEnvironment(
  name: string,
  extra: Record<string, string> = {},
  onPostgres: Record<string, string> = {},
  /**
   * migrated: the PGlite data directory starts as a copy of the run's migrated template, as the
   * PostgreSQL database always does (it saves the child's initdb, 2–3 s). Left out where a test is
   * about a first start on an empty directory.
   */
  { migrated = false }: { migrated?: boolean } = {},
): Promise<ProcessEnvironment> {
  const workDir = await mkdtemp(path.join(tmpdir(), `pms-${name}-`));
  let database: TestDatabase | undefined;
  let env: Record<string, string>;
  if (testDatabaseKind === 'postgres') {
    database = await createTestDatabase('postgres');
    await database.handle.close();
    env = { DATABASE_URL: database.url!, ...onPostgres, ...extra };
  } else {
    const dataDir = path.join(workDir, 'data');
    const snapshot = inject('pgliteSnapshotFile');
    if (migrated && snapshot) {
      await mkdir(dataDir);
      // PGlite's dump is a tar of its data directory, taken while it ran: without its lock file.
      // It opens with a 16 MB buffer pool, not 128 MB, as the template was made (test/global-setup.ts).
      execFileSync('tar', ['-xf', snapshot, '-C', dataDir, '--exclude=postmaster.pid']);
    }
    env = { DATA_DIR: dataDir, ...extra };
  }
  return {
    workDir,
    env,
    close: async () => {
      await database?.drop().catch(() => {});
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The operator CLI's program in this process (src/cli-program.ts, what `dist/cli.js` runs) with `env`
 * only: the same commands, output and exit statuses without a second of start-up per command (Node,
 * its modules, PGlite's WebAssembly). Paths it is given must be absolute (the process's `cwd` is the
 * test run's). `runCli` runs the real process, for what only a process shows.
 */
export async function runCliInProcess(env: Record<string, string>, args: string[]): Promise<CliResult> {
  const { runCli: run } = await import('../../src/cli-program.ts');
  let stdout = '';
  let stderr = '';
  const code = await run(args, { out: (text) => (stdout += text), err: (text) => (stderr += text), env: { ...env } });
  return { code, stdout, stderr };
}

/** Runs the operator CLI (`node dist/cli.js …`) in `workDir` with `env` only (and PATH), as an operator's shell would. */
export function runCli(workDir: string, env: Record<string, string>, args: string[]): Promise<CliResult> {
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(projectRoot, 'dist/cli.js'), ...args], {
    cwd: workDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A command that hangs fails its test (killed: code null) instead of stalling the run.
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}
