// The client package (client/) against the real service listening on a port, on PGlite and on
// PostgreSQL: token reuse and refresh, idempotent retries of session creation, paging, every error
// shape, retries of 429 and of the in-flight 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, MerchantClient, type MerchantClientOptions } from '../../client/src/index.ts';
import { claimInFlightKey } from '../helpers/database.ts';
import { manualClock } from '../helpers/app.ts';
import { NORDIC, OTHER_STORE, STORE } from '../helpers/demo.ts';
import { recordingFetch, startListening, type ListeningService } from './harness.ts';

const PART_PAYMENT = '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a';
const UNKNOWN = '0b8a3f6e-9d1c-4a8e-bb7e-5f2d1c3a4b5c';
const TOKEN_PATH = /^\/oauth2\/token$/;
const SESSIONS_PATH = /^\/v1\/stores\/[^/]+\/sessions$/;

// The service's clock: moving it ages tokens on the service's side only (a token the client still
// holds as fresh is then refused, as after clock skew or a revocation).
const clock = manualClock(Date.now());
let service: ListeningService;

beforeAll(async () => {
  service = await startListening({ clock, env: { SESSION_PURGE_INTERVAL_SECONDS: '0' } });
});

afterAll(async () => {
  await service?.close();
});

function client(options: Partial<MerchantClientOptions> = {}): MerchantClient {
  return new MerchantClient({ baseUrl: service.baseUrl, clientId: NORDIC.id, clientSecret: NORDIC.secret, ...options });
}

async function sessionRows(): Promise<number> {
  const row = await service.database.handle.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the access token', () => {
  it('is fetched once and reused across many calls, concurrent first calls included', async () => {
    const recorder = recordingFetch();
    const merchant = client({ fetch: recorder.fetch });
    await Promise.all(Array.from({ length: 10 }, () => merchant.listStores()));
    const session = await merchant.createSession(STORE);
    for (let i = 0; i < 10; i++) await merchant.getSession(session.id);
    await merchant.listPaymentMethods(STORE);
    await merchant.annuityFactors(STORE, PART_PAYMENT);
    await merchant.priceSignage(STORE, PART_PAYMENT, '10000');
    expect(recorder.count('POST', TOKEN_PATH)).toBe(1);
    expect(recorder.exchanges.length).toBe(1 + 10 + 1 + 10 + 3);
  });

  it('is requested again, once, when the service refuses it (401), and the call then succeeds', async () => {
    const recorder = recordingFetch();
    const merchant = client({ fetch: recorder.fetch });
    await merchant.listStores();
    // Two hours on, for the service: the client's token (one hour) has expired there.
    clock.advance(2 * 3600 * 1000);
    const page = await merchant.listStores();
    expect(page.content.length).toBeGreaterThan(0);
    expect(recorder.count('POST', TOKEN_PATH)).toBe(2);
    expect(recorder.exchanges.map((e) => e.status)).toEqual([200, 200, 401, 200, 200]);
  });

  it('is not fetched for group retrieval (the storefront call needs none)', async () => {
    const setup = client();
    const { id } = await setup.createSession(STORE);
    const recorder = recordingFetch();
    const groups = await client({ fetch: recorder.fetch }).paymentMethodGroups(id, { amount: '1299.95', customerType: 'NATURAL' });
    expect(groups.length).toBeGreaterThan(0);
    expect(recorder.count('POST', TOKEN_PATH)).toBe(0);
  });
});

describe('session creation', () => {
  it('a retry after a lost response answers the same session: one row, the second answer a replay', async () => {
    let dropped = false;
    const recorder = recordingFetch(async (request, real) => {
      if (dropped || request.method !== 'POST' || !SESSIONS_PATH.test(new URL(request.url).pathname)) return undefined;
      dropped = true;
      // The service handles the request; the connection breaks before the answer arrives.
      await (await real()).arrayBuffer();
      throw new TypeError('fetch failed');
    });
    const before = await sessionRows();
    const session = await client({ fetch: recorder.fetch }).createSession(STORE, { campaign: 'BLACKWEEK' });
    expect(await sessionRows()).toBe(before + 1);
    const creations = recorder.exchanges.filter((e) => SESSIONS_PATH.test(e.path));
    expect(creations.map((e) => e.status)).toEqual(['network error', 201]);
    expect(creations[1]!.headers!.get('idempotent-replayed')).toBe('true');
    const stored = await client().getSession(session.id);
    expect(stored).toMatchObject({ id: session.id, storeId: STORE, campaign: 'BLACKWEEK', expiresAt: session.expiresAt });
  });

  it('a caller-given key makes separate calls one session', async () => {
    const merchant = client();
    const first = await merchant.createSession(STORE, { idempotencyKey: 'order-4711' });
    const second = await merchant.createSession(STORE, { idempotencyKey: 'order-4711' });
    expect(second).toEqual(first);
  });

  it('without a key given, every call is a new session', async () => {
    const merchant = client();
    const a = await merchant.createSession(STORE);
    const b = await merchant.createSession(STORE);
    expect(a.id).not.toBe(b.id);
  });

  it('getSession answers the record, campaign null without one', async () => {
    const merchant = client();
    const created = await merchant.createSession(STORE);
    expect(await merchant.getSession(created.id)).toEqual({
      id: created.id,
      storeId: STORE,
      campaign: null,
      locale: null,
      createdAt: expect.any(String),
      expiresAt: created.expiresAt,
      embed: created.embed,
    });
  });

  it("sends the order's rules and lifetime, reads them back, and the storefront is offered only what they allow", async () => {
    let sent: unknown;
    const recorder = recordingFetch(async (request) => {
      if (SESSIONS_PATH.test(new URL(request.url).pathname)) sent = await request.clone().json();
      return undefined;
    });
    const merchant = client({ fetch: recorder.fetch });
    const rules = {
      allowedPaymentMethods: ['CARD', 'SWISH', PART_PAYMENT],
      blockedPaymentMethods: ['SWISH'],
      productTypes: ['PHYSICAL' as const],
      country: 'SE',
      customerType: 'NATURAL' as const,
      ttlSeconds: 600,
    };
    const created = await merchant.createSession(STORE, rules);
    // Sent as given; read back canonical (lists sorted, ids in lower case).
    expect(sent).toEqual(rules);
    expect(await merchant.getSession(created.id)).toMatchObject({ ...rules, allowedPaymentMethods: [PART_PAYMENT, 'CARD', 'SWISH'] });
    const groups = await merchant.paymentMethodGroups(created.id, { amount: '1299.95', flattened: true });
    expect(groups.map((g) => g.type)).toEqual(['PROVIDER_PART_PAYMENT_SELECT_NOW', 'CARD']);
  });
});

describe('languages', () => {
  it('sends locale with the session, group retrieval and the merchant calls', async () => {
    const urls: URL[] = [];
    const recorder = recordingFetch(async (request) => {
      urls.push(new URL(request.url));
      return undefined;
    });
    const merchant = client({ fetch: recorder.fetch });
    const session = await merchant.createSession(STORE, { locale: 'fi-FI' });
    expect(await merchant.getSession(session.id)).toMatchObject({ locale: 'fi-FI' });
    const finnish = await merchant.paymentMethodGroups(session.id, { amount: '10000' });
    const english = await merchant.paymentMethodGroups(session.id, { amount: '10000', locale: 'en' });
    // The session's language, then the call's own: the part-payment subtitle says which.
    const cost = /^From (\d+) SEK\/month$/.exec(english.map((g) => g.subtitle).find((s) => s.startsWith('From')) ?? '')![1]!;
    const finnishCost = new Intl.NumberFormat('fi-SE', { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }).format(
      Number(cost),
    );
    expect(finnish.map((g) => g.subtitle)).toContain(`Alkaen ${finnishCost}/kk`);
    await merchant.listPaymentMethods(STORE, { locale: 'en' });
    await merchant.annuityFactors(STORE, PART_PAYMENT, { locale: 'en' });
    await merchant.priceSignage(STORE, PART_PAYMENT, '10000', { locale: 'en' });
    const sent = urls.filter((u) => /payment-method-groups|payment_methods/.test(u.pathname)).map((u) => u.searchParams.get('locale'));
    expect(sent).toEqual([null, 'en', 'en', 'en', 'en']);
  });
});

describe('paging', () => {
  it('paymentMethods walks every page; listPaymentMethods answers one', async () => {
    const merchant = client();
    const all = await merchant.listPaymentMethods(STORE, { size: 1000 });
    expect(all.content.length).toBeGreaterThan(3);
    const recorder = recordingFetch();
    const paged = client({ fetch: recorder.fetch });
    const walked = [];
    for await (const method of paged.paymentMethods(STORE, { size: 2 })) walked.push(method);
    expect(walked).toEqual(all.content);
    expect(recorder.count('GET', /payment_methods$/)).toBe(Math.ceil(all.content.length / 2));
    const second = await merchant.listPaymentMethods(STORE, { size: 2, page: 1 });
    expect(second.content).toEqual(all.content.slice(2, 4));
    expect(second.page).toMatchObject({ number: 1, size: 2, totalElements: all.content.length });
  });

  it('an amount filters every page', async () => {
    const merchant = client();
    const filtered = await merchant.listPaymentMethods(STORE, { amount: '60000', size: 1000 });
    const walked = [];
    for await (const method of merchant.paymentMethods(STORE, { amount: 60000, size: 1 })) walked.push(method);
    expect(walked).toEqual(filtered.content);
  });

  it('stores walks the merchant’s stores', async () => {
    const merchant = client();
    const stores = [];
    for await (const store of merchant.stores({ size: 1 })) stores.push(store);
    expect(stores).toEqual((await merchant.listStores()).content);
    expect(stores.map((s) => s.id)).toContain(STORE);
  });
});

describe('errors', () => {
  it('401 a wrong secret: the token endpoint’s invalid_client', async () => {
    const error = await rejection(client({ clientSecret: 'wrong' }).listStores());
    expect(error).toMatchObject({ status: 401, code: 'invalid_client', name: 'ApiError' });
    expect(error.message).toBe('client authentication failed');
    expect(error.traceId).toEqual(expect.any(String));
  });

  it('403 another merchant’s store', async () => {
    const error = await rejection(client().createSession(OTHER_STORE));
    expect(error).toMatchObject({ status: 403, code: 'STORE_NOT_GRANTED', parameters: undefined });
    expect(error.traceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('404 an unknown session, an unknown payment method', async () => {
    expect(await rejection(client().getSession(UNKNOWN))).toMatchObject({ status: 404, code: 'SESSION_NOT_FOUND' });
    expect(await rejection(client().annuityFactors(STORE, UNKNOWN))).toMatchObject({ status: 404, code: 'PAYMENT_METHOD_NOT_FOUND' });
  });

  it('400 with the offending parameters named; 422 on group retrieval', async () => {
    const listing = await rejection(client().listPaymentMethods(STORE, { size: 0, page: -1 }));
    expect(listing.status).toBe(400);
    expect(Object.keys(listing.parameters ?? {}).sort()).toEqual(['page', 'size']);
    const creation = await rejection(client().createSession(STORE, { campaign: '' }));
    expect(creation).toMatchObject({ status: 400, parameters: { campaign: expect.any(String) } });
    const { id } = await client().createSession(STORE);
    const groups = await rejection(client().paymentMethodGroups(id, { amount: 'abc' }));
    expect(groups).toMatchObject({ status: 422, code: 'INVALID_QUERY_PARAMETER', parameters: { amount: expect.any(String) } });
  });

  it('422 an idempotency key reused with another request', async () => {
    const merchant = client();
    await merchant.createSession(STORE, { idempotencyKey: 'reused-key', campaign: 'A' });
    const error = await rejection(merchant.createSession(STORE, { idempotencyKey: 'reused-key', campaign: 'B' }));
    expect(error).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('409 while the key’s first request is in flight: retried after Retry-After, then thrown', async () => {
    await claimInFlightKey(service.database.handle.db, NORDIC.id, 'in-flight-key', STORE, clock());
    const recorder = recordingFetch();
    const merchant = client({ fetch: recorder.fetch, maxAttempts: 3, maxRetryDelayMs: 0 });
    const error = await rejection(merchant.createSession(STORE, { idempotencyKey: 'in-flight-key' }));
    expect(error).toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_IN_FLIGHT', retryAfterSeconds: 1 });
    expect(recorder.count('POST', SESSIONS_PATH)).toBe(3);
  });

  it('409 in flight, then the first request completes: the retry gets its session', async () => {
    const db = service.database.handle.db;
    await claimInFlightKey(db, NORDIC.id, 'completes-key', STORE, clock());
    const original = await client().createSession(STORE);
    const recorder = recordingFetch(async (_request, real) => {
      const response = await real();
      // The first request finishes meanwhile (here: its key gets its session).
      if (response.status === 409) {
        await db.updateTable('session_idempotency_keys').set({ session_id: original.id }).where('key', '=', 'completes-key').execute();
      }
      return response;
    });
    const session = await client({ fetch: recorder.fetch, maxRetryDelayMs: 0 }).createSession(STORE, { idempotencyKey: 'completes-key' });
    expect(session).toEqual(original);
    expect(recorder.exchanges.filter((e) => SESSIONS_PATH.test(e.path)).map((e) => e.status)).toEqual([409, 201]);
  });

  it('a 429 is retried after its Retry-After', async () => {
    let answered = false;
    const recorder = recordingFetch(async (request) => {
      if (answered || request.method !== 'GET') return undefined;
      answered = true;
      // What a proxy or the service answers over a limit: a body the client cannot use, Retry-After 0.
      return new Response('{"message":"Too many requests: retry after 0 seconds","code":"RATE_LIMITED"}', {
        status: 429,
        headers: { 'retry-after': '0', 'content-type': 'application/json' },
      });
    });
    const page = await client({ fetch: recorder.fetch }).listStores();
    expect(page.content.length).toBeGreaterThan(0);
    expect(recorder.exchanges.filter((e) => e.method === 'GET').map((e) => e.status)).toEqual([429, 200]);
  });

  it('network errors are retried for GETs, and thrown once the attempts are used up', async () => {
    let failures = 2;
    const recorder = recordingFetch(async (request) => {
      if (request.method === 'GET' && failures > 0) {
        failures -= 1;
        throw new TypeError('fetch failed');
      }
      return undefined;
    });
    expect((await client({ fetch: recorder.fetch, maxRetryDelayMs: 0 }).listStores()).content.length).toBeGreaterThan(0);
    const failing = recordingFetch(async (request) => {
      if (request.method === 'GET') throw new TypeError('fetch failed');
      return undefined;
    });
    await expect(client({ fetch: failing.fetch, maxAttempts: 2, maxRetryDelayMs: 0 }).listStores()).rejects.toThrow('fetch failed');
    expect(failing.count('GET', /stores$/)).toBe(2);
  });
});
