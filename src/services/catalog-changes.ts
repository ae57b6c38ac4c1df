// Cross-instance cache invalidation (contract §6: a catalog change is visible to every running
// instance within 2 seconds).
//
// - Every catalog write (admin API, catalog file at start-up, CLI) runs through catalogTransaction():
//   it issues `NOTIFY pms_catalog_changed` inside the write's transaction, so PostgreSQL delivers
//   it to every listening instance when (and only if) the write commits. CatalogChanges.write()
//   adds the invalidation of this instance's caches right after the commit.
// - It also counts the write in catalog_generation, which tells the start-up whether anything
//   changed the catalog since its file was last applied (catalog-import.ts).
// - Each instance LISTENs on a dedicated connection (CatalogChangeListener, not from the pool) and
//   clears its caches on every notification. A dropped connection is re-established with backoff;
//   notifications sent meanwhile are lost, so the caches are cleared on the drop and again after
//   every (re)connect.
// - The caches keep their 1-second time-to-live as a safety net: even with the listener down, a
//   change is visible everywhere within about a second.
// - PGlite: one process owns the data directory, so invalidation in-process is all there is; the
//   NOTIFY is harmless there (nobody listens).
import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from '../storage/schema.ts';

export const CATALOG_CHANGED_CHANNEL = 'pms_catalog_changed';
/** application_name of the listening connections (visible in pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'payment-method-sessions:catalog-listener';

/**
 * Runs a catalog write in one transaction that announces itself to every instance on commit.
 * Prefer CatalogChanges.write(), which also clears this instance's caches; this is for writes made
 * before there are any (the catalog file at start-up).
 */
export async function catalogTransaction<T>(db: Kysely<Database>, work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    // First statement, so the row lock is held for the whole write: catalog writes of all
    // instances run one after another and the counter grows in commit order, and whatever this
    // write reads was committed by writes with smaller generations. Taking this lock before any
    // other row lock also means two catalog writes cannot deadlock on it. A rolled-back write
    // leaves the counter as it was.
    await sql`update catalog_generation set generation = generation + 1`.execute(tx);
    const result = await work(tx);
    await sql.raw(`notify ${CATALOG_CHANGED_CHANNEL}`).execute(tx);
    return result;
  });
}

/** This instance's side of catalog changes: the caches to clear, and the one way to write. */
export class CatalogChanges {
  private readonly invalidators: Array<() => void> = [];

  constructor(private readonly db: Kysely<Database>) {}

  /** Registers a cache to clear on every change, made here or announced by another instance. */
  onChange(invalidate: () => void): void {
    this.invalidators.push(invalidate);
  }

  /**
   * The one function every catalog write goes through: the work runs in a transaction that
   * notifies the other instances on commit; this instance's caches are cleared right after.
   */
  async write<T>(work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
    let committing = false;
    try {
      return await catalogTransaction(this.db, async (tx) => {
        const result = await work(tx);
        committing = true;
        return result;
      });
    } finally {
      // Also when the COMMIT itself failed: its answer may have been lost after it took effect.
      // Work that threw (a refused body) was rolled back and changed nothing.
      if (committing) this.changed();
    }
  }

  /** Clears every registered cache. */
  changed(): void {
    for (const invalidate of this.invalidators) invalidate();
  }
}

export interface CatalogChangeListenerOptions {
  connectionString: string;
  /** Called on every notification, when the connection drops and after every (re)connect. */
  onChange: () => void;
  /** Connection problems, for logging; the listener handles them itself. */
  onError?: (error: Error) => void;
  /** First reconnect delay; doubles per failed attempt up to maxBackoffMs (with jitter). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** A `select 1` this often detects a connection that died silently. */
  heartbeatMs?: number;
}

/** LISTENs for catalog changes on a dedicated PostgreSQL connection, reconnecting as needed. */
export class CatalogChangeListener {
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;
  private connecting: Promise<void> | undefined;

  private constructor(private readonly options: CatalogChangeListenerOptions) {}

  /**
   * Connects and starts listening. A failed first attempt does not throw: the listener retries
   * in the background (the caches' time-to-live bounds staleness meanwhile).
   */
  static async start(options: CatalogChangeListenerOptions): Promise<CatalogChangeListener> {
    const listener = new CatalogChangeListener(options);
    await listener.connect();
    return listener;
  }

  /** True while a connection is listening. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeatTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<void> {
    this.connecting = this.attempt().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async attempt(): Promise<void> {
    if (this.closed) return;
    // Imported here: PGlite never listens, and pg takes about 0.1 s to load.
    const { Client } = (await import('pg')).default;
    const client = new Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: 5000,
      query_timeout: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client.on('notification', (message) => {
      if (message.channel === CATALOG_CHANGED_CHANNEL) this.options.onChange();
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, undefined));
    try {
      await client.connect();
      await client.query(`listen ${CATALOG_CHANGED_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.options.onError?.(error as Error);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    this.startHeartbeat(client);
    // Whatever was announced before this LISTEN (while disconnected) was not heard: start clean.
    this.options.onChange();
  }

  private startHeartbeat(client: pg.Client): void {
    const every = this.options.heartbeatMs ?? 15_000;
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => {
      client.query('select 1').catch((error: Error) => this.lost(client, error));
    }, every);
    this.heartbeatTimer.unref();
  }

  /** The listening connection failed or ended: clear the caches and reconnect. */
  private lost(client: pg.Client, error: Error | undefined): void {
    if (this.client !== client) return; // a failed attempt, already handled, or an old client
    this.client = undefined;
    clearInterval(this.heartbeatTimer);
    client.end().catch(() => undefined);
    if (this.closed) return;
    if (error) this.options.onError?.(error);
    this.options.onChange();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const initial = this.options.initialBackoffMs ?? 200;
    const max = this.options.maxBackoffMs ?? 10_000;
    const delay = Math.min(max, initial * 2 ** this.failures) * (0.5 + Math.random() / 2);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }
}
