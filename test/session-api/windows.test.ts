// Scheduled windows (docs/catalog.md#windows): a method with activeFrom/activeUntil is offered
// (group retrieval) and listed (merchant listing) only within [activeFrom, activeUntil), exact to
// the millisecond on every instance, with no restart and no admin call; the admin API shows the
// window and refuses a bad one by name.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { groupIdOf } from '../../src/domain/group-id.ts';
import { loadEmbedBundle } from '../../src/http/embed/routes.ts';
import { demoCatalog, issueToken, manualClock, projectRoot, startTestService, type TestService, withAdminClient } from '../helpers/app.ts';
import { DEMO_METHODS, NORDIC, STORE } from '../helpers/demo.ts';

const SWISH = DEMO_METHODS.swish;
const ADMIN = { id: 'ops-admin', secret: 'ops-admin-secret-4f9b1c7e2d', merchantId: 'm-operator' };
const START = Date.parse('2026-11-26T20:00:00.000Z');
// Black Week in Stockholm: from midnight (UTC+01:00) to midnight a week later.
const OPENS = '2026-11-27T00:00:00+01:00';
const CLOSES = '2026-12-04T00:00:00+01:00';
const OPENS_AT = Date.parse('2026-11-26T23:00:00.000Z');
const CLOSES_AT = Date.parse('2026-12-03T23:00:00.000Z');

const clock = manualClock(START);
let service: TestService;
let other: FastifyInstance;

beforeAll(async () => {
  const catalog = withAdminClient(await demoCatalog(), ADMIN);
  const methods = catalog.paymentMethods as Array<Record<string, unknown>>;
  Object.assign(
    methods.find((m) => m.id === SWISH)!,
    { activeFrom: OPENS, activeUntil: CLOSES },
  );
  service = await startTestService({ catalog, clock, env: { TOKEN_TTL_SECONDS: '86400' } });
  // Another instance on the same database (another process behind the balancer), same clock.
  other = await build(await createContext(service.config, service.database.handle, clock), {
    embedBundle: await loadEmbedBundle(path.join(projectRoot, 'dist')),
  });
  await other.ready();
});

afterAll(async () => {
  await other?.close();
  await service?.close();
});

/** Whether each instance offers Swish (its own group) to a new session at this moment. */
async function offered(): Promise<boolean[]> {
  const token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
  const created = await service.app.inject({
    method: 'POST',
    url: `/v1/stores/${STORE}/sessions`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: string };
  return Promise.all(
    [service.app, other].map(async (app) => {
      const groups = await app.inject({ method: 'GET', url: `/v1/sessions/${id}/payment-method-groups?amount=500` });
      expect(groups.statusCode, groups.body).toBe(200);
      return (groups.json() as Array<{ id: string }>).some((g) => g.id === groupIdOf([SWISH]));
    }),
  );
}

async function listed(): Promise<{ ids: string[]; total: number; swish: Record<string, unknown> | undefined }> {
  const token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
  const page = await other.inject({
    method: 'GET',
    url: `/v2/stores/${STORE}/payment_methods?size=100`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(page.statusCode, page.body).toBe(200);
  const body = page.json() as { content: Array<Record<string, unknown>>; page: { totalElements: number } };
  return { ids: body.content.map((m) => m.id as string), total: body.page.totalElements, swish: body.content.find((m) => m.id === SWISH) };
}

function admin(method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) {
  return service.app.inject({
    method,
    url: `/admin/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('a window', () => {
  it('is offered and listed from activeFrom (inclusive) until activeUntil (exclusive), on every instance', async () => {
    const before = await listed();
    expect(await offered()).toEqual([false, false]);
    expect(before.ids).not.toContain(SWISH);

    clock.set(OPENS_AT - 1);
    expect(await offered()).toEqual([false, false]);
    clock.set(OPENS_AT);
    expect(await offered()).toEqual([true, true]);
    const open = await listed();
    expect(open.ids).toContain(SWISH);
    expect(open.total).toBe(before.total + 1);
    // The listing shows the window, in UTC.
    expect(open.swish).toMatchObject({ activeFrom: '2026-11-26T23:00:00.000Z', activeUntil: '2026-12-03T23:00:00.000Z' });

    clock.set(CLOSES_AT - 1);
    expect(await offered()).toEqual([true, true]);
    clock.set(CLOSES_AT);
    expect(await offered()).toEqual([false, false]);
    expect((await listed()).ids).not.toContain(SWISH);
  });

  it('changes the ETag of the answers when it opens', async () => {
    clock.set(OPENS_AT - 1000);
    const token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
    const created = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${token}` },
    });
    const { id } = created.json() as { id: string };
    const url = `/v1/sessions/${id}/payment-method-groups?amount=500`;
    const closed = await service.app.inject({ method: 'GET', url });
    clock.set(OPENS_AT);
    const revalidated = await service.app.inject({ method: 'GET', url, headers: { 'if-none-match': closed.headers.etag as string } });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.headers.etag).not.toBe(closed.headers.etag);
  });
});

describe('the admin API', () => {
  let token: string;
  beforeAll(async () => {
    clock.set(START);
    token = await issueToken(service.app, ADMIN.id, ADMIN.secret);
  });

  it('shows the window, and takes it back as it showed it', async () => {
    const shown = await admin('GET', `/payment-methods/${SWISH}`, token);
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json() as Record<string, unknown>;
    expect(body).toMatchObject({ activeFrom: '2026-11-26T23:00:00.000Z', activeUntil: '2026-12-03T23:00:00.000Z' });
    const { id: _id, ...rest } = body;
    const replaced = await admin('PUT', `/payment-methods/${SWISH}`, token, { ...rest, activeUntil: '2026-12-05T00:00:00Z' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ activeUntil: '2026-12-05T00:00:00.000Z' });
    // Without the fields, no window: offered now, before it would have opened.
    const { activeFrom: _from, activeUntil: _until, ...always } = rest;
    expect((await admin('PUT', `/payment-methods/${SWISH}`, token, always)).statusCode).toBe(200);
    expect(await offered()).toEqual([true, true]);
  });

  it.each([
    // Python's isoformat (microseconds): the next millisecond.
    [{ activeFrom: '2027-01-01T00:00:00.123456+00:00' }, { activeFrom: '2027-01-01T00:00:00.124Z' }],
    [
      { activeFrom: '2026-11-27t00:00:00z', activeUntil: '2026-12-04T00:00+01:00' },
      { activeFrom: '2026-11-27T00:00:00.000Z', activeUntil: '2026-12-03T23:00:00.000Z' },
    ],
    [{ activeFrom: '2026-11-27T00:00:00+0100' }, { activeFrom: '2026-11-26T23:00:00.000Z' }],
    [{ activeUntil: '2026-12-04T00:00:00.000000001-0530' }, { activeUntil: '2026-12-04T05:30:00.001Z' }],
  ])('takes %j as %j', async (window, stored) => {
    const before = (await admin('GET', `/payment-methods/${SWISH}`, token)).json() as Record<string, unknown>;
    const { id: _id, activeFrom: _from, activeUntil: _until, ...rest } = before;
    try {
      const saved = await admin('PUT', `/payment-methods/${SWISH}`, token, { ...rest, ...window });
      expect(saved.statusCode, saved.body).toBe(200);
      const { activeFrom, activeUntil } = saved.json() as Record<string, unknown>;
      expect({ activeFrom, activeUntil }).toEqual({ activeFrom: undefined, activeUntil: undefined, ...stored });
    } finally {
      expect((await admin('PUT', `/payment-methods/${SWISH}`, token, { ...rest, activeFrom: _from, activeUntil: _until })).statusCode).toBe(
        200,
      );
    }
  });

  const shape = 'must be an ISO 8601 date and time with an offset, such as 2026-11-27T00:00:00+01:00';
  it.each([
    [{ activeFrom: '2026-11-27T00:00:00' }, 'activeFrom', shape],
    [{ activeFrom: '2026-11-27t00:00' }, 'activeFrom', shape],
    [{ activeFrom: '27.11.2026' }, 'activeFrom', shape],
    [
      { activeFrom: '2026-02-30T00:00:00Z' },
      'activeFrom',
      'must be a date and time that exists ("2026-02-30T00:00:00Z" does not), such as 2026-11-27T00:00:00+01:00',
    ],
    [
      { activeUntil: '2026-11-27T24:00:00+01:00' },
      'activeUntil',
      'must be a date and time that exists ("2026-11-27T24:00:00+01:00" does not), such as 2026-11-27T00:00:00+01:00',
    ],
    [{ activeFrom: '2026-11-27T00:00:00.1234567891Z' }, 'activeFrom', shape],
    [{ activeFrom: 1795734000000 }, 'activeFrom', undefined],
    [{ activeFrom: OPENS, activeUntil: OPENS }, 'activeUntil', 'must be after activeFrom'],
    [{ activeFrom: CLOSES, activeUntil: OPENS }, 'activeUntil', 'must be after activeFrom'],
    // Both within one millisecond: no millisecond lies between them.
    [{ activeFrom: '2026-11-27T00:00:00.1231Z', activeUntil: '2026-11-27T00:00:00.1239Z' }, 'activeUntil', 'must be after activeFrom'],
  ])('refuses %j naming %s, and changes nothing', async (window, field, message) => {
    const before = (await admin('GET', `/payment-methods/${SWISH}`, token)).json() as Record<string, unknown>;
    const { id: _id, activeFrom: _from, activeUntil: _until, ...rest } = before;
    const refused = await admin('PUT', `/payment-methods/${SWISH}`, token, { ...rest, ...window });
    expect(refused.statusCode, refused.body).toBe(400);
    const body = refused.json() as { message: string; parameters: Record<string, string> };
    expect(Object.keys(body.parameters)).toEqual([field]);
    if (message !== undefined) expect(body.parameters[field]).toBe(message);
    expect(body.message).toContain(field);
    expect(body.message).not.toContain('\\d');
    expect((await admin('GET', `/payment-methods/${SWISH}`, token)).json()).toEqual(before);
  });
});
