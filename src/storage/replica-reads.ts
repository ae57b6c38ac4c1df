// Where session reads go when a read-only replica is configured (DATABASE_REPLICA_URL,
// docs/operations.md#database-failover). Only the session repository's lookups go through it: the
// catalog, every write and idempotency keys are read from the primary alone.
//
// - Primary first (the default): a read the primary cannot answer (unavailable.ts: a failover, a
//   restart) is asked of the replica. Found there, it is served; a miss there is still "unavailable"
//   (503), never "not found": the session may be one the replica has not replayed yet.
// - Replica first (DATABASE_READ_FROM_REPLICA=true): the replica answers; a miss or any failure of
//   it asks the primary, which decides (the newest sessions may not have arrived yet).
// - A replica read is given up after REPLICA_TIMEOUT_MS (its connect time-out): a replica that is
//   down costs a request no more than that before the primary is asked; its own breaker
//   (fail-fast.ts) then refuses at once for a second, so the next requests pay nothing.
// - While neither can answer, the read is tried again every RETRY_PAUSE_MS for RETRY_FOR_MS: during
//   a failover the balancer's endpoints move one after the other (the promoted standby leaves the
//   replica endpoint before it joins the primary's), and a storefront should not see that gap.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable.ts';

export type ReadTarget = 'primary' | 'replica';

/** A replica's connection and read time-out: what a replica that is down may cost a request. */
export const REPLICA_TIMEOUT_MS = 1000;
/** How long a read that neither database answered is tried again before its 503. */
export const RETRY_FOR_MS = 2500;
export const RETRY_PAUSE_MS = 250;

export interface SessionReadsOptions {
  /** DATABASE_READ_FROM_REPLICA: the replica first; a miss asks the primary. */
  replicaFirst?: boolean;
  replicaTimeoutMs?: number;
  retryForMs?: number;
}

type Db = Kysely<Database>;

/** The read policy of session lookups: which database answers, and what happens when one cannot. */
export class SessionReads {
  /** Reads asked of each database (pms_db_reads_total{target}). */
  readonly counts: Record<ReadTarget, number> = { primary: 0, replica: 0 };
  private readonly replicaFirst: boolean;
  private readonly replicaTimeoutMs: number;
  private readonly retryForMs: number;

  constructor(
    private readonly primary: Db,
    private readonly replica?: Db,
    options: SessionReadsOptions = {},
  ) {
    this.replicaFirst = options.replicaFirst ?? false;
    this.replicaTimeoutMs = options.replicaTimeoutMs ?? REPLICA_TIMEOUT_MS;
    this.retryForMs = options.retryForMs ?? RETRY_FOR_MS;
  }

  /** The row `query` finds, undefined for none; DatabaseUnavailableError (503) when it cannot be told. */
  async find<T>(query: (db: Db) => Promise<T | undefined>): Promise<T | undefined> {
    if (!this.replica) return this.fromPrimary(query);
    const deadline = Date.now() + this.retryForMs;
    for (;;) {
      try {
        return await this.once(query, this.replica);
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() + RETRY_PAUSE_MS > deadline) throw error;
      }
      await sleep(RETRY_PAUSE_MS);
    }
  }

  private async once<T>(query: (db: Db) => Promise<T | undefined>, replica: Db): Promise<T | undefined> {
    if (this.replicaFirst) {
      // Any failure of the replica (down, slow, a conflict with recovery) leaves the answer to the primary.
      const found = await this.fromReplica(query, replica).catch(() => undefined);
      return found !== undefined ? found : this.fromPrimary(query);
    }
    try {
      return await this.fromPrimary(query);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const found = await this.fromReplica(query, replica).catch(() => undefined);
      // Not on the replica (yet), or the replica cannot answer either: the primary's "unavailable".
      if (found === undefined) throw error;
      return found;
    }
  }

  private fromPrimary<T>(query: (db: Db) => Promise<T | undefined>): Promise<T | undefined> {
    this.counts.primary += 1;
    return query(this.primary);
  }

  private async fromReplica<T>(query: (db: Db) => Promise<T | undefined>, replica: Db): Promise<T | undefined> {
    this.counts.replica += 1;
    const pending = query(replica);
    pending.catch(() => {}); // given up on below: its own time-outs end it
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DatabaseUnavailableError()), this.replicaTimeoutMs);
    });
    try {
      return await Promise.race([pending, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** How often at most the replica is asked for its lag (pms_db_replica_lag_seconds). */
export const LAG_READ_INTERVAL_MS = 1000;

/**
 * The replica's lag as this service sees it, in seconds: how old the last transaction it replayed
 * is, or 0 when it has replayed everything it received (an idle primary writes nothing, which is
 * not lag) or is not a standby at all (promoted). Asked at most once a second (scrapes in between
 * get the last figure); NaN while the replica does not answer.
 */
export class ReplicaLag {
  private last = Number.NaN;
  private readAt = 0;
  private reading: Promise<number> | undefined;

  constructor(
    private readonly replica: Db,
    private readonly timeoutMs = REPLICA_TIMEOUT_MS,
  ) {}

  seconds(): Promise<number> {
    if (this.reading) return this.reading;
    if (Date.now() - this.readAt < LAG_READ_INTERVAL_MS) return Promise.resolve(this.last);
    this.readAt = Date.now();
    this.reading = this.ask()
      .then(
        (lag) => (this.last = lag),
        () => (this.last = Number.NaN),
      )
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async ask(): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DatabaseUnavailableError()), this.timeoutMs);
    });
    const query = sql<{ lag: string | number | null }>`
      select case
        when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
        else extract(epoch from now() - pg_last_xact_replay_timestamp())
      end as lag`.execute(this.replica);
    query.catch(() => {});
    try {
      const { rows } = await Promise.race([query, timeout]);
      const lag = rows[0]?.lag;
      return lag === null || lag === undefined ? Number.NaN : Math.max(0, Number(lag));
    } finally {
      clearTimeout(timer);
    }
  }
}
