// The real process: the README's start command path, restarts on existing data, durability of an
// acknowledged session across kill -9, refusal of an invalid catalog, graceful SIGTERM.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../helpers/app.ts';
import { testDatabaseKind } from '../helpers/database.ts';
import { buildDist, freePort, processEnvironment, runServerToExit, startServer, type ProcessEnvironment } from '../helpers/process.ts';
import { NORDIC } from '../helpers/demo.ts';
import { fetchSession, fetchToken } from '../helpers/http.ts';

let environment: ProcessEnvironment;
let workDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  buildDist();
  environment = await processEnvironment('process', {}, { DEMO: '1' });
  ({ workDir, env } = environment);
});

afterAll(async () => {
  await environment?.close();
});

describe('the server process', () => {
  it('serves the demo, keeps acknowledged sessions and tokens across kill -9, and restarts on its data', async () => {
    // Same address across the restart: it is the tokens' issuer.
    const address = { ...env, PORT: String(await freePort()) };
    const first = await startServer(address);
    expect(first.output()).toContain(`client secret: ${NORDIC.secret}`);
    console.info(`[${testDatabaseKind}] first start served after ${first.startupMs.toFixed(0)} ms`);
    const accessToken = await fetchToken(first.baseUrl, NORDIC);
    const sessions: string[] = [];
    for (let i = 0; i < 5; i++) sessions.push(await fetchSession(first.baseUrl, accessToken));
    // Killed right after the last 201: no chance to flush anything more.
    first.child.kill('SIGKILL');
    await first.exited;

    // Restarted with a replica URL that is not PostgreSQL's: reported by name at start (never its value),
    // and served from the primary alone (docs/operations.md#database-failover).
    const second = await startServer({ ...address, DATABASE_REPLICA_URL: 'mysql://reader:s3cret@db.internal/pms' });
    // (A JSON log line: its quotes escaped.)
    expect(second.output()).toContain(
      'DATABASE_REPLICA_URL must use postgres: or postgresql:, got \\"mysql:\\": serving from the primary alone',
    );
    expect(second.output()).not.toContain('s3cret');
    console.info(`[${testDatabaseKind}] restart on existing data served after ${second.startupMs.toFixed(0)} ms`);
    try {
      for (const id of sessions) {
        const response = await fetch(`${second.baseUrl}/v1/sessions/${id}/payment-method-groups?amount=1299.95`);
        expect(response.status).toBe(200);
      }
      // The token signed before the crash verifies after it: signing keys live in the database.
      await fetchSession(second.baseUrl, accessToken);
      expect((await fetch(`${second.baseUrl}/healthz`)).status).toBe(200);
      const ready = await fetch(`${second.baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', replica: { status: 'unused' } });
      // Logs go to standard output through a bounded buffer (observability/log-destination.ts); this test reads it all.
      const metrics = await (await fetch(`${second.baseUrl}/metrics`)).text();
      expect(metrics).toMatch(/^pms_log_lines_dropped_total 0$/m);
    } finally {
      second.child.kill('SIGTERM');
    }
    // SIGTERM is a graceful shutdown: exit code 0.
    expect((await second.exited).code).toBe(0);
  }, 90_000); // a first start and a restart on PGlite in a child: 10 s together when idle, far more on a busy machine

  it('refuses an invalid catalog file: exit code 1, the field named, nothing applied', async () => {
    const catalog = await demoCatalog();
    (catalog.paymentMethods as Array<Record<string, unknown>>)[2]!.maxPurchaseLimit = 'lots';
    const file = path.join(workDir, 'bad-catalog.json');
    await writeFile(file, JSON.stringify(catalog));
    const result = await runServerToExit({ ...env, CATALOG_FILE: file });
    expect(result.code).toBe(1);
    expect(result.output).toContain('paymentMethods[2].maxPurchaseLimit');
  });

  it('refuses invalid configuration with a message', async () => {
    const result = await runServerToExit({ ...env, SESSION_TTL_SECONDS: '0' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('SESSION_TTL_SECONDS');
  });
});
