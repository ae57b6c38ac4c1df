// Storefront sessions: created by a merchant backend for one store, read by the storefront until
// they expire (docs/session-api.md#session-creation and docs/session-api.md#group-retrieval).
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../storage/handles.ts';
import type { Clock } from '../lib/clock.ts';
import type { Config } from '../config.ts';
import { Errors, withHeaders } from '../errors.ts';
import { SessionsRepository, type SessionRecord } from '../storage/repositories/sessions.ts';
import type { SessionReads } from '../storage/replica-reads.ts';
import { SessionIdempotencyKeysRepository } from '../storage/repositories/session-idempotency-keys.ts';
import { LruCache, type CacheStats } from '../lib/cache.ts';
import { WriteBatcher } from '../lib/write-batcher.ts';
import { endWaitSpan, inBatchSpan, startWaitSpan, type TracedItem } from '../lib/batch-spans.ts';
import { isUuid } from '../lib/ids.ts';
import { orderRulesText } from '../domain/order-rules.ts';
import { isDatabaseUnavailable } from '../storage/unavailable.ts';
import type { SessionOptions } from './session-options.ts';

export type { SessionOptions } from './session-options.ts';

/**
 * Sessions are immutable once created, so every instance may keep the ones it has read: a
 * storefront fetches groups again and again (amount, customer type) for one session. Bounded:
 * about 450 bytes each (measured), some 45 MB at the most. Only sessions read and found are
 * cached, never "not found" (a session created on another instance may appear any moment).
 */
export const MAX_CACHED_SESSIONS = 100_000;

/**
 * Session creations arriving while others are being written go in together (lib/write-batcher.ts):
 * up to 100 rows per INSERT, at most 4 INSERTs at once (of the pool's 10 connections, so the
 * storefront's reads always find one).
 */
const INSERT_BATCH = { maxBatch: 100, maxConcurrent: 4 };

/** How long an idempotency key is remembered (docs/session-api.md#idempotent-retries). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600 * 1000;

/**
 * A claim still without a session after this long belongs to a request that will never finish (its
 * instance died): a retry may take the key over. Well past the longest a request may run (30 s).
 */
export const ABANDONED_CLAIM_MS = 60_000;

/** Background attempts to release a claim whose request failed with the database unavailable (0.5 s, 1 s, … 16 s apart). */
const RELEASE_ATTEMPTS = 6;

/** Seconds a duplicate of an in-flight creation is told to wait (Retry-After of the 409). */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

/** A session creation's idempotency: who sent it and with which key. */
export interface IdempotencyKeyUse {
  clientId: string;
  key: string;
}

export interface CreatedSession {
  session: SessionRecord;
  /** True when the key was seen before: the session is the one the first request created. */
  replayed: boolean;
}

/**
 * The canonical request a key is bound to: the store (lower-cased, as stored) and the body as the
 * service reads it (unknown fields are ignored, so they do not count; the rules canonical, so the
 * same rules in another order are the same request). A body without `locale`, rules or lifetime
 * has the fingerprint it had before sessions took them, so keys stored then still match their retries.
 */
export function requestFingerprint(storeId: string, options: SessionOptions): string {
  const request: unknown[] = [storeId.toLowerCase(), options.campaign ?? null];
  if (options.locale !== undefined) request.push(options.locale);
  // An object, which no locale (a string) can be mistaken for.
  if (options.rules !== undefined || options.ttlSeconds !== undefined) {
    request.push({ rules: orderRulesText(options.rules), ttlSeconds: options.ttlSeconds ?? null });
  }
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

export class SessionService {
  private readonly repository: SessionsRepository;
  private readonly keys: SessionIdempotencyKeysRepository;
  private readonly cache = new LruCache<string, SessionRecord>(MAX_CACHED_SESSIONS, 'session');
  private readonly retentionMs: number;
  private readonly inserts: WriteBatcher<TracedItem<SessionRecord>>;

  constructor(
    db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
    /** Where session lookups go (a replica beside the primary, docs/operations.md#database-failover). */
    reads?: SessionReads,
  ) {
    this.repository = new SessionsRepository(db, reads);
    this.keys = new SessionIdempotencyKeysRepository(db);
    // Traced, each creation's wait and the INSERT that carried its row (lib/batch-spans.ts).
    this.inserts = new WriteBatcher(
      (batch) => inBatchSpan('sessions insert batch', batch, () => this.repository.insertMany(batch.map((entry) => entry.item))),
      INSERT_BATCH,
    );
    this.retentionMs = config.sessionRetentionHours * 3600 * 1000;
  }

  /** For the metrics (pms_cache_lookups_total{cache="session"}). */
  cacheStats(): CacheStats[] {
    return [this.cache.stats()];
  }

  /** Creates a session; it is committed when this resolves (the 201 is sent after). */
  async create(storeId: string, options: SessionOptions): Promise<SessionRecord> {
    const session = this.newSession(storeId, options);
    const wait = startWaitSpan('session insert wait');
    try {
      await this.inserts.write({ item: session, wait });
    } catch (error) {
      endWaitSpan(wait, error);
      throw error;
    }
    endWaitSpan(wait);
    return session;
  }

  /**
   * Creates a session at most once per client and key within 24 hours (docs/session-api.md#idempotent-retries):
   * the key is claimed first (committed, so a duplicate on any instance sees it and is told 409),
   * then the session and the key's session id are written in one transaction. A key seen before
   * answers its session again, or 422 when it came with another request, or 409 while in flight.
   */
  async createIdempotent(storeId: string, options: SessionOptions, use: IdempotencyKeyUse): Promise<CreatedSession> {
    const fingerprint = requestFingerprint(storeId, options);
    const claimedAt = new Date(this.clock());
    let claimed: boolean;
    try {
      claimed = await this.keys.claim(use.clientId, use.key, fingerprint, claimedAt);
    } catch (error) {
      // The claim may have committed with its answer lost (a failover): released once the database answers.
      if (isDatabaseUnavailable(error)) this.releaseLater(use);
      throw error;
    }
    if (!claimed) {
      const seen = await this.keys.find(use.clientId, use.key);
      // Gone between the two statements (purged): claim it as new.
      if (!seen) return this.createIdempotent(storeId, options, use);
      const age = claimedAt.getTime() - seen.createdAt.getTime();
      const forgotten = age >= IDEMPOTENCY_KEY_TTL_MS || (seen.sessionId === undefined && age >= ABANDONED_CLAIM_MS);
      if (!forgotten) {
        if (seen.fingerprint !== fingerprint) throw new Errors.IDEMPOTENCY_KEY_REUSED();
        if (seen.sessionId === undefined) {
          throw withHeaders(new Errors.IDEMPOTENCY_KEY_IN_FLIGHT(IN_FLIGHT_RETRY_AFTER_SECONDS), {
            'retry-after': String(IN_FLIGHT_RETRY_AFTER_SECONDS),
          });
        }
        const original = await this.repository.findById(seen.sessionId, 'primary');
        // Sessions outlive their keys (retention runs from expiresAt), so this is not expected.
        if (!original) throw new Errors.INTERNAL();
        return { session: original, replayed: true };
      }
      claimed = await this.keys.takeOver(seen, fingerprint, claimedAt);
      // Another request took it over first: answer as to any duplicate.
      if (!claimed) return this.createIdempotent(storeId, options, use);
    }
    const session = this.newSession(storeId, options);
    let completed: boolean;
    try {
      completed = await this.keys.complete(use.clientId, use.key, claimedAt, session);
    } catch (error) {
      // Let a retry claim the key at once rather than after ABANDONED_CLAIM_MS: now, or once the database answers again.
      await this.keys.release(use.clientId, use.key).catch(() => this.releaseLater(use));
      throw error;
    }
    if (!completed) return this.createIdempotent(storeId, options, use);
    return { session, replayed: false };
  }

  /**
   * Releases the key's unfinished claim in the background, tried again for about 30 s (a failover
   * takes 10 to 120 s), so that the client's retry is not told 409 for ABANDONED_CLAIM_MS. Always
   * safe: only a claim without a session is deleted, and a request whose claim went is retried whole.
   */
  private releaseLater(use: IdempotencyKeyUse, attempt = 0): void {
    if (attempt >= RELEASE_ATTEMPTS) return;
    setTimeout(
      () => {
        this.keys.release(use.clientId, use.key).catch(() => this.releaseLater(use, attempt + 1));
      },
      500 * 2 ** attempt,
    ).unref();
  }

  private newSession(storeId: string, options: SessionOptions): SessionRecord {
    const now = this.clock();
    return {
      id: randomUUID(),
      storeId: storeId.toLowerCase(),
      campaign: options.campaign,
      locale: options.locale,
      createdAt: new Date(now),
      expiresAt: new Date(now + (options.ttlSeconds ?? this.config.sessionTtlSeconds) * 1000),
      rules: options.rules,
      ttlSeconds: options.ttlSeconds,
      rulesKey: orderRulesText(options.rules),
    };
  }

  /**
   * The session as its merchant's backend reads it, expired or not, as long as it is retained;
   * 404 for an unknown, malformed or purged id. Whose it is, the route checks.
   */
  async require(sessionId: string): Promise<SessionRecord> {
    if (!isUuid(sessionId)) throw new Errors.SESSION_NOT_FOUND();
    const id = sessionId.toLowerCase();
    // Past its retention a session may be purged any moment: only the database can tell.
    const cached = this.cache.peek(id);
    const session = cached && !this.pastRetention(cached, this.clock()) ? cached : await this.repository.findById(id);
    if (!session) throw new Errors.SESSION_NOT_FOUND();
    return session;
  }

  /**
   * requireActive for a session already cached here, answered synchronously (no promise: the
   * storefront's hot path); undefined when it is not cached, and then requireActive is asked.
   */
  cachedActive(sessionId: string): SessionRecord | undefined {
    if (!isUuid(sessionId)) throw new Errors.SESSION_NOT_FOUND();
    const id = sessionId.toLowerCase();
    const cached = this.cache.lookup(id);
    if (!cached) return undefined;
    const now = this.clock();
    if (this.pastRetention(cached, now)) return undefined;
    if (cached.expiresAt.getTime() < now) throw new Errors.SESSION_EXPIRED(cached.expiresAt.toISOString());
    return cached;
  }

  /** The live session; 404 for an unknown (or malformed, or purged) id, 409 once expired. */
  async requireActive(sessionId: string): Promise<SessionRecord> {
    // A malformed id cannot name a session: answer 404 without asking the database.
    if (!isUuid(sessionId)) throw new Errors.SESSION_NOT_FOUND();
    const id = sessionId.toLowerCase();
    const now = this.clock();
    // A session past its retention may have been purged (by any instance): the database decides
    // between 404 and 409, so such a session is neither served from nor put into the cache.
    const cached = this.cache.peek(id);
    if (cached && this.pastRetention(cached, now)) this.cache.delete(id);
    const session = await this.cache.getOrLoad(
      id,
      (key) => this.repository.findById(key),
      (found) => !this.pastRetention(found, now),
    );
    if (!session) throw new Errors.SESSION_NOT_FOUND();
    // Valid until expiresAt itself; expired strictly after it (docs/session-api.md#session-lifetime-and-retention).
    if (session.expiresAt.getTime() < now) throw new Errors.SESSION_EXPIRED(session.expiresAt.toISOString());
    return session;
  }

  private pastRetention(session: SessionRecord, now: number): boolean {
    return now - session.expiresAt.getTime() > this.retentionMs;
  }
}
