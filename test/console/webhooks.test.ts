// A merchant's webhook endpoints in the console (docs/console.md#webhook-endpoints): created, edited,
// rotated and deleted through the admin API's service (its validation, its audit trail as the
// signed-in client), the secret shown once and never again, a refused URL shown beside its field with
// the service's message; an endpoint's deliveries with their attempts and a retry, sent again by the
// dispatcher to a real receiver; a viewer reads and changes nothing; a cross-site post is refused.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '../../src/storage/repositories/webhook-endpoints.ts';
import { issueToken, type TestService } from '../helpers/app.ts';
import { DEMO_METHODS } from '../helpers/demo.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import * as harness from './harness.ts';

const ADMIN = harness.CONSOLE_ADMIN;
const VIEWER = { actorId: 'sub-webhook-viewer', displayName: 'Vera Viewer', role: 'catalog-viewer' } as const;
const MERCHANT = 'm-nordic-home';
const NEW = `/console/merchants/${MERCHANT}/webhook-endpoints/new`;
const UNKNOWN = '7a3f8d9e-1b2c-4d5e-8f90-123456789abc';

function secretOf(body: string): string {
  return harness.textOfId(body, 'webhook-secret').trim();
}

/** The message shown beside the input named `name`, which must be marked refused. */
function refusalOf(body: string, name: string): string {
  const input = harness.inputOf(body, name);
  expect(input).toContain('aria-invalid="true"');
  const id = /aria-describedby="(?:[^"]* )?([^" ]*-error)"/.exec(input)?.[1];
  expect(id, input).toBeDefined();
  return harness.textOfId(body, id!);
}

async function endpointsOf(service: TestService): Promise<WebhookEndpoint[]> {
  return (await service.ctx.webhookEndpoints.list({ page: 0, size: 1000, merchantId: MERCHANT })).content;
}

async function auditEvents(service: TestService, entityId?: string) {
  return (await service.ctx.auditTrail.list({ page: 0, size: 100, entity: 'webhook-endpoint', entityId })).content;
}

/** Creates an endpoint with the console's form; its id and the secret its answer showed. */
async function createWithConsole(
  service: TestService,
  user: harness.ConsoleUser,
  url: string,
): Promise<{ id: string; secret: string; page: string }> {
  const before = new Set((await endpointsOf(service)).map((e) => e.id));
  const created = await user.submit(NEW, NEW, { url, description: 'ERP sync', enabled: 'on' });
  expect(created.statusCode, created.body).toBe(200);
  const endpoint = (await endpointsOf(service)).find((e) => !before.has(e.id));
  expect(endpoint).toBeDefined();
  return { id: endpoint!.id, secret: secretOf(created.body), page: created.body };
}

describe('webhook endpoints in the console', () => {
  let service: TestService;
  let user: harness.ConsoleUser;
  let adminToken: string;

  harness.signedInForTests(async (signedIn) => {
    ({ service, user } = signedIn);
    adminToken = await issueToken(service.app, ADMIN.id, ADMIN.secret);
  });

  function adminApi(method: 'GET' | 'POST', url: string, payload?: object): Promise<LightMyRequestResponse> {
    return service.app.inject({ method, url: `/admin/v1${url}`, headers: { authorization: `Bearer ${adminToken}` }, payload });
  }

  it('creates an endpoint and shows its secret once; no other page, and not the admin API, shows it', async () => {
    const merchant = await user.get(`/console/merchants/${MERCHANT}`);
    expect(merchant.body).toContain(`<a href="${NEW}">New webhook endpoint of Nordic Home AB</a>`);
    expect(merchant.body).not.toContain('managed with the admin API');
    const form = await user.get(NEW);
    expect(form.statusCode).toBe(200);
    expect(harness.inputOf(form.body, 'enabled')).toContain('checked');

    const { id, secret, page } = await createWithConsole(service, user, 'https://hooks.example.com/console');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(page).toContain('shown this once');
    expect(page).toContain(`<a href="/console/webhook-endpoints/${id}">Continue to the webhook endpoint</a>`);
    expect(await service.ctx.webhookEndpoints.get(id)).toEqual({
      id,
      merchantId: MERCHANT,
      url: 'https://hooks.example.com/console',
      description: 'ERP sync',
      enabled: true,
    });

    const withLink = await user.get(`/console/merchants/${MERCHANT}`);
    expect(withLink.body).toContain(`<a href="/console/webhook-endpoints/${id}">https://hooks.example.com/console</a>`);
    for (const url of [`/console/merchants/${MERCHANT}`, `/console/webhook-endpoints/${id}`, `/console/webhook-endpoints/${id}/delete`]) {
      const response = await user.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(secret);
    }
    const read = await adminApi('GET', `/webhook-endpoints/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('secret');

    const [event] = await auditEvents(service, id);
    expect(event).toMatchObject({ actorType: 'client', actor: ADMIN.id, entityId: id, action: 'create', changes: { secret: '[changed]' } });
    expect(JSON.stringify(event)).not.toContain(secret.slice('whsec_'.length));
  });

  it("shows a refused URL beside its field with the service's message, and creates nothing", async () => {
    const endpoints = (await endpointsOf(service)).length;
    const events = (await auditEvents(service)).length;
    for (const [url, expected] of [
      ['http://hooks.example.com/plain', 'must be an https:// URL'],
      ['https://10.0.0.1/hooks', /^must reach a public address \(10\.0\.0\.1 is not one/],
      ['https://localhost/hooks', /^must resolve to public addresses only \(it resolves to /],
    ] as const) {
      const response = await user.submit(NEW, NEW, { url, description: 'refused', enabled: 'on' });
      expect(response.statusCode, url).toBe(400);
      harness.expectConsoleHeaders(response);
      expect(response.body).toContain('Nothing was saved: one field was refused.');
      expect(harness.inputOf(response.body, 'url')).toContain(`value="${url}"`);
      expect(harness.inputOf(response.body, 'description')).toContain('value="refused"');
      const message = refusalOf(response.body, 'url');
      expect(message).toMatch(expected);
      // The admin API's own words for the same body.
      const api = await adminApi('POST', '/webhook-endpoints', { merchantId: MERCHANT, url, description: 'refused' });
      expect(api.statusCode).toBe(400);
      expect((api.json() as { parameters: Record<string, string> }).parameters).toEqual({ url: message });
    }
    expect(await endpointsOf(service)).toHaveLength(endpoints);
    expect(await auditEvents(service)).toHaveLength(events);
  });

  it('edits an endpoint; a refused edit is shown beside its field and changes nothing', async () => {
    const { id } = await createWithConsole(service, user, 'https://hooks.example.com/before');
    const path = `/console/webhook-endpoints/${id}`;
    const page = await user.get(path);
    const fields = harness.formFields(page.body, path);
    expect(fields.map(([name]) => name)).toEqual(['_csrf', 'url', 'description', 'enabled']);

    const refused = await user.post(path, harness.changed(fields, { url: 'https://hooks.example.com/#fragment' }));
    expect(refused.statusCode).toBe(400);
    expect(refusalOf(refused.body, 'url')).toBe('must not have a fragment');
    expect((await service.ctx.webhookEndpoints.get(id)).url).toBe('https://hooks.example.com/before');

    const saved = await user.post(
      path,
      harness.changed(fields, { url: 'https://hooks.example.com/after', description: 'Orders', enabled: null }),
    );
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`${path}?done=saved`);
    const after = await user.get(String(saved.headers.location));
    expect(after.body).toContain('The webhook endpoint was saved.');
    expect(after.body).not.toMatch(/name="enabled"[^>]*checked/);
    expect(await service.ctx.webhookEndpoints.get(id)).toEqual({
      id,
      merchantId: MERCHANT,
      url: 'https://hooks.example.com/after',
      description: 'Orders',
      enabled: false,
    });
    const [event] = await auditEvents(service, id);
    expect(event).toMatchObject({
      actor: ADMIN.id,
      action: 'update',
      changes: { url: { before: 'https://hooks.example.com/before', after: 'https://hooks.example.com/after' }, enabled: { after: false } },
    });
  });

  it('rotates the secret: a new one, shown once, and says the previous one signs for 24 hours', async () => {
    const { id, secret: first } = await createWithConsole(service, user, 'https://hooks.example.com/rotated');
    const path = `/console/webhook-endpoints/${id}`;
    const page = await user.get(path);
    expect(page.body).toMatch(/for\s+24 hours every event is also signed with the previous one/);
    const rotated = await user.submit(path, `${path}/rotate-secret`, {});
    expect(rotated.statusCode).toBe(200);
    harness.expectConsoleHeaders(rotated);
    const second = secretOf(rotated.body);
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    expect(rotated.body).toContain('For 24 hours every event is also signed with the previous one');
    expect((await user.get(path)).body).not.toContain(second);
    const [event] = await auditEvents(service, id);
    expect(event).toMatchObject({ actor: ADMIN.id, action: 'rotate-secret', changes: { secret: '[changed]' } });
    expect(JSON.stringify(event)).not.toContain(second.slice('whsec_'.length));
  });

  it('deletes an endpoint after a confirmation page', async () => {
    const { id } = await createWithConsole(service, user, 'https://hooks.example.com/deleted');
    const path = `/console/webhook-endpoints/${id}`;
    expect((await user.get(path)).body).toContain(`<a href="${path}/delete">Delete this webhook endpoint…</a>`);
    const confirm = await user.get(`${path}/delete`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('<h1>Delete webhook endpoint https://hooks.example.com/deleted?</h1>');
    expect(confirm.body).toContain(`<a href="${path}">Keep it</a>`);
    // Nothing is deleted by the confirmation page itself.
    await service.ctx.webhookEndpoints.get(id);
    const deleted = await user.post(`${path}/delete`, { _csrf: harness.csrfOf(confirm.body) });
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe(`/console/merchants/${MERCHANT}?done=webhook-endpoint-deleted`);
    const merchant = await user.get(String(deleted.headers.location));
    expect(merchant.body).toContain('The webhook endpoint was deleted, with its deliveries.');
    expect(merchant.body).not.toContain(path);
    expect((await user.get(path)).statusCode).toBe(404);
    const [event] = await auditEvents(service, id);
    expect(event).toMatchObject({ actor: ADMIN.id, action: 'delete' });
  });

  it('answers an unknown endpoint or merchant with a 404 page, and every page with the console headers and no script', async () => {
    const { id } = await createWithConsole(service, user, 'https://hooks.example.com/pages');
    for (const url of [
      `/console/webhook-endpoints/${UNKNOWN}`,
      '/console/webhook-endpoints/not-a-uuid',
      '/console/merchants/m-nope/webhook-endpoints/new',
    ]) {
      const response = await user.get(url);
      expect(response.statusCode, url).toBe(404);
      harness.expectConsoleHeaders(response);
    }
    const page = await user.get(`/console/webhook-endpoints/${id}`);
    const retried = await user.post(`/console/webhook-deliveries/${UNKNOWN}/retry`, { _csrf: harness.csrfOf(page.body) });
    expect(retried.statusCode).toBe(404);
    for (const url of [NEW, `/console/webhook-endpoints/${id}`, `/console/webhook-endpoints/${id}/delete`]) {
      const response = await user.get(url);
      harness.expectConsoleHeaders(response);
      expect(response.body).not.toMatch(/<script|style=|<style|onclick=/i);
    }
  });

  it('shows a viewer the endpoint read only, and refuses every change with 403, nothing changed', async () => {
    const { id } = await createWithConsole(service, user, 'https://hooks.example.com/viewed');
    const path = `/console/webhook-endpoints/${id}`;
    const viewer = await harness.personSignedIn(service, VIEWER);
    const merchant = await viewer.get(`/console/merchants/${MERCHANT}`);
    expect(merchant.body).toContain(`<a href="${path}">https://hooks.example.com/viewed</a>`);
    expect(merchant.body).not.toContain('New webhook endpoint');
    const page = await viewer.get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('https://hooks.example.com/viewed');
    expect(page.body).not.toMatch(/<form method="post" action="\/console\/(webhook|merchants)/);
    expect(page.body).not.toContain('Rotate secret');
    expect(page.body).not.toContain('Delete this webhook endpoint');
    for (const url of [NEW, `${path}/delete`]) expect((await viewer.get(url)).statusCode, url).toBe(403);

    const stored = await service.ctx.webhookEndpoints.get(id);
    const events = (await auditEvents(service)).length;
    const count = (await endpointsOf(service)).length;
    const csrf = harness.csrfOf(page.body);
    for (const url of [NEW, path, `${path}/rotate-secret`, `${path}/delete`, `/console/webhook-deliveries/${UNKNOWN}/retry`]) {
      const response = await viewer.post(url, { _csrf: csrf, url: 'https://hooks.example.com/viewer', enabled: 'on' });
      expect(response.statusCode, url).toBe(403);
      expect(response.body).not.toContain('whsec_');
    }
    expect(await service.ctx.webhookEndpoints.get(id)).toEqual(stored);
    expect(await endpointsOf(service)).toHaveLength(count);
    expect(await auditEvents(service)).toHaveLength(events);
  });

  it('refuses a change posted from another site, or without the CSRF token, nothing changed', async () => {
    const { id } = await createWithConsole(service, user, 'https://hooks.example.com/guarded');
    const path = `/console/webhook-endpoints/${id}`;
    const csrf = harness.csrfOf((await user.get(path)).body);
    const stored = await service.ctx.webhookEndpoints.get(id);
    const events = (await auditEvents(service)).length;
    const count = (await endpointsOf(service)).length;
    const fields = { url: 'https://evil.example/hooks', enabled: 'on' };
    for (const url of [NEW, path, `${path}/rotate-secret`, `${path}/delete`, `/console/webhook-deliveries/${UNKNOWN}/retry`]) {
      const crossSite = await user.post(
        url,
        { _csrf: csrf, ...fields },
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      );
      expect(crossSite.statusCode, url).toBe(403);
      expect(crossSite.body).toContain('came from another site');
      const withoutToken = await user.post(url, fields);
      expect(withoutToken.statusCode, url).toBe(403);
    }
    expect(await service.ctx.webhookEndpoints.get(id)).toEqual(stored);
    expect(await endpointsOf(service)).toHaveLength(count);
    expect(await auditEvents(service)).toHaveLength(events);
  });
});

describe("an endpoint's deliveries in the console", () => {
  let service: TestService;
  let user: harness.ConsoleUser;
  let receiver: WebhookReceiver;

  // A receiver on this machine (private addresses allowed), and one retry a second after a failure.
  harness.signedInForTests(
    async (signedIn) => {
      ({ service, user } = signedIn);
      receiver = await startWebhookReceiver();
      service.ctx.webhookDispatcher.start();
    },
    { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: '1' },
  );

  // Registered after the service's, so run before it: the receiver is closed first.
  afterAll(async () => {
    await receiver?.close();
  });

  async function deliveriesWhen(endpointId: string, settled: (states: string[]) => boolean) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { content } = await service.ctx.webhookEndpoints.deliveries(endpointId, { page: 0, size: 100 });
      if (settled(content.map((d) => d.state)) || Date.now() > deadline) return content;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('lists deliveries with their attempts, and sends one again on Retry; a viewer may not', async () => {
    receiver.respond = () => 503;
    const { id, secret } = await createWithConsole(service, user, receiver.url);
    receiver.secrets.push(secret);
    const path = `/console/webhook-endpoints/${id}`;
    expect((await user.get(path)).body).toContain('No deliveries.');

    // A change of what Nordic Home's store offers: one event, one delivery, failed after its one retry.
    const methodUrl = `/admin/v1/payment-methods/${DEMO_METHODS.card}`;
    const token = await issueToken(service.app, ADMIN.id, ADMIN.secret);
    const current = await service.app.inject({ method: 'GET', url: methodUrl, headers: { authorization: `Bearer ${token}` } });
    const renamed = await service.app.inject({
      method: 'PUT',
      url: methodUrl,
      headers: { authorization: `Bearer ${token}` },
      payload: { ...(current.json() as object), name: 'Kort (webhooks)' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [failed] = await deliveriesWhen(id, (states) => states[0] === 'failed');
    expect(failed).toMatchObject({ state: 'failed', attempts: [{ statusCode: 503 }, { statusCode: 503 }] });

    const page = await user.get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<caption>');
    expect(page.body).toContain(`<span class="mono" id="delivery-${failed!.id}">${failed!.eventId}</span> (payment_methods.changed)`);
    expect(page.body).toContain('<td>Failed</td>');
    expect(page.body).toContain('failed, status 503, HTTP 503');
    expect(page.body).toContain(`action="/console/webhook-deliveries/${failed!.id}/retry"`);
    expect(page.body).toContain(`aria-describedby="delivery-${failed!.id}">Retry</button>`);

    // A viewer reads the deliveries, without the button, and cannot retry.
    const viewer = await harness.personSignedIn(service, VIEWER);
    const viewed = await viewer.get(path);
    expect(viewed.body).toContain('failed, status 503, HTTP 503');
    expect(viewed.body).not.toContain('>Retry</button>');
    const refused = await viewer.post(`/console/webhook-deliveries/${failed!.id}/retry`, { _csrf: harness.csrfOf(viewed.body) });
    expect(refused.statusCode).toBe(403);
    expect((await service.ctx.webhookEndpoints.deliveries(id, { page: 0, size: 10 })).content[0]).toMatchObject({ state: 'failed' });

    // Retry: the same event again, now accepted.
    receiver.respond = () => 204;
    const retried = await user.submit(path, `/console/webhook-deliveries/${failed!.id}/retry`, {});
    expect(retried.statusCode).toBe(303);
    expect(retried.headers.location).toBe(`${path}?done=retried`);
    expect((await user.get(String(retried.headers.location))).body).toContain('The delivery is due again now');
    const [event] = await receiver.waitFor((received) => received.length >= 1);
    expect(event!.id).toBe(failed!.eventId);
    const [succeeded] = await deliveriesWhen(id, (states) => states[0] === 'succeeded');
    expect(succeeded).toMatchObject({ id: failed!.id, state: 'succeeded' });
    const after = await user.get(path);
    expect(after.body).toContain('<td>Succeeded</td>');
    expect(after.body).toMatch(/succeeded, status 204, \d+ ms/);

    // Disabled, the endpoint gets nothing: no Retry, and a retry sent all the same is refused (409).
    const endpoint = await service.ctx.webhookEndpoints.get(id);
    const disabled = await service.app.inject({
      method: 'PUT',
      url: `/admin/v1/webhook-endpoints/${id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { merchantId: endpoint.merchantId, url: endpoint.url, description: endpoint.description, enabled: false },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const disabledPage = await user.get(path);
    expect(disabledPage.body).not.toContain('>Retry</button>');
    expect(disabledPage.body).toContain('Enable the endpoint to retry');
    const stale = await user.post(`/console/webhook-deliveries/${failed!.id}/retry`, { _csrf: harness.csrfOf(disabledPage.body) });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain(`Webhook endpoint ${id} is disabled: nothing is sent to it.`);
  });
});
