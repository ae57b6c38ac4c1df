// Builds dist/: the server and the CLI (our code bundled by esbuild, every package left external so
// PGlite's WASM and pg stay where npm put them), the storefront script (scripts/build-embed.mjs) and
// the demo storefront's assets. Type checking is `npm run typecheck`; this only transpiles, so
// `npm start` serves within seconds.
import { chmod, cp } from 'node:fs/promises';
import { build } from 'esbuild';
import { buildEmbed } from './build-embed.mjs';

await Promise.all([
  build({
    // main: the server; cli: the operator CLI (`pms`, package.json "bin"), a second bundle.
    entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
    outdir: 'dist',
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  }),
  buildEmbed({ outdir: 'dist/embed' }),
  // The demo storefront's page, script and stylesheet, read by dist/main.js at start-up.
  cp('src/http/demo/assets', 'dist/demo/assets', { recursive: true }),
]);
// The CLI starts with `#!/usr/bin/env node` (kept by esbuild): executable as dist/cli.js too.
await chmod('dist/cli.js', 0o755);
