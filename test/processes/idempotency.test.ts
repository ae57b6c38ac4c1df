// Idempotency keys across instances: two server processes on one PostgreSQL database, the same key
// sent to both. One session is created whatever the interleaving; the other instance answers it as
// a replay, or 409 while the first is in flight (docs/session-api.md#idempotent-retries).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantClient } from '../../client/src/index.ts';
import { testDatabaseKind } from '../helpers/database.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import { fetchToken } from '../helpers/http.ts';
import { buildDist, processEnvironment, startServer, type ProcessEnvironment, type ServerProcess } from '../helpers/process.ts';

let environment: ProcessEnvironment;
let a: ServerProcess;
let b: ServerProcess;
let database: pg.Client;

describe.skipIf(testDatabaseKind !== 'postgres')('two instances, one PostgreSQL', () => {
  beforeAll(async () => {
    buildDist();
    // One PUBLIC_URL: it is the tokens' issuer, the same on every instance.
    environment = await processEnvironment(
      'idempotency',
      { PUBLIC_URL: 'http://pms.shared', RATE_LIMIT_MERCHANT_PER_MINUTE: '0' },
      { DEMO: '1' },
    );
    a = await startServer(environment.env);
    b = await startServer(environment.env);
    database = new pg.Client({ connectionString: environment.env.DATABASE_URL });
    await database.connect();
  }, 90_000);

  afterAll(async () => {
    await database?.end();
    for (const server of [a, b]) {
      if (!server) continue;
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await environment?.close();
  });

  async function sessionRows(): Promise<number> {
    const { rows } = await database.query<{ n: string }>('select count(*) as n from sessions');
    return Number(rows[0]!.n);
  }

  function clientOf(server: ServerProcess): MerchantClient {
    return new MerchantClient({
      baseUrl: server.baseUrl,
      clientId: NORDIC.id,
      clientSecret: NORDIC.secret,
      maxAttempts: 30,
      maxRetryDelayMs: 100,
    });
  }

  it('a key used on one instance is a replay on the other, and 422 there with another body', async () => {
    const before = await sessionRows();
    const first = await clientOf(a).createSession(STORE, { idempotencyKey: 'across-1', campaign: 'BLACKWEEK' });
    const token = await fetchToken(b.baseUrl, NORDIC);
    const replay = await fetch(`${b.baseUrl}/v1/stores/${STORE}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': '"across-1"' },
      body: '{"campaign":"BLACKWEEK"}',
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(first);
    expect(await sessionRows()).toBe(before + 1);
    const reused = await fetch(`${b.baseUrl}/v1/stores/${STORE}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': '"across-1"' },
      body: '{}',
    });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { code: string }).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('the same key sent to both at once: one session; every answer is it (201) or 409 in flight', async () => {
    const before = await sessionRows();
    const tokens = [await fetchToken(a.baseUrl, NORDIC), await fetchToken(b.baseUrl, NORDIC)];
    const answers = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const server = i % 2 === 0 ? a : b;
        const response = await fetch(`${server.baseUrl}/v1/stores/${STORE}/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[i % 2]}`, 'idempotency-key': 'across-2' },
        });
        return {
          status: response.status,
          replayed: response.headers.get('idempotent-replayed'),
          body: (await response.json()) as { id?: string },
        };
      }),
    );
    expect(await sessionRows()).toBe(before + 1);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.filter((answer) => answer.replayed === 'false')).toHaveLength(1);
    expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
    const { rows } = await database.query<{ id: string }>(`select session_id as id from session_idempotency_keys where key = 'across-2'`);
    expect(rows.map((row) => row.id)).toEqual([created[0]!.body.id]);
  });

  it('clients of both instances retrying the same key concurrently all get the one session', async () => {
    const before = await sessionRows();
    const clients = [clientOf(a), clientOf(b)];
    const sessions = await Promise.all(
      Array.from({ length: 10 }, (_, i) => clients[i % 2]!.createSession(STORE, { idempotencyKey: 'across-3', campaign: 'X' })),
    );
    expect(new Set(sessions.map((session) => session.id)).size).toBe(1);
    expect(await sessionRows()).toBe(before + 1);
  });
});
