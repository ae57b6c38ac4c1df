// POST /oauth2/token (RFC 6749 §4.4), the JWKS and the RFC 8414 metadata, through inject().
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTS, PUBLIC_URL, basic, oauthApp, requestToken, startAuthTest, type AuthTest } from '../helpers/oauth.ts';

let t: AuthTest;

beforeAll(async () => {
  t = await startAuthTest();
});

afterAll(async () => {
  await t?.close();
});

const { full, special, merchantOnly } = CLIENTS;
const GRANT = { grant_type: 'client_credentials' };
const AS_FULL = { authorization: basic(full.id, full.secret) };

function expectOAuthError(response: Awaited<ReturnType<typeof requestToken>>, status: number, error: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  const body = response.json() as { error: string; error_description: string; message: string };
  expect(body.error).toBe(error);
  expect(typeof body.error_description).toBe('string');
  // `message` repeats the description, for clients that read it as on every other endpoint.
  expect(body.message).toBe(body.error_description);
  expect(Object.keys(body).sort()).toEqual(['error', 'error_description', 'message']);
  return body;
}

describe('successful token requests', () => {
  it('authenticates by HTTP Basic and grants every scope of the client when none is asked', async () => {
    const response = await requestToken(t.app, GRANT, AS_FULL);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.pragma).toBe('no-cache');
    const body = response.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'merchant-api admin' });
  });

  it('authenticates by client_id/client_secret in the body', async () => {
    const response = await requestToken(t.app, { ...GRANT, client_id: full.id, client_secret: full.secret });
    expect(response.statusCode).toBe(200);
    expect(response.json().scope).toBe('merchant-api admin');
  });

  it('decodes Basic credentials form-urlencoded before base64 (RFC 6749 §2.3.1)', async () => {
    const response = await requestToken(t.app, GRANT, { authorization: basic(special.id, special.secret) });
    expect(response.statusCode).toBe(200);
    const verified = await t.ctx.auth.verifyAccessToken(response.json().access_token);
    expect(verified.clientId).toBe(special.id);
  });

  it('accepts a client_id in the body that repeats the Basic one', async () => {
    const response = await requestToken(t.app, { ...GRANT, client_id: full.id }, AS_FULL);
    expect(response.statusCode).toBe(200);
  });

  it('narrows the token to the requested scopes', async () => {
    const response = await requestToken(t.app, { ...GRANT, scope: 'merchant-api' }, AS_FULL);
    expect(response.statusCode).toBe(200);
    expect(response.json().scope).toBe('merchant-api');
    const principal = await t.ctx.auth.verifyAccessToken(response.json().access_token);
    expect(principal).toEqual({ clientId: full.id, merchantId: 'm-auth-test', scopes: ['merchant-api'], issuer: 'self' });
  });

  it('treats an empty parameter as absent (RFC 6749 §3.1) and ignores unknown ones', async () => {
    const response = await requestToken(t.app, { ...GRANT, scope: '', audience: 'x' }, AS_FULL);
    expect(response.statusCode).toBe(200);
    expect(response.json().scope).toBe('merchant-api admin');
  });

  it('issues an RFC 9068 access token that verifies against the published JWKS', async () => {
    const response = await requestToken(t.app, { ...GRANT, scope: 'admin' }, AS_FULL);
    const token = response.json().access_token as string;
    const header = decodeProtectedHeader(token);
    const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(header).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: jwks.keys[0].kid });

    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      typ: 'at+jwt',
      issuer: PUBLIC_URL,
      audience: PUBLIC_URL,
      currentDate: new Date(t.clock()),
    });
    const now = Math.floor(t.clock() / 1000);
    expect(payload).toEqual({
      iss: PUBLIC_URL,
      sub: full.id,
      aud: PUBLIC_URL,
      client_id: full.id,
      scope: 'admin',
      iat: now,
      exp: now + 3600,
      jti: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
  });
});

describe('refused token requests', () => {
  it('invalid_scope for a scope the client does not have', async () => {
    const body = expectOAuthError(
      await requestToken(
        t.app,
        { ...GRANT, scope: 'merchant-api admin' },
        {
          authorization: basic(merchantOnly.id, merchantOnly.secret),
        },
      ),
      400,
      'invalid_scope',
    );
    expect(body.error_description).toContain('"admin"');
    expectOAuthError(await requestToken(t.app, { ...GRANT, scope: 'superuser' }, AS_FULL), 400, 'invalid_scope');
    expectOAuthError(await requestToken(t.app, { ...GRANT, scope: '  ' }, AS_FULL), 400, 'invalid_scope');
  });

  it('unsupported_grant_type for another grant', async () => {
    expectOAuthError(
      await requestToken(t.app, { grant_type: 'password', username: 'u', password: 'p' }, AS_FULL),
      400,
      'unsupported_grant_type',
    );
  });

  it('invalid_request without grant_type', async () => {
    const body = expectOAuthError(await requestToken(t.app, {}, AS_FULL), 400, 'invalid_request');
    expect(body.error_description).toContain('grant_type');
  });

  it('invalid_request for a parameter given twice (RFC 6749 §3.2)', async () => {
    const auth = AS_FULL;
    const twice = expectOAuthError(
      await requestToken(
        t.app,
        [
          ['grant_type', 'client_credentials'],
          ['grant_type', 'client_credentials'],
        ],
        auth,
      ),
      400,
      'invalid_request',
    );
    expect(twice.error_description).toContain('grant_type');
    expectOAuthError(
      await requestToken(
        t.app,
        [
          ['grant_type', 'client_credentials'],
          ['scope', 'admin'],
          ['scope', 'merchant-api'],
        ],
        auth,
      ),
      400,
      'invalid_request',
    );
  });

  it('invalid_request when Basic and body credentials are both sent', async () => {
    expectOAuthError(
      await requestToken(t.app, { ...GRANT, client_id: full.id, client_secret: full.secret }, AS_FULL),
      400,
      'invalid_request',
    );
    expectOAuthError(await requestToken(t.app, { ...GRANT, client_id: merchantOnly.id }, AS_FULL), 400, 'invalid_request');
  });

  it('401 invalid_client with a Basic challenge for a wrong secret or an unknown client', async () => {
    const attempts = [
      basic(full.id, 'wrong-secret'),
      basic('no-such-client', full.secret),
      'Basic !!!',
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
    ];
    for (const authorization of attempts) {
      const response = await requestToken(t.app, GRANT, { authorization });
      const body = expectOAuthError(response, 401, 'invalid_client');
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm="[^"]+"/);
      expect(body.error_description).not.toContain('wrong-secret');
    }
  });

  it('401 invalid_client for wrong body credentials, an unknown client or none at all', async () => {
    const wrong = await requestToken(t.app, { ...GRANT, client_id: full.id, client_secret: 'wrong-secret' });
    const unknown = await requestToken(t.app, { ...GRANT, client_id: 'no-such-client', client_secret: 'x' });
    // Unknown client and wrong secret are indistinguishable.
    expect(expectOAuthError(unknown, 401, 'invalid_client')).toEqual(expectOAuthError(wrong, 401, 'invalid_client'));
    expectOAuthError(await requestToken(t.app, GRANT), 401, 'invalid_client');
    expectOAuthError(await requestToken(t.app, { ...GRANT, client_id: full.id }), 401, 'invalid_client');
  });

  it('invalid_request for another content type (neither form nor JSON) or no body', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/xml', authorization: basic(full.id, full.secret) },
      payload: '<grant_type>client_credentials</grant_type>',
    });
    expectOAuthError(xml, 400, 'invalid_request');
    const none = await t.app.inject({ method: 'POST', url: '/oauth2/token', headers: AS_FULL });
    expectOAuthError(none, 400, 'invalid_request');
  });

  it('413 for a body over 64 KiB, still as an RFC 6749 error', async () => {
    const response = await requestToken(t.app, { ...GRANT, padding: 'x'.repeat(70 * 1024) }, AS_FULL);
    expectOAuthError(response, 413, 'invalid_request');
  });

  it('500 server_error with a generic description for an unexpected fault', async () => {
    const failing = await oauthApp({
      ...t.ctx,
      auth: {
        ...t.ctx.auth,
        clientCredentialsGrant: async () => {
          throw new Error('relation "clients" does not exist at secret-detail');
        },
      },
    });
    try {
      const response = await requestToken(failing, GRANT, AS_FULL);
      const body = expectOAuthError(response, 500, 'server_error');
      expect(body.error_description).not.toContain('secret-detail');
    } finally {
      await failing.close();
    }
  });
});

describe('published documents', () => {
  it('JWKS: the public signing key, cacheable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const { keys } = response.json();
    expect(keys).toEqual([
      { kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: expect.any(String), alg: 'ES256', use: 'sig' },
    ]);
  });

  it('RFC 8414 metadata built from PUBLIC_URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      issuer: PUBLIC_URL,
      token_endpoint: `${PUBLIC_URL}/oauth2/token`,
      jwks_uri: `${PUBLIC_URL}/.well-known/jwks.json`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: ['merchant-api', 'admin'],
      response_types_supported: [],
    });
  });
});

describe('token requests as JSON (as published clients of this API family send them)', () => {
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('issues a token for the credentials in the body, or with HTTP Basic, narrowed by scope', async () => {
    const inBody = await json({ ...GRANT, client_id: full.id, client_secret: full.secret, scope: 'merchant-api' });
    expect(inBody.statusCode, inBody.body).toBe(200);
    expect(inBody.json()).toMatchObject({ token_type: 'Bearer', scope: 'merchant-api' });
    const withBasic = await json({ ...GRANT, unknown: { ignored: true } }, AS_FULL);
    expect(withBasic.statusCode, withBasic.body).toBe(200);
    expect(withBasic.json()).toMatchObject({ scope: 'merchant-api admin' });
  });

  it('refuses with the form rules: wrong secret 401, two methods, other grants and unknown scopes 400', async () => {
    expectOAuthError(await json({ ...GRANT, client_id: full.id, client_secret: 'wrong' }), 401, 'invalid_client');
    expectOAuthError(await json({ ...GRANT, client_id: full.id, client_secret: full.secret }, AS_FULL), 400, 'invalid_request');
    expectOAuthError(await json({ grant_type: 'password', client_id: full.id, client_secret: full.secret }), 400, 'unsupported_grant_type');
    expectOAuthError(await json({ ...GRANT, client_id: full.id, client_secret: full.secret, scope: 'root' }), 400, 'invalid_scope');
  });

  it('refuses a body that is not an object, a parameter that is not a string, and malformed JSON', async () => {
    expect(expectOAuthError(await json([GRANT]), 400, 'invalid_request').error_description).toContain('JSON object');
    expect(expectOAuthError(await json('"client_credentials"'), 400, 'invalid_request').error_description).toContain('JSON object');
    for (const bad of [42, null, ['a'], { nested: 'x' }, true]) {
      const body = expectOAuthError(await json({ ...GRANT, client_id: bad, client_secret: full.secret }), 400, 'invalid_request');
      expect(body.error_description).toBe('parameter "client_id" must be a string');
    }
    expectOAuthError(await json('{"grant_type":'), 400, 'invalid_request');
    expectOAuthError(await json('{"__proto__": {"admin": true}, "grant_type": "client_credentials"}'), 400, 'invalid_request');
  });

  it('refuses a parameter given twice, as the form does (RFC 6749 §3.2), even when the second would authenticate', async () => {
    const twice = (name: string, first: string, second: string) =>
      `{"grant_type": "client_credentials", "client_id": ${JSON.stringify(full.id)}, "client_secret": ${JSON.stringify(full.secret)}, ` +
      `${JSON.stringify(name)}: ${JSON.stringify(first)}, ${JSON.stringify(name)}: ${JSON.stringify(second)}}`;
    for (const name of ['client_id', 'client_secret', 'grant_type', 'scope']) {
      const body = expectOAuthError(await json(twice(name, 'a', 'b')), 400, 'invalid_request');
      expect(body.error_description).toBe(`parameter "${name}" is included more than once`);
    }
    // The right secret last (which JSON.parse alone would keep) is refused all the same, and so is an escaped spelling.
    const lastWins = `{"grant_type": "client_credentials", "client_id": "b", "client_id": ${JSON.stringify(full.id)}, "client_secret": ${JSON.stringify(full.secret)}}`;
    expect(expectOAuthError(await json(lastWins), 400, 'invalid_request').error_description).toBe(
      'parameter "client_id" is included more than once',
    );
    const escaped = `{"grant_type": "client_credentials", "client_id": ${JSON.stringify(full.id)}, "client\\u005fid": "b", "client_secret": "x"}`;
    expectOAuthError(await json(escaped), 400, 'invalid_request');
    // An unknown member twice: refused without naming it; the same name inside a nested object is not a repeat.
    const unknown = `{"grant_type": "client_credentials", "extra": 1, "extra": 2}`;
    expect(expectOAuthError(await json(unknown), 400, 'invalid_request').error_description).toBe('a parameter is included more than once');
    const nested = { ...GRANT, client_id: full.id, client_secret: full.secret, extra: { client_id: 'x' }, more: [{ client_id: 'y' }] };
    expect((await json(nested)).statusCode).toBe(200);
  });

  it('answers 413 over 64 KiB and an RFC 6749 error for another media type', async () => {
    expectOAuthError(await json({ ...GRANT, padding: 'x'.repeat(70 * 1024) }), 413, 'invalid_request');
    const text = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'text/plain' },
      payload: 'grant_type=client_credentials',
    });
    expect(expectOAuthError(text, 400, 'invalid_request').error_description).toContain('application/json');
  });
});
