// The probes of the admin API: the same probes for each of its resources.
import type { InjectOptions } from 'fastify';
import { vi } from 'vitest';
import { CLIENT, fault, type Fixture, type Json, JSON_TYPE, type Probe, STORE, TOO_LARGE, unreachable } from '../harness.ts';
import { adminCardMethod } from '../../helpers/fixtures.ts';
import { WebhookOutboxRepository } from '../../../src/storage/repositories/webhook-outbox.ts';

interface AdminResource {
  /** Collection path under /admin/v1. */
  path: string;
  /** Name of the path parameter of one entity. */
  param: string;
  service: 'merchants' | 'stores' | 'clients' | 'paymentMethods';
  /** Id of an entity of the demo catalog. */
  existing: string;
  /** A well-formed id nothing has. */
  missing: string;
  /** An id the path parameter refuses (400). */
  invalid: string;
  /** A fresh well-formed id. */
  fresh: () => string;
  /** A valid body for a new entity. */
  body: Json;
  /** A body the catalog rules refuse (400). */
  invalidBody: Json;
  /** An id whose deletion conflicts with other entities (409), where deletion can conflict. */
  conflicting?: string;
}

let counter = 0;
const next = () => (counter += 1);
const uuid = () => `00000000-0000-4000-8000-${String(next()).padStart(12, '0')}`;

const ADMIN_RESOURCES: AdminResource[] = [
  {
    path: '/admin/v1/merchants',
    param: 'id',
    service: 'merchants',
    existing: 'm-nordic-home',
    missing: 'm-nobody',
    invalid: '-not-an-id',
    fresh: () => `m-probe-${next()}`,
    body: { name: 'Probe AB' },
    invalidBody: { name: '' },
    conflicting: 'm-nordic-home',
  },
  {
    path: '/admin/v1/stores',
    param: 'id',
    service: 'stores',
    existing: STORE,
    missing: '00000000-0000-4000-8000-ffffffffffff',
    invalid: 'not-a-uuid',
    fresh: uuid,
    body: { merchantId: 'm-nordic-home', name: 'Probe store', currency: 'SEK' },
    invalidBody: { merchantId: 'm-nordic-home', name: 'Probe store', currency: 'sek' },
  },
  {
    path: '/admin/v1/clients',
    param: 'clientId',
    service: 'clients',
    existing: CLIENT.id,
    missing: 'nobody',
    invalid: 'not%20an%20id',
    fresh: () => `probe-client-${next()}`,
    body: { merchantId: 'm-nordic-home', scopes: ['merchant-api'] },
    invalidBody: { merchantId: 'm-nordic-home', scopes: 'merchant-api' },
  },
  {
    path: '/admin/v1/payment-methods',
    param: 'id',
    service: 'paymentMethods',
    existing: '9f44e032-0b86-4592-ac19-ff8f3b87a4f2',
    missing: '00000000-0000-4000-8000-ffffffffffff',
    invalid: 'not-a-uuid',
    fresh: uuid,
    body: adminCardMethod(STORE, 'Probe method'),
    invalidBody: {
      storeId: STORE,
      name: 'Probe method',
      type: 'CARD',
      minPurchaseLimit: 200,
      maxPurchaseLimit: 100,
      minApplicationLimit: 0,
      maxApplicationLimit: 100,
      enabledForLegalCustomer: true,
      enabledForNaturalCustomer: true,
    },
  },
];

type Request = (f: Fixture) => InjectOptions | Promise<InjectOptions>;

/**
 * The answers every admin operation shares: 401 without a token, 403 with a token lacking scope admin,
 * and 500 and 503 when `method` of the service `of` gives fails unexpectedly or with the database unreachable.
 */
function commonProbes(of: (f: Fixture) => object, method: string, request: Request): Probe[] {
  const failing = (error: () => Error) => (f: Fixture) =>
    vi.spyOn(of(f) as Record<string, () => Promise<unknown>>, method).mockRejectedValueOnce(error());
  return [
    { status: 401, what: 'no token', request: async (f) => ({ ...(await request(f)), headers: JSON_TYPE }) },
    {
      status: 403,
      what: 'a token without scope admin',
      request: async (f) => {
        const options = await request(f);
        return { ...options, headers: { ...(options.headers as Record<string, string>), authorization: `Bearer ${f.token}` } };
      },
    },
    { status: 500, what: 'an unexpected fault', arrange: failing(fault), request },
    { status: 503, what: 'the database unreachable', arrange: failing(unreachable), request },
  ];
}

function adminProbes(r: AdminResource): Record<string, Probe[]> {
  const admin = (f: Fixture) => ({ authorization: `Bearer ${f.adminToken}` });
  const one = `${r.path}/{${r.param}}`;
  const put = (f: Fixture, id: string, body: unknown = r.body, headers: Record<string, string> = JSON_TYPE): InjectOptions => ({
    method: 'PUT',
    url: `${r.path}/${id}`,
    headers: { ...admin(f), ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  /** An entity created for the probe, so that probes never change the demo catalog. */
  const created = async (f: Fixture) => {
    const id = r.fresh();
    const response = await f.app.inject(put(f, id));
    if (response.statusCode !== 201) throw new Error(`PUT ${r.path}/${id}: ${response.statusCode} ${response.body}`);
    return id;
  };
  const common = (method: string, request: Request) => commonProbes((f) => f.ctx.admin[r.service], method, request);
  const get = (f: Fixture, id: string): InjectOptions => ({ method: 'GET', url: `${r.path}/${id}`, headers: admin(f) });
  const del = (f: Fixture, id: string): InjectOptions => ({ method: 'DELETE', url: `${r.path}/${id}`, headers: admin(f) });
  const probes: Record<string, Probe[]> = {
    [`GET ${r.path}`]: [
      { status: 200, what: 'a page', request: (f) => ({ method: 'GET', url: `${r.path}?size=2`, headers: admin(f) }) },
      { status: 400, what: 'size=0', request: (f) => ({ method: 'GET', url: `${r.path}?size=0`, headers: admin(f) }) },
      ...common('list', (f) => ({ method: 'GET', url: r.path, headers: admin(f) })),
    ],
    [`GET ${one}`]: [
      { status: 200, what: 'an entity of the demo catalog', request: (f) => get(f, r.existing) },
      { status: 400, what: 'a malformed id', request: (f) => get(f, r.invalid) },
      { status: 404, what: 'an unknown id', request: (f) => get(f, r.missing) },
      ...common('get', (f) => get(f, r.existing)),
    ],
    [`PUT ${one}`]: [
      { status: 200, what: 'replacing an entity', request: async (f) => put(f, await created(f)) },
      { status: 201, what: 'a new entity', request: (f) => put(f, r.fresh()) },
      { status: 400, what: 'a body the catalog rules refuse', request: (f) => put(f, r.fresh(), r.invalidBody) },
      { status: 413, what: 'a body over 64 KiB', request: (f) => put(f, r.fresh(), { ...r.body, padding: TOO_LARGE }) },
      { status: 415, what: 'a text/plain body', request: (f) => put(f, r.fresh(), 'text', { 'content-type': 'text/plain' }) },
      ...common('put', (f) => put(f, r.fresh())),
    ],
    [`DELETE ${one}`]: [
      { status: 204, what: 'an entity created for it', request: async (f) => del(f, await created(f)) },
      { status: 400, what: 'a malformed id', request: (f) => del(f, r.invalid) },
      { status: 404, what: 'an unknown id', request: (f) => del(f, r.missing) },
      ...(r.conflicting ? [{ status: 409, what: 'an entity others refer to', request: (f: Fixture) => del(f, r.conflicting!) }] : []),
      ...common('delete', (f) => del(f, r.missing)),
    ],
  };
  if (r.service === 'clients') {
    const rotate = (f: Fixture, id: string): InjectOptions => ({ method: 'POST', url: `${r.path}/${id}/secret`, headers: admin(f) });
    probes[`POST ${one}/secret`] = [
      { status: 200, what: 'a client created for it', request: async (f) => rotate(f, await created(f)) },
      { status: 400, what: 'a malformed id', request: (f) => rotate(f, r.invalid) },
      { status: 404, what: 'an unknown id', request: (f) => rotate(f, r.missing) },
      ...common('rotateSecret', (f) => rotate(f, r.missing)),
    ];
  }
  return probes;
}

/** The audit trail: read only, one route. */
function auditEventProbes(): Record<string, Probe[]> {
  const list = (f: Fixture, query = '', headers: Record<string, string> = { authorization: `Bearer ${f.adminToken}` }): InjectOptions => ({
    method: 'GET',
    url: `/admin/v1/audit-events${query}`,
    headers,
  });
  const failing = (error: () => Error) => (f: Fixture) => vi.spyOn(f.ctx.auditTrail, 'list').mockRejectedValueOnce(error());
  return {
    'GET /admin/v1/audit-events': [
      {
        status: 200,
        what: 'a page of one entity kind in a time range',
        request: (f) => list(f, '?entity=store&from=2020-01-01T00:00:00Z&size=5'),
      },
      { status: 400, what: 'from after to', request: (f) => list(f, '?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z') },
      { status: 401, what: 'no token', request: (f) => list(f, '', {}) },
      { status: 403, what: 'a token without scope admin', request: (f) => list(f, '', { authorization: `Bearer ${f.token}` }) },
      { status: 500, what: 'an unexpected fault', arrange: failing(fault), request: (f) => list(f) },
      { status: 503, what: 'the database unreachable', arrange: failing(unreachable), request: (f) => list(f) },
    ],
  };
}

/** Webhook endpoints (created by POST, with ids of the service's choosing) and their deliveries. */
function webhookProbes(): Record<string, Probe[]> {
  const path = '/admin/v1/webhook-endpoints';
  const admin = (f: Fixture) => ({ authorization: `Bearer ${f.adminToken}` });
  // A public address as a literal: no name to resolve.
  const body = { merchantId: 'm-nordic-home', url: 'https://93.184.215.14/hooks', description: 'probe' };
  const missing = '00000000-0000-4000-8000-ffffffffffff';
  const send = (
    f: Fixture,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = JSON_TYPE,
  ): InjectOptions => ({
    method,
    url,
    headers: { ...admin(f), ...(payload === undefined ? {} : headers) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
  const created = async (f: Fixture) => {
    const response = await f.app.inject(send(f, 'POST', path, body));
    if (response.statusCode !== 201) throw new Error(`POST ${path}: ${response.statusCode} ${response.body}`);
    return (response.json() as { id: string }).id;
  };
  /**
   * A delivery to an endpoint created for it: a method created in the store, its event fanned out;
   * `disabled`: the endpoint is disabled after.
   */
  const delivery = async (f: Fixture, disabled = false) => {
    const endpoint = await created(f);
    const method = uuid();
    const put = await f.app.inject({
      method: 'PUT',
      url: `/admin/v1/payment-methods/${method}`,
      headers: { ...admin(f), ...JSON_TYPE },
      payload: JSON.stringify(adminCardMethod(STORE, 'Probe webhook method')),
    });
    if (put.statusCode !== 201) throw new Error(`PUT method: ${put.statusCode} ${put.body}`);
    await new WebhookOutboxRepository(f.ctx.database.db).fanOutDueEvents(1000);
    const listed = await f.app.inject(send(f, 'GET', `${path}/${endpoint}/deliveries`));
    if (disabled) {
      const off = await f.app.inject(send(f, 'PUT', `${path}/${endpoint}`, { ...body, enabled: false }));
      if (off.statusCode !== 200) throw new Error(`PUT endpoint: ${off.statusCode} ${off.body}`);
    }
    return (listed.json() as { content: Array<{ id: string }> }).content[0]!.id;
  };
  const common = (method: keyof Fixture['ctx']['webhookEndpoints'], request: Request) =>
    commonProbes((f) => f.ctx.webhookEndpoints, method, request);
  return {
    [`GET ${path}`]: [
      { status: 200, what: 'a page', request: (f) => send(f, 'GET', `${path}?size=2`) },
      { status: 400, what: 'size=0', request: (f) => send(f, 'GET', `${path}?size=0`) },
      ...common('list', (f) => send(f, 'GET', path)),
    ],
    [`POST ${path}`]: [
      { status: 201, what: 'a new endpoint', request: (f) => send(f, 'POST', path, body) },
      { status: 400, what: 'an http:// URL', request: (f) => send(f, 'POST', path, { ...body, url: 'http://93.184.215.14/hooks' }) },
      { status: 413, what: 'a body over 64 KiB', request: (f) => send(f, 'POST', path, { ...body, padding: TOO_LARGE }) },
      { status: 415, what: 'a text/plain body', request: (f) => send(f, 'POST', path, 'text', { 'content-type': 'text/plain' }) },
      ...common('create', (f) => send(f, 'POST', path, body)),
    ],
    [`GET ${path}/{id}`]: [
      { status: 200, what: 'an endpoint created for it', request: async (f) => send(f, 'GET', `${path}/${await created(f)}`) },
      { status: 400, what: 'a malformed id', request: (f) => send(f, 'GET', `${path}/not-a-uuid`) },
      { status: 404, what: 'an unknown id', request: (f) => send(f, 'GET', `${path}/${missing}`) },
      ...common('get', (f) => send(f, 'GET', `${path}/${missing}`)),
    ],
    [`PUT ${path}/{id}`]: [
      { status: 200, what: 'replacing an endpoint', request: async (f) => send(f, 'PUT', `${path}/${await created(f)}`, body) },
      { status: 201, what: 'an endpoint under a new id', request: (f) => send(f, 'PUT', `${path}/${uuid()}`, body) },
      {
        status: 400,
        what: 'a private address',
        request: (f) => send(f, 'PUT', `${path}/${uuid()}`, { ...body, url: 'https://10.0.0.1/' }),
      },
      { status: 413, what: 'a body over 64 KiB', request: (f) => send(f, 'PUT', `${path}/${uuid()}`, { ...body, padding: TOO_LARGE }) },
      {
        status: 415,
        what: 'a text/plain body',
        request: (f) => send(f, 'PUT', `${path}/${uuid()}`, 'text', { 'content-type': 'text/plain' }),
      },
      ...common('put', (f) => send(f, 'PUT', `${path}/${uuid()}`, body)),
    ],
    [`DELETE ${path}/{id}`]: [
      { status: 204, what: 'an endpoint created for it', request: async (f) => send(f, 'DELETE', `${path}/${await created(f)}`) },
      { status: 400, what: 'a malformed id', request: (f) => send(f, 'DELETE', `${path}/not-a-uuid`) },
      { status: 404, what: 'an unknown id', request: (f) => send(f, 'DELETE', `${path}/${missing}`) },
      ...common('delete', (f) => send(f, 'DELETE', `${path}/${missing}`)),
    ],
    [`POST ${path}/{id}/rotate-secret`]: [
      {
        status: 200,
        what: 'an endpoint created for it',
        request: async (f) => send(f, 'POST', `${path}/${await created(f)}/rotate-secret`),
      },
      { status: 400, what: 'a malformed id', request: (f) => send(f, 'POST', `${path}/not-a-uuid/rotate-secret`) },
      { status: 404, what: 'an unknown id', request: (f) => send(f, 'POST', `${path}/${missing}/rotate-secret`) },
      ...common('rotateSecret', (f) => send(f, 'POST', `${path}/${missing}/rotate-secret`)),
    ],
    [`GET ${path}/{id}/deliveries`]: [
      { status: 200, what: "an endpoint's deliveries", request: async (f) => send(f, 'GET', `${path}/${await created(f)}/deliveries`) },
      { status: 400, what: 'a malformed id', request: (f) => send(f, 'GET', `${path}/not-a-uuid/deliveries`) },
      { status: 404, what: 'an unknown id', request: (f) => send(f, 'GET', `${path}/${missing}/deliveries`) },
      ...common('deliveries', (f) => send(f, 'GET', `${path}/${missing}/deliveries`)),
    ],
    'POST /admin/v1/webhook-deliveries/{id}/retry': [
      {
        status: 202,
        what: 'a delivery made for it',
        request: async (f) => send(f, 'POST', `/admin/v1/webhook-deliveries/${await delivery(f)}/retry`),
      },
      { status: 400, what: 'a malformed id', request: (f) => send(f, 'POST', '/admin/v1/webhook-deliveries/not-a-uuid/retry') },
      { status: 404, what: 'an unknown id', request: (f) => send(f, 'POST', `/admin/v1/webhook-deliveries/${missing}/retry`) },
      {
        status: 409,
        what: 'a delivery of a disabled endpoint',
        request: async (f) => send(f, 'POST', `/admin/v1/webhook-deliveries/${await delivery(f, true)}/retry`),
      },
      ...common('retry', (f) => send(f, 'POST', `/admin/v1/webhook-deliveries/${missing}/retry`)),
    ],
  };
}

/** The change preview of a store: nothing written, one route. */
function previewProbes(): Record<string, Probe[]> {
  const admin = (f: Fixture) => ({ authorization: `Bearer ${f.adminToken}` });
  const body = { paymentMethods: [{ ...adminCardMethod(STORE, 'Probe preview method'), id: uuid() }] };
  const post = (f: Fixture, storeId: string, payload: unknown = body, headers: Record<string, string> = JSON_TYPE): InjectOptions => ({
    method: 'POST',
    url: `/admin/v1/stores/${storeId}/preview`,
    headers: { ...admin(f), ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  const failing = (error: () => Error) => (f: Fixture) => vi.spyOn(f.ctx.admin.preview, 'preview').mockRejectedValueOnce(error());
  return {
    'POST /admin/v1/stores/{storeId}/preview': [
      { status: 200, what: "a list replacing the store's methods", request: (f) => post(f, STORE) },
      {
        status: 400,
        what: 'a method the catalog rules refuse',
        request: (f) => post(f, STORE, { paymentMethods: [{ ...body.paymentMethods[0], maxPurchaseLimit: -1 }] }),
      },
      { status: 404, what: 'an unknown store', request: (f) => post(f, '00000000-0000-4000-8000-ffffffffffff') },
      { status: 413, what: 'a body over 64 KiB', request: (f) => post(f, STORE, { ...body, padding: TOO_LARGE }) },
      { status: 415, what: 'a text/plain body', request: (f) => post(f, STORE, 'text', { 'content-type': 'text/plain' }) },
      { status: 401, what: 'no token', request: (f) => ({ ...post(f, STORE), headers: JSON_TYPE }) },
      {
        status: 403,
        what: 'a token without scope admin',
        request: (f) => ({ ...post(f, STORE), headers: { ...JSON_TYPE, authorization: `Bearer ${f.token}` } }),
      },
      { status: 500, what: 'an unexpected fault', arrange: failing(fault), request: (f) => post(f, STORE) },
      { status: 503, what: 'the database unreachable', arrange: failing(unreachable), request: (f) => post(f, STORE) },
    ],
  };
}

export const PROBES: Record<string, Probe[]> = Object.assign(
  {},
  ...ADMIN_RESOURCES.map(adminProbes),
  auditEventProbes(),
  webhookProbes(),
  previewProbes(),
);
