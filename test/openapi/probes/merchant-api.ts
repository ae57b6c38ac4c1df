// The probes of the merchant API: for every documented status of every operation, a request that elicits it.
import { vi } from 'vitest';
import { eligibility, fault, type Fixture, listing, OTHER_STORE, type Probe, STORE, unreachable, untilRateLimited } from '../harness.ts';

export const PROBES: Record<string, Probe[]> = {
  'GET /v2/stores/{store_id}/payment_methods': [
    { status: 200, what: 'a page of two', request: (f) => listing(f, 'amount=1299.95&size=2') },
    { status: 400, what: 'size=0', request: (f) => listing(f, 'size=0') },
    { status: 401, what: 'a malformed token', request: () => ({ ...listing({ token: 'not-a-jwt' } as Fixture) }) },
    { status: 403, what: "another merchant's store", request: (f) => listing(f, '', OTHER_STORE) },
    { status: 429, what: 'too many requests of one client', request: untilRateLimited((f) => listing({ ...f, token: f.otherToken }, '', OTHER_STORE)) },
    {
      status: 500,
      what: 'an unexpected fault',
      arrange: (f) => vi.spyOn(f.ctx.merchantListing, 'listPage').mockRejectedValueOnce(fault()),
      request: (f) => listing(f),
    },
    {
      status: 503,
      what: 'the database unreachable',
      arrange: (f) => vi.spyOn(f.ctx.storeMethods, 'storeOwner').mockRejectedValueOnce(unreachable()),
      request: (f) => listing(f),
    },
  ],

  'GET /v2/stores/{store_id}/payment_methods/eligibility': [
    { status: 200, what: 'a NATURAL customer at 1299.95', request: (f) => eligibility(f, 'amount=1299.95&customerType=NATURAL') },
    { status: 400, what: 'no amount', request: (f) => eligibility(f, 'customerType=NATURAL') },
    { status: 401, what: 'no token', request: () => ({ method: 'GET', url: `/v2/stores/${STORE}/payment_methods/eligibility?amount=1` }) },
    { status: 403, what: "another merchant's store", request: (f) => eligibility(f, 'amount=1', OTHER_STORE) },
    { status: 422, what: 'customerType=ROBOT', request: (f) => eligibility(f, 'amount=1&customerType=ROBOT') },
    {
      status: 429,
      what: 'too many requests of one client',
      request: untilRateLimited((f) => eligibility({ ...f, token: f.otherToken }, 'amount=1', OTHER_STORE)),
    },
    {
      status: 500,
      what: 'an unexpected fault',
      arrange: (f) => vi.spyOn(f.ctx.merchantListing, 'explain').mockRejectedValueOnce(fault()),
      request: (f) => eligibility(f),
    },
    {
      status: 503,
      what: 'the database unreachable',
      arrange: (f) => vi.spyOn(f.ctx.merchantListing, 'explain').mockRejectedValueOnce(unreachable()),
      request: (f) => eligibility(f),
    },
  ],
};
