// Storefront sessions: created by a merchant backend for one store, read by the storefront until
// they expire (contract §3–4).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { Errors } from '../errors.ts';
import type { Database } from '../storage/schema.ts';
import { SessionsRepository, type SessionRecord } from '../storage/repositories/sessions.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

export class SessionService {
  private readonly repository: SessionsRepository;

  constructor(db: Kysely<Database>, private readonly config: Config, private readonly clock: Clock) {
    this.repository = new SessionsRepository(db);
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
    await this.repository.insert(session);
    return session;
  }

  /** The live session; 404 for an unknown (or malformed, or purged) id, 409 once expired. */
  async requireActive(sessionId: string): Promise<SessionRecord> {
    // A malformed id cannot name a session: answer 404 without asking the database.
    if (!isUuid(sessionId)) throw new Errors.SESSION_NOT_FOUND();
    const session = await this.repository.findById(sessionId.toLowerCase());
    if (!session) throw new Errors.SESSION_NOT_FOUND();
    // Valid until expiresAt itself; expired strictly after it (spec §2.1: "after it").
    if (session.expiresAt.getTime() < this.clock()) throw new Errors.SESSION_EXPIRED(session.expiresAt.toISOString());
    return session;
  }
}
