// Builds dist/: the server (our code bundled by esbuild, every package left external so PGlite's
// WASM and pg stay where npm put them) and the storefront script (scripts/build-embed.mjs). Type
// checking is `npm run typecheck`; this only transpiles, so `npm start` serves within seconds.
import { build } from 'esbuild';
import { buildEmbed } from './build-embed.mjs';

await Promise.all([
  build({
    entryPoints: { main: 'src/main.ts' },
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
]);
