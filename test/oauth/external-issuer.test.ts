// Tokens of an external authorization server (docs/oauth.md#external-authorization-server, AUTH_ISSUER/AUTH_JWKS_URL): its JWKS
// is served by a tiny HTTP server on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthServices, TokenRejected, type AuthServices } from '../../src/auth/index.ts';
import { readConfig } from '../../src/config.ts';
import { CLIENTS, MERCHANT, PUBLIC_URL, issue, startAuthTest, type AuthTest } from '../helpers/oauth.ts';

const ISSUER = 'https://idp.example.com/';
const KID = 'idp-key-1';

let t: AuthTest;
let server: Server;
let jwksFetches = 0;
let idpKey: CryptoKey;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  idpKey = privateKey;
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] });
  server = createServer((request, response) => {
    if (request.url !== '/jwks') return void response.writeHead(404).end();
    jwksFetches += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await startAuthTest({ AUTH_ISSUER: ISSUER, AUTH_JWKS_URL: `http://127.0.0.1:${port}/jwks` });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(t.clock() / 1000);
  return {
    iss: ISSUER,
    aud: 'merchant-api',
    client_id: CLIENTS.full.id,
    scope: 'merchant-api',
    iat: now,
    exp: now + 300,
    ...overrides,
  };
}

function sign(
  payload: Record<string, unknown>,
  header: Record<string, unknown> = {},
  key: CryptoKey | Uint8Array = idpKey,
): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'at+jwt', ...header }).sign(key);
}

async function rejection(token: string, auth: AuthServices = t.ctx.auth): Promise<string> {
  const error = await auth.verifyAccessToken(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenRejected);
  return (error as Error).message;
}

describe('accepted external tokens', () => {
  it('name the client by client_id; scopes are the token scope', async () => {
    const principal = await t.ctx.auth.verifyAccessToken(await sign(claims({ scope: 'merchant-api other' })));
    expect(principal).toEqual({
      clientId: CLIENTS.full.id,
      merchantId: MERCHANT,
      scopes: ['merchant-api', 'other'],
      issuer: 'external',
    });
  });

  it('fall back to sub without client_id, accept aud arrays and typ JWT or none', async () => {
    const principal = await t.ctx.auth.verifyAccessToken(
      await sign(claims({ client_id: undefined, sub: CLIENTS.merchantOnly.id, aud: ['other-api', 'merchant-api'] }), { typ: 'JWT' }),
    );
    expect(principal.clientId).toBe(CLIENTS.merchantOnly.id);
    await expect(t.ctx.auth.verifyAccessToken(await sign(claims(), { typ: undefined }))).resolves.toBeDefined();
    await expect(t.ctx.auth.verifyAccessToken(await sign(claims(), { typ: 'application/at+jwt' }))).resolves.toBeDefined();
  });

  it('fetch the JWKS once and reuse it', () => {
    expect(jwksFetches).toBe(1);
  });

  it('do not stop our own tokens from verifying', async () => {
    const principal = await t.ctx.auth.verifyAccessToken(await issue(t.app, CLIENTS.full));
    expect(principal.issuer).toBe('self');
  });
});

describe('rejected external tokens', () => {
  it('another audience', async () => {
    expect(await rejection(await sign(claims({ aud: 'someone-else' })))).toMatch(/aud/);
    expect(await rejection(await sign(claims({ aud: undefined })))).toMatch(/aud/);
  });

  it('another issuer with the same key', async () => {
    expect(await rejection(await sign(claims({ iss: 'https://idp.example.com/other' })))).toMatch(/issuer/);
  });

  it('a symmetric algorithm', async () => {
    const token = await sign(claims(), { alg: 'HS256' }, new TextEncoder().encode('a-shared-secret-of-32-bytes-long!'));
    expect(await rejection(token)).toMatch(/algorithm/);
  });

  it('a client that is not registered', async () => {
    expect(await rejection(await sign(claims({ client_id: 'stranger' })))).toMatch(/not registered/);
    expect(await rejection(await sign(claims({ client_id: undefined, sub: undefined })))).toMatch(/no client/);
  });

  it('expired, not yet valid, or without exp', async () => {
    const now = Math.floor(t.clock() / 1000);
    expect(await rejection(await sign(claims({ exp: now - 60 })))).toMatch(/expired/);
    expect(await rejection(await sign(claims({ nbf: now + 60 })))).toMatch(/nbf/);
    expect(await rejection(await sign(claims({ exp: undefined })))).toMatch(/exp/);
  });

  it('another typ', async () => {
    expect(await rejection(await sign(claims(), { typ: 'dpop+jwt' }))).toMatch(/typ/);
  });

  it('a key the JWKS does not hold, or one embedded in the header', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    expect(await rejection(await sign(claims(), {}, privateKey))).toMatch(/signature/);
    expect(await rejection(await sign(claims(), { kid: 'other' }, privateKey))).toMatch(/no key/);
    expect(await rejection(await sign(claims(), { jwk: await exportJWK(publicKey) }, privateKey))).toMatch(/embedded/);
  });

  it('anything when the JWKS cannot be fetched', async () => {
    const config = readConfig({ PUBLIC_URL, AUTH_ISSUER: ISSUER, AUTH_JWKS_URL: 'http://127.0.0.1:9/jwks' });
    const auth = await createAuthServices(config, t.database.handle, t.clock);
    expect(await rejection(await sign(claims()), auth)).toMatch(/could not be fetched/);
  });
});
