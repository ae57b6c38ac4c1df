// Rate limits (@fastify/rate-limit), fixed windows of one minute:
// - merchant: per authenticated client (the principal's clientId), after authentication;
// (The token endpoint's limit counts failed authentications per client id and address, in the
// grant itself: auth/failed-attempts.ts. A limit on every request per claimed client id let anyone
// who knows a client id lock that client out of its tokens.)
// - storefront: per IP (IPv6 per /64), before anything else; generous, storefronts sit behind NAT;
// - public: per IP, the same number, its own budget: unauthenticated routes that cost more than a
//   storefront request (/metrics, /openapi.json, the demo shop's backend; SECURITY.md).
// Counters live in Redis when REDIS_URL is set (one budget across instances), in memory otherwise.
// In memory, the per-IP policies count in a synchronous hook of our own (lib/fixed-window-counter.ts:
// the plugin's asynchronous store cost about 5 µs of the storefront's 55), with the plugin's headers.
// A failing Redis never fails a request: the limit is skipped (fail open), a warning is logged and
// pms_rate_limit_store_errors_total counts it. After a few failures in a row a circuit breaker opens
// (lib/circuit-breaker.ts): requests stop asking Redis (a frozen Redis would otherwise cost every
// request its 250 ms time-out) and each instance counts in its own memory, as without REDIS_URL,
// until a background PING answers and the shared counting resumes.
//
// A route opts in with `config: { rateLimitPolicy: 'merchant' }` and must document 429 in its
// response schema (the start-up fails otherwise). A limit of 0 turns its policy off.
import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import { Errors, withHeaders } from '../../errors.ts';
import { CircuitBreaker } from '../../lib/circuit-breaker.ts';
import { FixedWindowCounter } from '../../lib/fixed-window-counter.ts';

export type RateLimitPolicy = 'merchant' | 'storefront' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Applies this rate limit to the route (src/http/plugins/rate-limit.ts). */
    rateLimitPolicy?: RateLimitPolicy;
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
/** At most one "failing open" warning per this interval (a Redis outage would otherwise flood the log). */
const WARNING_INTERVAL_MS = 10_000;
/** Distinct keys the in-memory store keeps per policy (least recently used ones go first). */
const LOCAL_STORE_KEYS = 20_000;

export interface RateLimitOptions {
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix' | 'rateLimits'>;
  /** Called for each request let through because the store failed. */
  onStoreError?: () => void;
  /** Called when Redis stops answering (true: counting in memory) and when it answers again (false). */
  onBreakerChange?: (open: boolean) => void;
}

/** The plugin's limiter (asynchronous: its store may be Redis). */
type PluginLimiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type Limiter = PluginLimiter | onRequestHookHandler;

/** The 429 of every policy: Retry-After in whole seconds (at least 1). */
function rateLimited(retryInMs: number): Error {
  const seconds = Math.max(1, Math.ceil(retryInMs / 1000));
  return withHeaders(new Errors.RATE_LIMITED(seconds), { 'retry-after': String(seconds) });
}

/**
 * An in-memory count with the headers the plugin sends (X-RateLimit-Limit, -Remaining, -Reset in
 * seconds; on a 429 also Retry-After): the error to answer with, or undefined.
 */
function localCounter(
  max: number,
  keyOf: (request: FastifyRequest) => string,
): (request: FastifyRequest, reply: FastifyReply) => Error | undefined {
  const counter = new FixedWindowCounter(RATE_LIMIT_WINDOW_MS, LOCAL_STORE_KEYS);
  const limit = String(max);
  return (request, reply) => {
    const { count, resetInMs } = counter.hit(keyOf(request), Date.now());
    reply.header('x-ratelimit-limit', limit);
    reply.header('x-ratelimit-remaining', String(Math.max(0, max - count)));
    reply.header('x-ratelimit-reset', String(Math.max(0, Math.ceil(resetInMs / 1000))));
    return count > max ? rateLimited(resetInMs) : undefined;
  };
}

/** An in-memory per-IP limit as a synchronous onRequest hook. */
function localLimiter(max: number, keyOf: (request: FastifyRequest) => string): onRequestHookHandler {
  const count = localCounter(max, keyOf);
  return (request, reply, done) => {
    done(count(request, reply));
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

async function connectRedis(app: FastifyInstance, url: string, warn: (error: unknown) => void): Promise<Redis> {
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
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}

/** Registers the rate-limit plugin and applies each route's policy. Call on the root instance, before the routes. */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { config } = options;
  let lastWarning = 0;
  const warn = (error: unknown, request?: FastifyRequest): void => {
    const now = Date.now();
    if (now - lastWarning < WARNING_INTERVAL_MS) return;
    lastWarning = now;
    (request?.log ?? app.log).warn(
      { err: error },
      'rate-limit store (Redis) unavailable: requests pass without a rate limit until it answers again',
    );
  };

  let redis: Redis | undefined;
  let breaker: CircuitBreaker | undefined;
  if (config.redisUrl) {
    redis = await connectRedis(app, config.redisUrl, warn);
    const client = redis;
    breaker = new CircuitBreaker({
      failuresToOpen: BREAKER_FAILURES_TO_OPEN,
      probeIntervalMs: BREAKER_PROBE_MS,
      probe: () => client.ping(),
      onChange: (open) => {
        options.onBreakerChange?.(open);
        if (open) app.log.warn('rate-limit store (Redis) not answering: each instance counts in its own memory until it answers again');
        else app.log.info('rate-limit store (Redis) answers again: the limits are shared again');
      },
    });
    const stopping = breaker;
    app.addHook('onClose', async () => stopping.stop());
    // Start-up waits for the connection (bounded by the connect time-out) but never fails on it:
    // the client keeps reconnecting and the limits apply once it answers.
    await redis.connect().catch(warn);
  }

  await app.register(rateLimit, {
    global: false,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : { cache: LOCAL_STORE_KEYS }),
    // Store failures reach failOpen() below, which logs them; the plugin's skipOnError would hide them.
    skipOnError: false,
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });

  const limits: Record<RateLimitPolicy, number> = {
    merchant: config.rateLimits.merchantPerMinute,
    storefront: config.rateLimits.storefrontPerMinute,
    public: config.rateLimits.storefrontPerMinute,
  };
  const limiters = new Map<RateLimitPolicy, Limiter>();
  for (const policy of Object.keys(limits) as RateLimitPolicy[]) {
    if (limits[policy] === 0) continue;
    const keyOf = KEYS[policy];
    if (!redis && HOOK[policy] === 'onRequest') {
      limiters.set(
        policy,
        localLimiter(limits[policy], (request) => `${policy}:${keyOf(request)}`),
      );
      continue;
    }
    // One limiter (and so one budget) per policy, shared by every route of that policy; the
    // policy is part of the key because the stores of all limiters share Redis' key space.
    const limiter = app.rateLimit({
      max: limits[policy],
      timeWindow: RATE_LIMIT_WINDOW_MS,
      keyGenerator: (request) => `${policy}:${keyOf(request)}`,
    }) as unknown as PluginLimiter;
    limiters.set(
      policy,
      failOpen(
        limiter,
        breaker,
        localCounter(limits[policy], (request) => `${policy}:${keyOf(request)}`),
        (error, request) => {
          options.onStoreError?.();
          warn(error, request);
        },
      ),
    );
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const policy = route.config?.rateLimitPolicy;
    if (policy === undefined) return;
    const documented = (route.schema?.response as Record<string, unknown> | undefined)?.['429'];
    if (documented === undefined) {
      throw new Error(`${String(route.method)} ${route.url} is rate limited (${policy}) but its schema does not document 429`);
    }
    const limiter = limiters.get(policy);
    if (!limiter) return;
    const hook = HOOK[policy];
    const existing = route[hook];
    route[hook] = existing === undefined ? [limiter] : [...(Array.isArray(existing) ? existing : [existing]), limiter];
  });
}

/**
 * The shared limiter behind the breaker: while it is open the request is counted in memory
 * (`fallback`) without asking Redis; a Redis error lets the request through and counts towards
 * opening it.
 */
function failOpen(
  limiter: PluginLimiter,
  breaker: CircuitBreaker | undefined,
  fallback: (request: FastifyRequest, reply: FastifyReply) => Error | undefined,
  onStoreError: (error: unknown, request: FastifyRequest) => void,
): PluginLimiter {
  return async (request, reply) => {
    if (breaker?.open) {
      const error = fallback(request, reply);
      if (error) throw error;
      return;
    }
    try {
      await limiter(request, reply);
      breaker?.succeeded();
    } catch (error) {
      if (error instanceof Errors.RATE_LIMITED) {
        breaker?.succeeded();
        throw error;
      }
      breaker?.failed();
      onStoreError(error, request);
    }
  };
}
