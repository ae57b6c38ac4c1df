// Fail fast while PostgreSQL is unreachable (docs/errors.md#database-unavailable: 503 within 5 seconds, never a hang).
//
// Each query is bounded by the pool's time-outs (connect 1.5 s, statement 3 s, no answer at all
// 3.5 s), but a request runs several queries one after another (client, store owner, insert),
// and the caches answer a failed reload with their stale value and go on to the next query: with
// a database that accepts connections but never answers (a network partition) the waits would
// add up. So the first connection-level failure (refused, reset, no answer in time) opens a
// breaker for HOLD_MS: meanwhile every query fails at once with DatabaseUnavailableError (503;
// the caches serve their stale values at once). After HOLD_MS queries go through again, and the
// first success closes the breaker: the service resumes by itself. A request thus waits for at
// most one time-out. A statement time-out (57014) does not open it: the server answered, only
// that query was slow. A client whose connection failed is destroyed, not returned to the pool: after
// a failover it may reach a node that is gone or now a standby (25006, unavailable.ts#isConnectionLost).
import { inSpan, SpanKind, spansEnabled } from '../lib/spans.ts';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable.ts';

/** How long the breaker stays open after a connection-level failure. */
export const HOLD_MS = 1000;

/** Failures that say "the database is not there", not "this query was slow or wrong". */
function isConnectionFailure(error: unknown): boolean {
  if (!isDatabaseUnavailable(error) || error instanceof DatabaseUnavailableError) return false;
  const code = (error as { code?: unknown }).code;
  if (code === '57014' || code === '53300') return false;
  // Waiting for a pooled connection timed out: the pool is busy, the database may be fine.
  return !(error as Error).message.includes('timeout exceeded when trying to connect');
}

export class ConnectionBreaker {
  private openUntil = 0;
  /** From a connection failure to the next success: the next success is a reconnection. */
  private down = false;
  private readonly recovered: Array<() => void> = [];
  /**
   * Connection attempts and queries that found the database unavailable: a connection-level failure,
   * or refused at once while open (pms_db_unavailable_total).
   */
  unavailable = 0;

  constructor(private readonly holdMs = HOLD_MS) {}

  get open(): boolean {
    return Date.now() < this.openUntil;
  }

  /** Throws while open. */
  check(): void {
    if (this.open) throw this.refusal();
  }

  /** The error of a query refused while open, counted. */
  refusal(): DatabaseUnavailableError {
    this.unavailable += 1;
    return new DatabaseUnavailableError();
  }

  /** Returns true when the error was a connection failure (and opened the breaker). */
  failed(error: unknown): boolean {
    if (!isConnectionFailure(error)) return false;
    this.openUntil = Date.now() + this.holdMs;
    this.down = true;
    this.unavailable += 1;
    return true;
  }

  succeeded(): void {
    this.openUntil = 0;
    if (!this.down) return;
    this.down = false;
    for (const listener of this.recovered) listener();
  }

  /**
   * Calls `listener` on the first success after a connection failure: the database is back, perhaps
   * another server behind the same address (a failover), whose notifications were not heard meanwhile.
   */
  onRecovered(listener: () => void): void {
    this.recovered.push(listener);
  }
}

/** The pool as Kysely sees it, with every connect and query going through the breaker. */
/** The span's name: the statement's first keyword (`SELECT`, `INSERT`, `BEGIN` …). */
function operationOf(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
}

function queryAttributes(text: string) {
  return { 'db.system.name': 'postgresql', 'db.operation.name': operationOf(text), 'db.query.text': text };
}

export function guardPool(pool: pg.Pool, breaker: ConnectionBreaker): PostgresPool {
  // One wrapper per pooled client: Kysely keys its connection objects by client.
  const wrappers = new WeakMap<pg.PoolClient, { wrapper: PostgresPoolClient; broken: boolean }>();
  return {
    connect: async () => {
      breaker.check();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        breaker.failed(error);
        throw error;
      }
      let entry = wrappers.get(client);
      if (!entry) {
        const state = {
          broken: false,
          wrapper: {
            query: ((sqlOrCursor: string | object, parameters?: ReadonlyArray<unknown>) => {
              if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
              if (breaker.open) return Promise.reject(breaker.refusal());
              const run = () => client.query(sqlOrCursor, parameters as unknown[]);
              // A client span per statement when tracing is on (docs/operations.md#traces): the SQL text with
              // its $n placeholders, never the parameters' values.
              const pending = spansEnabled() ? inSpan(operationOf(sqlOrCursor), SpanKind.CLIENT, queryAttributes(sqlOrCursor), run) : run();
              return pending.then(
                (result) => {
                  breaker.succeeded();
                  return result;
                },
                (error: unknown) => {
                  if (breaker.failed(error)) state.broken = true;
                  throw error;
                },
              );
            }) as PostgresPoolClient['query'],
            // A connection that failed is destroyed (release(true)), not handed to the next request.
            release: () => client.release(state.broken || undefined),
          },
        };
        entry = state;
        wrappers.set(client, entry);
      }
      entry.broken = false;
      return entry.wrapper;
    },
    end: () => pool.end(),
  };
}
