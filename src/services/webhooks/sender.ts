// Sends one delivery attempt (docs/webhooks.md#delivery and #safety): a POST of the event's exact
// bytes, signed per Standard Webhooks 1.0 by the `standardwebhooks` package; success is a 2xx within
// the time-out, counted from the moment the request has its connection (the receiver's time, never
// a wait of ours). Redirects are not followed (a 3xx is a failure); the answer is read to at most
// 64 KiB and then dropped; the connection's address is checked when it is made (lib/public-address.ts).
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, hostOf, isPublicAddress } from '../../lib/public-address.ts';

/** A 2xx must arrive within this, from the moment the request has its connection. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Idle kept-alive connections kept per receiver (host and port) for the next attempts. */
const IDLE_CONNECTIONS_PER_RECEIVER = 8;
/** Bytes of an answer read (and kept for nothing but the connection's reuse); the rest is dropped. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface Signed {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The Standard Webhooks headers of a message: `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with
 * each secret, space-separated (during a rotation's overlap, the new secret's first).
 */
export function signedHeaders(id: string, at: Date, payload: string, secrets: readonly string[]): Signed {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    // sign() takes the time in whole seconds, as the header states it.
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, new Date(timestamp * 1000), payload)).join(' '),
  };
}

export interface AttemptResult {
  statusCode: number | undefined;
  /** Why it failed without an answer (refused address, time-out, connection error), or a non-2xx's short reason. */
  error: string | undefined;
  succeeded: boolean;
  durationMs: number;
}

export class WebhookSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(
    private readonly allowPrivate: boolean,
    private readonly userAgent: string,
    /** The attempt's time-out; tests shorten it, the service keeps ATTEMPT_TIMEOUT_MS. */
    private readonly timeoutMs = ATTEMPT_TIMEOUT_MS,
  ) {
    const lookup = guardedLookup(allowPrivate) as unknown as http.AgentOptions['lookup'];
    // Kept-alive connections, each one's address checked when it was made. No cap on connections
    // (maxSockets): a capped pool queues requests, and a queued request would spend its time-out
    // waiting for another's connection. The dispatcher bounds the attempts instead (per instance
    // and per endpoint), so every attempt gets a connection at once.
    const agentOptions = { keepAlive: true, maxFreeSockets: IDLE_CONNECTIONS_PER_RECEIVER, lookup };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
  }

  async send(target: string, headers: Signed, payload: string): Promise<AttemptResult> {
    let started = performance.now();
    const done = (result: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({ ...result, durationMs: performance.now() - started });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return done({ statusCode: undefined, error: 'the URL is not valid', succeeded: false });
    }
    // An IP literal is connected to without a lookup: checked here instead.
    const host = hostOf(url);
    if (!this.allowPrivate && isIP(host) && !isPublicAddress(host)) {
      return done({ statusCode: undefined, error: `${host} is not a public address`, succeeded: false });
    }
    if (url.protocol !== 'https:' && !(this.allowPrivate && url.protocol === 'http:')) {
      return done({ statusCode: undefined, error: 'only https:// URLs are delivered to', succeeded: false });
    }
    const body = Buffer.from(payload);
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(result));
      };
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            'user-agent': this.userAgent,
            ...headers,
          },
        },
        (response) => {
          // The status decides, as soon as it arrives; the body is read only to free the connection.
          const statusCode = response.statusCode ?? 0;
          const succeeded = statusCode >= 200 && statusCode < 300;
          finish({ statusCode, error: succeeded ? undefined : `HTTP ${statusCode}`, succeeded });
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            // Bounded: a receiver that answers without end is cut off.
            if (read > MAX_RESPONSE_BYTES) response.destroy();
          });
          response.on('error', () => {});
          // A body still coming after the time-out is cut off too.
          const cutOff = setTimeout(() => response.destroy(), this.timeoutMs).unref();
          response.on('close', () => clearTimeout(cutOff));
        },
      );
      // The receiver's time starts when the request has its connection (a new one: from the name's
      // lookup and the connect on; a kept-alive one: at once), and so does durationMs.
      request.once('socket', () => {
        started = performance.now();
        timer = setTimeout(() => {
          finish({ statusCode: undefined, error: `no answer within ${this.timeoutMs / 1000} s`, succeeded: false });
          request.destroy();
        }, this.timeoutMs);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        finish({ statusCode: undefined, error: error.code ? `${error.code}: ${error.message}` : error.message, succeeded: false });
      });
      request.end(body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
