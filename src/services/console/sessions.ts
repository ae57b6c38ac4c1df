// Sessions of the operator console (docs/console.md#session). The cookie holds a random token; the
// database holds only its SHA-256, so any instance serves any person and a copy of the table signs
// no one in. A session ends 8 hours after sign-in or 30 minutes (to 31) after its last request,
// whichever comes first, and at sign-out (its row is deleted: the old cookie no longer works anywhere).
// A session of an admin client also ends as soon as a request finds that client deleted, without the
// scope `admin`, or with another secret than the one it signed in with (checked on every request
// against the client's registration as protected routes see it: at most a second old on any instance).
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../storage/handles.ts';
import type { Clock } from '../../lib/clock.ts';
import { ConsoleSessionsRepository, type ConsoleSessionRecord } from '../../storage/repositories/console-sessions.ts';
import type { Actor } from '../audit.ts';

export const CONSOLE_ROLES = ['catalog-editor', 'catalog-viewer'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** Who is signed in: an admin client (`client`, its id) or a person of the operator's single sign-on (`console`, their subject). */
export interface ConsolePerson {
  actorType: 'client' | 'console';
  actorId: string;
  displayName: string;
  role: ConsoleRole;
}

export interface ConsoleSession {
  person: ConsolePerson;
  /** Sent in every form and compared on every change (docs/console.md#cross-site-requests). */
  csrfToken: string;
  expiresAt: Date;
  idleExpiresAt: Date;
}

/** The client a client's session is checked against on every request. */
export interface ConsoleClientRegistration {
  scopes: readonly string[];
  secretHash: string;
}

export interface ConsoleSessionsOptions {
  /**
   * A client's current registration (undefined: not registered), as protected routes see it: cached
   * briefly and forgotten at every catalog change on every instance (auth's currentClient).
   */
  currentClient(clientId: string): Promise<ConsoleClientRegistration | undefined>;
  /** CONSOLE_CLIENT_SIGN_IN: false ends the sessions clients signed in before it was turned off. */
  clientSignIn: boolean;
}

export const CONSOLE_SESSION_ABSOLUTE_MS = 8 * 3600 * 1000;
export const CONSOLE_SESSION_IDLE_MS = 30 * 60 * 1000;
/** A request within this of the last recorded one does not write: most page views cost one read. */
export const CONSOLE_SESSION_TOUCH_MS = 60 * 1000;

/**
 * The idle deadline kept after a request recorded at `now`: 30 minutes, plus the minute within which
 * later requests are not recorded, so that the session never ends sooner than 30 minutes after any
 * request (it may end up to a minute later). Never past the absolute end.
 */
function idleDeadline(now: number, expiresAt: number): Date {
  return new Date(Math.min(now + CONSOLE_SESSION_IDLE_MS + CONSOLE_SESSION_TOUCH_MS, expiresAt));
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** What a session keeps of its client's secret: a digest of the stored hash, never the hash (a copy of the table gives nothing to guess against). */
function secretDigest(secretHash: string): string {
  return createHash('sha256').update(secretHash).digest('base64url');
}

/**
 * The audit trail's actor for a change made by this person (`traceId`: the request's id). A person of
 * single sign-on is recorded by subject, which names no one: their name (or e-mail) goes beside it.
 */
export function actorOfPerson(person: ConsolePerson, traceId?: string): Actor {
  return { type: person.actorType, id: person.actorId, traceId, ...(person.actorType === 'console' ? { name: person.displayName } : {}) };
}

export class ConsoleSessions {
  private readonly repository: ConsoleSessionsRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly options: ConsoleSessionsOptions,
  ) {
    this.repository = new ConsoleSessionsRepository(db);
  }

  /**
   * Starts a session; returns the cookie's token (shown to no one else, stored only hashed).
   * `clientSecretHash`: a client's sign-in, the stored hash its secret was verified against.
   */
  async create(person: ConsolePerson, clientSecretHash?: string): Promise<{ token: string; session: ConsoleSession }> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date(this.clock());
    const record: ConsoleSessionRecord = {
      tokenHash: hashToken(token),
      actorType: person.actorType,
      actorId: person.actorId,
      displayName: person.displayName,
      role: person.role,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + CONSOLE_SESSION_ABSOLUTE_MS),
      idleExpiresAt: idleDeadline(now.getTime(), now.getTime() + CONSOLE_SESSION_ABSOLUTE_MS),
      clientSecretDigest: clientSecretHash === undefined ? null : secretDigest(clientSecretHash),
    };
    await this.repository.insert(record);
    return { token, session: sessionOf(record) };
  }

  /** The session of a cookie's token, still in force (and its idle expiry moved on); undefined otherwise. */
  async resolve(token: string | undefined): Promise<ConsoleSession | undefined> {
    if (token === undefined || token === '' || token.length > 200) return undefined;
    const tokenHash = hashToken(token);
    const record = await this.repository.find(tokenHash);
    if (!record) return undefined;
    const now = this.clock();
    if (now >= record.expiresAt.getTime() || now >= record.idleExpiresAt.getTime() || !(await this.clientAdmits(record))) {
      // Deleted, not merely refused: a client restored later (its scope given back) does not revive it.
      await this.repository.delete(tokenHash);
      return undefined;
    }
    if (now - record.lastSeenAt.getTime() >= CONSOLE_SESSION_TOUCH_MS) {
      record.lastSeenAt = new Date(now);
      record.idleExpiresAt = idleDeadline(now, record.expiresAt.getTime());
      if (!(await this.repository.touch(tokenHash, record.lastSeenAt, record.idleExpiresAt))) return undefined;
    }
    return sessionOf(record);
  }

  /**
   * A client's session only while clients may sign in, and its client is registered, with the scope
   * admin and the secret it signed in with.
   */
  private async clientAdmits(record: ConsoleSessionRecord): Promise<boolean> {
    if (record.actorType !== 'client') return true;
    if (!this.options.clientSignIn) return false;
    const client = await this.options.currentClient(record.actorId);
    if (!client || !client.scopes.includes('admin')) return false;
    // Null: started by a release before this check (a rolling deploy); client and scope are still checked.
    return record.clientSecretDigest === null || record.clientSecretDigest === secretDigest(client.secretHash);
  }

  /** Sign-out: the token stops working on every instance. */
  async destroy(token: string | undefined): Promise<void> {
    if (token === undefined || token === '' || token.length > 200) return;
    await this.repository.delete(hashToken(token));
  }
}

function sessionOf(record: ConsoleSessionRecord): ConsoleSession {
  return {
    person: {
      actorType: record.actorType === 'console' ? 'console' : 'client',
      actorId: record.actorId,
      displayName: record.displayName,
      role: record.role === 'catalog-editor' ? 'catalog-editor' : 'catalog-viewer',
    },
    csrfToken: record.csrfToken,
    expiresAt: record.expiresAt,
    idleExpiresAt: record.idleExpiresAt,
  };
}
