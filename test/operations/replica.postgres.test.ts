// The read-only replica of DATABASE_REPLICA_URL, in process (docs/operations.md#database-failover): the
// "primary" is this test's database behind a TCP proxy the test cuts, the "replica" the same database
// reached directly (or a proxy that stalls, or a port nobody listens on). PostgreSQL only.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/app.ts';
import { readConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { demoCatalogFor } from '../../src/demo.ts';
import { operatorTypes } from '../../src/domain/payment-method-types.ts';
import { loadEmbedBundle } from '../../src/http/embed/routes.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { openPostgres, type DatabaseHandle } from '../../src/storage/database.ts';
import { demoCatalog, projectRoot, startTestService, UNBOUNDED_DERIVATIONS } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { STORE, NORDIC } from '../helpers/demo.ts';
import { createSession, issueToken, postSession } from '../helpers/http.ts';
import { freePort } from '../helpers/process.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

interface Served {
  app: FastifyInstance;
  token: string;
  close(): Promise<void>;
}

let database: TestDatabase;
const proxies: TcpProxy[] = [];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  const operator = operatorTypes('PROVIDER');
  await applyCatalog(database.handle.db, demoCatalogFor(await demoCatalog(), operator), { operator });
});

afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  await database?.drop();
});

function withPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.toString();
}

async function proxyTo(url: string): Promise<TcpProxy> {
  const parsed = new URL(url);
  const proxy = await startTcpProxy({ host: parsed.hostname, port: Number(parsed.port || 5432) });
  proxies.push(proxy);
  return proxy;
}

/** The service on `primaryUrl` with `env`, in process. */
async function serve(primaryUrl: string, env: Record<string, string>): Promise<Served> {
  const config = readConfig({ PUBLIC_URL: 'http://pms.test', ...UNBOUNDED_DERIVATIONS, DATABASE_URL: primaryUrl, ...env });
  const primary: DatabaseHandle = openPostgres({ connectionString: primaryUrl, poolSize: 4 });
  const ctx = await createContext(config, primary, undefined, { listen: false });
  const app = await build(ctx, { embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')) });
  await app.ready();
  const token = await issueToken(app, NORDIC.id, NORDIC.secret);
  return {
    app,
    token,
    close: async () => {
      await app.close();
      await primary.close();
    },
  };
}

function groups(app: FastifyInstance, session: string) {
  return app.inject({ url: `/v1/sessions/${session}/payment-method-groups?amount=100` });
}

async function metric(app: FastifyInstance, name: string): Promise<number> {
  const text = (await app.inject({ url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(name));
  return line === undefined ? Number.NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('a replica beside the primary', () => {
  let served: Served;
  let primaryProxy: TcpProxy;

  beforeAll(async () => {
    primaryProxy = await proxyTo(database.url!);
    served = await serve(withPort(database.url!, primaryProxy.port), { DATABASE_REPLICA_URL: database.url! });
  });
  afterAll(async () => {
    await served?.close();
  });

  it('/readyz reports it; its lag is 0 (not a standby); reads go to the primary', async () => {
    const ready = await served.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', replica: { status: 'ready' } });
    const session = await createSession(served.app, served.token);
    expect((await groups(served.app, session)).statusCode).toBe(200);
    expect(await metric(served.app, 'pms_db_replica_lag_seconds')).toBe(0);
    expect(await metric(served.app, 'pms_db_reads_total{target="primary"}')).toBe(1);
    expect(await metric(served.app, 'pms_db_reads_total{target="replica"}')).toBe(0);
  });

  it('the primary gone: sessions created before are served from the replica; creation answers 503 with Retry-After; back within 3 s', async () => {
    const warm = await createSession(served.app, served.token);
    expect((await groups(served.app, warm)).statusCode).toBe(200); // the store's catalog cached
    const before = await createSession(served.app, served.token);
    const beforeAgain = await createSession(served.app, served.token);
    await primaryProxy.cut();
    try {
      const read = await groups(served.app, before);
      expect(read.statusCode, read.body).toBe(200);
      const lookup = await served.app.inject({ url: `/v1/sessions/${beforeAgain}`, headers: { authorization: `Bearer ${served.token}` } });
      expect(lookup.statusCode, lookup.body).toBe(200);
      const created = await postSession(served.app, served.token, STORE);
      expect(created.statusCode).toBe(503);
      expect(created.headers['retry-after']).toBe('1');
      expect(created.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
      expect(await metric(served.app, 'pms_db_reads_total{target="replica"}')).toBeGreaterThanOrEqual(2);
      expect(await metric(served.app, 'pms_db_unavailable_total{role="primary"}')).toBeGreaterThanOrEqual(1);
      expect(await metric(served.app, 'pms_db_unavailable_total{role="replica"}')).toBe(0);
    } finally {
      await primaryProxy.restore();
    }
    const restored = performance.now();
    for (;;) {
      const created = await postSession(served.app, served.token, STORE);
      if (created.statusCode === 201) break;
      expect(created.statusCode).toBe(503);
      expect(performance.now() - restored).toBeLessThan(3000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

describe('replica first (DATABASE_READ_FROM_REPLICA=true)', () => {
  it('reads the replica; a miss there asks the primary', async () => {
    const served = await serve(database.url!, { DATABASE_REPLICA_URL: database.url!, DATABASE_READ_FROM_REPLICA: 'true' });
    try {
      const session = await createSession(served.app, served.token);
      expect((await groups(served.app, session)).statusCode).toBe(200);
      expect(await metric(served.app, 'pms_db_reads_total{target="replica"}')).toBe(1);
      expect(await metric(served.app, 'pms_db_reads_total{target="primary"}')).toBe(0);
      expect((await groups(served.app, '0b5a0f7e-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect(await metric(served.app, 'pms_db_reads_total{target="primary"}')).toBe(1);
    } finally {
      await served.close();
    }
  });

  it('a replica that went silent costs a request no more than its connect time-out (1 s) before the primary answers', async () => {
    const replicaProxy = await proxyTo(database.url!);
    const served = await serve(database.url!, {
      DATABASE_REPLICA_URL: withPort(database.url!, replicaProxy.port),
      DATABASE_READ_FROM_REPLICA: 'true',
    });
    try {
      const first = await createSession(served.app, served.token);
      expect((await groups(served.app, first)).statusCode).toBe(200);
      await replicaProxy.stall();
      const sessions = [await createSession(served.app, served.token), await createSession(served.app, served.token)];
      for (const session of sessions) {
        const started = performance.now();
        const read = await groups(served.app, session);
        expect(read.statusCode).toBe(200);
        // 1 s for the replica, the primary's answer beside it.
        expect(performance.now() - started).toBeLessThan(1800);
      }
      const ready = await served.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'ready',
        replica: { status: 'unavailable', message: expect.stringContaining('DATABASE_REPLICA_URL') },
      });
      expect(await metric(served.app, 'pms_db_unavailable_total{role="replica"}')).toBeGreaterThanOrEqual(1);
    } finally {
      await served.close();
    }
  });
});

describe('a replica refused at start: served from the primary alone, and /readyz says so', () => {
  it('DATABASE_REPLICA_URL not postgres://', async () => {
    const service = await startTestService({ env: { DATABASE_REPLICA_URL: 'mysql://reader:s3cret@db.internal/pms' } });
    try {
      const ready = await service.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ready',
        replica: {
          status: 'unused',
          message: 'DATABASE_REPLICA_URL must use postgres: or postgresql:, got "mysql:": serving from the primary alone',
        },
      });
      expect(ready.body).not.toContain('s3cret');
      const token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
      expect((await groups(service.app, await createSession(service.app, token))).statusCode).toBe(200);
      expect((await service.app.inject({ url: '/metrics' })).body).not.toContain('pms_db_replica_lag_seconds');
    } finally {
      await service.close();
    }
  });

  it('a replica refusing connections', async () => {
    const served = await serve(database.url!, { DATABASE_REPLICA_URL: withPort(database.url!, await freePort()) });
    try {
      const ready = await served.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ready',
        replica: { status: 'unavailable', message: 'DATABASE_REPLICA_URL does not answer: session reads come from the primary alone' },
      });
      expect((await groups(served.app, await createSession(served.app, served.token))).statusCode).toBe(200);
      expect(Number.isNaN(await metric(served.app, 'pms_db_replica_lag_seconds'))).toBe(true);
    } finally {
      await served.close();
    }
  });
});
