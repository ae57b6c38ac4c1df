// Delivers the outbox (docs/webhooks.md#delivery). Every instance runs one: twice a second, and at
// once after any catalog change (this instance's or another's, heard through the change channel),
// it fans out the events that are due and claims due deliveries, each with FOR UPDATE SKIP LOCKED
// (storage/repositories/webhook-outbox.ts), so instances share the work without ever sending the same
// attempt twice. Attempts run in the background, at most `concurrency` at a time and at most
// `perEndpoint` of them to one endpoint: a slow or dead receiver costs its own attempts' time-outs
// and a few of the slots, never the other endpoints' events, nor a request of the admin API or the
// storefront. The sender opens a connection for every attempt these limits let through, so no
// attempt waits for another's connection with its time-out running.
import type { Db } from '../../storage/handles.ts';
import { retryDelaySeconds } from '../../domain/webhook-events.ts';
import { WebhookOutboxRepository, type ClaimedDelivery } from '../../storage/repositories/webhook-outbox.ts';
import { ATTEMPT_TIMEOUT_MS, WebhookSender, signedHeaders } from './sender.ts';

/** How often every instance looks for due events and deliveries (a window's event goes out within this). */
export const POLL_INTERVAL_MS = 500;
/** Events fanned out per statement. */
const FAN_OUT_BATCH = 200;
/** Attempts in flight at once on an instance, by default. */
export const DEFAULT_CONCURRENCY = 32;
/**
 * Attempts in flight at once to one endpoint on an instance, by default: a hanging receiver holds a
 * quarter of the slots at most, and the others keep delivering.
 */
export const DEFAULT_PER_ENDPOINT_CONCURRENCY = 8;

export interface DispatcherLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface WebhookDispatcherOptions {
  /** Seconds before each retry (WEBHOOK_RETRY_SCHEDULE); after the last, the delivery has failed. */
  retrySchedule: readonly number[];
  /** WEBHOOK_ALLOW_PRIVATE: http:// and private addresses allowed. */
  allowPrivate: boolean;
  /** Attempts in flight at once on this instance (DEFAULT_CONCURRENCY). */
  concurrency?: number;
  /** Attempts in flight at once to one endpoint on this instance (DEFAULT_PER_ENDPOINT_CONCURRENCY). */
  perEndpoint?: number;
  /** An attempt's time-out (ATTEMPT_TIMEOUT_MS); tests shorten it. */
  attemptTimeoutMs?: number;
  pollIntervalMs?: number;
  userAgent?: string;
}

/** Attempts made by this instance, by result: `succeeded`, `retrying` (failed, another attempt due), `failed` (given up). */
export type AttemptResults = Record<'succeeded' | 'retrying' | 'failed', number>;

export class WebhookDispatcher {
  private readonly outbox: WebhookOutboxRepository;
  private readonly sender: WebhookSender;
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  /** A claimed delivery is another instance's to take after this (longer than an attempt may last). */
  private readonly leaseSeconds: number;
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts in flight per endpoint id (the claim leaves out what would exceed `perEndpoint`). */
  private readonly inFlightByEndpoint = new Map<string, number>();
  private readonly results: AttemptResults = { succeeded: 0, retrying: 0, failed: 0 };
  private timer: NodeJS.Timeout | undefined;
  /** Set for the next event due before the next poll (a window's boundary): it goes out on time, not up to a poll late. */
  private dueTimer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private failures = 0;
  /** The backlog's age as last read (every 5 s, by the tick): a scrape of /metrics never queries. */
  private oldestAge = 0;
  private ageReadAt = 0;
  private log: DispatcherLogger | undefined;

  constructor(
    db: Db,
    private readonly options: WebhookDispatcherOptions,
  ) {
    this.outbox = new WebhookOutboxRepository(db);
    const timeoutMs = options.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS;
    this.sender = new WebhookSender(options.allowPrivate, options.userAgent ?? 'payment-method-sessions-webhooks/1', timeoutMs);
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.perEndpoint = Math.min(options.perEndpoint ?? DEFAULT_PER_ENDPOINT_CONCURRENCY, this.concurrency);
    this.leaseSeconds = Math.ceil(timeoutMs / 1000) + 20;
  }

  /** Polls in the background; the timer never keeps the process alive. */
  start(log?: DispatcherLogger): void {
    if (this.timer || this.stopped) return;
    this.log = log;
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs ?? POLL_INTERVAL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due work now (a change was just committed somewhere). Safe to call any time. */
  wake(): void {
    if (this.stopped || !this.timer) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch((error: unknown) => {
        this.failures += 1;
        this.log?.warn({ err: error }, 'webhook dispatch failed; trying again shortly');
      })
      .finally(() => {
        this.ticking = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops polling and waits for the attempts in flight (each ends within its time-out). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.dueTimer);
    this.timer = undefined;
    await this.ticking;
    await Promise.allSettled([...this.inFlight]);
    this.sender.close();
  }

  stats(): { attempts: AttemptResults; failures: number } {
    return { attempts: { ...this.results }, failures: this.failures };
  }

  /** Seconds since the oldest event due and not yet delivered (0 when none), as read within the last 5 s: the metrics' lag. */
  oldestPendingAgeSeconds(): Promise<number> {
    return Promise.resolve(this.oldestAge);
  }

  private async tick(): Promise<void> {
    for (;;) {
      const { events } = await this.outbox.fanOutDueEvents(FAN_OUT_BATCH);
      if (events < FAN_OUT_BATCH || this.stopped) break;
    }
    if (Date.now() - this.ageReadAt >= 5000) {
      this.ageReadAt = Date.now();
      this.oldestAge = await this.outbox.oldestPendingAgeSeconds();
    }
    const next = await this.outbox.nextEventDue();
    const dueIn = next === undefined ? Infinity : next.getTime() - Date.now();
    // Due already (another instance is fanning it out) or later than the next poll: the poll takes it.
    if (dueIn > 0 && dueIn < (this.options.pollIntervalMs ?? POLL_INTERVAL_MS)) {
      clearTimeout(this.dueTimer);
      this.dueTimer = setTimeout(() => this.wake(), dueIn);
      this.dueTimer.unref();
    }
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0 || this.stopped) return;
    const claimed = await this.outbox.claimDueDeliveries(free, this.leaseSeconds, {
      perEndpoint: this.perEndpoint,
      inFlight: this.inFlightByEndpoint,
    });
    for (const delivery of claimed) {
      const endpoint = delivery.endpointId;
      this.inFlightByEndpoint.set(endpoint, (this.inFlightByEndpoint.get(endpoint) ?? 0) + 1);
      const attempt = this.attempt(delivery).finally(() => {
        this.inFlight.delete(attempt);
        const left = this.inFlightByEndpoint.get(endpoint)! - 1;
        if (left === 0) this.inFlightByEndpoint.delete(endpoint);
        else this.inFlightByEndpoint.set(endpoint, left);
        // A slot is free: more may be waiting.
        this.wake();
      });
      this.inFlight.add(attempt);
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const attemptedAt = new Date();
    const secrets = delivery.previousSecret ? [delivery.secret, delivery.previousSecret] : [delivery.secret];
    const headers = signedHeaders(delivery.eventId, attemptedAt, delivery.payload, secrets);
    const result = await this.sender.send(delivery.url, headers, delivery.payload);
    const retryIn = result.succeeded ? undefined : retryDelaySeconds(this.options.retrySchedule, delivery.attempts + 1);
    const outcome = result.succeeded ? 'succeeded' : retryIn === undefined ? 'failed' : 'retrying';
    this.results[outcome] += 1;
    if (outcome === 'failed') {
      this.log?.warn(
        {
          delivery: delivery.id,
          event: delivery.eventId,
          endpoint: delivery.endpointId,
          attempts: delivery.attempts + 1,
          error: result.error,
        },
        'webhook delivery failed for good: every retry of WEBHOOK_RETRY_SCHEDULE was spent',
      );
    }
    try {
      await this.outbox.recordAttempt(
        delivery,
        { attemptedAt, durationMs: result.durationMs, statusCode: result.statusCode, error: result.error, succeeded: result.succeeded },
        retryIn,
      );
    } catch (error) {
      // The attempt happened; its record did not. The lease runs out and the delivery is attempted
      // again (at least once: a receiver dedupes by webhook-id).
      this.log?.warn({ err: error, delivery: delivery.id }, 'webhook attempt not recorded; it will be attempted again');
    }
  }
}
