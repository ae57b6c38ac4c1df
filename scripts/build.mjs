// Builds dist/: the server and the CLI (our code bundled by esbuild, every package left external so
// PGlite's WASM and pg stay where npm put them), the storefront script (scripts/build-embed.mjs) and
// the demo storefront's assets. Type checking is `npm run typecheck`; this only transpiles, so
// `npm start` serves within seconds.
//
// Safe to run several times at once (two `npm start` from one checkout, test files in parallel):
// one build at a time under a lock (a directory, created atomically), each into a folder of its own
// that then replaces dist/ by rename, so a server never starts from half a build. A dist/ built
// from the same sources (a digest of them, in dist/.build-digest) is kept as it is: the second of
// two starts, and every restart without a change, builds nothing.
import { createHash, randomBytes } from 'node:crypto';
import { chmod, cp, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';
import { buildEmbed } from './build-embed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const lock = path.join(root, 'dist.build-lock');
/** What the build reads: a change to any of these makes the next build build. */
const INPUTS = ['src', 'embed/src', 'scripts/build.mjs', 'scripts/build-embed.mjs', 'package.json', 'package-lock.json'];
const LOCK_WAIT_MS = 120_000;

async function filesUnder(relative) {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOTDIR') return undefined;
    throw error;
  });
  if (!entries) return [relative];
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(relative, entry.name)) : [path.join(relative, entry.name)])),
  );
  return nested.flat();
}

async function sourceDigest() {
  const hash = createHash('sha256');
  const files = (await Promise.all(INPUTS.map(filesUnder))).flat().sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path.join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the build lock; a lock whose builder died (its pid gone) is taken over. */
async function acquireLock() {
  const started = Date.now();
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(path.join(lock, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const pid = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => ''));
    // No pid yet: the holder is between mkdir and writeFile, or died there; give it a moment.
    if (pid > 0 && !alive(pid)) await rm(lock, { recursive: true, force: true });
    else if (!pid && Date.now() - started > 5000) await rm(lock, { recursive: true, force: true });
    else if (Date.now() - started > LOCK_WAIT_MS) throw new Error(`another build (pid ${pid}) holds ${lock} for over 2 minutes`);
    else await sleep(100);
  }
}

async function buildInto(outdir) {
  await Promise.all([
    build({
      // main: the server; cli: the operator CLI (`pms`, package.json "bin"), a second bundle.
      entryPoints: { main: path.join(root, 'src/main.ts'), cli: path.join(root, 'src/cli.ts') },
      outdir,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      // The console's views (src/http/console/views/*.tsx), as tsconfig.json compiles them.
      jsx: 'automatic',
      jsxImportSource: '@kitajs/html',
      logLevel: 'warning',
    }),
    buildEmbed({ outdir: path.join(outdir, 'embed') }),
    // The demo storefront's page, script and stylesheet, read by dist/main.js at start-up.
    cp(path.join(root, 'src/http/demo/assets'), path.join(outdir, 'demo/assets'), { recursive: true }),
  ]);
  // The CLI starts with `#!/usr/bin/env node` (kept by esbuild): executable as dist/cli.js too.
  await chmod(path.join(outdir, 'cli.js'), 0o755);
}

await acquireLock();
try {
  const digest = await sourceDigest();
  const built = await readFile(path.join(dist, '.build-digest'), 'utf8').catch(() => undefined);
  if (built !== digest) {
    // Beside dist/, at the same depth: the source maps' relative paths hold after the rename.
    const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const fresh = path.join(root, `dist.tmp-${suffix}`);
    const old = path.join(root, `dist.old-${suffix}`);
    try {
      await buildInto(fresh);
      await writeFile(path.join(fresh, '.build-digest'), digest);
      // Two renames: dist/ is missing only between them, for microseconds, never half-written.
      const hadDist = await rename(dist, old).then(
        () => true,
        (error) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
      await rename(fresh, dist);
      if (hadDist) await rm(old, { recursive: true, force: true });
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }
} finally {
  await rm(lock, { recursive: true, force: true });
}
