// Limits and headers (SECURITY.md), through inject() and over real sockets:
// - every JSON and form endpoint refuses a body over 64 KiB (413), a JSON body nested deeper than
//   32 levels or not UTF-8 (400), quickly, and a JSON object naming a member twice (400);
// - what Node refuses before Fastify sees a request (malformed requests, headers over 32 KiB,
//   clients too slow to send their headers or body) and URLs the router cannot decode are
//   answered in the documented JSON error shape (docs/errors.md#error-body), and slow clients are cut off;
// - an amount of 20,000 digits fits in the 32 KiB header limit and answers 200 [] (docs/session-api.md#eligibility);
// - security headers on every answer, CSP on the HTML pages, CORS exactly as docs/session-api.md#cors says;
// - nothing of a refused request (its Authorization header) reaches the log.
import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HTTP_LIMITS, httpServerOptions } from '../../src/http/plugins/http-limits.ts';
import { BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from '../../src/http/plugins/json-body.ts';
import { registeredRoutes } from '../../src/http/openapi/openapi.ts';
import {
  FJALL,
  NORDIC,
  OPERATOR,
  STORE,
  catalogSnapshot,
  startSecurityService,
  tokenFor,
  type SecurityService,
} from '../helpers/security.ts';

type Response = LightMyRequestResponse;

/** Small time-outs so that slow clients are cut off within a test's patience. */
const LIMITS = {
  headersTimeoutMs: 400,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 300,
  connectionTimeoutMs: 3000,
  timeoutCheckIntervalMs: 50,
};

let service: SecurityService;
let port: number;
const token = { nordic: '', fjall: '', operator: '' };
let session: string;

beforeAll(async () => {
  service = await startSecurityService({ demo: true, httpLimits: LIMITS });
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  port = (service.app.server.address() as AddressInfo).port;
  token.nordic = await tokenFor(service.app, NORDIC);
  token.fjall = await tokenFor(service.app, FJALL);
  token.operator = await tokenFor(service.app, OPERATOR);
  const created = await service.app.inject({
    method: 'POST',
    url: `/v1/stores/${STORE}/sessions`,
    headers: { authorization: `Bearer ${token.nordic}` },
  });
  session = (created.json() as { id: string }).id;
});

afterAll(async () => {
  await service?.close();
});

function expectJsonError(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code?: string,
): { message: string; code: string } {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(response.body) as { message: string; code: string };
  expect(typeof body.message).toBe('string');
  expect(typeof body.code).toBe('string');
  if (code) expect(body.code).toBe(code);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Bodies, through inject().

/** The routes that take a body, with what each needs to get as far as reading it. */
function bodyRoutes(): Array<{ key: string; request: (payload: string | Buffer, contentType?: string) => InjectOptions }> {
  const ids: Record<string, string> = {
    storeId: STORE,
    clientId: 'nobody',
  };
  return (
    registeredRoutes(service.app)
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      // The console's forms answer with pages: their body limit is tested with them (test/console).
      .filter((r) => !r.url.startsWith('/console'))
      .map((r) => {
        const url = r.url.replace(
          /:(\w+)/g,
          (_m, name: string) =>
            ids[name] ?? (r.url.startsWith('/admin/v1/merchants') ? 'm-nobody' : '00000000-0000-4000-8000-00000000abcd'),
        );
        const authorization = r.url.startsWith('/admin/')
          ? `Bearer ${token.operator}`
          : r.url.startsWith('/v1/') || r.url.startsWith('/v2/')
            ? `Bearer ${token.nordic}`
            : undefined;
        const form = r.url === '/oauth2/token';
        return {
          key: `${r.method} ${r.url}`,
          request: (payload, contentType = form ? 'application/x-www-form-urlencoded' : 'application/json') => ({
            method: r.method,
            url,
            headers: { 'content-type': contentType, ...(authorization ? { authorization } : {}) },
            payload,
          }),
        };
      })
  );
}

/** A body of exactly `bytes` bytes of the endpoint's media type. */
function bodyOf(bytes: number, form: boolean): string {
  if (form) return `padding=${'x'.repeat(bytes - 'padding='.length)}`;
  return `{"padding":"${'x'.repeat(bytes - '{"padding":""}'.length)}"}`;
}

describe('request bodies', () => {
  it('every JSON and form endpoint refuses a body over 64 KiB with 413, and reads one of exactly 64 KiB', async () => {
    const routes = bodyRoutes();
    // Session creation, the admin PUTs, secret rotation, the deletes, the token endpoint, the demo shop.
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const before = await catalogSnapshot(service.database.handle);
    const problems: string[] = [];
    for (const route of routes) {
      const form = route.key === 'POST /oauth2/token';
      const over = await service.app.inject(route.request(bodyOf(BODY_LIMIT_BYTES + 1, form)));
      if (over.statusCode !== 413) problems.push(`${route.key}: ${over.statusCode} for 64 KiB + 1`);
      const body = over.json() as Record<string, unknown>;
      if (form ? body.error !== 'invalid_request' : body.code !== 'PAYLOAD_TOO_LARGE') problems.push(`${route.key}: ${over.body}`);
      const huge = await service.app.inject(route.request(bodyOf(4 * 1024 * 1024, form)));
      if (huge.statusCode !== 413) problems.push(`${route.key}: ${huge.statusCode} for 4 MiB`);
      const exactly = await service.app.inject(route.request(bodyOf(BODY_LIMIT_BYTES, form)));
      if (exactly.statusCode === 413 || exactly.statusCode >= 500) problems.push(`${route.key}: ${exactly.statusCode} for exactly 64 KiB`);
    }
    expect(problems).toEqual([]);
    expect(await catalogSnapshot(service.database.handle)).toEqual(before);
  });

  // Refused before any parse: JSON.parse never sees such a body (a parse first would spend its time, and its
  // stack, on 10,000 levels). Checked by what runs, not by a clock: the suite judges no time.
  it(`every JSON endpoint refuses nesting deeper than ${MAX_JSON_DEPTH} levels with 400, before parsing it (10,000 levels)`, async () => {
    const deepBodies = [
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      `{"a":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`,
      // Unbalanced, as an attacker would not bother to close them.
      '['.repeat(60_000),
    ];
    const problems: string[] = [];
    const parse = vi.spyOn(JSON, 'parse');
    try {
      for (const route of bodyRoutes().filter((r) => r.key !== 'POST /oauth2/token')) {
        for (const payload of deepBodies) {
          parse.mockClear();
          const response = await service.app.inject(route.request(payload));
          if (response.statusCode !== 400) problems.push(`${route.key}: ${response.statusCode} for ${payload.length} bytes of nesting`);
          else if ((response.json() as { message: string }).message !== `Request body nests deeper than ${MAX_JSON_DEPTH} levels`)
            problems.push(`${route.key}: ${response.body}`);
          // The answer's own body is parsed above, after the request: only the request's body counts here.
          if (parse.mock.calls.some(([text]) => String(text) === payload))
            problems.push(`${route.key}: parsed ${payload.length} bytes of nesting`);
        }
      }
    } finally {
      parse.mockRestore();
    }
    expect(problems).toEqual([]);
  });

  it('reads nesting up to the limit, and brackets inside strings are text', async () => {
    const create = (payload: string) =>
      service.app.inject({
        method: 'POST',
        url: `/v1/stores/${STORE}/sessions`,
        headers: { authorization: `Bearer ${token.nordic}`, 'content-type': 'application/json' },
        payload,
      });
    const deepest = `{"a":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    expect((await create(deepest)).statusCode).toBe(201);
    expect((await create(JSON.stringify({ note: '[{'.repeat(20_000), quoted: '\\"[[[' }))).statusCode).toBe(201);
  });

  it('every JSON endpoint refuses a NUL character (which PostgreSQL text cannot hold) with 400, writing nothing', async () => {
    const before = await catalogSnapshot(service.database.handle);
    const problems: string[] = [];
    for (const route of bodyRoutes().filter((r) => r.key !== 'POST /oauth2/token')) {
      for (const payload of ['{"campaign":"a\\u0000b"}', '{"name":"\\u0000"}', '{"\\u0000":1}', '{"a":["x","\\\\\\u0000"]}']) {
        const response = await service.app.inject(route.request(payload));
        const message = response.statusCode === 400 ? (response.json() as { message: string }).message : '';
        if (!message.includes('NUL')) problems.push(`${route.key} ${payload}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await catalogSnapshot(service.database.handle)).toEqual(before);
    // An escaped backslash followed by "u0000" is text, not NUL.
    const text = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${token.nordic}`, 'content-type': 'application/json' },
      payload: '{"campaign":"\\\\u0000"}',
    });
    expect(text.statusCode).toBe(201);
  });

  it('every JSON endpoint refuses an object naming a member twice, at any depth, with 400 naming it, writing nothing', async () => {
    const before = await catalogSnapshot(service.database.handle);
    const bodies: Array<[string, string]> = [
      ['{"locale":"sv-SE","locale":"en"}', 'locale'],
      ['{"campaign":"a","name":"x","campaign":"b"}', 'campaign'],
      ['{"plans":[{"name":"a"},{"name":"b","name":"c"}]}', 'plans[1].name'],
      ['{"translations":{"en":{"name":"a"},"e\\u006e":{}}}', 'translations.en'],
    ];
    const problems: string[] = [];
    for (const route of bodyRoutes().filter((r) => r.key !== 'POST /oauth2/token')) {
      for (const [payload, name] of bodies) {
        const response = await service.app.inject(route.request(payload));
        const body = response.json() as { code?: string; parameters?: Record<string, string> };
        if (response.statusCode !== 400 || body.code !== 'DUPLICATE_BODY_MEMBER' || body.parameters?.[name] !== 'may be given only once')
          problems.push(`${route.key} ${payload}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await catalogSnapshot(service.database.handle)).toEqual(before);
  });

  it('an admin body with many unknown fields is still checked whole (found by the fuzzer: 8 were enough to skip it)', async () => {
    const before = await catalogSnapshot(service.database.handle);
    const junk = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`unknown${i}`, i]));
    const bodies: Array<[string, Record<string, unknown>]> = [
      ['/admin/v1/merchants/m-junk', { ...junk, name: null }],
      ['/admin/v1/stores/00000000-0000-4000-8000-00000000beef', { ...junk, merchantId: 'm-nordic-home', name: 'x', currency: 42 }],
      ['/admin/v1/clients/junk-client', { ...junk, merchantId: 'm-nordic-home', scopes: 'admin' }],
    ];
    for (const [url, body] of bodies) {
      const response = await service.app.inject({
        method: 'PUT',
        url,
        headers: { authorization: `Bearer ${token.operator}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expectJsonError(response, 400, 'ADMIN_VALIDATION_FAILED');
      expect((response.json() as { message: string }).message).toContain('unknown0: is not a known field');
    }
    expect(await catalogSnapshot(service.database.handle)).toEqual(before);
  });

  it('refuses a JSON body that is not UTF-8 (400), and reads one that is', async () => {
    const create = (payload: Buffer) =>
      service.app.inject({
        method: 'POST',
        url: `/v1/stores/${STORE}/sessions`,
        headers: { authorization: `Bearer ${token.nordic}`, 'content-type': 'application/json' },
        payload,
      });
    const invalid = [
      [0xff, 0xfe],
      [0xc3, 0x28], // a lead byte without its continuation
      [0xed, 0xa0, 0x80], // an encoded surrogate
      [0xf8, 0x88, 0x80, 0x80, 0x80], // a five-byte form
      [0xc0, 0xaf], // an overlong '/'
    ];
    for (const bytes of invalid) {
      const body = expectJsonError(
        await create(Buffer.concat([Buffer.from('{"campaign":"'), Buffer.from(bytes), Buffer.from('"}')])),
        400,
        'MALFORMED_JSON',
      );
      expect(body.message).toBe('Request body is not valid JSON');
    }
    expect((await create(Buffer.from('{"campaign":"Vår-rea 🛋️"}'))).statusCode).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------
// Over real sockets.

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection. */
  closed: boolean;
  /** From the first byte sent to the close (or to giving up waiting). */
  ms: number;
}

type Step = string | Buffer | { waitMs: number };

/**
 * Writes the steps to a fresh connection (stopping when the server closes it), then waits for the
 * close up to `patienceMs`, and parses the first HTTP answer.
 */
async function rawExchange(steps: Step[], patienceMs = 1500): Promise<RawAnswer> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const started = performance.now();
  let received = Buffer.alloc(0);
  let closedAt: number | undefined;
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closedAt = performance.now();
      resolve();
    }),
  );
  for (const step of steps) {
    if (closedAt !== undefined || socket.destroyed) break;
    if (typeof step === 'object' && !Buffer.isBuffer(step)) await new Promise((resolve) => setTimeout(resolve, step.waitMs));
    else socket.write(step);
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, patienceMs))]);
  socket.destroy();
  const text = received.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = (end < 0 ? text : text.slice(0, end)).split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const length = Number(headers['content-length'] ?? 0);
  const body =
    end < 0
      ? ''
      : Buffer.from(text.slice(end + 4), 'latin1')
          .subarray(0, length)
          .toString('utf8');
  return {
    status: Number(statusLine.split(' ')[1] ?? 0),
    headers,
    body,
    closed: closedAt !== undefined,
    ms: (closedAt ?? performance.now()) - started,
  };
}

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('over a real socket: what Node refuses before any route, in the documented error shape (docs/errors.md#error-body)', () => {
  it('a malformed request: 400 {message, code}, no-store, and the connection closed', async () => {
    const malformed = [
      'GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n',
      'GARBAGE\r\n\r\n',
      'GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n',
      'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
      'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n',
    ];
    for (const request of malformed) {
      const answer = await rawExchange([request]);
      expectJsonError({ statusCode: answer.status, headers: answer.headers, body: answer.body }, 400, 'INVALID_REQUEST');
      expect(answer.headers.connection).toBe('close');
      expect(answer.closed).toBe(true);
    }
  });

  it('headers over 32 KiB, or a URL that long: 431 {message, code}, and nothing of them in the log', async () => {
    const secretToken = `eyJ.${'s'.repeat(40 * 1024)}.sig-${crypto.randomUUID()}`;
    const cases = [
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(40 * 1024)}\r\n\r\n`,
      `GET /v1/sessions/${session}/payment-method-groups?amount=${'9'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /v2/stores/${STORE}/payment_methods HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secretToken}\r\n\r\n`,
      `GET /healthz HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 2000 }, (_, i) => `X-H${i}: ${'v'.repeat(16)}`).join('\r\n')}\r\n\r\n`,
    ];
    for (const request of cases) {
      const answer = await rawExchange([request]);
      const body = expectJsonError(
        { statusCode: answer.status, headers: answer.headers, body: answer.body },
        431,
        'REQUEST_HEADERS_TOO_LARGE',
      );
      expect(body.message).toBe('The request line and headers exceed the limit of 32768 bytes');
      expect(answer.closed).toBe(true);
    }
    expect(service.lines.join('\n')).not.toContain(secretToken.slice(-40));
  });

  it('an amount of 20,000 digits fits (200, []); so does a 20 KiB token in the header (401, not 431)', async () => {
    const groups = await get(`/v1/sessions/${session}/payment-method-groups?amount=${'9'.repeat(20_000)}`);
    expect(groups.statusCode).toBe(200);
    expect(JSON.parse(groups.body)).toEqual([]);
    const big = await get(`/v2/stores/${STORE}/payment_methods`, { authorization: `Bearer ${'a'.repeat(20 * 1024)}` });
    expectJsonError(big, 401, 'INVALID_TOKEN');
  });

  it('a URL the router cannot decode: 400 {message, code}, not echoing it', async () => {
    for (const path of [
      '/v1/sessions/%E0%A4%A/payment-method-groups?amount=1',
      '/v1/sessions/%/payment-method-groups?amount=1',
      '/%c0%af%c0%af',
    ]) {
      const response = await get(path);
      const body = expectJsonError(response, 400, 'INVALID_REQUEST');
      expect(body.message).toBe('The request URL is malformed (invalid percent-encoding)');
      expect(response.headers['x-request-id']).toBeDefined();
    }
  });

  it('paths that try to leave the static folders (as sent, not normalized by a client): a JSON 404 or 400, never a file', async () => {
    const paths = [
      '/docs/static/../../../package.json',
      '/docs/static/..%2f..%2f..%2fpackage.json',
      '/docs/static/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/docs/static/%2e%2e%5c%2e%2e%5cpackage.json',
      '/docs/static/\\..\\..\\package.json',
      '/docs/static/....//....//package.json',
      '/docs/static/%252e%252e/%252e%252e/package.json',
      '/docs/static/swagger-ui-bundle.js%00.json',
      '/docs/static/.env',
      '/embed/..%2f..%2fpackage.json',
      '/embed/../../package.json',
      '/demo/../package.json',
    ];
    for (const path of paths) {
      const answer = await rawExchange([`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`]);
      expect([400, 404], `${path}: ${answer.status} ${answer.body.slice(0, 100)}`).toContain(answer.status);
      expectJsonError({ statusCode: answer.status, headers: answer.headers, body: answer.body }, answer.status);
      expect(answer.body).not.toContain('payment-method-sessions');
    }
  });

  it('the Authorization header twice: 401 (Node keeps only the first; the service refuses both)', async () => {
    const request = `GET /v2/stores/${STORE}/payment_methods HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token.nordic}\r\nAuthorization: Bearer ${token.fjall}\r\nConnection: close\r\n\r\n`;
    const answer = await rawExchange([request]);
    const body = expectJsonError({ statusCode: answer.status, headers: answer.headers, body: answer.body }, 401, 'INVALID_TOKEN');
    expect(body.message).toMatch(/more than one Authorization header/);
  });

  it(`a client sending its headers slowly (slowloris) gets 408 and is cut off after headersTimeout (${LIMITS.headersTimeoutMs} ms here)`, async () => {
    const trickle: Step[] = ['GET /healthz HTTP/1.1\r\nHost: x\r\n'];
    for (let i = 0; i < 40; i += 1) trickle.push({ waitMs: 50 }, `X-Slow-${i}: y\r\n`);
    const answer = await rawExchange(trickle);
    expectJsonError({ statusCode: answer.status, headers: answer.headers, body: answer.body }, 408, 'REQUEST_TIMEOUT');
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
    expect(answer.ms).toBeLessThan(LIMITS.headersTimeoutMs + 600);
  });

  it(`a client sending its body slowly gets 408 and is cut off after requestTimeout (${LIMITS.requestTimeoutMs} ms here)`, async () => {
    const trickle: Step[] = [
      'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n',
    ];
    for (let i = 0; i < 40; i += 1) trickle.push({ waitMs: 50 }, 'a');
    const answer = await rawExchange(trickle);
    expectJsonError({ statusCode: answer.status, headers: answer.headers, body: answer.body }, 408, 'REQUEST_TIMEOUT');
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50);
    expect(answer.ms).toBeLessThan(LIMITS.requestTimeoutMs + 600);
  });

  it(`an idle keep-alive connection is closed after keepAliveTimeout (${LIMITS.keepAliveTimeoutMs} ms here)`, async () => {
    const answer = await rawExchange(['GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'], 2000);
    expect(answer.status).toBe(200);
    expect(answer.closed).toBe(true);
    // Node 24 adds a second of grace (keepAliveTimeoutBuffer).
    expect(answer.ms).toBeLessThan(LIMITS.keepAliveTimeoutMs + 1500);
  });

  it('keeps serving: a normal request over the socket afterwards', async () => {
    const health = await get('/healthz');
    expect(health.statusCode).toBe(200);
  });
});

describe('the limits in production', () => {
  it(`are ${DEFAULT_HTTP_LIMITS.maxHeaderBytes} header bytes, headers in 10 s, requests in 30 s, keep-alive 72 s, idle sockets 120 s`, async () => {
    const app = Fastify(httpServerOptions().server);
    try {
      expect((app.server as typeof app.server & { maxHeaderSize: number }).maxHeaderSize).toBe(32 * 1024);
      expect(app.server.headersTimeout).toBe(10_000);
      expect(app.server.requestTimeout).toBe(30_000);
      expect(app.server.keepAliveTimeout).toBe(72_000);
      expect(app.server.timeout).toBe(120_000);
      expect(httpServerOptions().maxParamLength).toBe(32 * 1024);
    } finally {
      await app.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Headers.

function html(response: Response): void {
  expect(response.statusCode).toBe(200);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers', () => {
  it('HTML pages: a CSP without inline script, nosniff, Referrer-Policy', async () => {
    for (const url of ['/demo', '/docs', '/docs/']) {
      const response = await service.app.inject({ method: 'GET', url });
      html(response);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'( [^;']+)?;/);
      expect(csp).not.toContain("'unsafe-inline' 'self'; script");
      expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toMatch(/unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'none'");
    }
  });

  it('scripts: nosniff, Referrer-Policy and a JavaScript type (the storefront script, the demo, the docs)', async () => {
    const docs = (await service.app.inject({ method: 'GET', url: '/docs/' })).body;
    const docScripts = [...docs.matchAll(/<script src="\.?\/?([^"]+)"/g)].map((m) => `/docs/${m[1]!.replace(/^docs\//, '')}`);
    expect(docScripts.length).toBeGreaterThanOrEqual(2);
    const embed = registeredRoutes(service.app).find((r) => /^\/embed\/payment-components\.[0-9a-f]+\.js$/.test(r.url))!.url;
    for (const url of [embed, '/demo/shop.js', '/demo/texts.js', ...docScripts]) {
      const response = await service.app.inject({ method: 'GET', url });
      html(response);
      expect(response.headers['content-type'], url).toMatch(/^(application|text)\/javascript/);
    }
  });

  it('every JSON answer, success or error, carries nosniff', async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/healthz' },
      { method: 'GET', url: '/readyz' },
      { method: 'GET', url: '/openapi.json' },
      { method: 'GET', url: '/.well-known/jwks.json' },
      { method: 'GET', url: '/.well-known/oauth-authorization-server' },
      { method: 'GET', url: `/v1/sessions/${session}/payment-method-groups?amount=100` },
      { method: 'GET', url: `/v1/sessions/${session}/payment-method-groups?amount=x` },
      { method: 'GET', url: `/v2/stores/${STORE}/payment_methods`, headers: { authorization: `Bearer ${token.nordic}` } },
      { method: 'GET', url: `/v2/stores/${STORE}/payment_methods` },
      { method: 'GET', url: '/admin/v1/merchants', headers: { authorization: `Bearer ${token.operator}` } },
      {
        method: 'POST',
        url: '/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=password',
      },
      { method: 'GET', url: '/no/such/route' },
      { method: 'GET', url: '/metrics' },
    ];
    for (const options of requests) {
      const response = await service.app.inject(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBeLessThan(500);
      expect(response.headers['x-content-type-options'], `${options.method} ${options.url}`).toBe('nosniff');
    }
  });
});

describe('CORS exactly as docs/session-api.md#cors', () => {
  const ORIGIN = 'https://shop.example';
  const preflight = (url: string, method: string): InjectOptions => ({
    method: 'OPTIONS',
    url,
    headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
  });

  it('the groups route and its preflight allow any origin', async () => {
    const url = `/v1/sessions/${session}/payment-method-groups?amount=100`;
    const response = await service.app.inject({ method: 'GET', url, headers: { origin: ORIGIN } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const pre = await service.app.inject(preflight(url, 'GET'));
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-methods']).toBe('GET');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('the storefront script is readable from any origin', async () => {
    const embed = registeredRoutes(service.app).find((r) => /^\/embed\/payment-components\./.test(r.url))!.url;
    const response = await service.app.inject({ method: 'GET', url: embed, headers: { origin: ORIGIN } });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('session creation, the merchant API, the admin API, the token endpoint and the demo shop: no CORS header, preflight or not', async () => {
    const bearer = (t: string) => ({ authorization: `Bearer ${t}`, origin: ORIGIN });
    const requests: InjectOptions[] = [
      { method: 'POST', url: `/v1/stores/${STORE}/sessions`, headers: bearer(token.nordic) },
      { method: 'GET', url: `/v2/stores/${STORE}/payment_methods`, headers: bearer(token.nordic) },
      { method: 'GET', url: `/v2/stores/${STORE}/payment_methods/eligibility?amount=1`, headers: bearer(token.nordic) },
      { method: 'GET', url: '/admin/v1/merchants', headers: bearer(token.operator) },
      {
        method: 'POST',
        url: '/oauth2/token',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&client_id=${NORDIC.id}&client_secret=${NORDIC.secret}`,
      },
      { method: 'POST', url: '/demo/session', headers: { origin: ORIGIN } },
      preflight(`/v1/stores/${STORE}/sessions`, 'POST'),
      preflight(`/v1/stores/${STORE}/sessions?x=1`, 'POST'),
      preflight(`//v1//stores/${STORE}/sessions`, 'POST'),
      preflight(`/v1/sessions/${session}/payment-method-groups/extra`, 'GET'),
      preflight('/v1/anything', 'GET'),
      preflight(`/v2/stores/${STORE}/payment_methods`, 'GET'),
      preflight('/admin/v1/merchants', 'GET'),
      preflight('/oauth2/token', 'POST'),
      preflight('/demo/session', 'POST'),
    ];
    for (const options of requests) {
      const response = await service.app.inject(options);
      const label = `${options.method} ${options.url}: ${response.statusCode}`;
      expect(response.statusCode, label).toBeLessThan(500);
      for (const header of Object.keys(response.headers)) expect(header, label).not.toMatch(/^access-control-/);
    }
  });

  it('no other route sends CORS headers but the groups route, the storefront script and the OpenAPI document', async () => {
    const allowed = [
      /^GET \/v1\/sessions\/:sessionId\/payment-method-groups$/,
      /^GET \/embed\/payment-components\./,
      /^GET \/openapi\.json$/,
    ];
    const problems: string[] = [];
    for (const route of registeredRoutes(service.app)) {
      if (route.method !== 'GET' || route.url.includes('*')) continue;
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'sessionId' ? session : STORE));
      const response = await service.app.inject({
        method: 'GET',
        url,
        headers: { origin: ORIGIN, authorization: `Bearer ${token.nordic}` },
      });
      const key = `${route.method} ${route.url}`;
      const cors = response.headers['access-control-allow-origin'] !== undefined;
      if (cors !== allowed.some((a) => a.test(key)))
        problems.push(`${key}: Access-Control-Allow-Origin ${String(response.headers['access-control-allow-origin'])}`);
    }
    expect(problems).toEqual([]);
  });
});
