// Two `npm start` at the same moment from one fresh checkout (no dist/ yet) both serve: the builds
// never race (scripts/build.mjs: one at a time under a lock, into a folder of its own renamed into
// place, skipped when dist/ is current), and `npm run serve` starts from what was built without
// building. Run once, on PGlite: the build is the same whatever the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/app.ts';
import { testDatabaseKind } from '../helpers/database.ts';
import { freePort } from '../helpers/process.ts';

let checkout: string | undefined;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) {
    // npm runs the server in a shell of its own: the whole process group goes.
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  if (checkout) await rm(checkout, { recursive: true, force: true });
});

/** What a fresh checkout holds for a start (no dist/), with the installed packages linked in. */
async function freshCheckout(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pms-checkout-'));
  for (const entry of ['src', 'embed/src', 'scripts', 'demo', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    await mkdir(path.dirname(path.join(dir, entry)), { recursive: true });
    await cp(path.join(projectRoot, entry), path.join(dir, entry), { recursive: true });
  }
  await symlink(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** `npm run <script>` in the checkout; resolves with its base URL once it serves. */
async function npm(dir: string, script: string, name: string): Promise<{ baseUrl: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn('npm', ['run', script], {
    cwd: dir,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      PORT: String(port),
      DATA_DIR: path.join(dir, `data-${name}`),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = performance.now();
  while (!/serving on /.test(output)) {
    if (child.exitCode !== null || performance.now() - started > 60_000) throw new Error(`npm run ${script} did not serve:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl: `http://127.0.0.1:${port}`, child, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

describe.skipIf(testDatabaseKind !== 'pglite')('starting from a fresh checkout', () => {
  it('two npm start at once both build-or-wait and serve; npm run serve builds nothing', async () => {
    checkout = await freshCheckout();
    const [a, b] = await Promise.all([npm(checkout, 'start', 'a'), npm(checkout, 'start', 'b')]);
    for (const server of [a, b]) {
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      // The demo storefront, its assets read from dist/demo at start-up.
      expect((await fetch(`${server.baseUrl}/demo`)).status).toBe(200);
    }
    // Nothing left behind by either build: no half-built folder, no lock.
    expect((await readdir(checkout)).filter((entry) => entry.startsWith('dist'))).toEqual(['dist']);
    const builtAt = (await stat(path.join(checkout, 'dist/main.js'))).mtimeMs;
    await Promise.all([stop(a.child), stop(b.child)]);

    // The production command: from what was built, without building again.
    const served = await npm(checkout, 'serve', 'c');
    expect((await fetch(`${served.baseUrl}/readyz`)).status).toBe(200);
    expect((await stat(path.join(checkout, 'dist/main.js'))).mtimeMs).toBe(builtAt);
    await stop(served.child);
  }, 120_000);
});
