// Webhooks across real processes on PostgreSQL (docs/webhooks.md): two instances of dist/main.js on
// one database and a receiver that verifies with the `standardwebhooks` package. A change announced
// once whichever instance made it; another merchant's change not sent; a failure retried with the
// same webhook-id; kill -9 right after a committed change still delivers its event, through the
// other instance, to a receiver that refused every connection until the kill (the outbox);
// a rotation's two signatures; a window opening within a second on both instances, announced; and
// 1,000 changes delivered with no loss and no duplicate.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { groupIdOf } from '../../src/domain/group-id.ts';
import { demoCatalog, withAdminClient } from '../helpers/app.ts';
import { DEMO_METHODS, NORDIC, OTHER_STORE, STORE } from '../helpers/demo.ts';
import { buildDist, processEnvironment, startServer, type ProcessEnvironment, type ServerProcess } from '../helpers/process.ts';
import { startWebhookReceiver, type ReceivedEvent, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const ADMIN = { id: 'ops-admin', secret: 'ops-admin-secret-4f9b1c7e2d', merchantId: 'm-operator' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let environment: ProcessEnvironment;
let env: Record<string, string>;
let a: ServerProcess;
let b: ServerProcess;
let receiver: WebhookReceiver;
let nordicEndpoint: { id: string; secret: string };

async function tokenOf(server: ServerProcess, client: { id: string; secret: string }): Promise<string> {
  const response = await fetch(`${server.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function admin(server: ServerProcess, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.baseUrl}/admin/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${await adminToken(server)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

const tokens = new Map<ServerProcess, string>();
async function adminToken(server: ServerProcess): Promise<string> {
  if (!tokens.has(server)) tokens.set(server, await tokenOf(server, ADMIN));
  return tokens.get(server)!;
}

async function rename(server: ServerProcess, id: string, name: string): Promise<void> {
  const current = await admin(server, 'GET', `/payment-methods/${id}`);
  const put = await admin(server, 'PUT', `/payment-methods/${id}`, { ...current.json, name });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
}

beforeAll(async () => {
  buildDist();
  environment = await processEnvironment('webhooks', {}, {}, { migrated: true });
  const catalogFile = path.join(environment.workDir, 'catalog.json');
  await writeFile(catalogFile, JSON.stringify(withAdminClient(await demoCatalog(), ADMIN)));
  env = {
    ...environment.env,
    CATALOG_FILE: catalogFile,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1,1,1',
    RATE_LIMIT_MERCHANT_PER_MINUTE: '0',
    TOKEN_KEY_DERIVATIONS_PER_SECOND: '1000',
  };
  a = await startServer(env, 60_000);
  b = await startServer(env, 60_000);
  receiver = await startWebhookReceiver();
  const created = await admin(a, 'POST', '/webhook-endpoints', { merchantId: 'm-nordic-home', url: receiver.url });
  expect(created.status).toBe(201);
  nordicEndpoint = created.json as { id: string; secret: string };
  receiver.secrets.push(nordicEndpoint.secret);
}, 120_000);

afterAll(async () => {
  for (const server of [a, b]) {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  await receiver?.close();
  await environment?.close();
});

describe('webhooks across two instances on PostgreSQL', () => {
  it("announce a change once, whichever instance made it, and never another merchant's", async () => {
    receiver.received.length = 0;
    await rename(a, DEMO_METHODS.invoice, 'Faktura A');
    await rename(b, DEMO_METHODS.card, 'Kort B');
    const fjall = await admin(b, 'GET', `/payment-methods?storeId=${OTHER_STORE}`);
    await rename(b, fjall.json.content[0].id, 'Fjäll renamed');
    await receiver.waitFor((r) => r.length >= 2);
    await sleep(1500);
    expect(receiver.received.map((e) => e.body.data.paymentMethodIds[0]).sort()).toEqual([DEMO_METHODS.invoice, DEMO_METHODS.card].sort());
    expect(new Set(receiver.received.map((e) => e.id)).size).toBe(2);
    expect(receiver.received.every((e) => e.body.data.storeId === STORE)).toBe(true);
    expect(receiver.rejected).toEqual([]);
  });

  it('retry a failure with the same webhook-id', async () => {
    receiver.received.length = 0;
    receiver.respond = (_event, attempt) => (attempt < 3 ? 500 : 204);
    try {
      await rename(a, DEMO_METHODS.swish, 'Swish retried');
      const [event] = await receiver.waitFor((r) => r.length >= 1);
      expect(receiver.attempts.get(event!.id)).toBe(3);
      // The receiver answers before the delivering instance records the outcome: wait for the record.
      let deliveries = await admin(b, 'GET', `/webhook-endpoints/${nordicEndpoint.id}/deliveries?size=1`);
      for (const deadline = Date.now() + 15_000; deliveries.json.content[0]?.state === 'pending' && Date.now() < deadline;) {
        await sleep(50);
        deliveries = await admin(b, 'GET', `/webhook-endpoints/${nordicEndpoint.id}/deliveries?size=1`);
      }
      expect(deliveries.json.content[0]).toMatchObject({ eventId: event!.id, state: 'succeeded' });
      expect(deliveries.json.content[0].attempts.map((x: { statusCode: number }) => x.statusCode)).toEqual([500, 500, 204]);
    } finally {
      receiver.respond = () => 204;
    }
  });

  it('deliver the event of a change committed right before a kill -9, from the other instance, once', async () => {
    receiver.received.length = 0;
    // The receiver refuses connections until the instance that made the change is dead: nothing of
    // it can arrive before the kill, so what arrives after it came from the outbox, through b.
    await receiver.stopListening();
    let killedAt: number;
    try {
      const current = await admin(a, 'GET', `/payment-methods/${DEMO_METHODS.pp12}`);
      const put = await admin(a, 'PUT', `/payment-methods/${DEMO_METHODS.pp12}`, { ...current.json, name: 'Delbetalning (killed)' });
      // The answer says it committed; the instance dies at once, before, while or after it tried to send.
      a.child.kill('SIGKILL');
      expect(put.status).toBe(200);
      await a.exited;
      killedAt = Date.now();
    } finally {
      await receiver.listenAgain();
    }
    const concerns = (e: ReceivedEvent) => e.body.data.paymentMethodIds.includes(DEMO_METHODS.pp12);
    expect(receiver.received.filter(concerns)).toEqual([]);

    const [event] = (await receiver.waitFor((r) => r.some(concerns), 60_000)).filter(concerns);
    expect(event!.receivedAt).toBeGreaterThanOrEqual(killedAt);
    expect(event!.body.data.reason).toBe('updated');
    expect(event!.verifiedWith).toBe(nordicEndpoint.secret);
    // Verified with standardwebhooks again, here, from what was received.
    const headers = { 'webhook-id': event!.id, 'webhook-timestamp': String(event!.timestamp), 'webhook-signature': event!.signature };
    expect(() => new Webhook(nordicEndpoint.secret).verify(JSON.stringify(event!.body), headers)).not.toThrow();
    // Once: b records it succeeded, after the attempts the closed port refused (if any got that far).
    let delivery: { state: string; attempts: Array<{ succeeded: boolean; error: string | null }> } | undefined;
    for (const deadline = Date.now() + 15_000; delivery?.state !== 'succeeded' && Date.now() < deadline; await sleep(50)) {
      const page = await admin(b, 'GET', `/webhook-endpoints/${nordicEndpoint.id}/deliveries?size=20`);
      delivery = (page.json.content as Array<typeof delivery & { eventId: string }>).find((d) => d.eventId === event!.id);
    }
    expect(delivery?.state).toBe('succeeded');
    expect(delivery!.attempts.filter((x) => x.succeeded)).toHaveLength(1);
    expect(delivery!.attempts.filter((x) => !x.succeeded).every((x) => x.error!.startsWith('ECONNREFUSED'))).toBe(true);
    await sleep(1500);
    expect(receiver.received.filter(concerns)).toHaveLength(1);
    expect(receiver.attempts.get(event!.id)).toBe(1);
    expect(receiver.rejected).toEqual([]);
    tokens.delete(a);
    a = await startServer(env, 60_000);
  }, 90_000);

  it('sign with both secrets for a day after a rotation', async () => {
    receiver.received.length = 0;
    const rotated = await admin(b, 'POST', `/webhook-endpoints/${nordicEndpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    await rename(a, DEMO_METHODS.pp24, 'Delbetalning 24 (rotated)');
    const [event] = await receiver.waitFor((r) => r.length >= 1);
    expect(event!.verifiedWith).toBe(nordicEndpoint.secret);
    const headers = { 'webhook-id': event!.id, 'webhook-timestamp': String(event!.timestamp), 'webhook-signature': event!.signature };
    expect(event!.signature.split(' ')).toHaveLength(2);
    expect(() => new Webhook(rotated.json.secret as string).verify(JSON.stringify(event!.body), headers)).not.toThrow();
    receiver.secrets.push(rotated.json.secret as string);
  });

  it('open a window within a second on both instances, and announce it', async () => {
    receiver.received.length = 0;
    const merchantToken = await tokenOf(a, NORDIC);
    const current = await admin(a, 'GET', `/payment-methods/${DEMO_METHODS.swish}`);
    const opens = Math.ceil((Date.now() + 3000) / 1000) * 1000;
    const put = await admin(a, 'PUT', `/payment-methods/${DEMO_METHODS.swish}`, {
      ...current.json,
      activeFrom: new Date(opens).toISOString(),
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const session = await fetch(`${a.baseUrl}/v1/stores/${STORE}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${merchantToken}` },
    });
    const { id } = (await session.json()) as { id: string };
    const offered = async (server: ServerProcess) => {
      const response = await fetch(`${server.baseUrl}/v1/sessions/${id}/payment-method-groups?amount=500`);
      return ((await response.json()) as Array<{ id: string }>).some((g) => g.id === groupIdOf([DEMO_METHODS.swish]));
    };
    expect(await Promise.all([offered(a), offered(b)])).toEqual([false, false]);
    await sleep(opens + 1000 - Date.now());
    // A second past the boundary, with no request or restart in between: both offer it.
    expect(await Promise.all([offered(a), offered(b)])).toEqual([true, true]);
    const events = await receiver.waitFor((r) => r.some((e) => e.body.data.reason === 'activated'));
    const activated = events.find((e) => e.body.data.reason === 'activated')!;
    expect(activated.body).toMatchObject({ timestamp: new Date(opens).toISOString(), data: { paymentMethodIds: [DEMO_METHODS.swish] } });
    expect(events.filter((e) => e.body.data.reason === 'activated')).toHaveLength(1);
  }, 30_000);

  it('deliver 1,000 changes with no loss and no duplicate', async () => {
    receiver.received.length = 0;
    receiver.attempts.clear();
    const current = (await admin(a, 'GET', `/payment-methods/${DEMO_METHODS.pp36}`)).json;
    const started = performance.now();
    const servers = [a, b];
    let next = 0;
    // Ten writers, alternating between the instances.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = next++; i < 1000; i = next++) {
          const body = { ...current, name: `Delbetalning 36 #${i}` };
          let put = await admin(servers[i % 2]!, 'PUT', `/payment-methods/${DEMO_METHODS.pp36}`, body);
          // Ten writers of one row queue on its lock; on a machine loaded many times over a wait can
          // pass the statement time-out (3 s): 503, nothing written. A client retries it, as here, and
          // a 503 that had written would show as an event too many below.
          for (let retry = 0; put.status === 503 && retry < 10; retry++) {
            await sleep(200);
            put = await admin(servers[i % 2]!, 'PUT', `/payment-methods/${DEMO_METHODS.pp36}`, body);
          }
          expect(put.status, JSON.stringify(put.json)).toBe(200);
        }
      }),
    );
    const written = performance.now() - started;
    await receiver.waitFor((r) => r.length >= 1000, 120_000);
    const delivered = performance.now() - started;
    await sleep(1500);
    expect(receiver.received).toHaveLength(1000);
    expect(new Set(receiver.received.map((e) => e.id)).size).toBe(1000);
    expect([...receiver.attempts.values()].every((n) => n === 1)).toBe(true);
    expect(receiver.received.every((e) => e.body.data.reason === 'updated' && e.body.data.paymentMethodIds[0] === DEMO_METHODS.pp36)).toBe(
      true,
    );
    console.log(
      `1,000 changes through two instances: written in ${(written / 1000).toFixed(1)} s, all delivered ${(delivered / 1000).toFixed(1)} s after the first`,
    );
  }, 180_000);
});
