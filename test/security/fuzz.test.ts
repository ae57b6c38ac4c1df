// Fuzzing every route of the app with fast-check (SECURITY.md): hostile paths, query strings,
// headers and bodies, sent through inject(). For every request:
// - no 5xx (the database is up here, so not even 503), an answer within a bound;
// - every error is JSON with a string `message` and `code` and Cache-Control: no-store (RFC 6749
//   `{error, error_description}` on POST /oauth2/token), and carries nosniff and a request id;
// - no CORS header outside the routes docs/session-api.md#cors opens;
// - Object.prototype (and its kin) is never polluted.
// And over the whole run: the catalog is unchanged (the fuzzer holds no admin token), the sessions
// table grew by exactly the 201s of session creation, and the service answers normally afterwards.
// A last property gives the fuzzer an admin token: then each refused write must change nothing.
//
// Budget: at least 10,000 requests (about 10 to 20 s on PGlite). The seed is fixed, so CI runs are
// reproducible; `FUZZ_SEED=<n>` replays another run and `FUZZ_SEED=random` explores (the seed is
// printed either way, and fast-check prints the counterexample's seed and path on a failure);
// `FUZZ_SCALE=10` multiplies the budget.
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../src/http/openapi/openapi.ts';
import {
  FJALL,
  NORDIC,
  OPERATOR,
  OTHER_STORE,
  STORE,
  catalogSnapshot,
  sessionCount,
  startSecurityService,
  tokenFor,
  type SecurityService,
} from '../helpers/security.ts';
import { adminCardMethod } from '../helpers/fixtures.ts';

const DEFAULT_SEED = 20_261_122;
const SEED =
  process.env.FUZZ_SEED === undefined || process.env.FUZZ_SEED === ''
    ? DEFAULT_SEED
    : process.env.FUZZ_SEED === 'random'
      ? Math.floor(Math.random() * 2 ** 31)
      : Number(process.env.FUZZ_SEED);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
if (!Number.isInteger(SEED) || !(SCALE > 0)) throw new Error('FUZZ_SEED must be an integer or "random", FUZZ_SCALE a positive number');
const runs = (n: number) => Math.ceil(n * SCALE);
/** Generous: the CI machine runs other test files at the same time. */
const ANSWER_WITHIN_MS = 5000;

console.info(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), scale ${SCALE}`);

let service: SecurityService;
const tokens = { nordic: '', fjall: '', operator: '' };
let session = '';
let catalogBefore: Record<string, string>;
let sessionsBefore = 0;
/** 201s of session creation (the merchant API and the demo shop): the only writes allowed. */
let sessionsCreated = 0;
let requests = 0;
let started = 0;
const statuses = new Map<number, number>();

/** Own property names of the prototypes a pollution would show on. */
const PROTOTYPES = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
const pristine = Object.fromEntries(Object.entries(PROTOTYPES).map(([name, proto]) => [name, Object.getOwnPropertyNames(proto).sort()]));

beforeAll(async () => {
  // Limits so high they never answer 429, but their code (key extraction included) runs.
  const unlimited = {
    RATE_LIMIT_MERCHANT_PER_MINUTE: '1000000',
    RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
    RATE_LIMIT_STOREFRONT_PER_MINUTE: '1000000',
  };
  service = await startSecurityService({ demo: true, logLevel: false, env: unlimited });
  tokens.nordic = await tokenFor(service.app, NORDIC);
  tokens.fjall = await tokenFor(service.app, FJALL);
  tokens.operator = await tokenFor(service.app, OPERATOR);
  const created = await service.app.inject({
    method: 'POST',
    url: `/v1/stores/${STORE}/sessions`,
    headers: { authorization: `Bearer ${tokens.nordic}` },
  });
  session = (created.json() as { id: string }).id;
  catalogBefore = await catalogSnapshot(service.database.handle);
  sessionsBefore = await sessionCount(service.database.handle);
  started = performance.now();
});

afterAll(async () => {
  const seconds = (performance.now() - started) / 1000;
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.info(`fuzz: ${requests} requests in ${seconds.toFixed(1)} s (seed ${SEED}); statuses ${byStatus}`);
  await service?.close();
});

// ---------------------------------------------------------------------------------------------
// What every answer must be.

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path).replace(/\/+/g, '/');
  } catch {
    return path.replace(/\/+/g, '/');
  }
}

/** Where docs/session-api.md#cors allows CORS: the groups route (and its preflight), the script, the document. */
function corsAllowed(method: string, url: string): boolean {
  // The router decodes a parameter after matching: `/v1/sessions/%2F/…` is the groups route.
  const raw = (url.split('?')[0] ?? '').replace(/\/+/g, '/');
  return [raw, decodedPath(url)].some(
    (path) =>
      /^\/v1\/sessions\/[^/]+\/payment-method-groups$/.test(path) ||
      (/^(GET|HEAD)$/.test(method) && (/^\/embed\/payment-components\.[0-9a-f]+\.js$/.test(path) || path === '/openapi.json')),
  );
}

function check(options: InjectOptions, response: Response, ms: number): void {
  const method = String(options.method ?? 'GET').toUpperCase();
  const what = `${method} ${String(options.url).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  if (response.statusCode >= 500) throw new Error(`a 5xx: ${what}`);
  if (ms > ANSWER_WITHIN_MS) throw new Error(`answered after ${Math.round(ms)} ms: ${what}`);
  if (response.headers['x-content-type-options'] !== 'nosniff') throw new Error(`no nosniff: ${what}`);
  if (response.headers['x-request-id'] === undefined) throw new Error(`no request id: ${what}`);
  const path = decodedPath(String(options.url));
  if (response.headers['access-control-allow-origin'] !== undefined && !corsAllowed(method, String(options.url)))
    throw new Error(`CORS header: ${what}`);
  // The operator console's routes answer people, with pages (docs/console.md): their refusals are HTML, never
  // cached, under its CSP. (A method or path no console route has is the router's JSON 404, as anywhere.)
  const consolePage = /^\/console(\/|$)/.test(path) && /^text\/html/.test(String(response.headers['content-type']));
  if (response.statusCode >= 400 && method !== 'HEAD' && consolePage) {
    if (response.headers['cache-control'] !== 'no-store') throw new Error(`no Cache-Control: no-store: ${what}`);
    if (!String(response.headers['content-security-policy']).includes("frame-ancestors 'none'")) throw new Error(`no console CSP: ${what}`);
  } else if (response.statusCode >= 400 && method !== 'HEAD') {
    if (!/^application\/json/.test(String(response.headers['content-type']))) throw new Error(`not JSON: ${what}`);
    if (response.headers['cache-control'] !== 'no-store') throw new Error(`no Cache-Control: no-store: ${what}`);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(response.body) as Record<string, unknown>;
    } catch {
      throw new Error(`unparsable error body: ${what}`);
    }
    const tokenEndpoint = method === 'POST' && path === '/oauth2/token' && response.statusCode !== 404;
    const shaped = tokenEndpoint
      ? typeof body.error === 'string' && typeof body.error_description === 'string'
      : typeof body.message === 'string' && typeof body.code === 'string';
    if (!shaped) throw new Error(`error body of the wrong shape: ${what}`);
  }
  for (const [name, proto] of Object.entries(PROTOTYPES)) {
    const names = Object.getOwnPropertyNames(proto).sort();
    if (names.join() !== pristine[name]!.join()) throw new Error(`${name}.prototype polluted (${names.join()}) by ${what}`);
  }
  for (const key in {}) throw new Error(`Object.prototype has an enumerable "${key}" after ${what}`);
}

/**
 * fast-check's own report prints the whole counterexample, 20,000-digit amounts included: this one
 * keeps it readable, with what replays it.
 */
function reporter<Ts>(details: fc.RunDetails<Ts>): void {
  if (!details.failed) return;
  const example = JSON.stringify(details.counterexample, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…(${value.length} chars)` : value,
  );
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `Property failed after ${details.numRuns} runs: replay with FUZZ_SEED=${SEED} (this property: seed ${details.seed}, path "${details.counterexamplePath}")\n` +
      `Counterexample: ${example?.slice(0, 3000)}\nCause: ${cause.slice(0, 3000)}`,
  );
}

/** fast-check parameters of a property: its own seed, a budget, the readable report. */
const settings = <Ts>(offset: number, numRuns: number): fc.Parameters<Ts> => ({
  seed: SEED + offset,
  numRuns: runs(numRuns),
  endOnFailure: true,
  reporter: reporter<Ts>,
});

/** Mostly `usual`, sometimes one of `others`. */
function mostly<T>(usual: T, others: fc.Arbitrary<T>, weight = 6): fc.Arbitrary<T> {
  return fc.oneof({ weight, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: others });
}

async function fire(options: InjectOptions): Promise<Response> {
  requests += 1;
  const t0 = performance.now();
  const response = await service.app.inject(options);
  check(options, response, performance.now() - t0);
  const path = decodedPath(String(options.url));
  if (response.statusCode === 201 && (/^\/v1\/stores\/[^/]+\/sessions$/.test(path) || path === '/demo/session')) sessionsCreated += 1;
  return response;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries.

const KNOWN_IDS = [
  STORE,
  OTHER_STORE,
  STORE.toUpperCase(),
  '9f44e032-0b86-4592-ac19-ff8f3b87a4f2',
  '00000000-0000-4000-8000-000000000000',
  'm-nordic-home',
  'm-fjall-sport',
  NORDIC.id,
  FJALL.id,
  OPERATOR.id,
];

const HOSTILE_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2f..%2f..%2fpackage.json',
  '..%5c..%5c',
  '%2F',
  '%5C',
  '%00',
  '%0d%0a',
  '%',
  '%E0%A4%A',
  '%c0%af',
  '%ff',
  '%uD800',
  '~',
  '*',
  '%20',
  '+',
  ';',
  '@',
  ':',
  '$',
  '&',
  '=',
  '%3F',
  '%23',
  ',',
  "'",
  '"',
  '%27%20OR%201%3D1--',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e308',
  '%E2%80%AE',
  '%EF%BB%BF',
  '%F0%9F%92%A9',
  'Ä',
  '%C3%84',
  'ﬀ',
  '١٢٣',
  '%D9%A1%D9%A2%D9%A3',
  'sessions',
  'v1',
  'admin',
];

/** A path segment: real ids, hostile ones, unicode, very long. */
const segment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_IDS, session || STORE) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 12_000 }).map((n) => 'a'.repeat(n)) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-fA-F-]{0,40}$/) },
);

const DIGITS = fc.integer({ min: 1, max: 25 }).chain((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`)));

const queryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('1299.95', '0', '0.00', '500', '50000', '60000.01', '1', '100', '00001.50') },
  { weight: 2, arbitrary: DIGITS },
  { weight: 1, arbitrary: fc.tuple(DIGITS, fc.stringMatching(/^\d{1,4}$/)).map(([a, b]) => `${a}.${b}`) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '١٢٣',
      '١٢٣.٤٥',
      '１２３',
      '१२३',
      '𝟙𝟚𝟛',
      '1e3',
      '-1',
      '+1',
      '0x10',
      '0b1',
      'NaN',
      'Infinity',
      ' 1',
      '1 ',
      '1.',
      '.5',
      '1,5',
      '1.234',
      '1..2',
      '12.345',
      'true',
      'false',
      'TRUE',
      '1',
      'yes',
      'NATURAL',
      'LEGAL',
      'natural',
      'Natural',
      'ROBOT',
      'BLACKWEEK',
      '-0',
      '9007199254740993',
      '100000000000000000000000',
      '1e22',
      '1e-7',
      '%',
      '%zz',
      '%00',
      'a%00b',
      '%2B1',
      'null',
      '[]',
      '{}',
      '__proto__',
      'constructor',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(20_000, 30_000).map((n) => '9'.repeat(n)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const queryKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('amount', 'customerType', 'flattened', 'page', 'size', 'campaign', 'merchantId', 'storeId') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      '__proto__[polluted]',
      'constructor[prototype][polluted]',
      '__proto__.polluted',
      'amount[]',
      'amount[0]',
      'amount[__proto__]',
      'a[]',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '',
      'AMOUNT',
      'amount%00',
      'access_token',
      'client_secret',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 10 }).map(encodeURIComponent) },
);

/** A query string: duplicated keys, arrays, hostile keys and values, sometimes raw junk. */
const queryString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .array(fc.tuple(queryKey, queryValue, fc.boolean()), { maxLength: 6 })
      .map((pairs) => pairs.map(([k, v, bare]) => (bare && v === '' ? k : `${k}=${v}`)).join('&')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '&&&',
      '=',
      '==',
      'amount',
      '&amount=1&',
      'amount=1&amount=2',
      'amount=1;amount=2',
      '?amount=1',
      '#x',
      'amount=1#frag',
    ),
  },
);

const garbageToken = fc.oneof(
  fc.constantFrom('', 'x', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.', 'null', '....', 'Bearer'),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: 9000, max: 20_000 }).map((n) => 'a'.repeat(n)),
);

/** Authorization values: none, the fuzzer's merchant tokens, mangled ones, other schemes, two headers. */
const authorization: fc.Arbitrary<string | string[] | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constantFrom('nordic', 'fjall').map((who) => `Bearer ${tokens[who]}`) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom('nordic', 'fjall'), fc.nat(), fc.string({ minLength: 1, maxLength: 2 })).map(([who, at, text]) => {
      const t = tokens[who];
      const i = at % t.length;
      return `Bearer ${t.slice(0, i)}${text}${t.slice(i + 1)}`;
    }),
  },
  { weight: 2, arbitrary: garbageToken.map((t) => `Bearer ${t}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `Basic ${Buffer.from(`${NORDIC.id}:wrong`).toString('base64')}`,
      'Basic !!!',
      'Basic',
      'Negotiate abc',
      'bearer',
      '',
      ' ',
      'Bearer \u0000',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('nordic', 'fjall').map((who) => [`Bearer ${tokens[who]}`, 'Bearer x']) },
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset="latin1"',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/json, text/plain',
  'application/jsonx',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'multipart/form-data; boundary=xyz',
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
  '*/*',
  ';',
  '',
  'application/json\u0000',
  `application/json; a=${'b'.repeat(5000)}`,
];

/** Other headers: odd values, huge ones, control characters where inject lets them through. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'content-type': fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
        { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
      ),
      accept: fc.constantFrom('*/*', 'text/html', 'application/json;q=0', 'x'.repeat(3000)),
      'accept-encoding': fc.constantFrom('gzip', 'br, gzip;q=0', 'identity;q=0, *;q=0', '*'),
      'if-none-match': fc.constantFrom('*', '"x"', 'W/"x"', '"', ',,,', `"${'a'.repeat(5000)}"`),
      'if-modified-since': fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'garbage', 'Sat, 31 Dec 9999 23:59:59 GMT'),
      range: fc.constantFrom('bytes=0-0', 'bytes=999999999-', 'bytes=-1', 'bytes=5-1', 'bytes=0-1,2-3,4-5,6-7', 'garbage'),
      origin: fc.constantFrom('https://shop.example', 'null', 'http://127.0.0.1', 'javascript:alert(1)'),
      'access-control-request-method': fc.constantFrom('GET', 'POST', 'DELETE', 'X'),
      'x-request-id': fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('a'.repeat(129), 'ok-id', '../../etc')),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', 'garbage', '1.2.3.4, 5.6.7.8', '999.999.999.999'),
      'x-http-method-override': fc.constantFrom('DELETE', 'PUT'),
      'x-huge': fc.integer({ min: 1000, max: 20_000 }).map((n) => 'h'.repeat(n)),
      'x-control': fc.constantFrom('a\nb', 'a\r\nX-Injected: 1', 'a\u0000b', '\u00ff\u00fe', 'é'),
      'content-length': fc.constantFrom('0', '1', '99999', '-1', 'abc'),
      'transfer-encoding': fc.constantFrom('chunked', 'gzip', 'identity'),
      'content-encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity'),
    },
    { requiredKeys: [] },
  )
  .map((headers) => headers as Record<string, string>);

/** JSON text with its keys written as given (so "__proto__" stays a key, not a prototype). */
function jsonObject(pairs: Array<[string, unknown]>): string {
  return `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v === undefined ? 'null' : JSON.stringify(v)}`).join(',')}}`;
}

const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'campaign',
  'name',
  'merchantId',
  'scopes',
  'storeId',
  'toString',
  '',
  '\u0000',
);
const smallValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom({ polluted: true }, { prototype: { polluted: true } }, ['x'], [], {}, 'a\u0000b', '\u0000', 'x'.repeat(101)),
);

/** Request bodies: none, JSON objects with hostile keys, deep nesting, invalid UTF-8, sizes around 64 KiB, forms, bytes. */
const body: fc.Arbitrary<string | Buffer | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('', '{}', '[]', 'null', '"x"', '1', 'true', '{', '{"a":', '{"campaign":"BLACKWEEK"}', '\uFEFF{}', ' \n\t '),
  },
  {
    weight: 4,
    arbitrary: fc.array(fc.tuple(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), smallValue), { maxLength: 5 }).map(jsonObject),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"campaign":"x","__proto__":{"isAdmin":true}}',
      '{"a":{"__proto__":{"polluted":1}}}',
      '[{"__proto__":{"polluted":1}}]',
      '{"__proto__":null}',
      '{"constructor":{"prototype":null}}',
      '{"campaign":"x","campaign":"y"}',
      '{"campaign":"a\\u0000b"}',
      '{"campaign":"\\\\u0000"}',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(33, 100, 1000, 10_000), fc.constantFrom('[', '{"a":'), fc.boolean())
      .map(([depth, open, closed]) => `${open.repeat(depth)}1${closed ? (open === '[' ? ']' : '}').repeat(depth) : ''}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('{"campaign":"', '{"name":"', '{"x":"'), fc.uint8Array({ minLength: 1, maxLength: 8 }))
      .map(([prefix, bytes]) => Buffer.concat([Buffer.from(prefix), Buffer.from(bytes), Buffer.from('"}')])),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(1000, 65_536 - 16, 65_536 - 15, 65_536 - 14, 70_000, 200_000), fc.constantFrom('campaign', 'name', 'padding'))
      .map(([n, key]) => `{"${key}":"${'x'.repeat(Math.max(0, n - key.length - 7))}"}`),
  },
  { weight: 2, arbitrary: queryString },
);

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH'] as const;

/** Every route of the app, from the onRoute hook (as test/openapi/openapi.test.ts collects them). */
function routes(): Array<{ method: string; url: string }> {
  return [...registeredRoutes(service.app)];
}

/** A route's URL with its parameters (and wildcard) filled by the fuzzer. */
function fill(url: string, values: string[], rest: string): string {
  let i = 0;
  return url.replace(/:(\w+)/g, () => values[i++ % values.length] ?? 'x').replace(/\*$/, rest);
}

function request(
  method: string,
  url: string,
  headers: Record<string, string>,
  auth: string | string[] | undefined,
  payload: string | Buffer | undefined,
): InjectOptions {
  const all: Record<string, string | string[]> = { ...headers };
  if (auth !== undefined) all.authorization = auth;
  const options: InjectOptions = { method: method, url, headers: all };
  // A body only with a method that has one, as clients send them (inject refuses one on GET/HEAD).
  if (payload !== undefined && !['GET', 'HEAD'].includes(method)) options.payload = payload;
  else if (all['content-length'] !== undefined && ['GET', 'HEAD'].includes(method)) delete all['content-length'];
  return options;
}

// ---------------------------------------------------------------------------------------------

describe('fuzzing every route', () => {
  it('routes: each route of the app with hostile parameters, query, headers and body', { timeout: 240_000 }, async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(60);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...all),
        mostly<string | null>(null, fc.constantFrom(...METHODS), 5),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.array(segment, { maxLength: 3 }).map((parts) => parts.join('/')),
        fc.option(queryString, { freq: 2 }),
        extraHeaders,
        authorization,
        body,
        async (route, otherMethod, params, rest, query, headers, auth, payload) => {
          const url = `${fill(route.url, params, rest)}${query === null ? '' : `?${query}`}`;
          await fire(request(otherMethod ?? route.method, url, headers, auth, payload));
        },
      ),
      settings(0, 5500),
    );
  });

  it('paths: random and hostile paths with any method', { timeout: 120_000 }, async () => {
    const prefixes = [
      '',
      '/v1',
      '/v1/sessions',
      '/v1/stores',
      '/v2/stores',
      '/admin/v1',
      '/embed',
      '/docs',
      '/docs/static',
      '/demo',
      '/oauth2',
      '/.well-known',
      '/console',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...prefixes),
        fc.array(segment, { maxLength: 6 }),
        fc.constantFrom('/', '//', '/./', '/../', '\\', '/%2f'),
        fc.constantFrom(...METHODS),
        fc.option(queryString, { freq: 3 }),
        authorization,
        async (prefix, parts, separator, method, query, auth) => {
          const url = `${prefix}/${parts.join(separator)}${query === null ? '' : `?${query}`}`;
          // inject() parses the URL as a browser would: `/\\host` would name a host, not a path (raw
          // backslashes over a socket: test/security/http-limits.test.ts).
          fc.pre(!/^\/\\/.test(url));
          await fire(request(method, url, {}, auth, undefined));
        },
      ),
      settings(1, 2000),
    );
  });

  it('query strings of the storefront and merchant reads', { timeout: 120_000 }, async () => {
    const targets = [
      () => `/v1/sessions/${session}/payment-method-groups`,
      () => `/v2/stores/${STORE}/payment_methods`,
      () => `/v2/stores/${STORE}/payment_methods/eligibility`,
      () => '/admin/v1/stores',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        queryString,
        fc.constantFrom('nordic', 'fjall', 'operator', 'none'),
        async (target, query, who) => {
          const headers = who === 'none' ? {} : { authorization: `Bearer ${tokens[who]}` };
          await fire({ method: 'GET', url: `${target()}?${query}`, headers });
        },
      ),
      settings(2, 1500),
    );
  });

  it('bodies of session creation and the demo shop: only a 201 writes', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(`/v1/stores/${STORE}/sessions`, `/v1/stores/${OTHER_STORE}/sessions`, '/demo/session'),
        mostly<string | null>('application/json', fc.option(fc.constantFrom(...CONTENT_TYPES)), 3),
        body,
        async (url, contentType, payload) => {
          const before = await sessionCount(service.database.handle);
          const headers: Record<string, string> = { authorization: `Bearer ${tokens.nordic}` };
          if (contentType !== null) headers['content-type'] = contentType;
          const response = await fire(request('POST', url, headers, undefined, payload));
          const after = await sessionCount(service.database.handle);
          expect(after - before, `${url} ${response.statusCode}`).toBe(response.statusCode === 201 ? 1 : 0);
        },
      ),
      settings(3, 800),
    );
  });

  it('forms of the token endpoint: RFC 6749 errors, tokens only for the right secret', { timeout: 120_000 }, async () => {
    const formKey = fc.constantFrom(
      'grant_type',
      'client_id',
      'client_secret',
      'scope',
      'grant_type[]',
      '__proto__',
      'constructor[prototype][x]',
      'audience',
      '',
    );
    const formValue = fc.oneof(
      fc.constantFrom(
        'client_credentials',
        NORDIC.id,
        FJALL.id,
        'merchant-api',
        'admin',
        'merchant-api admin',
        '',
        'password',
        'x'.repeat(3000),
      ),
      fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
      fc.constantFrom('%', '%zz', '%00', '+', '%2B'),
    );
    const basic = fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(NORDIC.id, 'ghost', '', ':', 'a:b'), fc.constantFrom('wrong', '', ':', '%', NORDIC.secret))
          .map(([id, secret]) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`),
      },
      { weight: 1, arbitrary: fc.constantFrom('Basic !!!', 'Basic ====', 'Basic', `Basic ${'A'.repeat(10_000)}`) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(formKey, formValue), { maxLength: 6 }),
        basic,
        mostly<string | null>('application/x-www-form-urlencoded', fc.option(fc.constantFrom(...CONTENT_TYPES))),
        async (pairs, auth, contentType) => {
          const payload = pairs.map(([k, v]) => `${k}=${v}`).join('&');
          const headers: Record<string, string> = contentType === null ? {} : { 'content-type': contentType };
          const response = await fire(request('POST', '/oauth2/token', headers, auth, payload));
          // No pair above carries a client's secret by the form, and Basic carries nordic's only with its id.
          if (response.statusCode === 200) {
            expect(auth).toBe(`Basic ${Buffer.from(`${NORDIC.id}:${NORDIC.secret}`).toString('base64')}`);
          }
        },
      ),
      settings(4, 400),
    );
  });

  it('changed nothing but what a 201 created, and the service still answers normally', async () => {
    expect(await catalogSnapshot(service.database.handle)).toEqual(catalogBefore);
    expect(await sessionCount(service.database.handle)).toBe(sessionsBefore + sessionsCreated);
    for (const [name, proto] of Object.entries(PROTOTYPES)) expect(Object.getOwnPropertyNames(proto).sort(), name).toEqual(pristine[name]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await service.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await service.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const groups = await service.app.inject({
      method: 'GET',
      url: `/v1/sessions/${session}/payment-method-groups?amount=1299.95&customerType=NATURAL`,
    });
    expect(groups.statusCode).toBe(200);
    expect((groups.json() as unknown[]).length).toBeGreaterThan(0);
    expect(await tokenFor(service.app, NORDIC)).toMatch(/^eyJ/);
  });
});

describe('fuzzing the admin API with an admin token', () => {
  it('every refused write leaves the catalog exactly as it was', { timeout: 120_000 }, async () => {
    const admin = routes().filter((r) => r.url.startsWith('/admin/') && ['PUT', 'POST', 'DELETE'].includes(r.method));
    const validBodies: Record<string, Record<string, unknown>> = {
      merchants: { name: 'Fuzz AB' },
      stores: { merchantId: 'm-nordic-home', name: 'Fuzz store', currency: 'SEK' },
      clients: { merchantId: 'm-nordic-home', scopes: ['merchant-api'] },
      'payment-methods': adminCardMethod(STORE, 'Fuzz'),
    };
    /** A valid body with one hostile change, or a hostile body outright. */
    const adminBody = (resource: string) =>
      fc.oneof(
        {
          weight: 3,
          arbitrary: fc
            .tuple(fc.oneof(hostileKey, fc.constantFrom(...Object.keys(validBodies[resource] ?? {}))), smallValue)
            .map(([key, value]) => jsonObject([...Object.entries(validBodies[resource] ?? {}), [key, value]])),
        },
        { weight: 2, arbitrary: body },
      );
    let snapshot = await catalogSnapshot(service.database.handle);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...admin),
        fc.oneof(fc.constantFrom(...KNOWN_IDS), fc.constantFrom('fuzz-new-id', '00000000-0000-4000-8000-00000000f022'), segment),
        fc.constantFrom('merchants', 'stores', 'clients', 'payment-methods').chain((resource) => adminBody(resource)),
        mostly<string | null>('application/json', fc.option(fc.constantFrom(...CONTENT_TYPES)), 4),
        async (route, id, payload, contentType) => {
          const headers: Record<string, string> = {};
          if (contentType !== null) headers['content-type'] = contentType;
          const response = await fire(request(route.method, fill(route.url, [id], ''), headers, `Bearer ${tokens.operator}`, payload));
          const after = await catalogSnapshot(service.database.handle);
          if (response.statusCode >= 200 && response.statusCode < 300) {
            accepted += 1;
            snapshot = after;
          } else {
            expect(after, `${route.method} ${route.url} ${response.statusCode} ${response.body.slice(0, 200)}`).toEqual(snapshot);
          }
        },
      ),
      settings(5, 300),
    );
    console.info(`fuzz: the admin API accepted ${accepted} of its writes`);
  });

  it(`issued at least 10,000 requests in all`, () => {
    expect(requests).toBeGreaterThanOrEqual(Math.min(10_000, runs(10_000)));
  });
});
