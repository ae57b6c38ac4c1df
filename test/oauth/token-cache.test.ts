// The verified-token cache of the token verifier: a token's signature is verified once per
// lifetime; every use still checks its times against the clock and its client's registration.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TokenRejected } from '../../src/auth/index.ts';
import { CLIENTS, issue, startAuthTest, type AuthTest } from '../helpers/oauth.ts';

let t: AuthTest;

beforeAll(async () => {
  t = await startAuthTest();
});

afterAll(async () => {
  await t?.close();
});

function tokenCache() {
  return t.ctx.auth.cacheStats().find((stats) => stats.name === 'verified_token')!;
}

async function rejection(token: string): Promise<string> {
  const error = await t.ctx.auth.verifyAccessToken(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenRejected);
  return (error as Error).message;
}

describe('the verified-token cache', () => {
  it('verifies a signature once; later uses are hits that verify no signature', async () => {
    const token = await issue(t.app, CLIENTS.full);
    const before = tokenCache();
    const verify = vi.spyOn(crypto.subtle, 'verify');
    try {
      await expect(t.ctx.auth.verifyAccessToken(token)).resolves.toMatchObject({ clientId: CLIENTS.full.id });
      expect(verify).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 5; i++) await t.ctx.auth.verifyAccessToken(token);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
    expect(tokenCache().misses - before.misses).toBe(1);
    expect(tokenCache().hits - before.hits).toBe(5);
  });

  it('rejects a cached token once it has expired, as expired', async () => {
    const token = await issue(t.app, CLIENTS.merchantOnly);
    await t.ctx.auth.verifyAccessToken(token);
    // TOKEN_TTL_SECONDS (3600) plus the clock tolerance (5 s) and one more.
    t.clock.advance((3600 + 5 + 1) * 1000);
    expect(await rejection(token)).toMatch(/expired/);
  });

  it('keys the cache by the whole token: another signature on the same claims is verified, and refused', async () => {
    const token = await issue(t.app, CLIENTS.full);
    await t.ctx.auth.verifyAccessToken(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    expect(await rejection(`${header}.${payload}.${flipped}`)).toMatch(/signature/);
  });

  it('looks the client up on every use: a deleted client is refused within a second, cached token or not', async () => {
    const client = { id: 'cache-short-lived', secret: 'cache-short-lived-secret' };
    const existing = await t.clients.findById(CLIENTS.merchantOnly.id);
    await t.clients.upsert({
      clientId: client.id,
      merchantId: existing!.merchantId,
      secretHash: existing!.secretHash,
      scopes: ['merchant-api'],
    });
    // The secret hash is merchantOnly's: issue with that secret.
    const token = await issue(t.app, { id: client.id, secret: CLIENTS.merchantOnly.secret });
    await t.ctx.auth.verifyAccessToken(token);
    await t.clients.delete(client.id);
    t.clock.advance(1001);
    expect(await rejection(token)).toMatch(/no longer registered/);
  });
});
