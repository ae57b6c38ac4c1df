// GET /v1/sessions/{sessionId}/payment-method-groups, every rule of docs/session-api.md#group-retrieval, through inject().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIdOf } from '../../src/domain/group-id.ts';
import { issueToken, manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { DEMO_METHODS, NORDIC, STORE } from '../helpers/demo.ts';
import { expectError } from '../helpers/http.ts';
// What the published client types a group as: the tests read answers as a merchant's code does.
import type { PaymentMethodGroup as Group } from '../../client/src/index.ts';

const M = DEMO_METHODS;

let service: TestService;
let token: string;
const clock = manualClock();

async function newSession(body?: object): Promise<string> {
  const response = await service.app.inject({
    method: 'POST',
    url: `/v1/stores/${STORE}/sessions`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: body ? JSON.stringify(body) : '',
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}

let session: string;

beforeAll(async () => {
  service = await startTestService({ clock });
  token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
  session = await newSession();
});

afterAll(async () => {
  await service?.close();
});

function groups(sessionId: string, query: string, headers: Record<string, string> = {}) {
  return service.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/payment-method-groups?${query}`, headers });
}

describe('200', () => {
  it('offers the eligible methods of the store, grouped, in display order', async () => {
    const response = await groups(session, 'amount=1299.95&customerType=NATURAL');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=600');
    const body = response.json() as Group[];
    expect(body.map((g) => g.methodIds)).toEqual([[M.invoice], [M.pp12, M.pp24], [M.account], [M.card], [M.swish]]);
    const bundle = body[1]!;
    // The store is Swedish and gives no bundle title: the default title, in Swedish.
    expect(bundle.title).toBe('Delbetalning');
    expect(bundle.type).toBe('PROVIDER_PART_PAYMENT_SELECT_NOW');
    expect(bundle.id).toBe(groupIdOf([M.pp12, M.pp24]));
    expect(bundle.customerTypes).toEqual(['NATURAL']);
    // 12 months: ceil(1299.95 × 0.083333333333) = 109; 24 months: ceil(1299.95 × 0.046121852303 + 29) = 89.
    expect(bundle.subtitle).toBe('Från 89\u00a0kr/mån');
    // The demo catalog is written in Swedish (translated into English and Finnish: test/session-api/languages.test.ts).
    expect(body[0]!.title).toBe('Faktura');
    expect(body[0]!.subtitle).toBe('Betala inom 30 dagar');
    expect(body[3]!.customerTypes).toEqual(['NATURAL', 'LEGAL']);
    const data = JSON.parse(Buffer.from(bundle.internalData, 'base64').toString('utf8')) as { type: string; methodIds: string[] };
    expect(data.type).toBe(bundle.type);
    expect(data.methodIds).toEqual(bundle.methodIds);
  });

  it('honours the customer type and the flattened flag', async () => {
    const business = (await groups(session, 'amount=1299.95&customerType=LEGAL')).json() as Group[];
    expect(business.map((g) => g.methodIds)).toEqual([[M.card], [M.swish], [M.businessInvoice]]);
    const any = (await groups(session, 'amount=1299.95')).json() as Group[];
    expect(any.map((g) => g.methodIds)).toContainEqual([M.businessInvoice]);
    const flat = (await groups(session, 'amount=5000&customerType=NATURAL&flattened=true')).json() as Group[];
    expect(flat.map((g) => g.methodIds)).toEqual([[M.invoice], [M.pp12], [M.pp24], [M.pp36], [M.account], [M.card], [M.swish]]);
    expect(flat[1]!.title).toBe('Delbetalning 12 månader');
    const grouped = (await groups(session, 'amount=5000&customerType=NATURAL&flattened=false')).json() as Group[];
    expect(grouped[1]!.methodIds).toEqual([M.pp12, M.pp24, M.pp36]);
  });

  it('applies purchase limits inclusively and exactly', async () => {
    const at = async (amount: string) =>
      ((await groups(session, `amount=${amount}&flattened=true`)).json() as Group[]).flatMap((g) => g.methodIds);
    expect(await at('600')).toContain(M.pp12);
    expect(await at('600.00')).toContain(M.pp12);
    expect(await at('599.99')).not.toContain(M.pp12);
    expect(await at('50000')).toContain(M.invoice);
    expect(await at('50000.01')).not.toContain(M.invoice);
    expect(await at('0')).toEqual([M.invoice, M.businessInvoice]);
  });

  it('an amount of any length is valid and exceeds every limit', async () => {
    const response = await groups(session, `amount=${'9'.repeat(2000)}.99`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('a campaign session sees only that campaign’s methods, case-insensitively', async () => {
    const campaignSession = await newSession({ campaign: 'blackweek' });
    const body = (await groups(campaignSession, 'amount=1000&customerType=NATURAL')).json() as Group[];
    expect(body.map((g) => g.methodIds)).toEqual([[M.blackWeek], [M.blackWeekCard]]);
    expect(body[0]!.subtitle).toBe('Från 167\u00a0kr/mån');
    const other = await newSession({ campaign: 'CYBERMONDAY' });
    expect(((await groups(other, 'amount=1000')).json() as Group[]).map((g) => g.methodIds)).toEqual([[M.blackWeekCard]]);
    const none = await newSession({ campaign: 'SUMMER' });
    expect((await groups(none, 'amount=1000')).json()).toEqual([]);
  });

  it('ETag and If-None-Match answer 304', async () => {
    const first = await groups(session, 'amount=100');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await groups(session, 'amount=100', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, max-age=600');
    expect((await groups(session, 'amount=100', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await groups(session, 'amount=200', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('any origin may read it, and preflight answers 204', async () => {
    const response = await groups(session, 'amount=100', { origin: 'https://shop.example' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const preflight = await service.app.inject({
      method: 'OPTIONS',
      url: `/v1/sessions/${session}/payment-method-groups?amount=100`,
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
  });

  it('errors carry CORS headers too, so a storefront can read them', async () => {
    const response = await groups('00000000-0000-4000-8000-000000000000', 'amount=1', { origin: 'https://shop.example' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('400', () => {
  it.each([
    ['amount missing', 'customerType=NATURAL'],
    ['no query at all', ''],
    ['amount twice', 'amount=1&amount=2'],
    ['amount twice, same value', 'amount=1&amount=1'],
    ['customerType twice', 'amount=1&customerType=NATURAL&customerType=LEGAL'],
    ['flattened twice', 'amount=1&flattened=true&flattened=true'],
  ])('%s', async (_name, query) => {
    expectError(await groups(session, query), 400);
  });
});

describe('422', () => {
  it.each(['', '1.', '.5', '1.234', '-1', '+1', 'abc', '1e3', ' 1', '1 ', '1,5', '0x10', '１２'])('amount=%s', async (amount) => {
    expectError(await groups(session, `amount=${encodeURIComponent(amount)}`), 422);
  });

  it.each(['natural', 'BUSINESS', '', 'NATURAL,LEGAL'])('customerType=%s', async (customerType) => {
    expectError(await groups(session, `amount=1&customerType=${customerType}`), 422);
  });

  it.each(['yes', '1', '0', '', 'TRUE'])('flattened=%s', async (flattened) => {
    expectError(await groups(session, `amount=1&flattened=${flattened}`), 422);
  });
});

describe('404 and 409', () => {
  it('404 for an unknown session and for a malformed id', async () => {
    expectError(await groups('6f1c1d3e-9a0b-4c7d-8e2f-0a1b2c3d4e5f', 'amount=1'), 404);
    expectError(await groups('not-a-session', 'amount=1'), 404);
    expectError(await groups(`${session}x`, 'amount=1'), 404);
  });

  it('query checks come before the session check', async () => {
    expectError(await groups('not-a-session', 'customerType=NATURAL'), 400);
    expectError(await groups('not-a-session', 'amount=abc'), 422);
  });

  it('409 once expiresAt has passed, and still 409 a day later', async () => {
    const expiring = await newSession();
    clock.advance(3600_000);
    try {
      expect((await groups(expiring, 'amount=1')).statusCode).toBe(200); // at expiresAt itself
      clock.advance(1);
      const body = expectError(await groups(expiring, 'amount=1'), 409);
      expect(body.message).toMatch(/expired/i);
      clock.advance(24 * 3600_000);
      expectError(await groups(expiring, 'amount=1'), 409);
      // Query errors still come first for an expired session.
      expectError(await groups(expiring, 'amount=x'), 422);
    } finally {
      clock.advance(-(3600_000 + 1 + 24 * 3600_000));
    }
  });
});

describe('answers are rendered from offers compiled per catalog (services/offer-renderer.ts)', () => {
  const regionHits = () => service.ctx.offers.stats().find((s) => s.name === 'offer_region')!.hits;

  it('serves the same bytes again, also after the catalog was reloaded unchanged', async () => {
    const session = await newSession();
    const first = await groups(session, 'amount=777.70&customerType=NATURAL');
    const hits = regionHits();
    clock.advance(1500); // past the catalog's time-to-live: it is reloaded, and found unchanged
    try {
      const second = await groups(session, 'amount=777.70&customerType=NATURAL');
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(regionHits()).toBe(hits + 1);
    } finally {
      clock.advance(-1500);
    }
  });

  it('answers from the new catalog once a change is read, even one this instance was not told about', async () => {
    const session = await newSession();
    const before = await groups(session, 'amount=888.80');
    expect(before.json().map((g: Group) => g.title)).toContain('Kort');
    const db = service.database.handle.db;
    // As another instance's write whose notification never arrived: only the time-to-live finds it.
    await db.updateTable('payment_methods').set({ name: 'Kort (omdöpt)' }).where('id', '=', M.card).execute();
    clock.advance(1500);
    try {
      const after = await groups(session, 'amount=888.80');
      expect(after.json().map((g: Group) => g.title)).toContain('Kort (omdöpt)');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await db.updateTable('payment_methods').set({ name: 'Kort' }).where('id', '=', M.card).execute();
      clock.advance(1500);
      await groups(session, 'amount=888.80');
      clock.advance(-3000);
    }
  });
});
