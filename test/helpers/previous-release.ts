// The previous release, built from this repository's history, for the test that shows it keeps
// serving on the schema this release migrates (test/pooler/previous-release.test.ts,
// docs/migrations.md#the-previous-release-on-the-migrated-schema). Its sources come out of git
// (`git archive`, no worktree registered), into a temporary folder with this checkout's node_modules
// linked in, and its own scripts/build.mjs builds its dist/ there (esbuild: about a second).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from './app.ts';

const run = promisify(execFile);

/**
 * The release the upgrade test runs beside this one: the last release before the newest migration
 * (this one is the last commit before 0015_session_rules, "Production test: requests that must be told
 * to close …"). Move it when a release with a new migration goes out: to the last commit of the
 * release it replaces, the one still serving while it rolls out (`git log --oneline`; the commit just
 * before that round's first change). A full hash: a short one can become ambiguous. The test fails
 * when this commit already has the newest migration (it would compare a release with itself).
 */
export const PREVIOUS_RELEASE = '4d01626e24914af42ce06261ea78d5b7c7ac3ce7';

/** Why the previous release cannot be built here (no git, or a shallow clone without that commit), or undefined. */
export function previousReleaseUnavailable(): string | undefined {
  try {
    execFileSync('git', ['-C', projectRoot, 'cat-file', '-e', `${PREVIOUS_RELEASE}^{commit}`], { stdio: 'ignore' });
    return undefined;
  } catch {
    return (
      `the previous release (commit ${PREVIOUS_RELEASE.slice(0, 7)}) is not in this checkout's git history ` +
      '(a shallow clone, or no git): fetch it, e.g. git fetch --unshallow'
    );
  }
}

export interface PreviousRelease {
  /** The folder holding its sources and dist/: startServer(env, timeout, { root }). */
  root: string;
  /** Its migrations' names (src/storage/migrations/), sorted. */
  migrations: string[];
  /** Its demo catalog (demo/catalog.json), in its own catalog format. */
  demoCatalog: Record<string, unknown>;
  /** Removes the folder. */
  remove(): Promise<void>;
}

/** Extracts PREVIOUS_RELEASE into a temporary folder and builds it there. */
export async function buildPreviousRelease(): Promise<PreviousRelease> {
  const root = await mkdtemp(path.join(tmpdir(), 'pms-previous-release-'));
  const remove = () => rm(root, { recursive: true, force: true });
  try {
    await run('sh', ['-c', 'git -C "$1" archive "$2" | tar -x -C "$3"', 'sh', projectRoot, PREVIOUS_RELEASE, root]);
    // This checkout's packages: the same lock file today. Should a release change them, the previous one
    // runs on the newer packages here; run `npm ci` in `root` instead if that ever matters.
    await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    await run(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root });
    const migrations = (await readdir(path.join(root, 'src/storage/migrations')))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.slice(0, -'.ts'.length))
      .sort();
    const demoCatalog = JSON.parse(await readFile(path.join(root, 'demo/catalog.json'), 'utf8')) as Record<string, unknown>;
    return { root, migrations, demoCatalog, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
