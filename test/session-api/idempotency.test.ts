// Idempotency keys on session creation (docs/session-api.md#idempotent-retries), through inject(),
// on PGlite and PostgreSQL: replays, reuse with another request, in flight, validation, expiry, purge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/services/sessions.ts';
import { issueToken, manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { FJALL, NORDIC, OTHER_STORE, STORE } from '../helpers/demo.ts';

const HOUR = 3600 * 1000;
const clock = manualClock();
let service: TestService;
let token: string;
let otherToken: string;
let counter = 0;

beforeAll(async () => {
  service = await startTestService({ clock, env: { SESSION_PURGE_INTERVAL_SECONDS: '0' } });
  token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
  otherToken = await issueToken(service.app, FJALL.id, FJALL.secret);
});

afterAll(async () => {
  await service?.close();
});

/** A key no other test uses. */
function freshKey(): string {
  counter += 1;
  return `key-${counter}-${Date.now()}`;
}

function create(key: string | undefined, options: { body?: string; store?: string; auth?: string } = {}) {
  return service.app.inject({
    method: 'POST',
    url: `/v1/stores/${options.store ?? STORE}/sessions`,
    headers: {
      authorization: `Bearer ${options.auth ?? token}`,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: options.body ?? '{}',
  });
}

async function sessionCount(): Promise<number> {
  const row = await service.database.handle.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the same client, key and request', () => {
  it('answers the first session again, the same body, marked as a replay, and creates no second row', async () => {
    const key = freshKey();
    const first = await create(key, { body: '{"campaign":"BLACKWEEK"}' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBe('false');
    const before = await sessionCount();
    clock.advance(1000);
    const second = await create(key, { body: '{"campaign":"BLACKWEEK"}' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.body).toBe(first.body);
    expect(await sessionCount()).toBe(before);
    const key_ = await service.database.handle.db.selectFrom('session_idempotency_keys').selectAll().where('key', '=', key).execute();
    expect(key_).toEqual([
      expect.objectContaining({
        client_id: NORDIC.id,
        session_id: first.json().id,
        fingerprint: requestFingerprint(STORE, { campaign: 'BLACKWEEK', locale: undefined }),
      }),
    ]);
  });

  it('a replay is not counted again in pms_sessions_created_total', async () => {
    const created = async () => {
      const text = (await service.app.inject({ url: '/metrics' })).body;
      return Number(/^pms_sessions_created_total (\d+)$/m.exec(text)?.[1]);
    };
    const key = freshKey();
    const before = await created();
    await create(key);
    await create(key);
    expect(await created()).toBe(before + 1);
  });

  it('ignores what the service ignores: unknown fields, formatting, the store id’s case', async () => {
    const key = freshKey();
    const first = await create(key, { body: '{"campaign":"X"}' });
    const second = await create(key, { body: '{ "unknown": [1, 2], "campaign" : "X" }', store: STORE.toUpperCase() });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
  });

  it('takes the draft’s quoted form and the bare key as the same key', async () => {
    const first = await create('"quoted-and-bare"');
    const second = await create('quoted-and-bare');
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    const escaped = await create('"a\\"b\\\\c"');
    const bare = await create('a"b\\c');
    expect(bare.json().id).toBe(escaped.json().id);
  });

  it('without a key, every request creates a session', async () => {
    const before = await sessionCount();
    const a = await create(undefined);
    const b = await create(undefined);
    expect(a.json().id).not.toBe(b.json().id);
    expect(a.headers['idempotent-replayed']).toBe('false');
    expect(await sessionCount()).toBe(before + 2);
  });
});

describe('keys are per client', () => {
  it('another client with the same key gets its own session', async () => {
    const key = freshKey();
    const mine = await create(key);
    const theirs = await create(key, { store: OTHER_STORE, auth: otherToken });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBe('false');
    expect(theirs.json().id).not.toBe(mine.json().id);
  });
});

describe('422 IDEMPOTENCY_KEY_REUSED', () => {
  it.each([
    ['another campaign', '{"campaign":"OTHER"}', STORE],
    ['no campaign', '{}', STORE],
  ])('the same key with %s', async (_what, body) => {
    const key = freshKey();
    expect((await create(key, { body: '{"campaign":"FIRST"}' })).statusCode).toBe(201);
    const before = await sessionCount();
    const response = await create(key, { body });
    expect(response.statusCode).toBe(422);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await sessionCount()).toBe(before);
  });

  it('the same key for another store (its own store twice is fine)', async () => {
    const key = freshKey();
    await create(key);
    // The store check comes first: another merchant's store is 403, the key is not even looked at.
    expect((await create(key, { store: OTHER_STORE })).statusCode).toBe(403);
    expect((await create(key, { store: '22222222-2222-4222-8222-222222222222' })).statusCode).toBe(403);
  });
});

describe('409 IDEMPOTENCY_KEY_IN_FLIGHT', () => {
  async function claim(key: string, createdAt: number) {
    await service.database.handle.db
      .insertInto('session_idempotency_keys')
      .values({
        client_id: NORDIC.id,
        key,
        fingerprint: requestFingerprint(STORE, { campaign: undefined, locale: undefined }),
        session_id: null,
        created_at: new Date(createdAt),
      })
      .execute();
  }

  it('while the first request with the key holds its claim, with Retry-After', async () => {
    const key = freshKey();
    await claim(key, clock());
    const before = await sessionCount();
    const response = await create(key);
    expect(response.statusCode).toBe(409);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
    expect(await sessionCount()).toBe(before);
    // Once that request completes (here: its row gets a session), the retry is a replay.
    const { id } = (await create(undefined)).json();
    await service.database.handle.db.updateTable('session_idempotency_keys').set({ session_id: id }).where('key', '=', key).execute();
    const retry = await create(key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(id);
  });

  it('a claim abandoned for a minute (its instance died) is taken over by the retry', async () => {
    const key = freshKey();
    await claim(key, clock() - 60_000);
    const response = await create(key);
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotent-replayed']).toBe('false');
    const row = await service.database.handle.db
      .selectFrom('session_idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    expect(row?.session_id).toBe(response.json().id);
  });

  it('concurrent duplicates: one session, every answer a 201 of it or a 409', async () => {
    const key = freshKey();
    const before = await sessionCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(key)));
    expect(await sessionCount()).toBe(before + 1);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.filter((a) => a.headers['idempotent-replayed'] === 'false')).toHaveLength(1);
    expect(new Set(created.map((a) => a.json().id)).size).toBe(1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
  });
});

describe('400 INVALID_IDEMPOTENCY_KEY', () => {
  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['an unterminated quoted string', '"abc'],
    ['a quoted string with an invalid escape', '"a\\nb"'],
    ['an empty quoted string', '""'],
    ['a non-ASCII character', 'clé'],
  ])('%s', async (_what, key) => {
    const response = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_IDEMPOTENCY_KEY', parameters: { 'Idempotency-Key': expect.any(String) } });
  });

  it('255 characters is fine; two headers are not', async () => {
    expect((await create('k'.repeat(255))).statusCode).toBe(201);
    const response = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': ['a', 'b'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_IDEMPOTENCY_KEY');
  });

  it('comes after authentication: no token is 401 whatever the key', async () => {
    const response = await service.app.inject({ method: 'POST', url: `/v1/stores/${STORE}/sessions`, headers: { 'idempotency-key': '' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('24 hours', () => {
  // The manual clock also ages access tokens: a new one after each jump.
  async function advance(ms: number) {
    clock.advance(ms);
    token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
  }

  it('a key is forgotten after 24 hours: the same key then creates a new session, even with another body', async () => {
    const key = freshKey();
    const first = (await create(key)).json().id;
    await advance(24 * HOUR - 1);
    expect((await create(key)).json().id).toBe(first);
    await advance(1);
    const later = await create(key, { body: '{"campaign":"LATER"}' });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('false');
    expect(later.json().id).not.toBe(first);
  });

  it('the purge deletes keys older than 24 hours and keeps younger ones', async () => {
    const db = service.database.handle.db;
    const old = freshKey();
    await create(old);
    await advance(HOUR);
    const young = freshKey();
    await create(young);
    await advance(23 * HOUR + 1);
    await service.ctx.sessionPurge.purgeOnce();
    const keys = new Set((await db.selectFrom('session_idempotency_keys').select('key').execute()).map((r) => r.key));
    expect(keys.has(old)).toBe(false);
    expect(keys.has(young)).toBe(true);
  });
});
