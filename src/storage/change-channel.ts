// The channel on which a write announces itself to every instance: PostgreSQL's LISTEN/NOTIFY.
//
// - A write that other instances must hear of (a catalog change, a signing-key rotation) calls
//   notifyChange() inside its transaction: PostgreSQL delivers the notification to every listening
//   connection when (and only if) the transaction commits. The payload names the topic, so that a
//   key rotation reloads keys and a catalog change clears the catalog caches.
// - Each instance LISTENs on a dedicated connection (ChangeListener, not from the pool). A dropped
//   connection is re-established with backoff; notifications sent meanwhile are lost, so the
//   listener reports "anything may have changed" on the drop and again after every (re)connect.
// - PGlite: one process owns the data directory, so nobody listens; the NOTIFY is harmless there.
import { sql, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';

export const CHANGES_CHANNEL = 'pms_changes';
/** application_name of the listening connections (visible in pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'payment-method-sessions:change-listener';

export const CHANGE_TOPICS = ['catalog', 'signing-keys'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

function changeTopic(payload: string | undefined): ChangeTopic | undefined {
  return CHANGE_TOPICS.find((topic) => topic === payload);
}

/** Announces the topic to every listening instance when the transaction commits. */
export async function notifyChange(tx: Transaction<Database>, topic: ChangeTopic): Promise<void> {
  await sql`select pg_notify(${CHANGES_CHANNEL}, ${topic})`.execute(tx);
}

export interface ChangeListenerOptions {
  connectionString: string;
  /**
   * Called with the topic of every announcement, and with `undefined` when announcements may have
   * been missed (the connection dropped, or a (re)connect just started listening): clear everything.
   */
  onChange: (topic: ChangeTopic | undefined) => void;
  /** Connection problems, for logging; the listener handles them itself. */
  onError?: (error: Error) => void;
  /** First reconnect delay; doubles per failed attempt up to maxBackoffMs (with jitter). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** A `select 1` this often detects a connection that died silently. */
  heartbeatMs?: number;
}

/** LISTENs for change announcements on a dedicated PostgreSQL connection, reconnecting as needed. */
export class ChangeListener {
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;
  private connecting: Promise<void> | undefined;

  private constructor(private readonly options: ChangeListenerOptions) {}

  /**
   * Connects and starts listening. A failed first attempt does not throw: the listener retries
   * in the background (the caches' time-to-live bounds staleness meanwhile).
   */
  static async start(options: ChangeListenerOptions): Promise<ChangeListener> {
    const listener = new ChangeListener(options);
    await listener.connect();
    return listener;
  }

  /** True while a connection is listening. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /**
   * Listens anew now: the pool reconnected after a connection failure (a failover, perhaps to another
   * server behind the same address), and this connection may still be open to the old one, or be
   * waiting out its backoff. Drops it (reporting "anything may have changed") and connects at once.
   */
  reconnect(): void {
    if (this.closed || this.connecting) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.failures = 0;
    const client = this.client;
    if (client) {
      this.client = undefined;
      clearInterval(this.heartbeatTimer);
      client.end().catch(() => undefined);
      this.options.onChange(undefined);
    }
    void this.connect();
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
      if (message.channel === CHANGES_CHANNEL) this.options.onChange(changeTopic(message.payload));
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, undefined));
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
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
    this.options.onChange(undefined);
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
    this.options.onChange(undefined);
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
