// `npm run dashboard`: writes ops/grafana/dashboard.json from ops/grafana/dashboard.ts (bundled by esbuild
// into a temporary module: Node 20 does not run TypeScript itself).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = await mkdtemp(path.join(tmpdir(), 'pms-dashboard-'));
try {
  const outfile = path.join(folder, 'dashboard.mjs');
  await build({
    entryPoints: [path.join(root, 'ops/grafana/dashboard.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
  });
  const { dashboardJson } = await import(pathToFileURL(outfile).href);
  await writeFile(path.join(root, 'ops/grafana/dashboard.json'), dashboardJson());
  process.stdout.write('wrote ops/grafana/dashboard.json\n');
} finally {
  await rm(folder, { recursive: true, force: true });
}
