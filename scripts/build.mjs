// Compiles the server and the CLI into dist/ with esbuild: our code bundled, every package left
// external (PGlite's WASM and pg stay where npm put them). Type checking is `npm run typecheck`;
// this step only transpiles, so `npm start` serves within a second or two of being typed.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
