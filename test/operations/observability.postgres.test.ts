// GET /metrics on PostgreSQL: the connection pool's gauges, which the embedded database has no pool
// for (observability.test.ts checks every other metric, once, on PGlite).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, startTestService, type TestService } from '../helpers/app.ts';
import { NORDIC } from '../helpers/demo.ts';
import { createSession } from '../helpers/http.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});

afterAll(async () => {
  await service?.close();
});

/** The value of `pms_db_pool_connections{state="…"}`, or undefined when absent. */
function poolGauge(text: string, state: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`pms_db_pool_connections{state="${state}"} `));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

describe('GET /metrics on PostgreSQL', () => {
  it('reports the connection pool: its connections, the idle ones, nobody waiting', async () => {
    // A query or two first, so that the pool holds a connection.
    await createSession(service.app, await issueToken(service.app, NORDIC.id, NORDIC.secret));
    const text = (await service.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(poolGauge(text, 'total')).toBeGreaterThanOrEqual(1);
    expect(poolGauge(text, 'idle')).toBeGreaterThanOrEqual(0);
    expect(poolGauge(text, 'waiting')).toBe(0);
  });
});
