// The probes of the session API: for every documented status of every operation, a request that elicits it.
import { vi } from 'vitest';
import { groupIdOf } from '../../../src/domain/group-id.ts';
import { claimInFlightKey } from '../../helpers/database.ts';
import { DEMO_METHODS } from '../../helpers/demo.ts';
import {
  bearer,
  CLIENT,
  createSession,
  fault,
  groups,
  OTHER_STORE,
  type Probe,
  STORE,
  TOO_LARGE,
  unreachable,
  untilRateLimited,
} from '../harness.ts';

/** The price-information page of the demo's 24-month part payment as a flattened group at 1299.95 (it names a monthly cost). */
const priceInformation = (session: string, query = `amount=1299.95&group=${groupIdOf([DEMO_METHODS.pp24])}`) => ({
  method: 'GET' as const,
  url: `/v1/sessions/${session}/price-information?${query}`,
});
const SOME_GROUP = 'a'.repeat(64);

export const PROBES: Record<string, Probe[]> = {
  'POST /v1/stores/{storeId}/sessions': [
    { status: 201, what: 'a campaign session', request: (f) => createSession(f, STORE, { payload: '{"campaign":"BLACKWEEK"}' }) },
    { status: 201, what: 'no body at all', request: (f) => ({ method: 'POST', url: `/v1/stores/${STORE}/sessions`, headers: bearer(f) }) },
    { status: 400, what: 'an empty campaign', request: (f) => createSession(f, STORE, { payload: '{"campaign":""}' }) },
    {
      status: 201,
      what: 'a retry with the same Idempotency-Key (a replay)',
      request: async (f) => {
        const first = createSession(f, STORE, { headers: { 'idempotency-key': '"probe-replay"' } });
        await f.app.inject(first);
        return first;
      },
    },
    {
      status: 400,
      what: 'an Idempotency-Key of 256 characters',
      request: (f) => createSession(f, STORE, { headers: { 'idempotency-key': 'k'.repeat(256) } }),
    },
    {
      status: 409,
      what: 'an Idempotency-Key whose first request is in flight (its claim has no session yet)',
      request: async (f) => {
        await claimInFlightKey(f.ctx.database.db, CLIENT.id, 'probe-in-flight', STORE, f.ctx.clock());
        return createSession(f, STORE, { headers: { 'idempotency-key': 'probe-in-flight' } });
      },
    },
    {
      status: 422,
      what: 'an Idempotency-Key used before with another campaign',
      request: async (f) => {
        await f.app.inject(createSession(f, STORE, { headers: { 'idempotency-key': 'probe-reused' } }));
        return createSession(f, STORE, { headers: { 'idempotency-key': 'probe-reused' }, payload: '{"campaign":"BLACKWEEK"}' });
      },
    },
    { status: 401, what: 'no token', request: () => ({ method: 'POST', url: `/v1/stores/${STORE}/sessions` }) },
    { status: 403, what: "another merchant's store", request: (f) => createSession(f, OTHER_STORE) },
    {
      status: 413,
      what: 'a body over 64 KiB',
      request: (f) => createSession(f, STORE, { payload: JSON.stringify({ padding: TOO_LARGE }) }),
    },
    {
      status: 415,
      what: 'a text/plain body',
      request: (f) => createSession(f, STORE, { headers: { 'content-type': 'text/plain' }, payload: 'campaign' }),
    },
    {
      status: 429,
      what: "too many requests of one client (its budget used up on another's store: 403s)",
      request: untilRateLimited((f) => createSession({ ...f, token: f.otherToken }, STORE)),
    },
    {
      status: 500,
      what: 'an unexpected fault',
      arrange: (f) => vi.spyOn(f.ctx.sessions, 'create').mockRejectedValueOnce(fault()),
      request: (f) => createSession(f, STORE),
    },
    {
      status: 503,
      what: 'the database unreachable',
      arrange: (f) => vi.spyOn(f.ctx.sessions, 'create').mockRejectedValueOnce(unreachable()),
      request: (f) => createSession(f, STORE),
    },
  ],

  'GET /v1/sessions/{sessionId}': [
    {
      status: 200,
      what: 'a session of a granted store',
      request: (f) => ({ method: 'GET', url: `/v1/sessions/${f.session}`, headers: bearer(f) }),
    },
    { status: 401, what: 'no token', request: (f) => ({ method: 'GET', url: `/v1/sessions/${f.session}` }) },
    {
      status: 403,
      what: 'an admin token (no merchant-api scope)',
      request: (f) => ({ method: 'GET', url: `/v1/sessions/${f.session}`, headers: { authorization: `Bearer ${f.adminToken}` } }),
    },
    {
      status: 404,
      what: "a session of another merchant's store",
      request: (f) => ({ method: 'GET', url: `/v1/sessions/${f.session}`, headers: bearer({ ...f, token: f.otherToken }) }),
    },
    {
      status: 429,
      what: 'too many requests of one client',
      request: untilRateLimited((f) => ({
        method: 'GET',
        url: `/v1/sessions/${f.session}`,
        headers: bearer({ ...f, token: f.otherToken }),
      })),
    },
    {
      status: 500,
      what: 'an unexpected fault',
      arrange: (f) => vi.spyOn(f.ctx.sessions, 'require').mockRejectedValueOnce(fault()),
      request: (f) => ({ method: 'GET', url: `/v1/sessions/${f.session}`, headers: bearer(f) }),
    },
    {
      status: 503,
      what: 'the database unreachable',
      arrange: (f) => vi.spyOn(f.ctx.sessions, 'require').mockRejectedValueOnce(unreachable()),
      request: (f) => ({ method: 'GET', url: `/v1/sessions/${f.session}`, headers: bearer(f) }),
    },
  ],

  'GET /v1/sessions/{sessionId}/payment-method-groups': [
    { status: 200, what: 'groups at 1299.95', request: (f) => groups(f.session) },
    {
      status: 304,
      what: 'If-None-Match with the current ETag',
      request: async (f) => {
        const first = await f.app.inject(groups(f.session));
        return { ...groups(f.session), headers: { 'if-none-match': String(first.headers.etag) } };
      },
    },
    { status: 400, what: 'no amount', request: (f) => groups(f.session, 'customerType=NATURAL') },
    { status: 404, what: 'an unknown session', request: () => groups('0b8a3f6e-9d1c-4a8e-bb7e-5f2d1c3a4b5c') },
    { status: 409, what: 'an expired session', request: (f) => groups(f.expiredSession) },
    { status: 422, what: 'amount=12.345', request: (f) => groups(f.session, 'amount=12.345') },
    {
      status: 429,
      what: 'too many requests from one address',
      request: untilRateLimited((f) => ({ ...groups(f.session), remoteAddress: '192.0.2.1' })),
    },
    {
      status: 500,
      what: 'an unexpected fault',
      // The catalog read fails (found in no cache first: cached answers are served without a read).
      arrange: (f) => {
        vi.spyOn(f.ctx.storeMethods, 'cachedStoreMethods').mockReturnValueOnce(undefined);
        vi.spyOn(f.ctx.storeMethods, 'storeMethods').mockRejectedValueOnce(fault());
      },
      request: (f) => groups(f.session),
    },
    {
      status: 503,
      what: 'the database unreachable',
      arrange: (f) => {
        vi.spyOn(f.ctx.sessions, 'cachedActive').mockReturnValueOnce(undefined);
        vi.spyOn(f.ctx.sessions, 'requireActive').mockRejectedValueOnce(unreachable());
      },
      request: (f) => groups(f.session),
    },
  ],

  'GET /v1/sessions/{sessionId}/price-information': [
    { status: 200, what: 'the page of a group with a disclosure', request: (f) => priceInformation(f.session) },
    { status: 400, what: 'no group', request: (f) => priceInformation(f.session, 'amount=1299.95') },
    { status: 404, what: 'a group not offered', request: (f) => priceInformation(f.session, `amount=1299.95&group=${SOME_GROUP}`) },
    { status: 409, what: 'an expired session', request: (f) => priceInformation(f.expiredSession) },
    {
      status: 429,
      what: 'too many requests from one address',
      request: untilRateLimited((f) => ({ ...priceInformation(f.session), remoteAddress: '192.0.2.2' })),
    },
    {
      status: 500,
      what: 'an unexpected fault',
      arrange: (f) => {
        vi.spyOn(f.ctx.storeMethods, 'storeMethods').mockRejectedValueOnce(fault());
      },
      request: (f) => priceInformation(f.session),
    },
    {
      status: 503,
      what: 'the database unreachable',
      arrange: (f) => {
        vi.spyOn(f.ctx.sessions, 'requireActive').mockRejectedValueOnce(unreachable());
      },
      request: (f) => priceInformation(f.session),
    },
  ],
};
