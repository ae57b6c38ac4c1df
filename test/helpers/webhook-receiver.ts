// A webhook receiver as a merchant would run one: it verifies every request with the `standardwebhooks`
// package (the Standard Webhooks reference library) against the secrets it was given, and records what
// it verified. `respond` decides each answer (default 204), so tests can make it fail, stall, answer
// late or redirect; the receiver can also stop listening (connections refused) and listen again on
// its port.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedEvent {
  id: string;
  timestamp: number;
  /** The signature header as sent: `v1,…` once per signing secret. */
  signature: string;
  body: { type: string; timestamp: string; data: { storeId: string; paymentMethodIds: string[]; reason: string } };
  /** The secret (of those given) that verified it. */
  verifiedWith: string;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  /** Verified requests, in arrival order (a retry appears again, with the same id). */
  received: ReceivedEvent[];
  /** Requests no given secret verified. */
  rejected: Array<{ headers: http.IncomingHttpHeaders; body: string; error: string }>;
  secrets: string[];
  /** Verified requests per webhook-id, accepted or not. */
  attempts: Map<string, number>;
  /** Verified requests not answered yet, and the most there have been at once. */
  pending: { now: number; peak: number };
  /** The status to answer, when (a promise: answered once it resolves), or 'hang': never. */
  respond: (event: ReceivedEvent, attempt: number) => number | 'hang' | Promise<number | 'hang'>;
  waitFor(condition: (received: ReceivedEvent[]) => boolean, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** Stops listening: connections to its port are refused until listenAgain(). */
  stopListening(): Promise<void>;
  /** Listens again on the same port. */
  listenAgain(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(secrets: string[] = []): Promise<WebhookReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const attempts = new Map<string, number>();
  let port = 0;
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    rejected: [],
    secrets,
    attempts,
    pending: { now: 0, peak: 0 },
    respond: () => 204,
    async waitFor(condition, timeoutMs = 15_000) {
      const started = Date.now();
      while (!condition(receiver.received)) {
        if (Date.now() - started > timeoutMs) {
          throw new Error(`webhooks never arrived as expected; received ${JSON.stringify(receiver.received.map((r) => r.body.data))}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return receiver.received;
    },
    stopListening: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    listenAgain: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      let verifiedWith: string | undefined;
      let lastError = 'no secret given';
      for (const secret of receiver.secrets) {
        try {
          new Webhook(secret).verify(body, headers);
          verifiedWith = secret;
          break;
        } catch (error) {
          lastError = (error as Error).message;
        }
      }
      if (!verifiedWith) {
        receiver.rejected.push({ headers: request.headers, body, error: lastError });
        response.writeHead(400).end();
        return;
      }
      const id = headers['webhook-id']!;
      const event: ReceivedEvent = {
        id,
        timestamp: Number(headers['webhook-timestamp']),
        signature: headers['webhook-signature']!,
        body: JSON.parse(body) as ReceivedEvent['body'],
        verifiedWith,
        receivedAt: Date.now(),
      };
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      receiver.pending.now += 1;
      receiver.pending.peak = Math.max(receiver.pending.peak, receiver.pending.now);
      void Promise.resolve(receiver.respond(event, attempt)).then((status) => {
        if (status === 'hang') {
          hanging.add(response);
          return;
        }
        receiver.pending.now -= 1;
        if (status >= 200 && status < 300) receiver.received.push(event);
        response.writeHead(status, status >= 300 && status < 400 ? { location: receiver.url } : {}).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  return receiver;
}
