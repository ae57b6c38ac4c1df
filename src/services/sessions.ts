// Storefront sessions: created by a merchant backend for one store, read by the storefront until
// they expire (docs/session-api.md#session-creation and docs/session-api.md#group-retrieval).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../lib/clock.ts';
import type { Config } from '../config.ts';
import { Errors } from '../errors.ts';
import type { Database } from '../storage/schema.ts';
import { SessionsRepository, type SessionRecord } from '../storage/repositories/sessions.ts';
import { LruCache } from '../lib/lru-cache.ts';
import type { CacheStats } from '../lib/ttl-cache.ts';
import { WriteBatcher } from '../lib/write-batcher.ts';
import { isUuid } from '../lib/ids.ts';

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

export class SessionService {
  private readonly repository: SessionsRepository;
  private readonly cache = new LruCache<string, SessionRecord>(MAX_CACHED_SESSIONS, 'session');
  private readonly retentionMs: number;
  private readonly inserts: WriteBatcher<SessionRecord>;

  constructor(
    db: Kysely<Database>,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {
    this.repository = new SessionsRepository(db);
    this.inserts = new WriteBatcher((sessions) => this.repository.insertMany(sessions), INSERT_BATCH);
    this.retentionMs = config.sessionRetentionHours * 3600 * 1000;
  }

  /** For the metrics (pms_cache_lookups_total{cache="session"}). */
  cacheStats(): CacheStats[] {
    return [this.cache.stats()];
  }

  /** Creates a session; it is committed when this resolves (the 201 is sent after). */
  async create(storeId: string, campaign: string | undefined): Promise<SessionRecord> {
    const now = this.clock();
    const session: SessionRecord = {
      id: randomUUID(),
      storeId: storeId.toLowerCase(),
      campaign,
      createdAt: new Date(now),
      expiresAt: new Date(now + this.config.sessionTtlSeconds * 1000),
    };
    await this.inserts.write(session);
    return session;
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
