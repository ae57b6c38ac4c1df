// The listening connection that carries catalog and key changes between instances
// (storage/change-channel.ts), on PostgreSQL through a proxy the test cuts and restores: a listener
// that starts while the database is unreachable reports the error and keeps trying; once it listens
// it says "anything may have changed" and then passes on each announced topic; a dropped connection
// says so again and is re-established.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeListener, CHANGES_CHANNEL, type ChangeTopic } from '../../src/storage/change-channel.ts';
import { postgresAdminUrl, testDatabaseKind } from '../helpers/database.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

/** Polls until `condition` holds; fails with `what` after 10 s. */
async function until(what: string, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(testDatabaseKind !== 'postgres')('the change listener', () => {
  // A database of its own: announcements are per database, and no other test's may reach this listener.
  const name = `pms_change_listener_${process.pid}`;
  const database = new URL(postgresAdminUrl);
  database.pathname = `/${name}`;
  let proxy: TcpProxy;
  let announcer: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    announcer = new pg.Client({ connectionString: database.href });
    await announcer.connect();
  });

  afterAll(async () => {
    await announcer?.end();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('keeps trying while the database is unreachable, then listens, passes topics on, and survives a drop', async () => {
    const changes: Array<ChangeTopic | undefined> = [];
    const errors: Error[] = [];
    await proxy.cut();
    const through = new URL(database.href);
    through.port = String(proxy.port);
    const listener = await ChangeListener.start({
      connectionString: through.href,
      onChange: (topic) => changes.push(topic),
      onError: (error) => errors.push(error),
      initialBackoffMs: 20,
      maxBackoffMs: 100,
    });
    try {
      // Started, not listening: the refusal is reported, and nothing has been said to have changed yet.
      expect(listener.listening).toBe(false);
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(changes).toEqual([]);

      await proxy.restore();
      await until('listening after the database came back', () => listener.listening);
      // Whatever was announced while it did not listen was missed: it says so once it listens.
      expect(changes).toEqual([undefined]);

      await announcer.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'signing-keys']);
      await until('the announced topic', () => changes.includes('signing-keys'));
      // A payload that is no topic counts as "anything may have changed".
      await announcer.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'not-a-topic']);
      await until('the unknown payload', () => changes.length === 3);
      expect(changes).toEqual([undefined, 'signing-keys', undefined]);

      // The connection dropped: "anything may have changed" again, and it listens again once it can.
      await proxy.cut();
      await until('the drop noticed', () => !listener.listening);
      expect(changes.at(-1)).toBeUndefined();
      const heard = changes.length;
      await proxy.restore();
      await until('listening again', () => listener.listening);
      await announcer.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'catalog']);
      await until('a topic after the reconnect', () => changes.slice(heard).includes('catalog'));
    } finally {
      await listener.close();
    }
    expect(listener.listening).toBe(false);
  });

  it('listens anew at once when told the pool reconnected (a failover), skipping its backoff', async () => {
    const changes: Array<ChangeTopic | undefined> = [];
    const listener = await ChangeListener.start({
      connectionString: database.href,
      onChange: (topic) => changes.push(topic),
      // A backoff far longer than the test: only reconnect() can bring it back in time.
      initialBackoffMs: 60_000,
      maxBackoffMs: 60_000,
    });
    try {
      expect(listener.listening).toBe(true);
      expect(changes).toEqual([undefined]);
      listener.reconnect();
      // The old connection dropped ("anything may have changed"), the new one listening (said again).
      await until('listening on the new connection', () => listener.listening && changes.length === 3);
      expect(changes).toEqual([undefined, undefined, undefined]);
      await announcer.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'catalog']);
      await until('a topic on the new connection', () => changes.includes('catalog'));
    } finally {
      await listener.close();
    }
  });
});
