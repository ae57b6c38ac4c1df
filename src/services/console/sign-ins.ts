// Single sign-ons started and not yet finished (docs/console.md#single-sign-on): the pending sign-in
// (state, nonce, code verifier, where to return) is kept in the database, so that the provider's
// callback may reach any instance. The browser holds a random key in a short-lived cookie; the table
// holds only its SHA-256. A pending sign-in is taken once (a replayed callback finds nothing) and
// lasts 10 minutes; the purge job deletes those never taken.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../storage/handles.ts';
import type { Clock } from '../../lib/clock.ts';
import { ConsoleSignInsRepository } from '../../storage/repositories/console-sign-ins.ts';
import type { PendingSignIn } from './oidc.ts';

export const CONSOLE_SIGN_IN_TTL_MS = 10 * 60 * 1000;

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

export class ConsoleSignIns {
  private readonly repository: ConsoleSignInsRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repository = new ConsoleSignInsRepository(db);
  }

  /** Keeps a pending sign-in; returns the key for the browser's cookie. */
  async keep(pending: PendingSignIn): Promise<string> {
    const key = randomBytes(32).toString('base64url');
    await this.repository.insert({
      keyHash: hashKey(key),
      state: pending.state,
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
      returnTo: pending.returnTo,
      expiresAt: new Date(this.clock() + CONSOLE_SIGN_IN_TTL_MS),
    });
    return key;
  }

  /** The pending sign-in of a cookie's key, removed as it is read; undefined when unknown, taken or expired. */
  async take(key: string | undefined): Promise<PendingSignIn | undefined> {
    if (key === undefined || key === '' || key.length > 200) return undefined;
    const record = await this.repository.take(hashKey(key), new Date(this.clock()));
    return record && { state: record.state, nonce: record.nonce, codeVerifier: record.codeVerifier, returnTo: record.returnTo };
  }
}
