// An idempotent creation cut by a failover (docs/operations.md#database-failover): the key was claimed,
// then the database became unavailable before the session was written, and releasing the claim failed
// too. The claim is released in the background once the database answers, so the client's retry gets
// its session within a second or so instead of 409 for a minute; only one session is ever written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, startTestService, type TestService } from '../helpers/app.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';

let service: TestService;
let token: string;

beforeAll(async () => {
  service = await startTestService();
  token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
});

afterAll(async () => {
  await service?.close();
});

const unavailable = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

function create(key: string) {
  return service.app.inject({
    method: 'POST',
    url: `/v1/stores/${STORE}/sessions`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
  });
}

describe('an idempotent creation cut by a failover', () => {
  it('answers 503 with Retry-After; the retry is 409 while the claim stands, then one session once it is released', async () => {
    // The service's key repository, as the database would behave: completing fails, and so does the first release.
    const keys = (service.ctx.sessions as unknown as { keys: Record<'complete' | 'release', (...args: unknown[]) => Promise<unknown>> })
      .keys;
    const { complete, release } = { complete: keys.complete.bind(keys), release: keys.release.bind(keys) };
    let releases = 0;
    keys.complete = () => Promise.reject(unavailable());
    keys.release = (...args) => (++releases === 1 ? Promise.reject(unavailable()) : release(...args));
    try {
      const key = `failover-${Date.now()}`;
      const cut = await create(key);
      expect(cut.statusCode).toBe(503);
      expect(cut.headers['retry-after']).toBe('1');
      keys.complete = complete;
      const early = await create(key);
      expect(early.statusCode).toBe(409);
      const started = performance.now();
      let retried = early;
      while (retried.statusCode === 409 && performance.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        retried = await create(key);
      }
      expect(retried.statusCode, retried.body).toBe(201);
      expect(releases).toBe(2);
      const replay = await create(key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().id).toBe(retried.json().id);
    } finally {
      keys.complete = complete;
      keys.release = release;
    }
  });
});
