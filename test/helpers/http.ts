// The HTTP helpers of every test folder (docs/testing.md#helpers), defined once: an error answer's
// checks, tokens and sessions, in process (Fastify's inject) or over the network (a real server
// process), and polling for what another instance sees.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { STORE } from './demo.ts';

/** A client's credentials, as test/helpers/demo.ts writes them. */
export interface ClientCredentials {
  id: string;
  secret: string;
}

/** What every error answer carries (docs/errors.md). */
export interface ErrorBody {
  message: string;
  code: string;
}

/** `authorization: Bearer <token>`, to spread into headers. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * An error answer as every one is: `status`, JSON, `Cache-Control: no-store`, a message in words;
 * and, when given, its code and message. Returns the body.
 */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  expected: { code?: string | RegExp; message?: string | RegExp } = {},
): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  const body = response.json() as ErrorBody;
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (expected.code !== undefined) expect(body.code).toMatch(expected.code);
  if (expected.message !== undefined) expect(body.message).toMatch(expected.message);
  return body;
}

function tokenForm(clientId: string, clientSecret: string, scope?: string): string {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
  if (scope) form.set('scope', scope);
  return form.toString();
}

/** Form-encoded client-credentials request in process; returns the access token. */
export async function issueToken(app: FastifyInstance, clientId: string, clientSecret: string, scope?: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: tokenForm(clientId, clientSecret, scope),
  });
  if (response.statusCode !== 200) throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}

/** The token endpoint's answer to a client-credentials request over the network (10 s at most). */
export function requestToken(baseUrl: string, client: ClientCredentials, scope?: string): Promise<Response> {
  return fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: tokenForm(client.id, client.secret, scope),
    signal: AbortSignal.timeout(10_000),
  });
}

/** A client-credentials token from a real server process; fails the test unless it is a 200. */
export async function fetchToken(baseUrl: string, client: ClientCredentials, scope?: string): Promise<string> {
  const response = await requestToken(baseUrl, client, scope);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** POST /v1/stores/{storeId}/sessions in process: the answer, whatever it is. */
export function postSession(
  app: FastifyInstance,
  token: string,
  storeId = STORE,
  options: { payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/v1/stores/${storeId}/sessions`,
    headers: { ...bearer(token), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

/** A new session's id, in process; fails the test unless it is a 201. */
export async function createSession(app: FastifyInstance, token: string, storeId = STORE): Promise<string> {
  const response = await postSession(app, token, storeId);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** POST /v1/stores/{storeId}/sessions to a real server process (10 s at most). */
export function requestSession(baseUrl: string, token: string, storeId = STORE): Promise<Response> {
  return fetch(`${baseUrl}/v1/stores/${storeId}/sessions`, { method: 'POST', headers: bearer(token), signal: AbortSignal.timeout(10_000) });
}

/** A new session's id from a real server process; fails the test unless it is a 201. */
export async function fetchSession(baseUrl: string, token: string, storeId = STORE): Promise<string> {
  const response = await requestSession(baseUrl, token, storeId);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Polls until `check` holds, failing after `boundMs`: what one instance wrote, seen by another.
 * Returns the milliseconds it took (reported, never asserted).
 */
export async function within(boundMs: number, check: () => Promise<boolean>, intervalMs = 25): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > boundMs) throw new Error(`not seen within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return performance.now() - started;
}

/** The token endpoint's status for these credentials, from a real server process: 200, or 401 once they stop working. */
export async function tokenStatus(baseUrl: string, client: ClientCredentials): Promise<number> {
  return (await requestToken(baseUrl, client)).status;
}
