// Webhooks in one process, on both databases (docs/webhooks.md): endpoints through the admin API
// (secrets shown once, refused URLs named, the audit trail without secrets), events of catalog
// changes delivered and verified by the `standardwebhooks` package, another merchant's changes not
// sent, retries with the same webhook-id, the deliveries listing and a retry on request, a disabled
// endpoint's deliveries (no backlog, no retry), a rotation's two signatures, and a window's opening
// announced at its boundary.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { demoCatalog, issueToken, startTestService, type TestService, withAdminClient } from '../helpers/app.ts';
import { DEMO_METHODS, OTHER_STORE, STORE } from '../helpers/demo.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { adminCalls } from './admin-calls.ts';
import { WebhookOutboxRepository } from '../../src/storage/repositories/webhook-outbox.ts';

const ADMIN = { id: 'ops-admin', secret: 'ops-admin-secret-4f9b1c7e2d', merchantId: 'm-operator' };
const NORDIC_MERCHANT = 'm-nordic-home';
const FJALL_MERCHANT = 'm-fjall-sport';

let service: TestService;
let token: string;
const { admin, endpointFor, deleteEndpoints } = adminCalls(() => ({ service, token }));
let receiver: WebhookReceiver;

beforeAll(async () => {
  service = await startTestService({
    catalog: withAdminClient(await demoCatalog(), ADMIN),
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1' },
  });
  token = await issueToken(service.app, ADMIN.id, ADMIN.secret);
  service.ctx.webhookDispatcher.start();
});

afterAll(async () => {
  await service?.close();
});

afterEach(async () => {
  await receiver?.close();
  // Every endpoint goes: each test starts with none.
  await deleteEndpoints();
});

interface Delivery {
  id: string;
  eventId: string;
  state: string;
  attempts: Array<{ statusCode: number | null; error: string | null; succeeded: boolean }>;
}

/**
 * The endpoint's deliveries once `settled` holds for them. The receiver sees a request before the
 * dispatcher has recorded its outcome, so a test waits for the record rather than reading it at once.
 */
async function deliveriesWhen(endpointId: string, settled: (deliveries: Delivery[]) => boolean): Promise<Delivery[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = (await admin('GET', `/webhook-endpoints/${endpointId}/deliveries`)).json() as { content: Delivery[] };
    if (settled(page.content) || Date.now() > deadline) return page.content;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function renameMethod(id: string, name: string): Promise<void> {
  const current = (await admin('GET', `/payment-methods/${id}`)).json() as Record<string, unknown>;
  const response = await admin('PUT', `/payment-methods/${id}`, { ...current, name });
  expect(response.statusCode, response.body).toBe(200);
}

describe('webhook endpoints', () => {
  it('are created with a secret shown once, listed and read without it, replaced, and deleted', async () => {
    const created = await admin('POST', '/webhook-endpoints', { merchantId: NORDIC_MERCHANT, url: 'https://hooks.example.com/pms' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json() as Record<string, unknown>;
    expect(body).toMatchObject({ merchantId: NORDIC_MERCHANT, url: 'https://hooks.example.com/pms', description: '', enabled: true });
    // whsec_ and the base64 of at least 24 random bytes.
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(String(body.secret).slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const id = String(body.id);

    const read = await admin('GET', `/webhook-endpoints/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('secret');
    const listed = (await admin('GET', `/webhook-endpoints?merchantId=${NORDIC_MERCHANT}`)).json() as { content: object[] };
    expect(listed.content).toEqual([read.json()]);
    expect(JSON.stringify(listed)).not.toContain(String(body.secret));
    expect(((await admin('GET', `/webhook-endpoints?merchantId=${FJALL_MERCHANT}`)).json() as { content: object[] }).content).toEqual([]);

    const replaced = await admin('PUT', `/webhook-endpoints/${id}`, {
      merchantId: NORDIC_MERCHANT,
      url: 'https://hooks.example.com/v2',
      description: 'orders',
      enabled: false,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({
      id,
      merchantId: NORDIC_MERCHANT,
      url: 'https://hooks.example.com/v2',
      description: 'orders',
      enabled: false,
    });

    expect((await admin('DELETE', `/webhook-endpoints/${id}`)).statusCode).toBe(204);
    expect((await admin('GET', `/webhook-endpoints/${id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/webhook-endpoints/${id}`)).statusCode).toBe(404);
  });

  it('take description null as none, shown as ""', async () => {
    const created = await admin('POST', '/webhook-endpoints', {
      merchantId: NORDIC_MERCHANT,
      url: 'https://hooks.example.com/n',
      description: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    expect(created.json()).toMatchObject({ description: '' });
    const body = { merchantId: NORDIC_MERCHANT, url: 'https://hooks.example.com/n' };
    expect((await admin('PUT', `/webhook-endpoints/${id}`, { ...body, description: 'orders' })).json()).toMatchObject({
      description: 'orders',
    });
    const cleared = await admin('PUT', `/webhook-endpoints/${id}`, { ...body, description: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ description: '' });
    expect((await admin('GET', `/webhook-endpoints/${id}`)).json()).toMatchObject({ description: '' });
    // Anything else but a string is refused, naming the field in words.
    const refused = await admin('PUT', `/webhook-endpoints/${id}`, { ...body, description: 5 });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { parameters: object }).parameters).toEqual({ description: 'must be either string or null' });
  });

  it('are in the audit trail, rotations included, never with a secret', async () => {
    const { id, secret } = await endpointFor(NORDIC_MERCHANT, 'https://hooks.example.com/audit');
    const rotated = await admin('POST', `/webhook-endpoints/${id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const newSecret = (rotated.json() as { secret: string }).secret;
    expect(newSecret).not.toBe(secret);
    const events = (await admin('GET', `/audit-events?entity=webhook-endpoint&entityId=${id}`)).json() as {
      content: Array<{ action: string; changes: Record<string, unknown> }>;
    };
    expect(events.content.map((e) => e.action)).toEqual(['rotate-secret', 'create']);
    expect(events.content[0]!.changes).toEqual({ secret: '[changed]' });
    expect(events.content[1]!.changes).toMatchObject({ url: { after: 'https://hooks.example.com/audit' }, secret: '[changed]' });
    expect(JSON.stringify(events)).not.toContain(secret.slice(6));
    expect(JSON.stringify(events)).not.toContain(newSecret.slice(6));
  });

  it('refuse a bad body by name, whole', async () => {
    const refused = async (body: unknown, fields: string[]) => {
      const response = await admin('POST', '/webhook-endpoints', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys((response.json() as { parameters: Record<string, string> }).parameters).sort()).toEqual(fields.sort());
    };
    await refused({ merchantId: 'm-nobody', url: 'https://hooks.example.com' }, ['merchantId']);
    await refused({ merchantId: NORDIC_MERCHANT, url: 'not a url', extra: 1 }, ['url', 'extra']);
    await refused({ merchantId: NORDIC_MERCHANT, url: 'ftp://hooks.example.com' }, ['url']);
    await refused({ merchantId: NORDIC_MERCHANT, url: 'https://user:pw@hooks.example.com' }, ['url']);
    await refused({ url: 'https://hooks.example.com', enabled: 'yes' }, ['merchantId', 'enabled']);
    await refused({ merchantId: NORDIC_MERCHANT, url: 'https://hooks.example.com', id: '9a4c1d65-3f59-4c3e-9a38-3c2f6a1b2c3d' }, ['id']);
    expect(
      (await admin('PUT', '/webhook-endpoints/not-a-uuid', { merchantId: NORDIC_MERCHANT, url: 'https://x.example' })).statusCode,
    ).toBe(400);
  });

  it('refuse http:// and private addresses unless WEBHOOK_ALLOW_PRIVATE=true', async () => {
    const strict = await startTestService({ catalog: withAdminClient(await demoCatalog(), ADMIN) });
    try {
      const strictToken = await issueToken(strict.app, ADMIN.id, ADMIN.secret);
      const post = (url: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/admin/v1/webhook-endpoints',
          headers: { authorization: `Bearer ${strictToken}` },
          payload: { merchantId: NORDIC_MERCHANT, url },
        });
      for (const url of [
        'http://hooks.example.com/pms',
        'https://127.0.0.1/pms',
        'https://10.1.2.3/pms',
        'https://192.168.0.10/pms',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/pms',
        'https://[fd00::1]/pms',
        'https://[::ffff:10.0.0.1]/pms',
        // A name that resolves to a private address: refused by what it resolves to.
        'https://localhost/pms',
      ]) {
        const response = await post(url);
        expect(response.statusCode, url).toBe(400);
        expect(Object.keys((response.json() as { parameters: object }).parameters), url).toEqual(['url']);
      }
      expect((await post('https://93.184.215.14/pms')).statusCode).toBe(201);
    } finally {
      await strict.close();
    }
    // Allowed here (WEBHOOK_ALLOW_PRIVATE=true).
    expect((await admin('POST', '/webhook-endpoints', { merchantId: NORDIC_MERCHANT, url: 'http://127.0.0.1:9/x' })).statusCode).toBe(201);
  });
});

describe('events', () => {
  it("announce a store's change to its merchant's endpoints once, signed, and never another merchant's", async () => {
    receiver = await startWebhookReceiver();
    const nordic = await endpointFor(NORDIC_MERCHANT, receiver.url);
    const fjall = await endpointFor(FJALL_MERCHANT, `${receiver.url}/fjall`);
    receiver.secrets.push(nordic.secret, fjall.secret);

    await renameMethod(DEMO_METHODS.invoice, 'Faktura (ny)');
    const [event] = await receiver.waitFor((r) => r.length >= 1);
    expect(event!.verifiedWith).toBe(nordic.secret);
    expect(event!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(event!.body).toMatchObject({
      type: 'payment_methods.changed',
      data: { storeId: STORE, paymentMethodIds: [DEMO_METHODS.invoice], reason: 'updated' },
    });
    expect(Date.parse(event!.body.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    // Nothing more comes: one event, one delivery.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.rejected).toEqual([]);

    // A change that changes nothing announces nothing.
    await renameMethod(DEMO_METHODS.invoice, 'Faktura (ny)');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(1);

    // The deliveries listing shows it with its one attempt.
    const deliveries = await deliveriesWhen(nordic.id, (all) => all.every((d) => d.state !== 'pending'));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      eventId: event!.id,
      state: 'succeeded',
      attempts: [{ statusCode: 204, succeeded: true }],
    });
    expect(((await admin('GET', `/webhook-endpoints/${fjall.id}/deliveries`)).json() as { content: unknown[] }).content).toEqual([]);

    // A retry on request sends the same event again, with the same webhook-id.
    const retried = await admin('POST', `/webhook-deliveries/${deliveries[0]!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    await receiver.waitFor((r) => r.length >= 2);
    expect(receiver.received[1]!.id).toBe(event!.id);
    expect(receiver.received[1]!.body).toEqual(event!.body);
    expect((await admin('POST', '/webhook-deliveries/7a3f8d9e-1b2c-4d5e-8f90-123456789abc/retry')).statusCode).toBe(404);

    // Fjäll Sport's change goes to Fjäll Sport's endpoint only.
    const fjallMethod = (await admin('GET', `/payment-methods?storeId=${OTHER_STORE}`)).json() as { content: Array<{ id: string }> };
    await renameMethod(fjallMethod.content[0]!.id, 'Renamed');
    await receiver.waitFor((r) => r.some((e) => e.body.data.storeId === OTHER_STORE));
    expect(receiver.received.filter((e) => e.body.data.storeId === OTHER_STORE).map((e) => e.verifiedWith)).toEqual([fjall.secret]);
  });

  it('are retried with the same webhook-id after a failure, and fail for good after the schedule', async () => {
    receiver = await startWebhookReceiver();
    const endpoint = await endpointFor(NORDIC_MERCHANT, receiver.url);
    receiver.secrets.push(endpoint.secret);
    // The first attempt of each event fails (500), the second succeeds.
    receiver.respond = (_event, attempt) => (attempt === 1 ? 500 : 200);
    await renameMethod(DEMO_METHODS.card, 'Kort (retry)');
    const [event] = await receiver.waitFor((r) => r.length >= 1);
    expect(receiver.attempts.get(event!.id)).toBe(2);
    const [delivery] = await deliveriesWhen(endpoint.id, (all) => all[0]?.state === 'succeeded');
    expect(delivery!.state).toBe('succeeded');
    expect(delivery!.attempts).toMatchObject([
      { statusCode: 500, error: 'HTTP 500', succeeded: false },
      { statusCode: 200, error: null, succeeded: true },
    ]);

    // Always failing: one attempt and the two retries of WEBHOOK_RETRY_SCHEDULE=1,1, then failed.
    receiver.respond = () => 503;
    await renameMethod(DEMO_METHODS.card, 'Kort (fails)');
    const failed = (await deliveriesWhen(endpoint.id, (all) => all.some((d) => d.state === 'failed'))).find((d) => d.state === 'failed');
    expect(failed?.attempts).toHaveLength(3);
    expect(service.ctx.webhookDispatcher.stats().attempts.failed).toBeGreaterThanOrEqual(1);
  });

  it('of a disabled endpoint wait: not counted as a backlog, and a retry on request refused until it is enabled', async () => {
    receiver = await startWebhookReceiver();
    const endpoint = await endpointFor(NORDIC_MERCHANT, receiver.url);
    receiver.secrets.push(endpoint.secret);
    receiver.respond = () => 'hang';
    await renameMethod(DEMO_METHODS.invoice, 'Faktura (disabled endpoint)');
    // Its attempt is in flight (the receiver holds it): the delivery is pending, and a backlog.
    await new Promise<void>((resolve) => {
      const check = () => (receiver!.pending.now > 0 ? resolve() : setTimeout(check, 25));
      check();
    });
    const outbox = new WebhookOutboxRepository(service.database.handle.db);
    expect(await outbox.oldestPendingAgeSeconds()).toBeGreaterThan(0);
    const [delivery] = await deliveriesWhen(endpoint.id, (all) => all.length === 1);

    const body = { merchantId: NORDIC_MERCHANT, url: receiver.url, description: 'tests' };
    expect((await admin('PUT', `/webhook-endpoints/${endpoint.id}`, { ...body, enabled: false })).statusCode).toBe(200);
    expect(await outbox.oldestPendingAgeSeconds()).toBe(0);
    const refused = await admin('POST', `/webhook-deliveries/${delivery!.id}/retry`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'WEBHOOK_ENDPOINT_DISABLED',
      message: `Webhook endpoint ${endpoint.id} is disabled: nothing is sent to it. Enable it (its pending deliveries then go out), then retry`,
    });

    // Enabled again, the retry is taken, and the delivery goes out.
    receiver.respond = () => 204;
    expect((await admin('PUT', `/webhook-endpoints/${endpoint.id}`, { ...body, enabled: true })).statusCode).toBe(200);
    expect((await admin('POST', `/webhook-deliveries/${delivery!.id}/retry`)).statusCode).toBe(202);
    const [event] = await receiver.waitFor((r) => r.length >= 1);
    expect(event!.id).toBe(delivery!.eventId);
  });

  it('are signed with the new and the previous secret for a day after a rotation', async () => {
    receiver = await startWebhookReceiver();
    const endpoint = await endpointFor(NORDIC_MERCHANT, receiver.url);
    const rotated = (await admin('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`)).json() as { secret: string };
    // A receiver still on the old secret verifies, and so does one on the new.
    receiver.secrets.push(endpoint.secret);
    await renameMethod(DEMO_METHODS.swish, 'Swish (rotated)');
    const [event] = await receiver.waitFor((r) => r.length >= 1);
    expect(event!.verifiedWith).toBe(endpoint.secret);
    const signatures = event!.signature.split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    const body = JSON.stringify(event!.body);
    const headers = { 'webhook-id': event!.id, 'webhook-timestamp': String(event!.timestamp), 'webhook-signature': event!.signature };
    expect(() => new Webhook(rotated.secret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(body, headers)).toThrow();
  });

  it("announce a window's opening at its boundary, and its closing", async () => {
    receiver = await startWebhookReceiver();
    const endpoint = await endpointFor(NORDIC_MERCHANT, receiver.url);
    receiver.secrets.push(endpoint.secret);
    const current = (await admin('GET', `/payment-methods/${DEMO_METHODS.swish}`)).json() as Record<string, unknown>;
    const opens = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    const closes = new Date(opens.getTime() + 1000);
    const put = await admin('PUT', `/payment-methods/${DEMO_METHODS.swish}`, {
      ...current,
      activeFrom: opens.toISOString(),
      activeUntil: closes.toISOString(),
    });
    expect(put.statusCode, put.body).toBe(200);
    await receiver.waitFor((r) => r.some((e) => e.body.data.reason === 'deactivated'));
    const reasons = receiver.received.map((e) => e.body.data.reason);
    expect(reasons).toEqual(['updated', 'activated', 'deactivated']);
    const activated = receiver.received[1]!;
    expect(activated.body).toMatchObject({
      timestamp: opens.toISOString(),
      data: { storeId: STORE, paymentMethodIds: [DEMO_METHODS.swish] },
    });
    // Within a second of the boundary.
    expect(activated.receivedAt - opens.getTime()).toBeGreaterThanOrEqual(0);
    expect(activated.receivedAt - opens.getTime()).toBeLessThan(1000);

    // A window rewritten before its boundary: the old boundary's event is cancelled.
    const later = new Date(Date.now() + 60_000);
    await admin('PUT', `/payment-methods/${DEMO_METHODS.swish}`, { ...current, activeFrom: new Date(Date.now() + 2000).toISOString() });
    await admin('PUT', `/payment-methods/${DEMO_METHODS.swish}`, { ...current, activeFrom: later.toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(receiver.received.filter((e) => e.body.data.reason === 'activated')).toHaveLength(1);
    await admin('PUT', `/payment-methods/${DEMO_METHODS.swish}`, current);
  });
});
