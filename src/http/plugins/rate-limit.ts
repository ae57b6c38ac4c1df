// Rate limits, fixed windows of one minute:
// - merchant: per authenticated client (the principal's clientId), after authentication;
// (The token endpoint's limit counts failed authentications per client id and address, in the
// grant itself: auth/failed-attempts.ts. A limit on every request per claimed client id let anyone
// who knows a client id lock that client out of its tokens.)
// - storefront: per IP (IPv6 per /64), before anything else; generous, storefronts sit behind NAT;
// - public: per IP, the same number, its own budget: unauthenticated routes that cost more than a
//   storefront request (/metrics, /openapi.json, the demo shop's backend; SECURITY.md).
// Every check is a synchronous hook: counted in this process's memory (lib/fixed-window-counter.ts;
// an asynchronous store cost about 5 µs of the storefront's 55). With REDIS_URL the counts are
// shared: exchanged with Redis in the background every FLUSH_INTERVAL_MS, in one pipelined round
// trip (lib/shared-window-counter.ts), never awaited by a request; a round trip per request held
// the storefront at 0.75x of the same limits in memory (bench/analysis.md). A failing Redis never
// fails or slows a request: the exchange fails, a warning is logged and
// pms_rate_limit_store_errors_total counts it; after a few failures in a row a circuit breaker
// opens (lib/circuit-breaker.ts) and each instance counts alone, as without REDIS_URL, until a
// background PING answers and the exchanges resume.
//
// A route opts in with `config: { rateLimitPolicy: 'merchant' }` and must document 429 in its
// response schema (the start-up fails otherwise). A limit of 0 turns its policy off.
import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import { Errors, withHeaders } from '../../errors.ts';
import { CircuitBreaker } from '../../lib/circuit-breaker.ts';
import { FixedWindowCounter, type WindowCount } from '../../lib/fixed-window-counter.ts';
import { SharedWindowCounter, type Exchange, type SharedCount } from '../../lib/shared-window-counter.ts';

export type RateLimitPolicy = 'merchant' | 'storefront' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Applies this rate limit to the route (src/http/plugins/rate-limit.ts). */
    rateLimitPolicy?: RateLimitPolicy;
  }
  interface FastifyRequest {
    /** The storefront limit's count of this request, for the headers of an error answer (null: not counted). */
    rateLimitCount: WindowCount | null;
    rateLimitMax: number | null;
  }
  interface FastifyInstance {
    /** Sends the counts of the shared (Redis) limits now, as the background flush does; tests use it. */
    flushRateLimits(): Promise<void>;
  }
}

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Where each policy runs: the merchant limit needs the principal. */
const HOOK = { merchant: 'preHandler', storefront: 'onRequest', public: 'onRequest' } as const;

/** A Redis that does not answer within this time is treated as down for that request. */
const REDIS_COMMAND_TIMEOUT_MS = 250;
const REDIS_CONNECT_TIMEOUT_MS = 1000;
/** Redis failures in a row that open the breaker; then a PING every BREAKER_PROBE_MS decides when to close it. */
const BREAKER_FAILURES_TO_OPEN = 3;
const BREAKER_PROBE_MS = 1000;
/** At most one "Redis unavailable" warning per this interval (a Redis outage would otherwise flood the log). */
const WARNING_INTERVAL_MS = 10_000;
/** Distinct keys the in-memory store keeps per policy (least recently used ones go first). */
const LOCAL_STORE_KEYS = 20_000;
/**
 * How often counts are exchanged with Redis. The slack of a shared limit: another instance learns
 * of this one's requests at its next exchange after this one's (docs/operations.md#rate-limits).
 */
export const FLUSH_INTERVAL_MS = 50;

export interface RateLimitOptions {
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix' | 'rateLimits'>;
  /** Called for each request let through because the store failed. */
  onStoreError?: () => void;
  /** Called when Redis stops answering (true: counting in memory) and when it answers again (false). */
  onBreakerChange?: (open: boolean) => void;
}

/** A limit's check: the error to answer with, or undefined. Synchronous: no request waits for Redis. */
type Check = (request: FastifyRequest, reply: FastifyReply) => Error | undefined;

/** The 429 of every policy: Retry-After in whole seconds (at least 1). */
function rateLimited(retryInMs: number): Error {
  const seconds = Math.max(1, Math.ceil(retryInMs / 1000));
  return withHeaders(new Errors.RATE_LIMITED(seconds), { 'retry-after': String(seconds) });
}

/**
 * A policy's check with its headers (X-RateLimit-Limit, -Remaining, -Reset in seconds; on a 429 also
 * Retry-After). The storefront's successful answers carry none (a page's script cannot read them
 * across origins, and they were three of its headers): its limit's headers go on its 429, and on its
 * other error answers through the error handler (sendError, http/plugins/error-handler.ts).
 */
function check(
  policy: RateLimitPolicy,
  max: number,
  keyOf: (request: FastifyRequest) => string,
  count: (key: string) => WindowCount,
): Check {
  const limit = String(max);
  const headersOf = ({ count: n, resetInMs }: WindowCount): Record<string, string> => ({
    'x-ratelimit-limit': limit,
    'x-ratelimit-remaining': String(Math.max(0, max - n)),
    'x-ratelimit-reset': String(Math.max(0, Math.ceil(resetInMs / 1000))),
  });
  if (policy === 'storefront') {
    return (request, reply) => {
      const counted = count(keyOf(request));
      if (counted.count > max) {
        reply.headers(headersOf(counted));
        return rateLimited(counted.resetInMs);
      }
      request.rateLimitCount = counted;
      request.rateLimitMax = max;
      return undefined;
    };
  }
  return (request, reply) => {
    const counted = count(keyOf(request));
    reply.headers(headersOf(counted));
    return counted.count > max ? rateLimited(counted.resetInMs) : undefined;
  };
}

/** The X-RateLimit-* headers of a storefront error answer whose request was counted (see check()). */
export function storefrontLimitHeaders(request: FastifyRequest): Record<string, string> | undefined {
  const counted = request.rateLimitCount;
  const max = request.rateLimitMax;
  // (A request refused before routing, by Node's parser or the router, was never decorated: undefined.)
  if (!counted || !max) return undefined;
  return {
    'x-ratelimit-limit': String(max),
    'x-ratelimit-remaining': String(Math.max(0, max - counted.count)),
    'x-ratelimit-reset': String(Math.max(0, Math.ceil(counted.resetInMs / 1000))),
  };
}

/** The check as a hook of its phase (onRequest or preHandler: the same signature). */
function hookOf(policyCheck: Check): onRequestHookHandler {
  return (request, reply, done) => {
    done(policyCheck(request, reply));
  };
}

function ipKey(request: FastifyRequest): string {
  const ip = request.ip;
  // An IPv4 address is its own key; only IPv6 needs normalizing (per /64), and telling them apart
  // with node's isIPv6 regular expression cost 0.5 % of the hot path.
  return ip.includes(':') ? `ip:${normalizeIP(ip)}` : `ip:${ip}`;
}

/** Client ids are chosen by operators; bound the key all the same. */
function clientKey(clientId: string): string {
  return clientId.length <= 128 ? `client:${clientId}` : `client#${createHash('sha256').update(clientId).digest('base64url')}`;
}

function merchantKey(request: FastifyRequest): string {
  const principal = request.principal;
  return principal ? clientKey(principal.clientId) : ipKey(request);
}

const KEYS: Record<RateLimitPolicy, (request: FastifyRequest) => string> = {
  merchant: merchantKey,
  storefront: ipKey,
  public: ipKey,
};

async function connectRedis(url: string, warn: (error: unknown) => void): Promise<Redis> {
  // Loaded only when configured: ioredis takes about 0.1 s of start-up to import.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail a command at once while disconnected rather than queue it: the request goes on unlimited.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Reconnect in the background, backing off to at most 2 s between attempts.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  redis.on('error', warn);
  return redis;
}

/** Counts a window in Redis: adds the delta, starts the window's expiry where none runs, answers [total, ms left]. */
const COUNT_WINDOW_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`;

/** The pipeline's command that defineCommand adds (ioredis types custom commands only at run time). */
type CountingPipeline = { pmsCountWindow(key: string, delta: number, windowMs: number): unknown };

/** One pipelined round trip for every key counted since the last exchange (lib/shared-window-counter.ts). */
function redisExchange(redis: Redis, nameSpace: string): Exchange {
  redis.defineCommand('pmsCountWindow', { numberOfKeys: 1, lua: COUNT_WINDOW_SCRIPT });
  return async (deltas) => {
    const pipeline = redis.pipeline();
    const counting = pipeline as unknown as CountingPipeline;
    for (const { key, delta } of deltas) counting.pmsCountWindow(`${nameSpace}${key}`, delta, RATE_LIMIT_WINDOW_MS);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_COMMAND_TIMEOUT_MS} ms`)), REDIS_COMMAND_TIMEOUT_MS);
    });
    try {
      const results = await Promise.race([pipeline.exec(), timedOut]);
      if (!results) throw new Error('Redis pipeline aborted');
      return results.map(([error, value]): SharedCount => {
        if (error) throw error;
        const [count, ttlMs] = value as [number, number];
        return { count: Number(count), ttlMs: Number(ttlMs) };
      });
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Registers the limits and applies each route's policy. Call on the root instance, before the routes. */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { config } = options;
  let lastWarning = 0;
  const warn = (error: unknown): void => {
    const now = Date.now();
    if (now - lastWarning < WARNING_INTERVAL_MS) return;
    lastWarning = now;
    app.log.warn({ err: error }, 'rate-limit store (Redis) unavailable: each instance counts alone until it answers again');
  };
  app.decorateRequest('rateLimitCount', null);
  app.decorateRequest('rateLimitMax', null);

  // Shared through Redis: counted here at once, exchanged with Redis every FLUSH_INTERVAL_MS.
  let shared: SharedWindowCounter | undefined;
  let flushRateLimits = async (): Promise<void> => {};
  if (config.redisUrl) {
    const redis = await connectRedis(config.redisUrl, warn);
    const client = redis;
    const breaker = new CircuitBreaker({
      failuresToOpen: BREAKER_FAILURES_TO_OPEN,
      probeIntervalMs: BREAKER_PROBE_MS,
      probe: () => client.ping(),
      onChange: (open) => {
        options.onBreakerChange?.(open);
        if (open) app.log.warn('rate-limit store (Redis) not answering: each instance counts in its own memory until it answers again');
        else app.log.info('rate-limit store (Redis) answers again: the limits are shared again');
      },
    });
    const counter = new SharedWindowCounter(
      RATE_LIMIT_WINDOW_MS,
      LOCAL_STORE_KEYS,
      redisExchange(redis, `${config.redisKeyPrefix}rate-limit:`),
    );
    shared = counter;
    let inFlight: Promise<void> | undefined;
    // One exchange at a time; while the breaker is open none (its probe decides when Redis answers).
    const flush = (): Promise<void> => {
      if (inFlight) return inFlight;
      if (breaker.open || !counter.pending) return Promise.resolve();
      inFlight = counter
        .flush()
        .then(
          () => breaker.succeeded(),
          (error: unknown) => {
            breaker.failed();
            options.onStoreError?.();
            warn(error);
          },
        )
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    };
    flushRateLimits = async () => {
      await inFlight;
      await flush();
    };
    const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
    // A pending exchange never keeps the process alive.
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      breaker.stop();
      // What this instance counted last still reaches the others; then the connection goes.
      await flush();
      redis.disconnect();
    });
    // Start-up waits for the connection (bounded by the connect time-out) but never fails on it:
    // the client keeps reconnecting and the limits are shared once it answers.
    await redis.connect().catch(warn);
  }
  app.decorate('flushRateLimits', () => flushRateLimits());

  const limits: Record<RateLimitPolicy, number> = {
    merchant: config.rateLimits.merchantPerMinute,
    storefront: config.rateLimits.storefrontPerMinute,
    public: config.rateLimits.storefrontPerMinute,
  };
  const hooks = new Map<RateLimitPolicy, onRequestHookHandler>();
  for (const policy of Object.keys(limits) as RateLimitPolicy[]) {
    if (limits[policy] === 0) continue;
    const keyOf = KEYS[policy];
    // The policy is part of the key: one budget per policy, shared by its routes, in one key space.
    const count = shared
      ? (key: string) => shared.hit(`${policy}:${key}`)
      : (
          (local: FixedWindowCounter) => (key: string) =>
            local.hit(`${policy}:${key}`, Date.now())
        )(new FixedWindowCounter(RATE_LIMIT_WINDOW_MS, LOCAL_STORE_KEYS));
    hooks.set(policy, hookOf(check(policy, limits[policy], keyOf, count)));
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const policy = route.config?.rateLimitPolicy;
    if (policy === undefined) return;
    const documented = (route.schema?.response as Record<string, unknown> | undefined)?.['429'];
    if (documented === undefined) {
      throw new Error(`${String(route.method)} ${route.url} is rate limited (${policy}) but its schema does not document 429`);
    }
    const limiter = hooks.get(policy);
    if (!limiter) return;
    const hook = HOOK[policy];
    const existing = route[hook];
    route[hook] = existing === undefined ? [limiter] : [...(Array.isArray(existing) ? existing : [existing]), limiter];
  });
}
