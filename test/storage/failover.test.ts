// A database failover as the storage layer sees it (docs/operations.md#database-failover): which
// errors mean "unavailable" (503, the connection dropped), and where session reads go with a replica
// beside the primary. The databases here are stand-ins: what matters is which one is asked and what
// it answers.
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { ConnectionBreaker, guardPool } from '../../src/storage/fail-fast.ts';
import { SessionReads } from '../../src/storage/replica-reads.ts';
import type { Database } from '../../src/storage/schema.ts';
import { DatabaseUnavailableError, isConnectionLost, isDatabaseUnavailable } from '../../src/storage/unavailable.ts';
import { readConfig } from '../../src/config.ts';

const withCode = (code: string, message = `failed with ${code}`) => Object.assign(new Error(message), { code });

describe('failure classes', () => {
  it.each([
    ['25006', 'read-only transaction: the server was demoted'],
    ['57P01', 'admin shutdown'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'cannot connect now'],
    ['08006', 'connection failure'],
    ['08001', 'unable to connect'],
    ['08003', 'connection does not exist'],
  ])('SQLSTATE %s (%s) is a lost connection: database unavailable', (code) => {
    expect(isConnectionLost(code)).toBe(true);
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it('connection resets and refusals are unavailable; wrong queries are not', () => {
    expect(isDatabaseUnavailable(withCode('ECONNRESET', 'read ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    for (const code of ['23505', '42P01', '22P02', '40001']) {
      expect(isConnectionLost(code)).toBe(false);
      expect(isDatabaseUnavailable(withCode(code))).toBe(false);
    }
  });

  it('opens the breaker, counts, and a reconnection is reported once', () => {
    const breaker = new ConnectionBreaker(60_000);
    let reconnections = 0;
    breaker.onRecovered(() => (reconnections += 1));
    breaker.succeeded();
    expect(reconnections).toBe(0);
    expect(breaker.failed(withCode('23505'))).toBe(false);
    expect(breaker.failed(withCode('25006'))).toBe(true);
    expect(breaker.open).toBe(true);
    expect(() => breaker.check()).toThrow(DatabaseUnavailableError);
    expect(breaker.unavailable).toBe(2);
    breaker.succeeded();
    breaker.succeeded();
    expect(reconnections).toBe(1);
    expect(breaker.open).toBe(false);
  });

  it.each(['25006', '57P01', '08006', 'ECONNRESET'])('a pooled connection that failed with %s is destroyed, never reused', async (code) => {
    const released: Array<boolean | undefined> = [];
    let fail = true;
    const client = {
      query: () => (fail ? Promise.reject(withCode(code)) : Promise.resolve({ rows: [] })),
      release: (destroy?: boolean) => released.push(destroy),
    };
    const pool = guardPool({ connect: () => Promise.resolve(client), end: () => Promise.resolve() } as never, new ConnectionBreaker(0));
    const first = await pool.connect();
    await expect(first.query('select 1', [])).rejects.toMatchObject({ code });
    first.release();
    fail = false;
    const second = await pool.connect();
    await second.query('select 1', []);
    second.release();
    expect(released).toEqual([true, undefined]);
  });
});

type Db = Kysely<Database>;
const primary = { name: 'primary' } as unknown as Db;
const replica = { name: 'replica' } as unknown as Db;

/** A lookup that each database answers as `answers` says: a value, undefined (a miss), an error or a promise. */
function lookup(answers: { primary: unknown; replica?: unknown }) {
  const asked: string[] = [];
  const query = (db: Db): Promise<string | undefined> => {
    const name = db === primary ? 'primary' : 'replica';
    asked.push(name);
    const answer = answers[name];
    if (answer instanceof Error) return Promise.reject(answer);
    if (answer instanceof Promise) return answer as Promise<string | undefined>;
    return Promise.resolve(answer as string | undefined);
  };
  return { query, asked };
}

const unavailable = () => withCode('57P01', 'terminating connection due to administrator command');
const never = () => new Promise<never>(() => {});

describe('session reads with a replica', () => {
  it('without a replica, the primary alone answers (its errors as they are)', async () => {
    const reads = new SessionReads(primary);
    const { query, asked } = lookup({ primary: 'row' });
    expect(await reads.find(query)).toBe('row');
    await expect(reads.find(lookup({ primary: unavailable() }).query)).rejects.toMatchObject({ code: '57P01' });
    expect(asked).toEqual(['primary']);
    expect(reads.counts).toEqual({ primary: 2, replica: 0 });
  });

  describe('primary first (the default)', () => {
    it('the primary answers, found or not; the replica is not asked', async () => {
      const reads = new SessionReads(primary, replica);
      const found = lookup({ primary: 'row', replica: 'row' });
      expect(await reads.find(found.query)).toBe('row');
      const missing = lookup({ primary: undefined, replica: 'row' });
      expect(await reads.find(missing.query)).toBeUndefined();
      expect([...found.asked, ...missing.asked]).toEqual(['primary', 'primary']);
    });

    it('the primary unavailable: the replica answers', async () => {
      const reads = new SessionReads(primary, replica);
      const { query, asked } = lookup({ primary: unavailable(), replica: 'row' });
      expect(await reads.find(query)).toBe('row');
      expect(asked).toEqual(['primary', 'replica']);
      expect(reads.counts).toEqual({ primary: 1, replica: 1 });
    });

    it('the primary unavailable and the replica without it: unavailable (not replayed yet?), never "not found"', async () => {
      const reads = new SessionReads(primary, replica, { retryForMs: 0 });
      await expect(reads.find(lookup({ primary: unavailable(), replica: undefined }).query)).rejects.toMatchObject({ code: '57P01' });
    });

    it('a wrong query is not retried elsewhere', async () => {
      const reads = new SessionReads(primary, replica);
      const { query, asked } = lookup({ primary: withCode('42P01'), replica: 'row' });
      await expect(reads.find(query)).rejects.toMatchObject({ code: '42P01' });
      expect(asked).toEqual(['primary']);
    });

    it('both unavailable: tried again until one answers (a failover moves the endpoints one after the other)', async () => {
      const reads = new SessionReads(primary, replica, { retryForMs: 5000 });
      let attempts = 0;
      const query = (db: Db) => {
        if (db === primary) attempts += 1;
        return attempts < 3 ? Promise.reject(unavailable()) : Promise.resolve(db === primary ? 'row' : undefined);
      };
      expect(await reads.find(query)).toBe('row');
      expect(attempts).toBe(3);
    });

    it('both unavailable: 503 after the retries (bounded)', async () => {
      const reads = new SessionReads(primary, replica, { retryForMs: 600 });
      const started = performance.now();
      await expect(reads.find(lookup({ primary: unavailable(), replica: unavailable() }).query)).rejects.toSatisfy(isDatabaseUnavailable);
      expect(performance.now() - started).toBeLessThan(2000);
    });
  });

  describe('replica first (DATABASE_READ_FROM_REPLICA=true)', () => {
    it('the replica answers; the primary is not asked', async () => {
      const reads = new SessionReads(primary, replica, { replicaFirst: true });
      const { query, asked } = lookup({ primary: 'row', replica: 'row' });
      expect(await reads.find(query)).toBe('row');
      expect(asked).toEqual(['replica']);
    });

    it('a miss on the replica asks the primary (the newest sessions may not have arrived)', async () => {
      const reads = new SessionReads(primary, replica, { replicaFirst: true });
      const { query, asked } = lookup({ primary: 'row', replica: undefined });
      expect(await reads.find(query)).toBe('row');
      expect(asked).toEqual(['replica', 'primary']);
      expect(await reads.find(lookup({ primary: undefined, replica: undefined }).query)).toBeUndefined();
    });

    it('a replica that fails or hangs costs no more than its time-out before the primary answers', async () => {
      const failing = new SessionReads(primary, replica, { replicaFirst: true });
      expect(await failing.find(lookup({ primary: 'row', replica: unavailable() }).query)).toBe('row');
      const hanging = new SessionReads(primary, replica, { replicaFirst: true, replicaTimeoutMs: 300 });
      const started = performance.now();
      expect(await hanging.find(lookup({ primary: 'row', replica: never() }).query)).toBe('row');
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(1000);
    });
  });
});

describe('configuration', () => {
  it('DATABASE_REPLICA_URL: used when postgres://, reported by name (never its value) when not; the service starts either way', () => {
    const base = { DATABASE_URL: 'postgres://primary/pms' };
    expect(readConfig(base).databaseReplica).toBeUndefined();
    expect(readConfig({ ...base, DATABASE_REPLICA_URL: 'postgresql://reader/pms' }).databaseReplica).toEqual({
      url: 'postgresql://reader/pms',
    });
    const refused = readConfig({ ...base, DATABASE_REPLICA_URL: 'mysql://admin:s3cret@reader/pms' }).databaseReplica;
    expect(refused).toEqual({ problem: 'DATABASE_REPLICA_URL must use postgres: or postgresql:, got "mysql:"' });
    const garbled = readConfig({ ...base, DATABASE_REPLICA_URL: 's3cret reader' }).databaseReplica;
    expect(garbled).toEqual({ problem: 'DATABASE_REPLICA_URL is not a URL (postgres://…)' });
  });

  it('DATABASE_CONNECTION_MAX_LIFETIME_SECONDS defaults to 300; DATABASE_READ_FROM_REPLICA to false', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://primary/pms' });
    expect(config.databaseConnectionMaxLifetimeSeconds).toBe(300);
    expect(config.databaseReadFromReplica).toBe(false);
    expect(readConfig({ DATABASE_CONNECTION_MAX_LIFETIME_SECONDS: '0' }).databaseConnectionMaxLifetimeSeconds).toBe(0);
    expect(() => readConfig({ DATABASE_CONNECTION_MAX_LIFETIME_SECONDS: '-1' })).toThrow(/DATABASE_CONNECTION_MAX_LIFETIME_SECONDS/);
  });
});
