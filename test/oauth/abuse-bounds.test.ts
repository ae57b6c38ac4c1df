// The token endpoint's bounds on unauthenticated work (docs/oauth.md#abuse-resistance), proved by
// counting, not timing: unknown client ids derive nothing; wrong secrets are budgeted per
// (client id, address); derivations are bounded process-wide and refused at once when the bound is
// full; a right secret is never refused for someone else's failures. The clock is the test's: the
// budgets only refill when a test moves it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyDerivationGate, KeyDerivationsBusy } from '../../src/auth/key-derivations.ts';
import { manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { FJALL, NORDIC } from '../helpers/demo.ts';

type Response = Awaited<ReturnType<FastifyInstance['inject']>>;

let service: TestService;
let clock: ReturnType<typeof manualClock>;

function token(client: { id: string; secret: string }, remoteAddress = '192.0.2.10'): Promise<Response> {
  return service.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret }).toString(),
    remoteAddress,
  });
}

const stats = () => service.ctx.auth.authenticationStats();

function expectOAuthError(response: Response, status: number, error: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['cache-control']).toBe('no-store');
  expect((response.json() as { error: string }).error).toBe(error);
}

describe('the token endpoint under abuse', () => {
  beforeEach(async () => {
    clock = manualClock();
    // Two derivations a second (a burst of 10; failing pairs get 1), three failures a minute per pair.
    service = await startTestService({ clock, env: { TOKEN_KEY_DERIVATIONS_PER_SECOND: '2', RATE_LIMIT_TOKEN_PER_MINUTE: '3' } });
  });

  afterEach(async () => {
    await service?.close();
  });

  it('derives nothing for unknown client ids, however many and however long', async () => {
    for (let i = 0; i < 30; i++) expectOAuthError(await token({ id: `made-up-${randomUUID()}`, secret: 'x' }), 401, 'invalid_client');
    expectOAuthError(await token({ id: 'x'.repeat(10_000), secret: 'x' }), 401, 'invalid_client');
    expect(stats().derivations).toEqual({ started: 0, refused: 0 });
    expect(stats().outcomes.unknown_client).toBe(31);
    // The bound is untouched: a real client still gets its token at once.
    expect((await token(NORDIC)).statusCode).toBe(200);
    expect(stats().derivations.started).toBe(1);
  });

  it('budgets wrong secrets per client id and address, and never counts or refuses the right one', async () => {
    const attacker = '198.51.100.7';
    const wrong = { id: NORDIC.id, secret: 'guess' };
    expectOAuthError(await token(wrong, attacker), 401, 'invalid_client');
    // A pair that failed draws from the small budget of failing pairs (one here): the next is derived…
    expectOAuthError(await token(wrong, attacker), 401, 'invalid_client');
    // … and the one after finds that budget empty: refused at once, nothing derived.
    const busy = await token(wrong, attacker);
    expectOAuthError(busy, 503, 'temporarily_unavailable');
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    clock.advance(1000);
    expectOAuthError(await token(wrong, attacker), 401, 'invalid_client');
    // Three failures this minute: the pair is over its budget, refused without a derivation.
    const started = stats().derivations.started;
    const throttled = await token(wrong, attacker);
    expectOAuthError(throttled, 429, 'invalid_request');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(stats().derivations.started).toBe(started);

    // The real client, from its own address, is not affected…
    expect((await token(NORDIC)).statusCode).toBe(200);
    // … nor from the attacker's address, once its secret is known to this instance…
    expect((await token(NORDIC, attacker)).statusCode).toBe(200);
    // … nor is another client from that address.
    expect((await token(FJALL, attacker)).statusCode).toBe(200);
    // A minute later the pair may try again.
    clock.advance(60_000);
    expectOAuthError(await token(wrong, attacker), 401, 'invalid_client');
  });

  it('keeps serving a known secret while a flood of wrong ones from many addresses fills the bound', async () => {
    expect((await token(NORDIC)).statusCode).toBe(200);
    const refusedBefore = stats().derivations.refused;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 40; i++) {
      const response = await token({ id: NORDIC.id, secret: `guess-${i}` }, `203.0.113.${i + 1}`);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      // The right secret succeeds throughout, deriving nothing.
      if (i % 10 === 9) expect((await token(NORDIC)).statusCode).toBe(200);
    }
    // Every address is new, so no failure budget applies: the bound on derivations does. Of 40
    // wrong secrets, the 9 left of the burst were derived (401); the rest refused at once (503).
    expect(Object.fromEntries(statuses)).toEqual({ 401: 9, 503: 31 });
    expect(stats().derivations.refused - refusedBefore).toBe(31);
    expect(stats().outcomes.remembered).toBe(4);
    // A client this instance has not verified yet waits for the bound like everyone (503, Retry-After)…
    const cold = await token(FJALL);
    expectOAuthError(cold, 503, 'temporarily_unavailable');
    // … and gets its token once a derivation is free again: never a 401 or a lock-out for the minute.
    clock.advance(Number(cold.headers['retry-after']) * 1000);
    expect((await token(FJALL)).statusCode).toBe(200);
  });

  it('reports outcomes and derivations in the metrics', async () => {
    await token(NORDIC);
    await token(NORDIC);
    await token({ id: NORDIC.id, secret: 'guess' });
    await token({ id: 'nobody', secret: 'x' });
    const metrics = (await service.app.inject({ url: '/metrics' })).body;
    expect(metrics).toContain('pms_client_authentications_total{outcome="verified"} 1');
    expect(metrics).toContain('pms_client_authentications_total{outcome="remembered"} 1');
    expect(metrics).toContain('pms_client_authentications_total{outcome="wrong_secret"} 1');
    expect(metrics).toContain('pms_client_authentications_total{outcome="unknown_client"} 1');
    expect(metrics).toContain('pms_key_derivations_total{result="started"} 2');
  });
});

describe('the bound on concurrent key derivations', () => {
  it('refuses at once while it is full, and admits again when a derivation ends', async () => {
    const gate = new KeyDerivationGate(() => 0, { perSecond: 100, maxConcurrent: 1 });
    let finish!: (value: boolean) => void;
    const first = gate.run(() => new Promise<boolean>((resolve) => (finish = resolve)), { suspect: false });
    // Rejected synchronously with the first still running: no waiting in a queue.
    let settled = false;
    const second = gate.run(async () => true, { suspect: false }).finally(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(true);
    await expect(second).rejects.toBeInstanceOf(KeyDerivationsBusy);
    finish(true);
    await expect(first).resolves.toBe(true);
    await expect(gate.run(async () => false, { suspect: false })).resolves.toBe(false);
    expect(gate.stats()).toEqual({ started: 2, refused: 1 });
  });
});
