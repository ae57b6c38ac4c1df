// The session purge job (src/services/session-purge.ts): it deletes only sessions that expired
// more than the retention ago (docs/session-api.md#session-lifetime-and-retention: 409 for at least 24 hours past expiresAt, then 404),
// in batches (safely from several instances at once: test/storage/sessions-and-keys.test.ts).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config.ts';
import { SessionPurge } from '../../src/services/session-purge.ts';

import { manualClock, startTestService, type TestService } from '../helpers/app.ts';

import { STORE } from '../helpers/demo.ts';

const HOUR = 3600 * 1000;

let clock: ReturnType<typeof manualClock>;
let service: TestService;

beforeEach(async () => {
  clock = manualClock();
  service = await startTestService({ clock, env: { SESSION_PURGE_INTERVAL_SECONDS: '0' } });
});

afterEach(async () => {
  await service.close();
});

/** Inserts sessions directly, expiring `offsetsMs` from the (manual) clock's now; returns their ids. */
async function insertSessions(offsetsMs: number[]): Promise<string[]> {
  const now = clock();
  const rows = offsetsMs.map((offset) => ({
    id: randomUUID(),
    store_id: STORE,
    campaign: null,
    created_at: new Date(now + offset - HOUR),
    expires_at: new Date(now + offset),
  }));
  if (rows.length > 0) await service.database.handle.db.insertInto('sessions').values(rows).execute();
  return rows.map((row) => row.id);
}

async function remaining(): Promise<Set<string>> {
  const rows = await service.database.handle.db.selectFrom('sessions').select('id').execute();
  return new Set(rows.map((row) => row.id));
}

async function status(sessionId: string): Promise<number> {
  const response = await service.app.inject({ url: `/v1/sessions/${sessionId}/payment-method-groups?amount=100` });
  return response.statusCode;
}

describe('the session purge', () => {
  it('deletes only sessions that expired more than the retention ago, batch after batch until one is short', async () => {
    const old = await insertSessions([
      -24 * HOUR - 1,
      -25 * HOUR,
      -48 * HOUR,
      -30 * 24 * HOUR,
      -24 * HOUR - 60_000,
      -100 * HOUR,
      -26 * HOUR,
    ]);
    const atTheCutoff = await insertSessions([-24 * HOUR]);
    const expiredRecently = await insertSessions([-23 * HOUR, -1]);
    const live = await insertSessions([0, HOUR]);

    const purge = new SessionPurge(service.database.handle.db, clock, { retentionHours: 24, intervalSeconds: 0, batchSize: 3 });
    const deletes = spyOnDeletes(purge);
    expect(await purge.purgeOnce()).toBe(7);
    // 3 + 3 + 1: the short batch ends the pass.
    expect(deletes()).toEqual([3, 3, 1]);
    expect(purge.stats()).toEqual({ purged: 7, failures: 0 });

    const left = await remaining();
    for (const id of old) expect(left.has(id)).toBe(false);
    for (const id of [...atTheCutoff, ...expiredRecently, ...live]) expect(left.has(id)).toBe(true);
    expect(await purge.purgeOnce()).toBe(0);
  });

  it('makes purged sessions 404 while those within the retention answer 409, also when cached', async () => {
    const [purged] = await insertSessions([-25 * HOUR]);
    const [kept, cachedThenPurged] = await insertSessions([-23 * HOUR, -23 * HOUR]);
    const [live] = await insertSessions([3 * HOUR]);
    // Read once: this instance now caches it (sessions never change).
    expect(await status(cachedThenPurged!)).toBe(409);

    // The context's own job, with the configured retention (24 hours by default).
    expect(await service.ctx.sessionPurge.purgeOnce()).toBe(1);
    expect(await status(purged!)).toBe(404);
    expect(await status(kept!)).toBe(409);
    expect(await status(live!)).toBe(200);

    // Two hours on, the cached one is past the retention too: purged (by any instance), it is 404
    // here as well, not served from the cache.
    clock.advance(2 * HOUR);
    expect(await service.ctx.sessionPurge.purgeOnce()).toBe(2);
    expect(await status(cachedThenPurged!)).toBe(404);
    expect(await status(kept!)).toBe(404);
    expect(await status(live!)).toBe(200);

    const metrics = await service.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/^pms_sessions_purged_total 3$/m);
  });

  it('runs in the background every interval once started, and stops', async () => {
    const old = await insertSessions([-30 * HOUR, -40 * HOUR]);
    const purge = new SessionPurge(service.database.handle.db, clock, { retentionHours: 24, intervalSeconds: 0.2 });
    purge.start();
    try {
      for (let waited = 0; purge.stats().purged < 2 && waited < 5000; waited += 50) await sleep(50);
      expect(purge.stats().purged).toBe(2);
    } finally {
      await purge.stop();
    }
    const left = await remaining();
    for (const id of old) expect(left.has(id)).toBe(false);
    // Stopped: nothing more is deleted.
    const later = await insertSessions([-30 * HOUR]);
    await sleep(400);
    expect((await remaining()).has(later[0]!)).toBe(true);
  });
  // Several purges at once on one database (PostgreSQL's instances): test/storage/sessions-and-keys.test.ts.
});

describe('its configuration', () => {
  it('keeps sessions 24 hours by default and never less; purges every 60 seconds by default, 0 turns it off', () => {
    const defaults = readConfig({});
    expect(defaults.sessionRetentionHours).toBe(24);
    expect(defaults.sessionPurgeIntervalSeconds).toBe(60);
    expect(readConfig({ SESSION_RETENTION_HOURS: '72', SESSION_PURGE_INTERVAL_SECONDS: '0' })).toMatchObject({
      sessionRetentionHours: 72,
      sessionPurgeIntervalSeconds: 0,
    });
    expect(() => readConfig({ SESSION_RETENTION_HOURS: '23' })).toThrow(ConfigError);
    expect(() => readConfig({ SESSION_RETENTION_HOURS: '23' })).toThrow(/SESSION_RETENTION_HOURS/);
    expect(() => readConfig({ SESSION_PURGE_INTERVAL_SECONDS: '-1' })).toThrow(/SESSION_PURGE_INTERVAL_SECONDS/);
  });
});

/** Records the row count of every DELETE the purge runs. */
function spyOnDeletes(purge: SessionPurge): () => number[] {
  const counts: number[] = [];
  const repository = (purge as unknown as { repository: { deleteExpiredBefore(cutoff: Date, limit: number): Promise<number> } }).repository;
  const original = repository.deleteExpiredBefore.bind(repository);
  repository.deleteExpiredBefore = async (cutoff, limit) => {
    const deleted = await original(cutoff, limit);
    counts.push(deleted);
    return deleted;
  };
  return () => counts;
}
