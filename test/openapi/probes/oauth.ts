// The probes of the authorization server: for every documented status of every operation, a request that elicits it.
import { vi } from 'vitest';
import { CREDENTIALS, fault, type Probe, tokenRequest, TOO_LARGE, unreachable, untilRateLimited } from '../harness.ts';

export const PROBES: Record<string, Probe[]> = {
  'POST /oauth2/token': [
    { status: 200, what: 'client credentials in the body', request: () => tokenRequest(CREDENTIALS) },
    {
      status: 200,
      what: 'the same as a JSON object, as published clients send it',
      request: () => ({
        method: 'POST',
        url: '/oauth2/token',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(CREDENTIALS),
      }),
    },
    { status: 400, what: 'grant_type=password', request: () => tokenRequest({ ...CREDENTIALS, grant_type: 'password' }) },
    { status: 401, what: 'a wrong client secret', request: () => tokenRequest({ ...CREDENTIALS, client_secret: 'wrong' }) },
    { status: 413, what: 'a body over 64 KiB', request: () => tokenRequest({ ...CREDENTIALS, padding: TOO_LARGE }) },
    {
      status: 429,
      what: 'too many failed authentications of one client from one address',
      request: untilRateLimited(() => ({ ...tokenRequest({ ...CREDENTIALS, client_secret: 'guess' }), remoteAddress: '198.51.100.99' })),
    },
    {
      status: 500,
      what: 'an unexpected fault',
      arrange: (f) => vi.spyOn(f.ctx.auth, 'clientCredentialsGrant').mockRejectedValueOnce(fault()),
      request: () => tokenRequest(CREDENTIALS),
    },
    {
      status: 503,
      what: 'the database unreachable',
      arrange: (f) => vi.spyOn(f.ctx.auth, 'clientCredentialsGrant').mockRejectedValueOnce(unreachable()),
      request: () => tokenRequest(CREDENTIALS),
    },
  ],

  'GET /.well-known/jwks.json': [
    { status: 200, what: 'the key set', request: () => ({ method: 'GET', url: '/.well-known/jwks.json' }) },
    {
      status: 500,
      what: 'an unexpected fault',
      arrange: (f) => vi.spyOn(f.ctx.auth, 'jwks').mockRejectedValueOnce(fault()),
      request: () => ({ method: 'GET', url: '/.well-known/jwks.json' }),
    },
    {
      status: 503,
      what: 'the database unreachable while the keys reload',
      arrange: (f) => vi.spyOn(f.ctx.auth, 'jwks').mockRejectedValueOnce(unreachable()),
      request: () => ({ method: 'GET', url: '/.well-known/jwks.json' }),
    },
  ],

  'GET /.well-known/oauth-authorization-server': [
    { status: 200, what: 'the metadata', request: () => ({ method: 'GET', url: '/.well-known/oauth-authorization-server' }) },
  ],
};
