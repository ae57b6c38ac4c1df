// Prometheus metrics (docs/README.md#interfaces: GET /metrics). One Registry per app instance, never prom-client's
// global one, so that several apps in one process (tests, or an admin app beside the public one)
// do not clash. Request metrics are observed in an onResponse hook; the caches' and the connection
// pool's numbers are read when scraped (collect callbacks), so the hot path pays one histogram
// observation per request and nothing else.
import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { CacheStats } from '../lib/cache.ts';
import { CountingHistogram, type HistogramChild } from './counting-histogram.ts';
import { MAX_BUFFERED_LOG_BYTES } from './log-destination.ts';

/**
 * Seconds. The storefront's hot path answers in well under 10 ms, so the resolution is there
 * (0.5 ms … 10 ms); the tail up to 5 s still shows a slow database or a client's token request
 * (scrypt, about 50 ms).
 */
export const HTTP_DURATION_BUCKETS = [0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The route label of requests no route matched (404s): never the raw URL, which is unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** pg.Pool's counters; undefined on the embedded PGlite database, which has no pool. */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface MetricsSources {
  /** Whether the database answered the last ping (observability/database-probe.ts). */
  databaseUp?: () => boolean;
  /** Every cache of the instance, read at scrape time. */
  caches(): CacheStats[];
  /** The session purge job's counters: what it deleted and its failed passes (services/session-purge.ts provides them). */
  purge?: () => { purged: number; failures: number };
  pool?: PoolStats | undefined;
  /** The pool's configured size (DATABASE_POOL_SIZE); undefined on PGlite. */
  poolSize?: number | undefined;
  /**
   * Connection attempts and queries that found a database unavailable, by role: primary (DATABASE_URL),
   * replica (DATABASE_REPLICA_URL); PostgreSQL only.
   */
  databaseUnavailable?: (() => Partial<Record<'primary' | 'replica', number>>) | undefined;
  /** Session lookups asked of each database (primary, replica). */
  databaseReads?: (() => Record<'primary' | 'replica', number>) | undefined;
  /** The replica's lag in seconds (asked at most once a second); only when a replica is in use. */
  replicaLagSeconds?: (() => Promise<number>) | undefined;
  /** The token endpoint's client authentications by outcome, and the key derivations' bound. */
  authentication?: () => { outcomes: Record<string, number>; derivations: { started: number; refused: number } };
  /** Whether a LISTEN connection hears other instances' changes now. */
  changeNotificationsListening?: () => boolean;
  /** Log lines dropped because the log destination fell behind (observability/log-destination.ts). */
  droppedLogLines?: (() => number) | undefined;
  /** The webhook dispatcher's attempts by result, and the age of the oldest event waiting (services/webhooks). */
  webhooks?: {
    stats(): { attempts: Record<'succeeded' | 'retrying' | 'failed', number>; failures: number };
    oldestPendingAgeSeconds(): Promise<number>;
  };
}

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequestDuration: CountingHistogram<'method' | 'route' | 'status_code'>;
  readonly sessionsCreated: Counter;
  readonly accessTokensIssued: Counter;
  readonly errors: Counter<'code'>;
  readonly rateLimitStoreErrors: Counter;
  readonly rateLimitStoreBreakerOpen: Gauge;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    // Observed on every request: counted by children of its own (counting-histogram.ts), not prom-client's.
    this.httpRequestDuration = new CountingHistogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its response, by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_DURATION_BUCKETS,
      registers,
    });
    this.sessionsCreated = new Counter({
      name: 'pms_sessions_created_total',
      help: 'Storefront sessions created (201 answers of POST /v1/stores/{storeId}/sessions, replays of an Idempotency-Key excluded).',
      registers,
    });
    this.accessTokensIssued = new Counter({
      name: 'pms_access_tokens_issued_total',
      help: 'Access tokens issued by the token endpoint (200 answers of POST /oauth2/token).',
      registers,
    });
    this.errors = new Counter({
      name: 'pms_errors_total',
      help: 'Error responses by code: the registered code of src/errors.ts, or the RFC 6749 error of the token endpoint.',
      labelNames: ['code'],
      registers,
    });
    this.rateLimitStoreErrors = new Counter({
      name: 'pms_rate_limit_store_errors_total',
      help: 'Requests let through without a rate-limit check because the shared store (Redis) failed (fail open).',
      registers,
    });
    this.rateLimitStoreBreakerOpen = new Gauge({
      name: 'pms_rate_limit_store_breaker_open',
      help: '1 while Redis does not answer and this instance counts the rate limits in its own memory (the circuit breaker is open), else 0.',
      registers,
    });

    new Counter({
      name: 'pms_cache_lookups_total',
      help: 'Cache lookups by cache and result (hit: a fresh entry or a load already in flight; miss: a load from the database).',
      labelNames: ['cache', 'result'],
      registers,
      collect() {
        this.reset();
        for (const cache of sources.caches()) {
          this.inc({ cache: cache.name, result: 'hit' }, cache.hits);
          this.inc({ cache: cache.name, result: 'miss' }, cache.misses);
        }
      },
    });
    new Counter({
      name: 'pms_cache_stale_total',
      help: 'Lookups answered with a stale cache entry because reloading it from the database failed (stale-on-error, at most 5 minutes past the time-to-live).',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const cache of sources.caches()) if (cache.stale !== undefined) this.inc({ cache: cache.name }, cache.stale);
      },
    });
    new Gauge({
      name: 'pms_cache_entries',
      help: 'Entries held by each cache (fresh or stale).',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const cache of sources.caches()) this.set({ cache: cache.name }, cache.size);
      },
    });
    new Gauge({
      name: 'pms_cache_bytes',
      help: 'Estimated bytes held by each cache bounded by bytes (the rendered storefront answers).',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const cache of sources.caches()) if (cache.bytes !== undefined) this.set({ cache: cache.name }, cache.bytes);
      },
    });

    const databaseUp = sources.databaseUp;
    if (databaseUp) {
      new Gauge({
        name: 'pms_database_up',
        help: 'Whether this instance reaches its database: 1 when the last ping answered within 2 s (pinged every 5 s and by each /readyz), else 0.',
        registers,
        collect() {
          this.set(databaseUp() ? 1 : 0);
        },
      });
    }

    const purge = sources.purge;
    if (purge) {
      new Counter({
        name: 'pms_sessions_purged_total',
        help: 'Expired sessions deleted by this instance after their retention (SESSION_RETENTION_HOURS).',
        registers,
        collect() {
          this.reset();
          this.inc(purge().purged);
        },
      });
      new Counter({
        name: 'pms_session_purge_failures_total',
        help: 'Passes of the session purge job that failed (the database unreachable …); the next interval tries again.',
        registers,
        collect() {
          this.reset();
          this.inc(purge().failures);
        },
      });
    }

    const webhooks = sources.webhooks;
    if (webhooks) {
      new Counter({
        name: 'pms_webhook_delivery_attempts_total',
        help:
          'Webhook delivery attempts made by this instance, by result: succeeded (a 2xx within 10 s), retrying (failed, ' +
          'another attempt scheduled by WEBHOOK_RETRY_SCHEDULE), failed (failed with every retry spent).',
        labelNames: ['result'],
        registers,
        collect() {
          this.reset();
          for (const [result, count] of Object.entries(webhooks.stats().attempts)) this.inc({ result }, count);
        },
      });
      new Gauge({
        name: 'pms_webhook_oldest_pending_event_age_seconds',
        help:
          'Seconds since the oldest webhook event that is due and not yet delivered to every enabled endpoint became due ' +
          "(0: none waiting; a disabled endpoint's pending deliveries do not count).",
        registers,
        async collect() {
          // Read from the database by the dispatcher every 5 s: what every instance has left, not only this one.
          this.set(await webhooks.oldestPendingAgeSeconds().catch(() => Number.NaN));
        },
      });
    }

    const pool = sources.pool;
    if (pool) {
      new Gauge({
        name: 'pms_db_pool_connections',
        help: 'PostgreSQL connection pool: total connections, idle ones, and queries waiting for a connection.',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
    const databaseUnavailable = sources.databaseUnavailable;
    if (databaseUnavailable) {
      new Counter({
        name: 'pms_db_unavailable_total',
        help:
          'Connection attempts and queries that found a database unavailable (refused, reset, timed out, shutting down, read-only, ' +
          'or refused at once for a second after such a failure), by role: primary (DATABASE_URL), replica (DATABASE_REPLICA_URL).',
        labelNames: ['role'],
        registers,
        collect() {
          this.reset();
          for (const [role, count] of Object.entries(databaseUnavailable())) this.inc({ role }, count);
        },
      });
    }
    const databaseReads = sources.databaseReads;
    if (databaseReads) {
      new Counter({
        name: 'pms_db_reads_total',
        help:
          'Session lookups (group retrieval, price information, session lookup; cache misses only) by the database asked: ' +
          'primary, or replica (DATABASE_REPLICA_URL: when the primary cannot answer, or first with DATABASE_READ_FROM_REPLICA).',
        labelNames: ['target'],
        registers,
        collect() {
          this.reset();
          for (const [target, count] of Object.entries(databaseReads())) this.inc({ target }, count);
        },
      });
    }
    const replicaLagSeconds = sources.replicaLagSeconds;
    if (replicaLagSeconds) {
      new Gauge({
        name: 'pms_db_replica_lag_seconds',
        help:
          'How far DATABASE_REPLICA_URL is behind as this instance sees it: the age of the last transaction it replayed ' +
          '(pg_last_xact_replay_timestamp()), 0 when it replayed all it received; asked at most once a second; NaN while it does not answer.',
        registers,
        async collect() {
          this.set(await replicaLagSeconds());
        },
      });
    }
    const poolSize = sources.poolSize;
    if (poolSize !== undefined) {
      new Gauge({
        name: 'pms_db_pool_max',
        help: "Connections this instance's PostgreSQL pool may open (DATABASE_POOL_SIZE): its share of the connection budget.",
        registers,
        collect() {
          this.set(poolSize);
        },
      });
    }
    const authentication = sources.authentication;
    if (authentication) {
      new Counter({
        name: 'pms_client_authentications_total',
        help:
          'Client authentications at the token endpoint by outcome: remembered (a secret verified before, no derivation), verified, ' +
          'wrong_secret, unknown_client (no derivation), throttled (failure budget of the client id and address), busy (the bound on derivations was full).',
        labelNames: ['outcome'],
        registers,
        collect() {
          this.reset();
          for (const [outcome, count] of Object.entries(authentication().outcomes)) this.inc({ outcome }, count);
        },
      });
      new Counter({
        name: 'pms_key_derivations_total',
        help: 'Client-secret key derivations (scrypt) started, and attempts refused because the bound on them was full.',
        labelNames: ['result'],
        registers,
        collect() {
          this.reset();
          const { started, refused } = authentication().derivations;
          this.inc({ result: 'started' }, started);
          this.inc({ result: 'refused' }, refused);
        },
      });
    }
    const droppedLogLines = sources.droppedLogLines;
    if (droppedLogLines) {
      new Counter({
        name: 'pms_log_lines_dropped_total',
        help:
          `Log lines dropped because the log destination (standard output) did not keep up and ${MAX_BUFFERED_LOG_BYTES / 2 ** 20} MiB ` +
          'of lines were already waiting for it: a stalled log reader costs lines, never unbounded memory.',
        registers,
        collect() {
          this.reset();
          this.inc(droppedLogLines());
        },
      });
    }
    const listening = sources.changeNotificationsListening;
    if (listening) {
      new Gauge({
        name: 'pms_change_notifications_listening',
        help:
          "1 while this instance LISTENs for other instances' catalog and key changes; 0 when notifications are off " +
          '(a transaction-mode pooler without DATABASE_DIRECT_URL, or PGlite) or the connection is re-established: caches then rely on their lifetimes.',
        registers,
        collect() {
          this.set(listening() ? 1 : 0);
        },
      });
    }
  }
}

/** Observes every response (the 404 handler's included). Call on the root instance, before the routes. */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  // One labelled child per method, route template and status, found by one Map lookup: building
  // the labels on every observation was 2 % of the hot path's CPU. Bounded: templates, methods and
  // statuses are finite (unmatched paths share one label).
  const durations = new Map<string, HistogramChild>();
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const key = `${request.method} ${status} ${route}`;
    let duration = durations.get(key);
    if (!duration) {
      duration = metrics.httpRequestDuration.child({ method: request.method, route, status_code: String(status) });
      durations.set(key, duration);
    }
    duration.observe(reply.elapsedTime / 1000);
    if (status >= 400) {
      if (reply.errorCode !== undefined) metrics.errors.inc({ code: reply.errorCode });
    } else {
      const operation = request.routeOptions.schema?.operationId;
      // A replay (Idempotency-Key seen before) answers a session created earlier: not counted again.
      if (status === 201 && operation === 'createSession') {
        if (reply.getHeader('idempotent-replayed') !== 'true') metrics.sessionsCreated.inc();
      } else if (status === 200 && operation === 'issueToken') metrics.accessTokensIssued.inc();
    }
    done();
  });
}
