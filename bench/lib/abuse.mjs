// What an attacker with nothing but the service's address can send: the floods of the abuse
// scenarios and every path a request reaches before it is authenticated (SECURITY.md). Each
// generator returns many distinct requests, so that nothing is answered from a cache by accident.
import { randomBytes, randomUUID } from 'node:crypto';
import { URLSearchParams } from 'node:url';
import { SignJWT, generateKeyPair } from 'jose';

const DISTINCT = 2000;

const form = (fields) => new URLSearchParams({ grant_type: 'client_credentials', ...fields }).toString();
const basic = (id, secret) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
/** A different documentation-range address per request (TRUST_PROXY=loopback believes it). */
const forwardedFor = (i) => ({ 'x-forwarded-for': `198.18.${(i >> 8) & 255}.${i & 255}` });

function many(make) {
  return Array.from({ length: DISTINCT }, (_, i) => make(i));
}

/** Token requests with made-up client ids. */
export function unknownClients({ spread }) {
  return many((i) => ({
    method: 'POST',
    path: '/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(spread ? forwardedFor(i) : {}) },
    body: form({ client_id: `made-up-${randomUUID()}`, client_secret: randomBytes(16).toString('hex') }),
  }));
}

/** Token requests for a real client id with wrong secrets. */
export function wrongSecrets(client, { spread }) {
  return many((i) => ({
    method: 'POST',
    path: '/oauth2/token',
    headers: {
      authorization: basic(client.clientId, randomBytes(16).toString('hex')),
      'content-type': 'application/x-www-form-urlencoded',
      ...(spread ? forwardedFor(i) : {}),
    },
    body: 'grant_type=client_credentials',
  }));
}

/** Group retrievals of session ids nobody created. */
export function randomSessions({ spread }) {
  return many((i) => ({
    method: 'GET',
    path: `/v1/sessions/${randomUUID()}/payment-method-groups?amount=${100 + (i % 900)}.${String(i % 100).padStart(2, '0')}`,
    headers: spread ? forwardedFor(i) : {},
  }));
}

/** Bearer tokens signed by a key the service does not know, each with its own key id. */
export async function unknownKeyTokens(storeId, audience) {
  const { privateKey } = await generateKeyPair('ES256');
  const tokens = await Promise.all(
    Array.from({ length: 200 }, () =>
      new SignJWT({ client_id: 'nordic', scope: 'merchant-api' })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: randomUUID() })
        .setIssuer(audience)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
    ),
  );
  return tokens.map((token) => ({
    method: 'GET',
    path: `/v2/stores/${storeId}/payment_methods`,
    headers: { authorization: `Bearer ${token}` },
  }));
}

/** Group retrieval with the longest amount a URL carries (8,000 digits). */
export function hugeAmounts(sessions) {
  return sessions.map((session, i) => ({
    method: 'GET',
    path: `/v1/sessions/${session.id}/payment-method-groups?amount=${String(i + 1).padEnd(8000, '7')}`,
  }));
}

/** CORS preflights of the storefront route. */
export function preflights(sessions) {
  return sessions.map((session) => ({
    method: 'OPTIONS',
    path: `/v1/sessions/${session.id}/payment-method-groups`,
    headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
  }));
}

export const get = (path) => [{ method: 'GET', path }];
