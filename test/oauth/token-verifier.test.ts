// verifyAccessToken for our own tokens: every rejection of docs/errors.md#authentication-and-permission and docs/oauth.md#access-tokens, key rotation and a
// second instance over the same database.
import { SignJWT, base64url, decodeProtectedHeader, exportJWK, exportSPKI, generateKeyPair, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthServices, TokenRejected } from '../../src/auth/index.ts';
import { hashClientSecret } from '../../src/lib/secret-hash.ts';
import { openPostgres } from '../../src/storage/database.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { CLIENTS, MERCHANT, PUBLIC_URL, currentPrivateKey, issue, manualClock, startAuthTest, type AuthTest } from '../helpers/oauth.ts';

let t: AuthTest;

beforeAll(async () => {
  t = await startAuthTest();
});

afterAll(async () => {
  await t?.close();
});

const { full, merchantOnly } = CLIENTS;

async function rejection(token: string): Promise<string> {
  const error = await t.ctx.auth.verifyAccessToken(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenRejected);
  const message = (error as Error).message;
  // Never echoes the token.
  expect(message).not.toContain(token.slice(0, 20));
  return message;
}

/** Claims as we issue them, valid at the test clock's now. */
function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(t.clock() / 1000);
  return {
    iss: PUBLIC_URL,
    sub: full.id,
    aud: PUBLIC_URL,
    client_id: full.id,
    scope: 'merchant-api',
    iat: now,
    exp: now + 600,
    jti: crypto.randomUUID(),
    ...overrides,
  };
}

/** Signs with the real current key, so only the changed claim or header can be the reason. */
async function forge(payload: Record<string, unknown>, header: Record<string, unknown> = {}): Promise<string> {
  const { kid, key } = await currentPrivateKey(t.database.handle);
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid, ...header }).sign(key);
}

function unsigned(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const part = (value: unknown) => base64url.encode(JSON.stringify(value));
  return `${part(header)}.${part(payload)}.`;
}

/** Signs with the real key by hand: jose refuses to produce some of the headers tested here. */
async function signByHand(header: Record<string, unknown>, payload: Record<string, unknown>): Promise<string> {
  const { kid, key } = await currentPrivateKey(t.database.handle);
  const input = unsigned({ alg: 'ES256', typ: 'at+jwt', kid, ...header }, payload).slice(0, -1);
  // WebCrypto's ECDSA signature is r‖s, exactly the JWS ES256 form.
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, new TextEncoder().encode(input));
  return `${input}.${base64url.encode(new Uint8Array(signature))}`;
}

describe('own tokens that verify', () => {
  it('yield the client, its merchant and the token scopes', async () => {
    const principal = await t.ctx.auth.verifyAccessToken(await issue(t.app, full));
    expect(principal).toEqual({ clientId: full.id, merchantId: MERCHANT, scopes: ['merchant-api', 'admin'], issuer: 'self' });
  });

  it('accept typ application/at+jwt in any case', async () => {
    for (const typ of ['application/at+jwt', 'AT+JWT']) {
      expect((await t.ctx.auth.verifyAccessToken(await forge(claims(), { typ }))).clientId).toBe(full.id);
    }
  });

  it('tolerate a few seconds of clock skew', async () => {
    const now = Math.floor(t.clock() / 1000);
    await expect(t.ctx.auth.verifyAccessToken(await forge(claims({ iat: now + 3, nbf: now + 3 })))).resolves.toBeDefined();
    await expect(t.ctx.auth.verifyAccessToken(await forge(claims({ exp: now - 3 })))).resolves.toBeDefined();
  });
});

describe('own tokens that are rejected', () => {
  it('alg none', async () => {
    const { kid } = await currentPrivateKey(t.database.handle);
    expect(await rejection(unsigned({ alg: 'none', typ: 'at+jwt', kid }, claims()))).toMatch(/algorithm/);
  });

  it('HS256 signed with the public key as the HMAC secret', async () => {
    const { kid } = await currentPrivateKey(t.database.handle);
    const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as { keys: JWK[] };
    const publicKey = await importJWK(jwks.keys[0]!, 'ES256', { extractable: true });
    for (const secret of [JSON.stringify(jwks.keys[0]), await exportSPKI(publicKey as CryptoKey)]) {
      const token = await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid })
        .sign(new TextEncoder().encode(secret));
      expect(await rejection(token)).toMatch(/algorithm/);
    }
  });

  it('a key we never published (unknown kid)', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'not-our-key' }).sign(privateKey);
    expect(await rejection(token)).toMatch(/key is unknown/);
    const noKid = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' }).sign(privateKey);
    expect(await rejection(noKid)).toMatch(/kid/);
  });

  it('our kid on a signature by another key', async () => {
    const { kid } = await currentPrivateKey(t.database.handle);
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid }).sign(privateKey);
    expect(await rejection(token)).toMatch(/signature/);
  });

  it('another issuer, audience or type', async () => {
    expect(await rejection(await forge(claims({ iss: 'https://evil.example' })))).toMatch(/issuer/);
    expect(await rejection(await forge(claims({ iss: undefined })))).toMatch(/iss/);
    expect(await rejection(await forge(claims({ aud: 'https://other.example' })))).toMatch(/aud/);
    expect(await rejection(await forge(claims({ aud: undefined })))).toMatch(/aud/);
    expect(await rejection(await forge(claims(), { typ: 'JWT' }))).toMatch(/typ/);
    expect(await rejection(await forge(claims(), { typ: undefined }))).toMatch(/typ/);
  });

  it('missing RFC 9068 claims', async () => {
    for (const claim of ['client_id', 'exp', 'iat', 'sub', 'jti']) {
      expect(await rejection(await forge(claims({ [claim]: undefined })))).toContain(claim);
    }
  });

  it('an iat or nbf in the future', async () => {
    const now = Math.floor(t.clock() / 1000);
    expect(await rejection(await forge(claims({ nbf: now + 60 })))).toMatch(/nbf/);
    expect(await rejection(await forge(claims({ iat: now + 60, exp: now + 600 })))).toMatch(/iat/);
  });

  it('expired, once the clock has moved past exp', async () => {
    const token = await issue(t.app, full);
    await expect(t.ctx.auth.verifyAccessToken(token)).resolves.toBeDefined();
    t.clock.advance((3600 + 6) * 1000);
    expect(await rejection(token)).toMatch(/expired/);
  });

  it('an edited payload under the original header and signature', async () => {
    const [header, , signature] = (await issue(t.app, merchantOnly)).split('.');
    const edited = `${header}.${base64url.encode(JSON.stringify(claims({ scope: 'merchant-api admin' })))}.${signature}`;
    expect(await rejection(edited)).toMatch(/signature/);
  });

  it('an embedded jwk header, even when the signature matches it', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    const token = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', jwk }).sign(privateKey);
    expect(await rejection(token)).toMatch(/embedded/);
  });

  it('an unknown crit header', async () => {
    const control = await signByHand({}, claims());
    await expect(t.ctx.auth.verifyAccessToken(control)).resolves.toBeDefined();
    const token = await signByHand({ crit: ['x-must-understand'], 'x-must-understand': true }, claims());
    expect(await rejection(token)).toMatch(/malformed/);
  });

  it('garbage and oversized tokens, before any parsing', async () => {
    for (const token of ['abc', 'a.b.c', 'a.b.c.d.e', `${base64url.encode('{}')}.${base64url.encode('[]')}.x`]) {
      expect(await rejection(token)).toMatch(/malformed|iss/);
    }
    expect(await rejection(await forge(claims({ padding: 'x'.repeat(9000) })))).toMatch(/too long/);
  });

  it('a token of a client deleted since, and scopes withdrawn since', async () => {
    const client = { id: 'short-lived', secret: 'short-lived-secret', scopes: ['merchant-api', 'admin'] };
    const secretHash = await hashClientSecret(client.secret);
    await t.clients.upsert({ clientId: client.id, merchantId: MERCHANT, secretHash, scopes: client.scopes });
    const token = await issue(t.app, client);
    expect((await t.ctx.auth.verifyAccessToken(token)).scopes).toEqual(['merchant-api', 'admin']);

    await t.clients.upsert({ clientId: client.id, merchantId: MERCHANT, secretHash, scopes: ['merchant-api'] });
    t.clock.advance(2000); // past the verifier's one-second client cache
    expect((await t.ctx.auth.verifyAccessToken(token)).scopes).toEqual(['merchant-api']);

    expect(await t.clients.delete(client.id)).toBe(true);
    t.clock.advance(2000);
    expect(await rejection(token)).toMatch(/no longer registered/);
  });
});

describe('signing key rotation', () => {
  it('keeps tokens of the retired key valid, publishes both keys, and drops the old key once its tokens expired', async () => {
    const before = await issue(t.app, full);
    const oldKid = (await currentPrivateKey(t.database.handle)).kid;
    const newKid = await t.ctx.auth.rotateSigningKey({ type: 'cli', id: 'pms keys rotate' });
    expect(newKid).not.toBe(oldKid);

    const after = await issue(t.app, full);
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    await expect(t.ctx.auth.verifyAccessToken(before)).resolves.toBeDefined();
    await expect(t.ctx.auth.verifyAccessToken(after)).resolves.toBeDefined();
    expect((await t.ctx.auth.jwks()).keys.map((k) => k.kid).sort()).toEqual([oldKid, newKid].sort());

    // Every token of the old key has expired (TTL + tolerance + the signer refresh interval).
    t.clock.advance((3600 + 5 + 60 + 1) * 1000);
    expect((await t.ctx.auth.jwks()).keys.map((k) => k.kid)).toEqual([newKid]);
  });

  it('is picked up by a second instance over the same database', async () => {
    const other = await createAuthServices(t.config, t.database.handle, t.clock);
    const oldKid = (await currentPrivateKey(t.database.handle)).kid;
    const newKid = await t.ctx.auth.rotateSigningKey({ type: 'cli', id: 'pms keys rotate' });
    const token = await issue(t.app, full);
    expect(decodeProtectedHeader(token).kid).toBe(newKid);

    // An unknown kid reloads the keys at most once a second.
    t.clock.advance(1001);
    await expect(other.verifyAccessToken(token)).resolves.toMatchObject({ clientId: full.id });
    expect((await other.jwks()).keys.map((k) => k.kid).sort()).toEqual([oldKid, newKid].sort());

    // The other instance's signer follows within a minute.
    t.clock.advance(60_000);
    const { accessToken } = await other.clientCredentialsGrant(
      {
        grantType: 'client_credentials',
        credentials: { clientId: full.id, clientSecret: full.secret, method: 'client_secret_post' },
        scope: undefined,
      },
      '127.0.0.1',
    );
    expect(decodeProtectedHeader(accessToken).kid).toBe(newKid);
  });
});

describe('start-up', () => {
  it('creates exactly one signing key when instances start together on an empty database', async () => {
    const database = await createTestDatabase();
    // On PostgreSQL each instance has its own connection pool, as separate processes would.
    const handles = database.url
      ? [database.handle, ...Array.from({ length: 3 }, () => openPostgres({ connectionString: database.url!, poolSize: 2 }))]
      : [database.handle, database.handle, database.handle, database.handle];
    try {
      const clock = manualClock();
      const instances = await Promise.all(handles.map((handle) => createAuthServices(t.config, handle, clock)));
      const kids = await Promise.all(instances.map(async (instance) => (await instance.jwks()).keys.map((k) => k.kid)));
      const rows = await database.handle.db.selectFrom('signing_keys').select('kid').execute();
      expect(rows).toHaveLength(1);
      for (const k of kids) expect(k).toEqual([rows[0]!.kid]);
    } finally {
      for (const handle of new Set(handles)) if (handle !== database.handle) await handle.close();
      await database.drop();
    }
  });

  it('keeps using the stored key across restarts', async () => {
    const token = await issue(t.app, full);
    const restarted = await createAuthServices(t.config, t.database.handle, t.clock);
    await expect(restarted.verifyAccessToken(token)).resolves.toMatchObject({ clientId: full.id });
  });
});
