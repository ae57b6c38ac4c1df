// ops/grafana/dashboard.json is what ops/grafana/dashboard.ts generates (`npm run dashboard`). Run once,
// in the PGlite project. Its expressions are evaluated against a real Prometheus in alerts-under-faults.postgres.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardJson } from '../../ops/grafana/dashboard.ts';
import { projectRoot } from '../helpers/app.ts';
import { testDatabaseKind } from '../helpers/database.ts';

describe.skipIf(testDatabaseKind !== 'pglite')('Grafana dashboard', () => {
  it('is up to date with its code', () => {
    const committed = readFileSync(path.join(projectRoot, 'ops/grafana/dashboard.json'), 'utf8');
    expect(committed, 'ops/grafana/dashboard.json is stale: run npm run dashboard').toBe(dashboardJson());
  });
});
