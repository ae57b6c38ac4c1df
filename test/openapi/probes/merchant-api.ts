// The probes of the merchant API: for every documented status of every operation, a request that elicits it.
import { vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  bearer,
  eligibility,
  fault,
  type Fixture,
  listing,
  OTHER_STORE,
  type Probe,
  STORE,
  unreachable,
  untilRateLimited,
} from '../harness.ts';

/** The demo store's 24-month part payment (price signage on, SECCI and general terms links). */
const PART_PAYMENT = '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a';
/** A method of the other merchant's store. */
const OTHER_METHOD = 'f87970c9-6bba-48ab-80ea-a0d45db7af1d';

const stores = (f: Fixture, query = ''): InjectOptions => ({ method: 'GET', url: `/v2/stores?${query}`, headers: bearer(f) });
const plans = (f: Fixture, method = PART_PAYMENT, store = STORE): InjectOptions => ({
  method: 'GET',
  url: `/v2/stores/${store}/payment_methods/${method}/annuity_factors`,
  headers: bearer(f),
});
const signage = (f: Fixture, query = 'amount=10000', method = PART_PAYMENT, store = STORE): InjectOptions => ({
  method: 'GET',
  url: `/v2/stores/${store}/payment_methods/${method}/price_signage?${query}`,
  headers: bearer(f),
});

export const PROBES: Record<string, Probe[]> = {
  'GET /v2/stores/{store_id}/payment_methods': [
    { status: 200, what: 'a page of two', request: (f) => listing(f, 'amount=1299.95&size=2') },
    { status: 400, what: 'size=0', request: (f) => listing(f, 'size=0') },
    { status: 401, what: 'a malformed token', request: () => ({ ...listing({ token: 'not-a-jwt' } as Fixture) }) },
    { status: 403, what: "another merchant's store", request: (f) => listing(f, '', OTHER_STORE) },
    {
      status: 429,
      what: 'too many requests of one client',
      request: untilRateLimited((f) => listing({ ...f, token: f.otherToken }, '', OTHER_STORE)),
    },
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
    {
      status: 404,
      what: 'a session that does not exist',
      request: (f) => eligibility(f, 'amount=1&session=00000000-0000-4000-8000-000000000000'),
    },
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

  'GET /v2/stores': [
    { status: 200, what: 'every store, as a published client asks (size=999999)', request: (f) => stores(f, 'size=999999') },
    { status: 400, what: 'sort=city', request: (f) => stores(f, 'sort=city') },
    { status: 401, what: 'no token', request: () => ({ method: 'GET', url: '/v2/stores' }) },
    { status: 403, what: 'a token without scope merchant-api', request: (f) => stores({ ...f, token: f.adminToken }) },
    { status: 429, what: 'too many requests of one client', request: untilRateLimited((f) => stores({ ...f, token: f.otherToken })) },
    {
      status: 500,
      what: 'an unexpected fault',
      arrange: (f) => vi.spyOn(f.ctx.merchantListing, 'listStores').mockRejectedValueOnce(fault()),
      request: (f) => stores(f),
    },
    {
      status: 503,
      what: 'the database unreachable',
      arrange: (f) => vi.spyOn(f.ctx.merchantListing, 'listStores').mockRejectedValueOnce(unreachable()),
      request: (f) => stores(f),
    },
  ],

  'GET /v2/stores/{store_id}/payment_methods/{payment_method_id}/annuity_factors': [
    { status: 200, what: 'the plans of a part payment', request: (f) => plans(f) },
    { status: 400, what: 'a method id that is not a UUID', request: (f) => plans(f, 'not-a-uuid') },
    { status: 401, what: 'no token', request: (f) => ({ ...plans(f), headers: {} }) },
    { status: 403, what: "another merchant's store", request: (f) => plans(f, OTHER_METHOD, OTHER_STORE) },
    { status: 404, what: "a method of another merchant's store", request: (f) => plans(f, OTHER_METHOD) },
    {
      status: 429,
      what: 'too many requests of one client',
      request: untilRateLimited((f) => plans({ ...f, token: f.otherToken }, OTHER_METHOD, OTHER_STORE)),
    },
    {
      status: 500,
      what: 'an unexpected fault',
      arrange: (f) => vi.spyOn(f.ctx.merchantListing, 'method').mockRejectedValueOnce(fault()),
      request: (f) => plans(f),
    },
    {
      status: 503,
      what: 'the database unreachable',
      arrange: (f) => vi.spyOn(f.ctx.storeMethods, 'storeOwner').mockRejectedValueOnce(unreachable()),
      request: (f) => plans(f),
    },
  ],

  'GET /v2/stores/{store_id}/payment_methods/{payment_method_id}/price_signage': [
    { status: 200, what: 'a 24-month plan at 10000', request: (f) => signage(f) },
    { status: 400, what: 'no amount', request: (f) => signage(f, '') },
    { status: 401, what: 'no token', request: (f) => ({ ...signage(f), headers: {} }) },
    { status: 403, what: "another merchant's store", request: (f) => signage(f, 'amount=1', OTHER_METHOD, OTHER_STORE) },
    { status: 404, what: 'an unknown method', request: (f) => signage(f, 'amount=1', '00000000-0000-4000-8000-000000000000') },
    {
      status: 429,
      what: 'too many requests of one client',
      request: untilRateLimited((f) => signage({ ...f, token: f.otherToken }, 'amount=1', OTHER_METHOD, OTHER_STORE)),
    },
    {
      status: 500,
      what: 'an unexpected fault',
      arrange: (f) => vi.spyOn(f.ctx.merchantListing, 'method').mockRejectedValueOnce(fault()),
      request: (f) => signage(f),
    },
    {
      status: 503,
      what: 'the database unreachable',
      arrange: (f) => vi.spyOn(f.ctx.merchantListing, 'method').mockRejectedValueOnce(unreachable()),
      request: (f) => signage(f),
    },
  ],
};
