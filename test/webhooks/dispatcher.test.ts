// The dispatcher against slow and hanging receivers (services/webhooks/dispatcher.ts,
// docs/webhooks.md#safety), on both databases. A receiver that answers within the time-out succeeds
// however many of its deliveries are due at once: the time-out counts the receiver's time, never a
// wait for a connection, and no more attempts go to one endpoint than it gets connections for. A
// hanging receiver holds its share of the slots only: another merchant's event goes out beside it.
// The time-out is shortened for the first test (the service's is 10 s); the second keeps it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PER_ENDPOINT_CONCURRENCY, WebhookDispatcher } from '../../src/services/webhooks/dispatcher.ts';
import { WebhookOutboxRepository } from '../../src/storage/repositories/webhook-outbox.ts';
import { demoCatalog, issueToken, startTestService, type TestService, withAdminClient } from '../helpers/app.ts';
import { DEMO_METHODS, OTHER_STORE, STORE } from '../helpers/demo.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { adminCalls } from './admin-calls.ts';

const ADMIN = { id: 'ops-admin', secret: 'ops-admin-secret-4f9b1c7e2d', merchantId: 'm-operator' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let service: TestService;
let token: string;
const { admin, endpointFor, deleteEndpoints } = adminCalls(() => ({ service, token }));
let receiver: WebhookReceiver | undefined;
let dispatcher: WebhookDispatcher | undefined;

beforeAll(async () => {
  // The context's own dispatcher is not started: each test runs its own.
  service = await startTestService({ catalog: withAdminClient(await demoCatalog(), ADMIN), env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  token = await issueToken(service.app, ADMIN.id, ADMIN.secret);
  // The catalog's own events (its creation) are done with before any endpoint exists: they go nowhere.
  await new WebhookOutboxRepository(service.database.handle.db).fanOutDueEvents(1000);
});

afterAll(async () => {
  await service?.close();
});

afterEach(async () => {
  // The receiver first: its hanging answers end, and with them the attempts the dispatcher waits for.
  await receiver?.close();
  await dispatcher?.stop();
  receiver = undefined;
  dispatcher = undefined;
  await deleteEndpoints();
});

/** `count` separate writes of one method: `count` events of its store. */
async function renames(methodId: string, count: number, label: string): Promise<void> {
  const current = (await admin('GET', `/payment-methods/${methodId}`)).json() as Record<string, unknown>;
  for (let i = 0; i < count; i++) {
    const response = await admin('PUT', `/payment-methods/${methodId}`, { ...current, name: `${label} #${i}` });
    expect(response.statusCode, response.body).toBe(200);
  }
}

interface Delivery {
  eventId: string;
  state: string;
  attempts: Array<{ statusCode: number | null; error: string | null; succeeded: boolean }>;
}

async function deliveriesWhen(endpointId: string, settled: (deliveries: Delivery[]) => boolean): Promise<Delivery[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const page = (await admin('GET', `/webhook-endpoints/${endpointId}/deliveries?size=1000`)).json() as { content: Delivery[] };
    if (settled(page.content) || Date.now() > deadline) return page.content;
    await sleep(50);
  }
}

describe('the dispatcher', () => {
  it('counts a 2xx within the time-out as success however many deliveries of one receiver are due at once', async () => {
    // Each answer takes 4/7 of the time-out: an attempt that waited for another's answer before its
    // own would pass the time-out (4 s of 3.5), and one that did not has 1.5 s to spare on a busy machine.
    const timeoutMs = 3500;
    const answerMs = 2000;
    receiver = await startWebhookReceiver();
    const endpoint = await endpointFor('m-nordic-home', receiver.url);
    receiver.secrets.push(endpoint.secret);
    receiver.respond = () => sleep(answerMs).then(() => 204);
    const count = 2 * DEFAULT_PER_ENDPOINT_CONCURRENCY;
    await renames(DEMO_METHODS.invoice, count, 'Faktura (slow receiver)');

    dispatcher = new WebhookDispatcher(service.database.handle.db, {
      retrySchedule: [3600],
      allowPrivate: true,
      attemptTimeoutMs: timeoutMs,
      pollIntervalMs: 100,
    });
    dispatcher.start();
    // Settled once each has had its attempt (a failed one would wait an hour for the next).
    const deliveries = await deliveriesWhen(endpoint.id, (all) => all.length === count && all.every((d) => d.attempts.length > 0));
    expect(deliveries.map((d) => d.state)).toEqual(Array(count).fill('succeeded'));
    // One attempt each, a 204, none timed out; and so each event reached the receiver once.
    expect(deliveries.flatMap((d) => d.attempts.map((a) => [a.statusCode, a.error]))).toEqual(Array(count).fill([204, null]));
    expect(receiver.received).toHaveLength(count);
    expect([...receiver.attempts.values()]).toEqual(Array(count).fill(1));
    expect(receiver.pending.peak).toBeLessThanOrEqual(DEFAULT_PER_ENDPOINT_CONCURRENCY);
    expect(dispatcher.stats().attempts).toEqual({ succeeded: count, retrying: 0, failed: 0 });
  });

  it("delivers another merchant's event while a hanging receiver holds its share of the slots", async () => {
    receiver = await startWebhookReceiver();
    const hanging = await endpointFor('m-nordic-home', `${receiver.url}/hanging`);
    const other = await endpointFor('m-fjall-sport', `${receiver.url}/other`);
    receiver.secrets.push(hanging.secret, other.secret);
    receiver.respond = (event) => (event.verifiedWith === hanging.secret ? 'hang' : 204);
    // More due deliveries of the hanging endpoint than the instance has slots.
    await renames(DEMO_METHODS.card, 40, 'Kort (hanging receiver)');

    dispatcher = new WebhookDispatcher(service.database.handle.db, { retrySchedule: [3600], allowPrivate: true, pollIntervalMs: 100 });
    dispatcher.start();
    await receiver.waitFor(() => receiver!.pending.now >= DEFAULT_PER_ENDPOINT_CONCURRENCY);
    const fjall = (await admin('GET', `/payment-methods?storeId=${OTHER_STORE}`)).json() as { content: Array<{ id: string }> };
    await renames(fjall.content[0]!.id, 1, 'Fjäll (beside a hanging receiver)');

    const [event] = await receiver.waitFor((r) => r.length >= 1);
    expect(event!.verifiedWith).toBe(other.secret);
    expect(event!.body.data.storeId).not.toBe(STORE);
    // It went out while the hanging receiver's attempts were all still waiting for their answers
    // (none has ended: none waited for one to time out), and only its share of them had been sent.
    expect(dispatcher.stats().attempts).toMatchObject({ retrying: 0, failed: 0 });
    expect(receiver.pending.now).toBe(DEFAULT_PER_ENDPOINT_CONCURRENCY);
    expect(receiver.attempts.size).toBe(DEFAULT_PER_ENDPOINT_CONCURRENCY + 1);
  });
});
