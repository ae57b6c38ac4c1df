// Rate limits (src/http/plugins/rate-limit.ts): per client on the merchant endpoints, per IP on the
// storefront endpoint; in memory, and in Redis shared across instances. (The token endpoint's
// failure budget is the grant's own: test/oauth/abuse-bounds.test.ts.)
// Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379) is mandatory on CI; locally its half is
// skipped with a warning when unreachable.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/app.ts';
import { ConfigError, readConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { loadEmbedBundle } from '../../src/http/embed/routes.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { demoCatalog, issueToken, projectRoot, startTestService, type TestService } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { FJALL, NORDIC, OTHER_STORE, STORE } from '../helpers/demo.ts';
import { postSession } from '../helpers/http.ts';
import { redisServerInstalled, startRedis, type RedisServer } from '../../bench/lib/redis.mjs';

const UNKNOWN_SESSION = '00000000-0000-4000-8000-000000000000';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisRequired = process.env.CI === 'true' || process.env.REQUIRE_REDIS === '1';

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch (error) {
    if (redisRequired) throw new Error(`Redis is required here but ${REDIS_URL} is unreachable: ${(error as Error).message}`);
    process.stderr.write(`\nWARNING: Redis at ${REDIS_URL} is unreachable; the Redis rate-limit tests are skipped.\n\n`);
    return false;
  } finally {
    redis.disconnect();
  }
}

const redisAvailable = await redisReachable();

/** The frozen-Redis test runs a redis-server of its own; CI installs it (.ci/run), where it is required. */
function redisServerAvailable(): boolean {
  if (redisServerInstalled()) return true;
  if (redisRequired) throw new Error('redis-server is required here (apt-get install redis-server)');
  process.stderr.write('\nWARNING: redis-server is not installed; the frozen-Redis test is skipped.\n\n');
  return false;
}
/** One key prefix per test run (and per database project), removed afterwards. */
const REDIS_PREFIX = `pms-test:${randomUUID()}:`;

afterAll(async () => {
  if (!redisAvailable) return;
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});

type Response = Awaited<ReturnType<FastifyInstance['inject']>>;

function listMethods(app: FastifyInstance, token: string, storeId = STORE): Promise<Response> {
  return app.inject({ method: 'GET', url: `/v2/stores/${storeId}/payment_methods`, headers: { authorization: `Bearer ${token}` } });
}

function groups(app: FastifyInstance, remoteAddress: string, sessionId = UNKNOWN_SESSION): Promise<Response> {
  return app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/payment-method-groups?amount=100`, remoteAddress });
}

function expectRateLimited(response: Response, limit: number): void {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(response.headers['x-ratelimit-remaining']).toBe('0');
}

function expectAppRateLimited(response: Response, limit: number): void {
  expectRateLimited(response, limit);
  const body = response.json() as { message: string; code: string };
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.message).toMatch(/^Too many requests/);
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'timestamp', 'traceId']);
}

const LIMITS = { RATE_LIMIT_MERCHANT_PER_MINUTE: '3', RATE_LIMIT_STOREFRONT_PER_MINUTE: '3' };

/** A second app instance on the same database and configuration (another process behind the balancer). */
async function secondInstance(service: TestService): Promise<FastifyInstance> {
  const ctx = await createContext(service.config, service.database.handle);
  const app = await build(ctx, { embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')) });
  await app.ready();
  return app;
}

function limitSuite(store: 'memory' | 'redis', extraEnv: () => Record<string, string>): void {
  describe(`rate limits (${store})`, () => {
    let service: TestService;
    let app: FastifyInstance;

    beforeAll(async () => {
      service = await startTestService({ env: { ...LIMITS, ...extraEnv() } });
      app = service.app;
    });

    afterAll(async () => {
      await service?.close();
    });

    it('limits each client on the merchant endpoints, with one budget for sessions and the listing', async () => {
      const nordic = await issueToken(app, NORDIC.id, NORDIC.secret);
      const fjall = await issueToken(app, FJALL.id, FJALL.secret);

      const first = await postSession(app, nordic);
      expect(first.statusCode).toBe(201);
      expect(first.headers['x-ratelimit-limit']).toBe('3');
      expect(first.headers['x-ratelimit-remaining']).toBe('2');
      expect((await listMethods(app, nordic)).statusCode).toBe(200);
      expect((await postSession(app, nordic)).statusCode).toBe(201);
      expectAppRateLimited(await postSession(app, nordic), 3);
      expectAppRateLimited(await listMethods(app, nordic), 3);

      // Another client has a budget of its own.
      expect((await postSession(app, fjall, OTHER_STORE)).statusCode).toBe(201);
      expect((await listMethods(app, fjall, OTHER_STORE)).statusCode).toBe(200);
    });

    it('limits after authentication: an unauthenticated request is 401, not 429, and costs no budget', async () => {
      const response = await app.inject({ method: 'POST', url: `/v1/stores/${STORE}/sessions` });
      expect(response.statusCode).toBe(401);
      const invalid = await postSession(app, 'not-a-token');
      expect(invalid.statusCode).toBe(401);
      expect(invalid.headers['x-ratelimit-limit']).toBeUndefined();
    });

    it('limits the storefront endpoint per IP address, answering with CORS headers', async () => {
      const address = '198.51.100.7';
      for (let i = 0; i < 3; i++) expect((await groups(app, address)).statusCode).toBe(404);
      const limited = await groups(app, address);
      expectAppRateLimited(limited, 3);
      expect(limited.headers['access-control-allow-origin']).toBe('*');
      // Another address (a storefront behind another NAT) is not affected.
      expect((await groups(app, '198.51.100.8')).statusCode).toBe(404);
    });

    it('counts an IPv6 /64 (one household or host) as one address', async () => {
      for (let i = 1; i <= 3; i++) expect((await groups(app, `2001:db8:0:1::${i}`)).statusCode).toBe(404);
      expectAppRateLimited(await groups(app, '2001:db8:0:1::ff'), 3);
      expect((await groups(app, '2001:db8:0:2::1')).statusCode).toBe(404);
    });

    it('shares one budget between two instances (Redis: within the slack of one exchange each)', async () => {
      const other = await secondInstance(service);
      try {
        const address = '198.51.100.20';
        // Each instance counts at once and exchanges its counts with Redis in the background
        // (flushRateLimits does it now): it learns the others' counts at its own exchange, so a
        // request may pass on a total one exchange old (docs/operations.md#rate-limits).
        const statuses: number[] = [];
        for (const instance of [app, other, app, other, app, other]) {
          statuses.push((await groups(instance, address)).statusCode);
          await instance.flushRateLimits();
        }
        // Redis: app's second request knew of 2 before it (its own and other's first, from its
        // exchange), other's second of 2 as well (app's second came after other's exchange): 4
        // passed where the limit is 3, then both refuse.
        if (store === 'redis') expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
        // In memory, each instance counts on its own.
        else expect(statuses).toEqual([404, 404, 404, 404, 404, 404]);
      } finally {
        await other.close();
      }
    });
  });
}

limitSuite('memory', () => ({}));

describe.skipIf(!redisAvailable)('with Redis', () => {
  limitSuite('redis', () => ({ REDIS_URL, REDIS_KEY_PREFIX: REDIS_PREFIX }));
});

describe('limits set to 0', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({
      env: { RATE_LIMIT_MERCHANT_PER_MINUTE: '0', RATE_LIMIT_TOKEN_PER_MINUTE: '0', RATE_LIMIT_STOREFRONT_PER_MINUTE: '0' },
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('turn each limit off', async () => {
    const token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
    const session = await postSession(service.app, token);
    expect(session.statusCode).toBe(201);
    expect(session.headers['x-ratelimit-limit']).toBeUndefined();
    const read = await groups(service.app, '198.51.100.1');
    expect(read.statusCode).toBe(404);
    expect(read.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('X-RateLimit-* headers', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ env: { RATE_LIMIT_STOREFRONT_PER_MINUTE: '3' } });
  });

  afterAll(async () => {
    await service?.close();
  });

  it("are left out of the storefront's 2xx and 304 answers, and kept on its 429, its other errors and other routes", async () => {
    const app = service.app;
    const token = await issueToken(app, NORDIC.id, NORDIC.secret);
    const created = await postSession(app, token);
    expect(created.headers['x-ratelimit-limit']).toBe('600');
    const sessionId = (created.json() as { id: string }).id;
    const address = '198.51.100.30';
    const ok = await groups(app, address, sessionId);
    expect(ok.statusCode).toBe(200);
    const revalidated = await app.inject({
      method: 'GET',
      url: `/v1/sessions/${sessionId}/payment-method-groups?amount=100`,
      remoteAddress: address,
      headers: { 'if-none-match': ok.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    for (const answer of [ok, revalidated]) {
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    // An error answer of the storefront still says where the budget stands.
    const unknown = await groups(app, address);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-ratelimit-limit']).toBe('3');
    expect(unknown.headers['x-ratelimit-remaining']).toBe('0');
    expectAppRateLimited(await groups(app, address, sessionId), 3);
    // The per-address limit of other routes keeps its headers on every answer.
    const scrape = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: address });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['x-ratelimit-limit']).toBe('3');
  });
});

describe('Redis unreachable', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await applyCatalog(database.handle.db, await demoCatalog());
    // Port 1 refuses connections at once: start-up must not fail, and requests must not either.
    const config = readConfig({
      PUBLIC_URL: 'http://pms.test',
      ...LIMITS,
      REDIS_URL: 'redis://:redis-password-value@127.0.0.1:1',
      REDIS_KEY_PREFIX: REDIS_PREFIX,
    });
    const stream = { write: (chunk: string) => lines.push(...chunk.split('\n').filter((line) => line !== '')) };
    app = await build(await createContext(config, database.handle), {
      embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')),
      logger: { level: 'warn', stream },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('counts in memory, never failing or holding a request; the failed exchanges open the breaker, and the metrics say so', async () => {
    // Counted at once in this instance's memory: the limit holds while Redis is unreachable.
    for (let i = 0; i < 3; i++) expect((await groups(app, '198.51.100.1')).statusCode).toBe(404);
    expectAppRateLimited(await groups(app, '198.51.100.1'), 3);
    // Each exchange with Redis fails; after three in a row the breaker is open and none is tried.
    for (let i = 0; i < 4; i++) await app.flushRateLimits();
    const token = await issueToken(app, NORDIC.id, NORDIC.secret);
    for (let i = 0; i < 3; i++) expect((await postSession(app, token)).statusCode).toBe(201);
    // The merchant limit (3 a minute) still holds, counted in memory.
    expectAppRateLimited(await postSession(app, token), 3);
    await app.flushRateLimits();
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(/^pms_rate_limit_store_errors_total (\d+)$/m.exec(metrics.body)?.[1]).toBe('3');
    expect(metrics.body).toMatch(/^pms_rate_limit_store_breaker_open 1$/m);

    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings.some((entry) => entry.level === 40 && /rate-limit store \(Redis\) unavailable/.test(entry.msg))).toBe(true);
    expect(warnings.some((entry) => entry.level === 40 && /not answering: each instance counts in its own memory/.test(entry.msg))).toBe(
      true,
    );
    // At most one "unavailable" warning per 10 seconds, and never the Redis URL's password.
    expect(warnings.filter((entry) => /unavailable/.test(entry.msg)).length).toBeLessThanOrEqual(2);
    expect(lines.join('\n')).not.toContain('redis-password-value');
  });
});

// A real Redis of the test's own, frozen with SIGSTOP under the instances (the socket open, no
// answers: a failover or a partition), then thawed: the breaker opens after three exchanges time
// out, the instance counts in memory meanwhile, and the shared count resumes by itself.
describe.skipIf(!redisServerAvailable())('Redis frozen, then answering again', () => {
  let redisServer: RedisServer;
  let service: TestService;
  let other: FastifyInstance;
  const storefrontLimit = 5;

  beforeAll(async () => {
    redisServer = await startRedis();
    service = await startTestService({
      env: { RATE_LIMIT_STOREFRONT_PER_MINUTE: String(storefrontLimit), REDIS_URL: redisServer.url, REDIS_KEY_PREFIX: REDIS_PREFIX },
    });
    other = await secondInstance(service);
  });

  afterAll(async () => {
    redisServer?.thaw();
    await other?.close();
    await service?.close();
    await redisServer?.stop();
  });

  // /metrics has a per-address limit of its own: each scrape from another address.
  let scrapes = 0;
  const metrics = async (app: FastifyInstance) => {
    const answer = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: `192.0.2.${++scrapes}` });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };
  const breakerOpen = async (app: FastifyInstance) => {
    const gauge = /^pms_rate_limit_store_breaker_open (\d)$/m.exec(await metrics(app))?.[1];
    expect(gauge).toBeDefined();
    return gauge === '1';
  };
  /** The count of the rate limit store's failed exchanges. */
  const storeErrors = async (app: FastifyInstance) => {
    const count = /^pms_rate_limit_store_errors_total (\d+)$/m.exec(await metrics(app))?.[1];
    expect(count).toBeDefined();
    return Number(count);
  };

  it('keeps answering while Redis is frozen and shares the count again once it answers', async () => {
    const app = service.app;
    /**
     * Whether app and other share one count: each counts one request of an address and exchanges, and
     * other's next request is told what remains of the budget both spent. Asked on new addresses until
     * it holds or 10 s have passed: on a loaded machine an exchange can outlast its time-out (250 ms)
     * and is then sent again, and right after Redis answers again an instance may still be catching up.
     */
    const sharedRemaining = async (network: string) => {
      const deadline = Date.now() + 10_000;
      let remaining: unknown;
      for (let host = 1; host < 255 && (host === 1 || Date.now() < deadline); host++) {
        const address = `${network}.${host}`;
        expect((await groups(app, address)).statusCode).toBe(404);
        await app.flushRateLimits();
        expect((await groups(other, address)).statusCode).toBe(404);
        await other.flushRateLimits();
        remaining = (await groups(other, address)).headers['x-ratelimit-remaining'];
        if (remaining === String(storefrontLimit - 3)) break;
      }
      return remaining;
    };
    // Healthy: one budget for both instances.
    expect(await breakerOpen(app)).toBe(false);
    expect(await sharedRemaining('198.51.100')).toBe(String(storefrontLimit - 3));

    const errorsHealthy = await storeErrors(app);
    redisServer.freeze();
    // No request waits for Redis: they are counted here at once; the exchanges time out.
    for (let i = 0; i < 3; i++) expect((await groups(app, '203.0.113.2')).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) await app.flushRateLimits();
    expect(await breakerOpen(app)).toBe(true);
    // Open: counted in this instance's memory, the limit still holding.
    for (let i = 1; i <= storefrontLimit; i++) {
      const answer = await groups(app, '203.0.113.3');
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['x-ratelimit-remaining']).toBe(String(storefrontLimit - i));
    }
    expectAppRateLimited(await groups(app, '203.0.113.3'), storefrontLimit);
    // The breaker opened on the third failed exchange; none was tried after.
    expect((await storeErrors(app)) - errorsHealthy).toBe(3);

    redisServer.thaw();
    // The background probe (a PING a second) closes the breaker without any request's help.
    const deadline = Date.now() + 10_000;
    while (await breakerOpen(app)) {
      if (Date.now() > deadline) throw new Error('the breaker never closed after Redis answered again');
      await sleep(100);
    }
    // Shared again: both instances count against one budget in Redis.
    expect(await sharedRemaining('198.51.101')).toBe(String(storefrontLimit - 3));
  });
});

describe('configuration', () => {
  it.each([
    [{ RATE_LIMIT_MERCHANT_PER_MINUTE: 'many' }, /RATE_LIMIT_MERCHANT_PER_MINUTE must be a whole number/],
    [{ RATE_LIMIT_TOKEN_PER_MINUTE: '-1' }, /RATE_LIMIT_TOKEN_PER_MINUTE must be a whole number/],
    [{ RATE_LIMIT_STOREFRONT_PER_MINUTE: '1.5' }, /RATE_LIMIT_STOREFRONT_PER_MINUTE must be a whole number/],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, /REDIS_URL must use redis: or rediss:/],
    [{ TRUST_PROXY: 'nonsense' }, /TRUST_PROXY/],
  ])('refuses %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  it('has the documented defaults', () => {
    const config = readConfig({});
    expect(config.rateLimits).toEqual({ merchantPerMinute: 600, tokenPerMinute: 60, storefrontPerMinute: 1200 });
    expect(config.redisUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it.each([
    ['true', true],
    ['1', 1],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8,127.0.0.1'],
    ['loopback', 'loopback'],
  ])('reads TRUST_PROXY=%s', (raw, expected) => {
    expect(readConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });
});
