// `npm run dashboard`: writes ops/grafana/dashboard.json from ops/grafana/dashboard.ts (bundled by esbuild
// into a temporary folder: Node 20 runs no TypeScript). test/house/ops.test.ts fails when the file is stale.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = await mkdtemp(path.join(tmpdir(), 'pms-dashboard-'));
try {
  const bundle = path.join(out, 'dashboard.mjs');
  await build({
    entryPoints: [path.join(root, 'ops/grafana/dashboard.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: bundle,
    logLevel: 'warning',
  });
  const { dashboardJson } = await import(pathToFileURL(bundle).href);
  const target = path.join(root, 'ops/grafana/dashboard.json');
  await writeFile(target, dashboardJson());
  console.log(`wrote ${path.relative(root, target)}`);
} finally {
  await rm(out, { recursive: true, force: true });
}
