// Pending single sign-ons in the database (services/console/sign-ins.ts): what beginSignIn drew comes back
// once for the cookie's key, on any connection, within 10 minutes; a purge removes those never taken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleSignIns, CONSOLE_SIGN_IN_TTL_MS } from '../../src/services/console/sign-ins.ts';
import { SessionPurge } from '../../src/services/session-purge.ts';
import { manualClock } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const pending = (n: number) => ({
  state: `state-${n}`,
  nonce: `nonce-${n}`,
  codeVerifier: `verifier-${n}`,
  returnTo: `/console/stores?n=${n}`,
});

describe('pending console sign-ins', () => {
  let database: TestDatabase;
  const clock = manualClock();
  let signIns: ConsoleSignIns;

  beforeAll(async () => {
    database = await createTestDatabase();
    signIns = new ConsoleSignIns(database.handle.db, clock);
  });
  afterAll(() => database.drop());

  it('gives a pending sign-in back once for its key, and nothing for another key', async () => {
    const key = await signIns.keep(pending(1));
    const other = await signIns.keep(pending(2));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other).not.toBe(key);
    expect(await signIns.take(`${key}x`)).toBeUndefined();
    expect(await signIns.take(undefined)).toBeUndefined();
    expect(await signIns.take('')).toBeUndefined();
    await expect(signIns.take(key)).resolves.toEqual(pending(1));
    // A replay (the same callback again, on this instance or another) finds nothing.
    expect(await signIns.take(key)).toBeUndefined();
    await expect(new ConsoleSignIns(database.handle.db, clock).take(other)).resolves.toEqual(pending(2));
  });

  it('stores only a hash of the key', async () => {
    const key = await signIns.keep(pending(3));
    const rows = await database.handle.db.selectFrom('console_sign_ins').select('key_hash').execute();
    expect(rows.map((r) => r.key_hash)).not.toContain(key);
    expect(rows).toHaveLength(1);
    await signIns.take(key);
  });

  it('forgets a sign-in after 10 minutes, and the purge deletes it', async () => {
    const kept = await signIns.keep(pending(4));
    const expired = await signIns.keep(pending(5));
    clock.advance(CONSOLE_SIGN_IN_TTL_MS - 1);
    await expect(signIns.take(kept)).resolves.toEqual(pending(4));
    const fresh = await signIns.keep(pending(6));
    clock.advance(1);
    expect(await signIns.take(expired)).toBeUndefined();
    const another = await signIns.keep(pending(7));
    clock.advance(CONSOLE_SIGN_IN_TTL_MS);
    // The purge job's pass (every instance runs it) deletes them with the console's ended sessions.
    await new SessionPurge(database.handle.db, clock, { retentionHours: 24, intervalSeconds: 0, batchSize: 1 }).purgeConsoleSessionsOnce();
    expect(await database.handle.db.selectFrom('console_sign_ins').selectAll().execute()).toEqual([]);
    expect(await signIns.take(fresh)).toBeUndefined();
    expect(await signIns.take(another)).toBeUndefined();
  });
});
