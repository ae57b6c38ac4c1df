// Deletes sessions long expired (docs/session-api.md#session-lifetime-and-retention: an expired session answers 409 for at least 24 hours
// past expiresAt, then may be purged and answer 404). Every instance runs the job; that is safe
// and cheap because each pass deletes in small batches, oldest first, each one short statement
// whose rows are taken with FOR UPDATE SKIP LOCKED (storage/repositories/sessions.ts): instances never
// wait for each other, and no lock is held longer than one batch. docs/sessions-at-scale.md.
// The same pass deletes session creations' idempotency keys older than 24 hours, and audit events
// older than their retention (docs/audit.md#retention), and webhook deliveries finished (succeeded or
// failed) longer ago than theirs with their attempts and events (docs/webhooks.md#retention), and
// operator console sessions that ended (docs/console.md#session) and single sign-ons never finished
// within their 10 minutes (docs/console.md#single-sign-on), the same way: the other tables that only grow.
import type { Db } from '../storage/handles.ts';
import type { Clock } from '../lib/clock.ts';
import { AuditEventsRepository } from '../storage/repositories/audit-events.ts';
import { ConsoleSessionsRepository } from '../storage/repositories/console-sessions.ts';
import { ConsoleSignInsRepository } from '../storage/repositories/console-sign-ins.ts';
import { SessionsRepository } from '../storage/repositories/sessions.ts';
import { WebhookOutboxRepository } from '../storage/repositories/webhook-outbox.ts';
import { SessionIdempotencyKeysRepository } from '../storage/repositories/session-idempotency-keys.ts';
import { IDEMPOTENCY_KEY_TTL_MS } from './sessions.ts';

/** Rows per DELETE: a few milliseconds each, whatever the table's size. */
export const PURGE_BATCH_SIZE = 1000;
/** A pass stops after this many full batches (a million rows) and goes on at the next interval. */
export const MAX_BATCHES_PER_PASS = 1000;

/** The logger's shape (pino's, Fastify's app.log). */
export interface PurgeLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface SessionPurgeOptions {
  /** Sessions are kept this long past expiresAt. */
  retentionHours: number;
  /** Seconds between passes; 0: start() does nothing. */
  intervalSeconds: number;
  /** Audit events are kept this many days; undefined: never deleted by this job. */
  auditRetentionDays?: number | undefined;
  /** Finished webhook deliveries are kept this many days; undefined: never deleted by this job. */
  webhookRetentionDays?: number | undefined;
  batchSize?: number;
  maxBatchesPerPass?: number;
}

export interface PurgeStats {
  /** Sessions deleted by this instance. */
  purged: number;
  /** Passes that failed (the database unreachable …); the next interval tries again. */
  failures: number;
}

export class SessionPurge {
  private readonly repository: SessionsRepository;
  private readonly keys: SessionIdempotencyKeysRepository;
  private readonly auditEvents: AuditEventsRepository;
  private readonly webhooks: WebhookOutboxRepository;
  private readonly consoleSessions: ConsoleSessionsRepository;
  private readonly consoleSignIns: ConsoleSignInsRepository;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private purged = 0;
  private failures = 0;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly options: SessionPurgeOptions,
  ) {
    this.repository = new SessionsRepository(db);
    this.keys = new SessionIdempotencyKeysRepository(db);
    this.auditEvents = new AuditEventsRepository(db);
    this.webhooks = new WebhookOutboxRepository(db);
    this.consoleSessions = new ConsoleSessionsRepository(db);
    this.consoleSignIns = new ConsoleSignInsRepository(db);
  }

  /** The oldest expiresAt that is kept. */
  cutoff(): Date {
    return new Date(this.clock() - this.options.retentionHours * 3600 * 1000);
  }

  /** Idempotency keys created before this are forgotten (docs/session-api.md#idempotent-retries). */
  keyCutoff(): Date {
    return new Date(this.clock() - IDEMPOTENCY_KEY_TTL_MS);
  }

  /**
   * One pass: deletes sessions that expired before the cutoff, batch after batch, until a batch
   * comes back short (or the pass's bound is reached, or stop() was called), then idempotency keys
   * older than 24 hours and console sessions that ended, the same way. Returns the count of sessions.
   */
  async purgeOnce(): Promise<number> {
    const cutoff = this.cutoff();
    const keyCutoff = this.keyCutoff();
    const total = await this.inBatches(async (batchSize) => {
      const deleted = await this.repository.deleteExpiredBefore(cutoff, batchSize);
      this.purged += deleted;
      return deleted;
    });
    await this.inBatches((batchSize) => this.keys.deleteCreatedBefore(keyCutoff, batchSize));
    await this.purgeConsoleSessionsOnce();
    return total;
  }

  /**
   * Deletes the operator console's sessions that ended (absolute or idle expiry), and its pending
   * single sign-ons that expired. Returns the count of sessions.
   */
  async purgeConsoleSessionsOnce(): Promise<number> {
    const now = new Date(this.clock());
    await this.inBatches((batchSize) => this.consoleSignIns.deleteExpired(now, batchSize));
    return this.inBatches((batchSize) => this.consoleSessions.deleteEndedBefore(now, batchSize));
  }

  private async inBatches(deleteBatch: (batchSize: number) => Promise<number>): Promise<number> {
    const batchSize = this.options.batchSize ?? PURGE_BATCH_SIZE;
    const maxBatches = this.options.maxBatchesPerPass ?? MAX_BATCHES_PER_PASS;
    let total = 0;
    for (let batch = 0; batch < maxBatches && !this.stopped; batch++) {
      const deleted = await deleteBatch(batchSize);
      total += deleted;
      if (deleted < batchSize) break;
    }
    return total;
  }

  /** The oldest audit event kept; undefined when audit events are not purged. */
  auditCutoff(): Date | undefined {
    const days = this.options.auditRetentionDays;
    return days === undefined ? undefined : new Date(this.clock() - days * 86_400_000);
  }

  /** One pass over the audit events older than their retention, in batches as purgeOnce(). Returns the count. */
  async purgeAuditEventsOnce(): Promise<number> {
    const cutoff = this.auditCutoff();
    if (!cutoff) return 0;
    const batchSize = this.options.batchSize ?? PURGE_BATCH_SIZE;
    const maxBatches = this.options.maxBatchesPerPass ?? MAX_BATCHES_PER_PASS;
    let total = 0;
    for (let batch = 0; batch < maxBatches && !this.stopped; batch++) {
      const deleted = await this.auditEvents.deleteOlderThan(cutoff, batchSize);
      total += deleted;
      if (deleted < batchSize) break;
    }
    return total;
  }

  /** Deliveries finished before this are deleted; undefined when they are not purged. */
  webhookCutoff(): Date | undefined {
    const days = this.options.webhookRetentionDays;
    return days === undefined ? undefined : new Date(this.clock() - days * 86_400_000);
  }

  /** One pass over finished webhook deliveries (and their events) past their retention. Returns the rows deleted. */
  async purgeWebhookDeliveriesOnce(): Promise<number> {
    const cutoff = this.webhookCutoff();
    if (!cutoff) return 0;
    return this.inBatches((batchSize) => this.webhooks.deleteFinishedBefore(cutoff, batchSize));
  }

  /** Runs a pass every intervalSeconds in the background; the timer never keeps the process alive. */
  start(log?: PurgeLogger): void {
    if (this.options.intervalSeconds <= 0 || this.timer || this.stopped) return;
    this.timer = setInterval(() => this.tick(log), this.options.intervalSeconds * 1000);
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass in progress (it ends after its current batch). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  stats(): PurgeStats {
    return { purged: this.purged, failures: this.failures };
  }

  private tick(log: PurgeLogger | undefined): void {
    if (this.running) return; // the previous pass is still going: skip this one
    const started = performance.now();
    this.running = this.purgeOnce()
      .then(async (count) => {
        if (count > 0) log?.info({ purged: count, ms: Math.round(performance.now() - started) }, 'purged expired sessions');
        const events = await this.purgeAuditEventsOnce();
        if (events > 0) log?.info({ purged: events }, 'purged audit events past their retention');
        const deliveries = await this.purgeWebhookDeliveriesOnce();
        if (deliveries > 0) log?.info({ purged: deliveries }, 'purged webhook deliveries and events past their retention');
      })
      .catch((error: unknown) => {
        this.failures += 1;
        log?.warn({ err: error }, 'session purge failed; trying again at the next interval');
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}
