// The audit trail of catalog writes (docs/audit.md): one event per entity an admin write or a catalog
// file created, changed or deleted, in the write's transaction (a refused or rolled-back write leaves
// none), never a secret or its hash; GET /admin/v1/audit-events pages and filters it; the purge job
// deletes events past AUDIT_RETENTION_DAYS.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config.ts';
import { applyCatalog, applyCatalogFile, readCatalogFileWithDigest } from '../../src/services/catalog-import.ts';
import { demoCatalog, issueToken, startTestService, type TestService, withAdminClient } from '../helpers/app.ts';
import { DEMO_METHODS, NORDIC, STORE } from '../helpers/demo.ts';
import { adminCardMethod } from '../helpers/fixtures.ts';

const ADMIN = { id: 'audit-admin', secret: 'audit-admin-secret-8c2e5a1f', merchantId: 'm-operator' };
const INVOICE = DEMO_METHODS.invoice;

let service: TestService;
let adminToken: string;
let merchantToken: string;

beforeAll(async () => {
  service = await startTestService({ catalog: withAdminClient(await demoCatalog(), ADMIN) });
  adminToken = await issueToken(service.app, ADMIN.id, ADMIN.secret);
  merchantToken = await issueToken(service.app, NORDIC.id, NORDIC.secret);
});

afterAll(async () => {
  await service?.close();
});

const db = () => service.database.handle.db;

interface Row {
  id: string;
  actor_type: string;
  actor: string;
  entity: string;
  entity_id: string;
  action: string;
  changes: Record<string, unknown>;
  trace_id: string | null;
}

/** The events recorded after event `after` (an id), oldest first. */
async function eventsAfter(after: string): Promise<Row[]> {
  const rows = await db()
    .selectFrom('audit_events')
    .select(['id', 'actor_type', 'actor', 'entity', 'entity_id', 'action', 'changes', 'trace_id'])
    .where('id', '>', after)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

async function lastEventId(): Promise<string> {
  const row = await db()
    .selectFrom('audit_events')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), sql<string>`0`).as('id'))
    .executeTakeFirstOrThrow();
  return String(row.id);
}

function admin(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return service.app.inject({
    method,
    url: `/admin/v1${url}`,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

function expectStatus(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
}

describe('admin writes', () => {
  it('a creation records one event with the client, the fields and the request id; the same PUT again records nothing', async () => {
    const before = await lastEventId();
    expectStatus(await admin('PUT', '/merchants/m-audited', { name: 'Audited AB' }, { 'x-request-id': 'audit-trace-1' }), 201);
    expect(await eventsAfter(before)).toEqual([
      {
        id: expect.any(String),
        actor_type: 'client',
        actor: ADMIN.id,
        entity: 'merchant',
        entity_id: 'm-audited',
        action: 'create',
        changes: { id: { after: 'm-audited' }, name: { after: 'Audited AB' } },
        trace_id: 'audit-trace-1',
      },
    ]);

    const unchanged = await lastEventId();
    expectStatus(await admin('PUT', '/merchants/m-audited', { name: 'Audited AB' }), 200);
    expect(await eventsAfter(unchanged)).toEqual([]);

    expectStatus(await admin('PUT', '/merchants/m-audited', { name: 'Audited AB, renamed' }, { 'x-request-id': 'audit-trace-2' }), 200);
    const [update] = await eventsAfter(unchanged);
    expect(update).toMatchObject({
      action: 'update',
      entity_id: 'm-audited',
      changes: { name: { before: 'Audited AB', after: 'Audited AB, renamed' } },
      trace_id: 'audit-trace-2',
    });

    const deleted = await lastEventId();
    expectStatus(await admin('DELETE', '/merchants/m-audited'), 204);
    const [deletion] = await eventsAfter(deleted);
    expect(deletion).toMatchObject({
      action: 'delete',
      entity: 'merchant',
      changes: { id: { before: 'm-audited' }, name: { before: 'Audited AB, renamed' } },
    });
    // Without an X-Request-Id the generated one is recorded: the id the answer carried.
    expect(deletion!.trace_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a payment method change records only the fields that differ, decimals as text', async () => {
    const before = await lastEventId();
    const current = (await admin('GET', `/payment-methods/${INVOICE}`)).json<Record<string, unknown>>();
    expectStatus(await admin('PUT', `/payment-methods/${INVOICE}`, { ...current, id: undefined, maxPurchaseLimit: 12345.5 }), 200);
    const events = await eventsAfter(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ entity: 'payment-method', entity_id: INVOICE, action: 'update' });
    expect(events[0]!.changes).toEqual({ maxPurchaseLimit: { before: String(current.maxPurchaseLimit), after: '12345.5' } });
  });

  it('deleting a store records the store and each of its methods, deleted with it', async () => {
    const storeId = '6c0ffee0-0000-4000-8000-000000000001';
    const methodId = '6c0ffee0-0000-4000-8000-000000000002';
    expectStatus(await admin('PUT', `/stores/${storeId}`, { merchantId: 'm-operator', name: 'Pop-up', currency: 'SEK' }), 201);
    const method = adminCardMethod(storeId, 'Card');
    expectStatus(await admin('PUT', `/payment-methods/${methodId}`, method), 201);
    const before = await lastEventId();
    expectStatus(await admin('DELETE', `/stores/${storeId}`), 204);
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.entity, e.entity_id, e.action])).toEqual([
      ['store', storeId, 'delete'],
      ['payment-method', methodId, 'delete'],
    ]);
    expect(events[0]!.changes).toMatchObject({ name: { before: 'Pop-up' }, currency: { before: 'SEK' } });
  });

  it('a refused write records nothing: invalid body (400), unknown id (404), a merchant with stores (409)', async () => {
    const before = await lastEventId();
    expectStatus(await admin('PUT', '/merchants/m-refused', { name: '' }), 400);
    expectStatus(await admin('PUT', `/stores/${STORE}`, { merchantId: 'm-nobody', name: 'X', currency: 'SEK' }), 400);
    expectStatus(await admin('DELETE', '/clients/nobody'), 404);
    expectStatus(await admin('DELETE', '/payment-methods/00000000-0000-4000-8000-ffffffffffff'), 404);
    expectStatus(await admin('POST', '/clients/nobody/secret'), 404);
    expectStatus(await admin('DELETE', '/merchants/m-nordic-home'), 409);
    expect(await eventsAfter(before)).toEqual([]);
  });

  it('a write that fails after recording its events rolls them back with it', async () => {
    const before = await lastEventId();
    const failing = service.ctx.catalogChanges.write({ type: 'cli', id: 'test' }, async (_tx, audit) => {
      await audit.created('merchant', 'm-rolled-back', { id: 'm-rolled-back', name: 'Never' });
      expect(audit.recorded).toBe(1);
      throw new Error('fails after recording');
    });
    await expect(failing).rejects.toThrow('fails after recording');
    expect(await eventsAfter(before)).toEqual([]);
  });
});

describe('secrets', () => {
  it('are never recorded, neither in clear nor as their hash: only that they changed', async () => {
    const before = await lastEventId();
    const created = await admin('PUT', '/clients/audited-client', { merchantId: 'm-nordic-home', scopes: ['merchant-api'] });
    expectStatus(created, 201);
    const secrets = [created.json<{ clientSecret: string }>().clientSecret];
    const hashes: string[] = [];
    const hashNow = async () =>
      (await db().selectFrom('clients').select('secret_hash').where('client_id', '=', 'audited-client').executeTakeFirstOrThrow())
        .secret_hash;
    hashes.push(await hashNow());

    const rotated = await admin('POST', '/clients/audited-client/secret');
    expectStatus(rotated, 200);
    secrets.push(rotated.json<{ clientSecret: string }>().clientSecret);
    hashes.push(await hashNow());

    const given = 'a-secret-given-in-the-body-6Yq2';
    expectStatus(
      await admin('PUT', '/clients/audited-client', { merchantId: 'm-nordic-home', scopes: ['admin'], clientSecret: given }),
      200,
    );
    secrets.push(given);
    hashes.push(await hashNow());

    const events = await eventsAfter(before);
    expect(events.map((e) => [e.action, e.changes])).toEqual([
      [
        'create',
        {
          clientId: { after: 'audited-client' },
          merchantId: { after: 'm-nordic-home' },
          scopes: { after: ['merchant-api'] },
          clientSecret: '[changed]',
        },
      ],
      ['rotate-secret', { clientSecret: '[changed]' }],
      ['update', { scopes: { before: ['merchant-api'], after: ['admin'] }, clientSecret: '[changed]' }],
    ]);

    // The same body again: the stored hash is kept and nothing is recorded.
    const unchanged = await lastEventId();
    expectStatus(
      await admin('PUT', '/clients/audited-client', { merchantId: 'm-nordic-home', scopes: ['admin'], clientSecret: given }),
      200,
    );
    expect(await eventsAfter(unchanged)).toEqual([]);

    // The whole table, and the whole API answer, hold none of them (nor the catalog's own secrets).
    const table = JSON.stringify(await db().selectFrom('audit_events').selectAll().execute());
    const answer = (await admin('GET', '/audit-events?size=1000')).body;
    for (const text of [table, answer]) {
      for (const secret of [...secrets, ADMIN.secret, NORDIC.secret]) expect(text).not.toContain(secret);
      for (const hash of hashes) {
        expect(text).not.toContain(hash);
        // Nor the hash's parts (its salt and key, base64).
        for (const part of hash.split('$').filter((p) => p.length >= 16)) expect(text).not.toContain(part);
      }
    }
  });
});

describe('catalog files', () => {
  it('record one event per entity they create or change, as the file; re-applying the same file records nothing', async () => {
    const source = '/etc/pms/catalog.json';
    const file = { source, digest: 'test-digest' };
    const catalog = {
      merchants: [{ id: 'm-from-file', name: 'From file AB' }],
      stores: [{ id: '6c0ffee0-0000-4000-8000-0000000000f1', merchantId: 'm-from-file', name: 'File store', currency: 'NOK' }],
      clients: [{ clientId: 'file-client', clientSecret: 'file-client-secret-Zk81', merchantId: 'm-from-file', scopes: ['merchant-api'] }],
    };
    const before = await lastEventId();
    await service.ctx.admin.applyCatalog(catalog, file);
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.actor_type, e.actor, e.entity, e.entity_id, e.action, e.trace_id])).toEqual([
      ['catalog-file', source, 'merchant', 'm-from-file', 'create', null],
      ['catalog-file', source, 'store', '6c0ffee0-0000-4000-8000-0000000000f1', 'create', null],
      ['catalog-file', source, 'client', 'file-client', 'create', null],
    ]);
    // The store as stored: with the number the database assigned.
    expect(events[1]!.changes).toMatchObject({ nationalStoreId: { after: expect.any(Number) }, currency: { after: 'NOK' } });
    expect(JSON.stringify(events)).not.toContain('file-client-secret-Zk81');

    const again = await lastEventId();
    await service.ctx.admin.applyCatalog(catalog, file);
    expect(await eventsAfter(again)).toEqual([]);

    await service.ctx.admin.applyCatalog({ ...catalog, merchants: [{ id: 'm-from-file', name: 'From file AB, renamed' }] }, file);
    expect((await eventsAfter(again)).map((e) => [e.entity, e.action, e.changes])).toEqual([
      ['merchant', 'update', { name: { before: 'From file AB', after: 'From file AB, renamed' } }],
    ]);
  });

  it('the file at start-up records its events as the file, and nothing when it is skipped', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pms-audit-'));
    try {
      const file = path.join(dir, 'catalog.json');
      await writeFile(file, JSON.stringify({ merchants: [{ id: 'm-start-up', name: 'Start-up AB' }] }));
      const read = await readCatalogFileWithDigest(file, service.ctx.operatorTypes);
      const before = await lastEventId();
      expect(await applyCatalogFile(db(), read, service.ctx.operatorTypes)).toBeDefined();
      expect((await eventsAfter(before)).map((e) => [e.actor_type, e.actor, e.entity_id, e.action])).toEqual([
        ['catalog-file', path.resolve(file), 'm-start-up', 'create'],
      ]);
      const skipped = await lastEventId();
      expect(await applyCatalogFile(db(), read, service.ctx.operatorTypes)).toBeUndefined();
      expect(await eventsAfter(skipped)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a refused catalog records nothing', async () => {
    const before = await lastEventId();
    const refused = applyCatalog(db(), { merchants: [{ id: 'm-ok', name: 'OK' }], stores: [{ id: 'not-a-uuid' }] });
    await expect(refused).rejects.toThrow();
    expect(await eventsAfter(before)).toEqual([]);
  });
});

describe('GET /admin/v1/audit-events', () => {
  interface Page {
    content: Array<{
      id: string;
      occurredAt: string;
      actor: { type: string; id: string };
      entity: string;
      entityId: string;
      action: string;
      changes: unknown;
      traceId: string | null;
    }>;
    page: { number: number; size: number; totalElements: number; totalPages: number };
  }
  const list = async (query: string) => {
    const response = await admin('GET', `/audit-events${query}`);
    expectStatus(response, 200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<Page>();
  };

  it('answers events newest first, paged like the other admin lists', async () => {
    expectStatus(await admin('PUT', '/merchants/m-listed', { name: 'Listed AB' }, { 'x-request-id': 'listed-1' }), 201);
    expectStatus(await admin('PUT', '/merchants/m-listed', { name: 'Listed AB, renamed' }, { 'x-request-id': 'listed-2' }), 200);
    const first = await list('?size=1');
    expect(first.page).toMatchObject({ number: 0, size: 1 });
    expect(first.page.totalPages).toBe(first.page.totalElements);
    expect(first.content).toEqual([
      {
        id: expect.any(String),
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        actor: { type: 'client', id: ADMIN.id },
        entity: 'merchant',
        entityId: 'm-listed',
        action: 'update',
        changes: { name: { before: 'Listed AB', after: 'Listed AB, renamed' } },
        traceId: 'listed-2',
      },
    ]);
    const second = await list('?size=1&page=1');
    expect(second.content[0]).toMatchObject({ entityId: 'm-listed', action: 'create', traceId: 'listed-1' });
    expect(BigInt(second.content[0]!.id)).toBeLessThan(BigInt(first.content[0]!.id));
    const all = await list('?size=1000');
    const times = all.content.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.page.totalElements).toBe(all.content.length);
  });

  it('filters by entity, entity id and time range (inclusive)', async () => {
    const stores = await list('?entity=store&size=1000');
    expect(stores.content.length).toBeGreaterThan(0);
    expect(stores.content.every((e) => e.entity === 'store')).toBe(true);

    const one = await list('?entityId=m-listed');
    expect(one.content.map((e) => e.action)).toEqual(['update', 'create']);
    expect((await list('?entity=client&entityId=m-listed')).content).toEqual([]);
    expect((await list(`?actor=${ADMIN.id}&entityId=m-listed`)).content).toHaveLength(2);
    expect((await list('?actor=nobody&entityId=m-listed')).content).toEqual([]);
    const byFile = await list(`?actor=${encodeURIComponent('/etc/pms/catalog.json')}&size=1000`);
    expect(byFile.content.length).toBeGreaterThan(0);
    expect(byFile.content.every((e) => e.actor.type === 'catalog-file')).toBe(true);
    // Or by type and id, as the console shows an actor: the type must be the event's.
    expect((await list(`?actor=client:${ADMIN.id}&entityId=m-listed`)).content).toHaveLength(2);
    expect((await list(`?actor=cli:${ADMIN.id}&entityId=m-listed`)).content).toEqual([]);
    expect((await list(`?actor=${encodeURIComponent('catalog-file:/etc/pms/catalog.json')}&size=1000`)).content).toEqual(byFile.content);

    // Two events moved into the past, to have a range to select.
    const ids = one.content.map((e) => e.id);
    await sql`update audit_events set occurred_at = '2026-01-10T12:00:00Z' where id = ${ids[1]}`.execute(db());
    await sql`update audit_events set occurred_at = '2026-02-10T12:00:00Z' where id = ${ids[0]}`.execute(db());
    const january = await list('?from=2026-01-01T00:00:00Z&to=2026-01-31T23:59:59.999Z');
    expect(january.content.map((e) => e.id)).toEqual([ids[1]]);
    expect((await list('?from=2026-01-10T12:00:00Z&to=2026-02-10T12:00:00Z')).content.map((e) => e.id)).toEqual(ids);
    expect((await list('?from=2026-01-10T13:00:00%2B01:00&to=2026-02-10T13:00:00%2B01:00')).content.map((e) => e.id)).toEqual(ids);
    expect((await list('?to=2026-03-01T00:00:00Z')).content.map((e) => e.id)).toEqual(ids);
    expect((await list('?from=2100-01-01T00:00:00Z')).content).toEqual([]);
  });

  it('validates its query: 400 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
      ['?from=yesterday', 'from'],
      ['?to=2026-01-01', 'to'],
      ['?entity=session', 'entity'],
      ['?entityId=', 'entityId'],
      ['?actor=', 'actor'],
      ['?size=0', 'size'],
      ['?page=-1', 'page'],
      ['?entity=store&entity=client', 'entity'],
    ];
    for (const [query, parameter] of cases) {
      const response = await admin('GET', `/audit-events${query}`);
      expectStatus(response, 400);
      expect(Object.keys(response.json<{ parameters: Record<string, string> }>().parameters), query).toContain(parameter);
    }
  });

  it('needs a token with scope admin: 401 without one, 403 with a merchant token', async () => {
    expectStatus(await service.app.inject({ method: 'GET', url: '/admin/v1/audit-events' }), 401);
    const forbidden = await service.app.inject({
      method: 'GET',
      url: '/admin/v1/audit-events',
      headers: { authorization: `Bearer ${merchantToken}` },
    });
    expectStatus(forbidden, 403);
  });

  it('no API changes or deletes an event: other methods answer 404 ROUTE_NOT_FOUND and the events stay', async () => {
    const [event] = (await list('?size=1')).content;
    const count = (await list('?size=1')).page.totalElements;
    for (const [method, url] of [
      ['DELETE', '/audit-events'],
      ['PUT', '/audit-events'],
      ['POST', '/audit-events'],
      ['DELETE', `/audit-events/${event!.id}`],
      ['PUT', `/audit-events/${event!.id}`],
      ['GET', `/audit-events/${event!.id}`],
    ] as const) {
      const response = await admin(method, url, method === 'PUT' || method === 'POST' ? {} : undefined);
      expectStatus(response, 404);
      expect(response.json<{ code: string }>().code).toBe('ROUTE_NOT_FOUND');
    }
    expect((await list('?size=1')).page.totalElements).toBe(count);
  });
});

describe('retention', () => {
  it('the purge job deletes events older than AUDIT_RETENTION_DAYS (default 400) and keeps the others', async () => {
    expect(service.config.auditRetentionDays).toBe(400);
    const total = (
      await db()
        .selectFrom('audit_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const oldIds = (await db().selectFrom('audit_events').select('id').orderBy('id').limit(3).execute()).map((r) => String(r.id));
    await sql`update audit_events set occurred_at = now() - interval '401 days' where id in (${sql.join(oldIds)})`.execute(db());
    await sql`update audit_events set occurred_at = now() - interval '399 days' where id = (select max(id) from audit_events)`.execute(
      db(),
    );
    expect(await service.ctx.sessionPurge.purgeAuditEventsOnce()).toBe(3);
    const left = await db()
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(Number(total) - 3);
    expect(await service.ctx.sessionPurge.purgeAuditEventsOnce()).toBe(0);
  });

  it('AUDIT_RETENTION_DAYS is a whole number of days from 30', () => {
    expect(readConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => readConfig({ AUDIT_RETENTION_DAYS: '29' })).toThrow(ConfigError);
    expect(() => readConfig({ AUDIT_RETENTION_DAYS: '1.5' })).toThrow(ConfigError);
  });
});
