// Sessions, their idempotency keys, signing keys and the console's sessions and sign-ins on either
// database (storage/repositories): the claims that decide which of two requests or instances wins
// (insert … on conflict do nothing, an update compared on created_at, a delete … returning), the
// purges (oldest first, in batches, FOR UPDATE SKIP LOCKED) and timestamps read back to the millisecond.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../src/storage/database.ts';
import { ConsoleSessionsRepository, type ConsoleSessionRecord } from '../../src/storage/repositories/console-sessions.ts';
import { ConsoleSignInsRepository } from '../../src/storage/repositories/console-sign-ins.ts';
import { SessionIdempotencyKeysRepository } from '../../src/storage/repositories/session-idempotency-keys.ts';
import { SessionsRepository, type SessionRecord } from '../../src/storage/repositories/sessions.ts';
import { SigningKeysRepository } from '../../src/storage/repositories/signing-keys.ts';
import { testDatabaseKind } from '../helpers/database.ts';
import { useDatabase } from './harness.ts';

const t = useDatabase();
const STORE = '22000000-0000-4000-8000-000000000001';
const NOW = Date.parse('2026-11-21T12:00:00.123Z');
const HOUR = 3_600_000;

function session(expiresInMs: number, overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id: randomUUID(),
    storeId: STORE,
    campaign: undefined,
    locale: undefined,
    createdAt: new Date(NOW),
    expiresAt: new Date(NOW + expiresInMs),
    rules: undefined,
    ttlSeconds: undefined,
    rulesKey: '',
    ...overrides,
  };
}

describe('sessions', () => {
  it('are written all at once and read back as written, to the millisecond', async () => {
    const sessions = new SessionsRepository(t.db);
    const written = [session(HOUR, { campaign: 'black-week', locale: 'sv-SE' }), session(2 * HOUR)];
    await sessions.insertMany(written);
    for (const record of written) expect(await sessions.findById(record.id)).toEqual(record);
    // One INSERT: a row that fails takes the others with it.
    const duplicate = session(HOUR, { id: written[0]!.id });
    const fresh = session(HOUR);
    await expect(sessions.insertMany([fresh, duplicate])).rejects.toThrow();
    expect(await sessions.findById(fresh.id)).toBeUndefined();
  });

  it('are purged oldest first, a batch at a time, only those expired before the cutoff', async () => {
    const sessions = new SessionsRepository(t.db);
    const expired = [-3, -1, -2].map((hours) => session(hours * HOUR - 10 * HOUR));
    const atCutoff = session(-10 * HOUR);
    await sessions.insertMany([...expired, atCutoff]);
    const cutoff = new Date(NOW - 10 * HOUR);
    expect(await sessions.deleteExpiredBefore(cutoff, 2)).toBe(2);
    // The two oldest went first.
    expect(await sessions.findById(expired[0]!.id)).toBeUndefined();
    expect(await sessions.findById(expired[2]!.id)).toBeUndefined();
    expect(await sessions.findById(expired[1]!.id)).toBeDefined();
    expect(await sessions.deleteExpiredBefore(cutoff, 2)).toBe(1);
    expect(await sessions.deleteExpiredBefore(cutoff, 2)).toBe(0);
    // Expiring exactly at the cutoff is not before it.
    expect(await sessions.findById(atCutoff.id)).toBeDefined();
  });

  it('purged by several purges at once: every row once, the others kept (on PostgreSQL each with a pool of its own, as instances)', async () => {
    const sessions = new SessionsRepository(t.db);
    const count = 600;
    const old = Array.from({ length: count }, (_, i) => session(-100 * HOUR - i * 1000));
    await sessions.insertMany(old);
    const kept = session(-HOUR);
    await sessions.insertMany([kept]);
    const handles: DatabaseHandle[] =
      testDatabaseKind === 'postgres' ? [0, 1, 2].map(() => openPostgres({ connectionString: t.database.url!, poolSize: 2 })) : [];
    try {
      const purgers = handles.length > 0 ? handles.map((h) => new SessionsRepository(h.db)) : [sessions, sessions, sessions];
      const cutoff = new Date(NOW - 50 * HOUR);
      const drain = async (repository: SessionsRepository) => {
        let total = 0;
        for (let deleted = -1; deleted !== 0; total += deleted) deleted = await repository.deleteExpiredBefore(cutoff, 50);
        return total;
      };
      const counts = await Promise.all(purgers.map(drain));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(count);
      expect(await sessions.findById(kept.id)).toBeDefined();
    } finally {
      for (const handle of handles) await handle.close();
    }
  });
});

describe('idempotency keys', () => {
  it('one claim wins; a take-over compared on created_at wins once; completion writes the session with the key', async () => {
    const keys = new SessionIdempotencyKeysRepository(t.db);
    const claimedAt = new Date(NOW);
    expect(await keys.claim('client-a', 'key-1', 'fp-1', claimedAt)).toBe(true);
    expect(await keys.claim('client-a', 'key-1', 'fp-2', claimedAt)).toBe(false);
    // Another client's key of the same name is another key.
    expect(await keys.claim('client-b', 'key-1', 'fp-1', claimedAt)).toBe(true);
    const seen = (await keys.find('client-a', 'key-1'))!;
    expect(seen).toEqual({ clientId: 'client-a', key: 'key-1', fingerprint: 'fp-1', sessionId: undefined, createdAt: claimedAt });

    const retakenAt = new Date(NOW + 1);
    expect(await keys.takeOver(seen, 'fp-3', retakenAt)).toBe(true);
    expect(await keys.takeOver(seen, 'fp-4', new Date(NOW + 2))).toBe(false);
    // The first claim's completion lost the key: nothing written.
    const lost = session(HOUR);
    expect(await keys.complete('client-a', 'key-1', claimedAt, lost)).toBe(false);
    expect(await new SessionsRepository(t.db).findById(lost.id)).toBeUndefined();
    const won = session(HOUR);
    expect(await keys.complete('client-a', 'key-1', retakenAt, won)).toBe(true);
    expect((await keys.find('client-a', 'key-1'))?.sessionId).toBe(won.id);
    expect(await new SessionsRepository(t.db).findById(won.id)).toEqual(won);
    // A completed key is not released; an abandoned claim is.
    await keys.release('client-a', 'key-1');
    expect(await keys.find('client-a', 'key-1')).toBeDefined();
    await keys.release('client-b', 'key-1');
    expect(await keys.find('client-b', 'key-1')).toBeUndefined();
  });

  it('are purged oldest first by creation time', async () => {
    const keys = new SessionIdempotencyKeysRepository(t.db);
    for (const [key, hoursAgo] of [
      ['old-2', 30],
      ['old-1', 40],
      ['new', 1],
    ] as const) {
      await keys.claim('client-purge', key, 'fp', new Date(NOW - hoursAgo * HOUR));
    }
    const cutoff = new Date(NOW - 24 * HOUR);
    expect(await keys.deleteCreatedBefore(cutoff, 1)).toBe(1);
    expect(await keys.find('client-purge', 'old-1')).toBeUndefined();
    expect(await keys.find('client-purge', 'old-2')).toBeDefined();
    expect(await keys.deleteCreatedBefore(cutoff, 10)).toBeGreaterThanOrEqual(1);
    expect(await keys.find('client-purge', 'old-2')).toBeUndefined();
    expect(await keys.find('client-purge', 'new')).toBeDefined();
  });
});

describe('signing keys', () => {
  it('the newest active key signs; retired keys verify while retired after the bound; JWKs read back as JSON', async () => {
    const keys = new SigningKeysRepository(t.db);
    const key = (kid: string, at: number) => ({
      kid,
      algorithm: 'ES256',
      publicJwk: { kty: 'EC', crv: 'P-256', x: `x-${kid}`, y: `y-${kid}` },
      privateJwk: { kty: 'EC', crv: 'P-256', d: `d-${kid}` },
      createdAt: new Date(at),
    });
    await keys.insert(key('k-old', NOW - 2 * HOUR));
    await keys.insert(key('k-b', NOW - HOUR));
    await keys.insert(key('k-a', NOW - HOUR));
    const current = (await keys.currentSigningKey())!;
    // Two of the same age: by kid.
    expect(current.kid).toBe('k-a');
    expect(current.privateJwk).toEqual({ kty: 'EC', crv: 'P-256', d: 'd-k-a' });
    await keys.retireAllExcept('k-a', new Date(NOW));
    expect((await keys.currentSigningKey())!.kid).toBe('k-a');
    const verifying = await keys.listVerificationKeys(new Date(NOW - 1));
    expect(verifying.map((k) => [k.kid, k.retiredAt?.getTime()])).toEqual([
      ['k-a', undefined],
      ['k-b', NOW],
      ['k-old', NOW],
    ]);
    expect(verifying[0]!.publicJwk).toEqual({ kty: 'EC', crv: 'P-256', x: 'x-k-a', y: 'y-k-a' });
    expect((await keys.listVerificationKeys(new Date(NOW))).map((k) => k.kid)).toEqual(['k-a']);
  });
});

describe("the console's sessions and sign-ins", () => {
  function consoleSession(tokenHash: string, expiresAt: number, idleExpiresAt: number): ConsoleSessionRecord {
    return {
      tokenHash,
      actorType: 'console',
      actorId: 'person@example.com',
      displayName: 'A Person',
      role: 'catalog-editor',
      csrfToken: `csrf-${tokenHash}`,
      createdAt: new Date(NOW),
      lastSeenAt: new Date(NOW),
      expiresAt: new Date(expiresAt),
      idleExpiresAt: new Date(idleExpiresAt),
      clientSecretDigest: null,
    };
  }

  it('sessions: touched while they exist, ended by either expiry, purged in batches', async () => {
    const sessions = new ConsoleSessionsRepository(t.db);
    const live = consoleSession('live', NOW + 8 * HOUR, NOW + HOUR);
    await sessions.insert(live);
    expect(await sessions.find('live')).toEqual(live);
    expect(await sessions.touch('live', new Date(NOW + 1000), new Date(NOW + HOUR + 1000))).toBe(true);
    expect((await sessions.find('live'))?.idleExpiresAt).toEqual(new Date(NOW + HOUR + 1000));
    expect(await sessions.touch('gone', new Date(NOW), new Date(NOW))).toBe(false);
    await sessions.insert(consoleSession('idle-ended', NOW + 8 * HOUR, NOW - 1));
    await sessions.insert(consoleSession('absolute-ended', NOW, NOW + HOUR));
    expect(await sessions.deleteEndedBefore(new Date(NOW), 1)).toBe(1);
    expect(await sessions.deleteEndedBefore(new Date(NOW), 10)).toBe(1);
    expect(await sessions.deleteEndedBefore(new Date(NOW), 10)).toBe(0);
    expect(await sessions.find('live')).toBeDefined();
    expect(await sessions.delete('live')).toBe(true);
    expect(await sessions.delete('live')).toBe(false);
    // The role is one of two.
    await expect(sessions.insert({ ...consoleSession('bad-role', NOW + HOUR, NOW + HOUR), role: 'owner' })).rejects.toThrow();
  });

  it('sign-ins: taken once, and not at all once expired (but deleted then too)', async () => {
    const signIns = new ConsoleSignInsRepository(t.db);
    const record = {
      keyHash: 'sign-in',
      state: 's',
      nonce: 'n',
      codeVerifier: 'v',
      returnTo: '/console/catalog',
      expiresAt: new Date(NOW + 600_000),
    };
    await signIns.insert(record);
    const [first, second] = await Promise.all([signIns.take('sign-in', new Date(NOW)), signIns.take('sign-in', new Date(NOW))]);
    expect([first, second].filter((r) => r !== undefined)).toEqual([record]);
    await signIns.insert({ ...record, keyHash: 'late' });
    expect(await signIns.take('late', new Date(NOW + 600_000))).toBeUndefined();
    await signIns.insert({ ...record, keyHash: 'late' });
    await signIns.insert({ ...record, keyHash: 'expired-1', expiresAt: new Date(NOW - 1) });
    expect(await signIns.deleteExpired(new Date(NOW), 10)).toBe(1);
    expect(await signIns.take('late', new Date(NOW))).toEqual({ ...record, keyHash: 'late' });
  });
});
