// What the CLI's test files share: a work directory with a fresh database of the project's kind
// (migrated, as on PostgreSQL: a copy of the run's template saves every PGlite run its initdb), the
// CLI's program run on it in process (as `node dist/cli.js` would run it, without a process's start-up
// per command) or as the real process, and a server stopped cleanly.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { buildDist, processEnvironment, runCli, runCliInProcess, type CliResult, type ServerProcess } from '../helpers/process.ts';

export interface CliHarness {
  workDir: string;
  env: Record<string, string>;
  /** `pms …args` on the work directory's database: the CLI's program in process. */
  cli(...args: string[]): Promise<CliResult>;
  /** `node dist/cli.js …args` in the work directory: the real process. */
  cliProcess(...args: string[]): Promise<CliResult>;
  /** Writes `value` as JSON into the work directory; returns the file's path. */
  writeJson(name: string, value: unknown): Promise<string>;
  close(): Promise<void>;
}

export async function startCliHarness(name: string): Promise<CliHarness> {
  buildDist();
  const environment = await processEnvironment(name, { DEMO: '0' }, {}, { migrated: true });
  const { workDir, env } = environment;
  return {
    workDir,
    env,
    cli: (...args) => runCliInProcess(env, args),
    cliProcess: (...args) => runCli(workDir, env, args),
    writeJson: async (file, value) => {
      const target = path.join(workDir, file);
      await writeFile(target, JSON.stringify(value));
      return target;
    },
    close: () => environment.close(),
  };
}

/** The client secret a successful `pms client create` or `rotate-secret` printed. */
export function secretOf(result: CliResult): string {
  expect(result.code, result.stderr).toBe(0);
  const match = /^clientSecret: (\S+)$/m.exec(result.stdout);
  expect(match, result.stdout).not.toBeNull();
  return match![1]!;
}

/** SIGTERM, and a clean exit (0). */
export async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
}
