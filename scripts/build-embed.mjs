// Builds the storefront script (embed.src): embed/src/bundle.ts → one minified IIFE, named by a
// hash of its content so it can be cached forever, plus manifest.json naming it. Run directly
// (`node scripts/build-embed.mjs [outdir]`) or call buildEmbed() from the server build or tests.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Relative to this file. The server bundle (dist/main.js) may inline this file; dist/ sits beside
// scripts/, so these paths hold there too.
const SELF = fileURLToPath(import.meta.url);
const ENTRY = fileURLToPath(new URL('../embed/src/bundle.ts', import.meta.url));
export const DEFAULT_OUTDIR = fileURLToPath(new URL('../dist/embed', import.meta.url));

/**
 * @param {{ outdir?: string }} [options]
 * @returns {Promise<{ file: string, sha384: string, bytes: number, gzipBytes: number }>}
 */
export async function buildEmbed({ outdir = DEFAULT_OUTDIR } = {}) {
  // Loaded here, not at the top: the server may import this file, and production installs
  // without dev dependencies only ever read a manifest built beforehand.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    outfile: 'bundle.js',
    logLevel: 'warning',
  });
  const body = result.outputFiles[0].contents;
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  const manifest = {
    file: `payment-components.${hash}.js`,
    sha384: createHash('sha384').update(body).digest('base64'),
    bytes: body.byteLength,
    gzipBytes: gzipSync(body).byteLength,
  };
  const dir = resolve(outdir);
  await mkdir(dir, { recursive: true });
  // Write-then-rename: a server or test reading the folder meanwhile never sees half a file.
  await writeAtomically(join(dir, manifest.file), body);
  await writeAtomically(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function writeAtomically(path, data) {
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

// Run as a command only when this very file is the command: inlined into dist/main.js, the
// second test would otherwise be true too and every server start would build.
if (basename(SELF) === 'build-embed.mjs' && process.argv[1] && resolve(process.argv[1]) === SELF) {
  const manifest = await buildEmbed({ outdir: process.argv[2] ?? DEFAULT_OUTDIR });
  console.log(`embed: ${manifest.file} ${manifest.bytes} bytes, ${manifest.gzipBytes} gzipped`);
}
