// One delivery attempt (services/webhooks/sender.ts, docs/webhooks.md#safety), without the outbox:
// what is refused before anything is sent (an invalid URL, a private IP literal, http://), a name
// refused by what it resolves to when the connection is made (the rebinding guard of
// lib/public-address.ts, which the admin API's own check at creation cannot replace), and with
// WEBHOOK_ALLOW_PRIVATE what a receiver verifying with `standardwebhooks` answers: a 2xx succeeds,
// anything else fails with its status, and a redirect is not followed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedHeaders, WebhookSender } from '../../src/services/webhooks/sender.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const PAYLOAD = JSON.stringify({
  type: 'payment_methods.changed',
  timestamp: '2026-11-25T12:00:00.000Z',
  data: { storeId: '84d19995-8ee7-4639-8e25-13b1691ccac6', paymentMethodIds: [], reason: 'updated' },
});

let receiver: WebhookReceiver;

beforeEach(async () => {
  receiver = await startWebhookReceiver([SECRET]);
});

afterEach(async () => {
  await receiver.close();
});

function attempt(sender: WebhookSender, url: string, id = 'msg_0123456789abcdef0123456789abcdef') {
  return sender.send(url, signedHeaders(id, new Date(), PAYLOAD, [SECRET]), PAYLOAD);
}

describe('a delivery attempt to public addresses only (the default)', () => {
  const sender = new WebhookSender(false, 'tests');

  it('is refused before anything is sent for an invalid URL, a private IP literal or http://', async () => {
    const port = new URL(receiver.url).port;
    const refusals: Array<[string, string]> = [
      ['not a url', 'the URL is not valid'],
      [`https://127.0.0.1:${port}/hooks`, '127.0.0.1 is not a public address'],
      ['https://[::1]/hooks', '::1 is not a public address'],
      ['https://10.1.2.3/hooks', '10.1.2.3 is not a public address'],
      ['http://93.184.215.14/hooks', 'only https:// URLs are delivered to'],
    ];
    for (const [url, error] of refusals) {
      expect(await attempt(sender, url), url).toMatchObject({ statusCode: undefined, error, succeeded: false });
    }
    expect(receiver.attempts.size).toBe(0);
  });

  it('refuses a name by the address it resolves to when connecting', async () => {
    // localhost is not an IP literal: only the lookup made for the connection can refuse it.
    const result = await attempt(sender, `https://localhost:${new URL(receiver.url).port}/hooks`);
    expect(result.succeeded).toBe(false);
    expect(result.statusCode).toBeUndefined();
    expect(result.error).toMatch(/^ERR_WEBHOOK_ADDRESS_BLOCKED: localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/);
    expect(receiver.attempts.size).toBe(0);
  });
});

describe('a delivery attempt with WEBHOOK_ALLOW_PRIVATE=true', () => {
  const sender = new WebhookSender(true, 'tests');

  it('succeeds on a 2xx, the request verified by the receiver, to a name as to an address', async () => {
    const viaName = receiver.url.replace('127.0.0.1', 'localhost');
    const result = await attempt(sender, viaName, 'msg_00000000000000000000000000000001');
    expect(result).toMatchObject({ statusCode: 204, error: undefined, succeeded: true });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(await attempt(sender, receiver.url, 'msg_00000000000000000000000000000002')).toMatchObject({ statusCode: 204, succeeded: true });
    expect(receiver.received.map((event) => [event.id, event.body])).toEqual([
      ['msg_00000000000000000000000000000001', JSON.parse(PAYLOAD)],
      ['msg_00000000000000000000000000000002', JSON.parse(PAYLOAD)],
    ]);
    expect(receiver.rejected).toEqual([]);
  });

  it('fails on any other status with that status, and follows no redirect', async () => {
    receiver.respond = () => 500;
    expect(await attempt(sender, receiver.url)).toMatchObject({ statusCode: 500, error: 'HTTP 500', succeeded: false });
    receiver.respond = () => 302;
    expect(await attempt(sender, receiver.url, 'msg_00000000000000000000000000000003')).toMatchObject({
      statusCode: 302,
      error: 'HTTP 302',
      succeeded: false,
    });
    // The redirect's target (the receiver itself) was not asked again.
    expect(receiver.attempts.get('msg_00000000000000000000000000000003')).toBe(1);
    expect(await attempt(sender, 'ftp://127.0.0.1/hooks')).toMatchObject({ error: 'only https:// URLs are delivered to' });
  });

  it('counts the time-out from the connection on: an answer within it succeeds, none fails', async () => {
    const quick = new WebhookSender(true, 'tests', 1000);
    receiver.respond = () => new Promise((resolve) => setTimeout(() => resolve(204), 300));
    const answered = await attempt(quick, receiver.url, 'msg_00000000000000000000000000000004');
    expect(answered).toMatchObject({ statusCode: 204, succeeded: true });
    expect(answered.durationMs).toBeGreaterThanOrEqual(250);
    receiver.respond = () => 'hang';
    const hung = await attempt(quick, receiver.url, 'msg_00000000000000000000000000000005');
    expect(hung).toMatchObject({ statusCode: undefined, error: 'no answer within 1 s', succeeded: false });
    expect(hung.durationMs).toBeGreaterThanOrEqual(950);
    quick.close();
  });

  it('fails with the connection error when nothing listens', async () => {
    const closed = receiver.url;
    await receiver.close();
    const result = await attempt(sender, closed);
    expect(result).toMatchObject({ statusCode: undefined, succeeded: false });
    expect(result.error).toMatch(/^ECONNREFUSED: /);
    receiver = await startWebhookReceiver([SECRET]);
  });
});
