// The OpenAPI document (src/http/openapi): served, committed and current, valid OpenAPI 3.1, complete,
// and true: for every status it lists for an operation a probe (probes/, one file per interface)
// elicits that status from the running app, with the documented body and headers, and no request
// elicits a status it does not list. The request side too: every request the probes send with
// success is one the document allows, so a client generated from it can send it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_PUBLIC_URL, generateOpenApiDocument, openApiJson } from '../../src/openapi-generator.ts';
import { openApiPath, registeredRoutes } from '../../src/http/openapi/openapi.ts';
import { CHANGE_REASONS, PAYMENT_METHODS_CHANGED, eventPayload } from '../../src/domain/webhook-events.ts';
import { newEventId } from '../../src/services/webhooks/change-events.ts';
import { signedHeaders } from '../../src/services/webhooks/sender.ts';
import { projectRoot, type TestService } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import {
  documentedResponse,
  operations,
  requestProblems,
  schemaChecker,
  startFixture,
  type Document,
  type Fixture,
  type Json,
  type Operation,
  type Probe,
} from './harness.ts';
import { PROBES as ADMIN_API } from './probes/admin-api.ts';
import { PROBES as MERCHANT_API } from './probes/merchant-api.ts';
import { PROBES as OAUTH } from './probes/oauth.ts';
import { PROBES as OPERATIONS } from './probes/operations.ts';
import { PROBES as SESSION_API } from './probes/session-api.ts';

const PROBES: Record<string, Probe[]> = { ...SESSION_API, ...MERCHANT_API, ...OAUTH, ...ADMIN_API, ...OPERATIONS };

/**
 * Routes deliberately left out of the document, because they are not API. Every other route must
 * be in the document; every entry here must match a route (a stale entry fails too).
 */
const NOT_API: ReadonlyArray<{ route: RegExp; why: string }> = [
  { route: /^(GET|HEAD) \/embed\//, why: 'the storefront script (embed.src) is JavaScript for browsers, not API' },
  { route: /^(GET|HEAD|POST) \/demo(\/|$)/, why: 'the demo storefront and its shop backend (only with the demo catalog)' },
  { route: /^(GET|HEAD) \/docs(\/|$)/, why: 'the docs page and its assets (@fastify/swagger-ui)' },
  { route: /^(GET|HEAD|POST) \/console(\/|$)/, why: 'the operator console: HTML pages and forms for people (docs/console.md)' },
  {
    route: /^OPTIONS \/v1\/sessions\/:sessionId\/payment-method-groups$/,
    why: 'CORS preflight of the storefront route (session-api/storefront-cors.ts)',
  },
];

/**
 * Documented operations deliberately without probes, "METHOD /path" → why. Each is reported as a
 * todo. Keep it empty: an operation added without probes fails the coverage test instead.
 */
const UNPROBED: Readonly<Record<string, string>> = {};

let service: TestService;
let fixture: Fixture;
let document: Document;

beforeAll(async () => {
  ({ service, fixture } = await startFixture());
  document = (await service.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Document;
});

afterAll(async () => {
  await service?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the OpenAPI document', () => {
  it('is served at /openapi.json, readable from any origin, revalidated on every use', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/openapi.json', headers: { origin: 'https://shop.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json()).toMatchObject({ openapi: '3.1.0', servers: [{ url: DOCUMENT_PUBLIC_URL }] });
  });

  it('is committed as openapi.json, current', { timeout: 120_000 }, async () => {
    // Built on a migrated test database: the generator's own in-memory one would cost an initdb.
    const database = await createTestDatabase();
    const fresh = openApiJson(await generateOpenApiDocument({ database: database.handle }).finally(() => database.drop()));
    const committed = await readFile(path.join(projectRoot, 'openapi.json'), 'utf8').catch(() => '');
    expect(committed, 'openapi.json is stale: run npm run openapi').toBe(fresh);
    // What a service serves is the same document, whatever else is configured (demo storefront, TTLs).
    expect(document).toEqual(JSON.parse(fresh));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Json);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("leaves out the schemas' own validation messages, which are for error bodies (errorMessage)", () => {
    expect(JSON.stringify(document).includes('"errorMessage"')).toBe(false);
  });

  it('gives every operation an operationId, a summary, a 2xx response and a body schema for every other status', () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const { key, operation } of operations(document)) {
      if (!operation.operationId) problems.push(`${key}: no operationId`);
      else if (ids.has(operation.operationId)) problems.push(`${key}: operationId ${operation.operationId} used twice`);
      else ids.add(operation.operationId);
      if (!operation.summary) problems.push(`${key}: no summary`);
      const statuses = Object.keys(operation.responses);
      if (!statuses.some((s) => s.startsWith('2'))) problems.push(`${key}: no 2xx response`);
      for (const status of statuses.filter((s) => !s.startsWith('2') && s !== '304')) {
        const media = Object.values(operation.responses[status]!.content ?? {});
        if (media.length === 0 || media.some((m) => !m.schema)) problems.push(`${key}: ${status} has no body schema`);
      }
      // 304 Not Modified never has a body.
      if (operation.responses['304']?.content) problems.push(`${key}: 304 has a body`);
    }
    expect(problems).toEqual([]);
  });

  it('uses only declared tags, each with a description', () => {
    const declared = new Map(document.tags.map((t) => [t.name, t.description]));
    const problems = operations(document).flatMap(({ key, operation }) => [
      ...(operation.tags?.length ? [] : [`${key}: no tag`]),
      ...(operation.tags ?? []).filter((t) => !declared.get(t)).map((t) => `${key}: tag "${t}" is not declared with a description`),
    ]);
    expect(problems).toEqual([]);
  });

  it('documents the group retrieval as accessed by the session id alone, and the token endpoint as form-encoded or JSON', () => {
    const groupsOperation = document.paths['/v1/sessions/{sessionId}/payment-method-groups']!.get!;
    expect(groupsOperation.security).toEqual([]);
    expect(groupsOperation.description).toContain('No `Authorization` header');
    const token = document.paths['/oauth2/token']!.post!;
    expect(Object.keys(token.requestBody!.content)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    expect(document.components).toMatchObject({
      securitySchemes: {
        oauth2: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: `${DOCUMENT_PUBLIC_URL}/oauth2/token` } } },
      },
    });
  });

  it('has examples that match their schemas', () => {
    const check = schemaChecker(document);
    const problems: string[] = [];
    let examples = 0;
    for (const { key, operation } of operations(document)) {
      const media = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(([type, m]) => [`request ${type}`, m] as const),
        ...Object.entries(operation.responses).flatMap(([status, r]) =>
          Object.entries(r.content ?? {}).map(([type, m]) => [`${status} ${type}`, m] as const),
        ),
      ];
      for (const [where, m] of media) {
        for (const [name, example] of Object.entries(m.examples ?? {})) {
          examples += 1;
          for (const error of check(m.schema ?? {}, example.value)) problems.push(`${key} ${where} example ${name}: ${error}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(examples).toBeGreaterThanOrEqual(6);
  });

  it('describes the webhook the service sends: the body eventPayload makes, the headers the sender signs', () => {
    const webhook = (document as unknown as { webhooks: Record<string, { post: Operation }> }).webhooks[PAYMENT_METHODS_CHANGED]!.post;
    expect(webhook).toMatchObject({ operationId: 'paymentMethodsChanged', security: [], tags: ['Webhooks'] });
    expect(document.tags.map((t) => t.name)).toContain('Webhooks');
    const check = schemaChecker(document);
    const media = webhook.requestBody!.content['application/json']!;
    expect(media.schema).toEqual({ $ref: '#/components/schemas/PaymentMethodsChangedEvent' });
    const problems: string[] = [];
    for (const [name, example] of Object.entries(media.examples ?? {})) {
      for (const error of check(media.schema!, example.value)) problems.push(`example ${name}: ${error}`);
    }
    const store = '84d19995-8ee7-4639-8e25-13b1691ccac6';
    const methods = ['707120fd-3673-4b6e-9a91-03a5309c2a8f', '0b4e6a3c-5f1d-4c2b-9e8a-7d6c5b4a3f21'];
    for (const reason of CHANGE_REASONS) {
      const payload = eventPayload({ storeId: store, paymentMethodIds: reason === 'store' ? [] : methods, reason }, new Date());
      for (const error of check(media.schema!, JSON.parse(payload))) problems.push(`${reason}: ${error}`);
      // One secret, and two during a rotation's overlap.
      for (const secrets of [[`whsec_${'A'.repeat(43)}=`], [`whsec_${'A'.repeat(43)}=`, `whsec_${'B'.repeat(43)}=`]]) {
        const headers: Record<string, string> = { ...signedHeaders(newEventId(), new Date(), payload, secrets) };
        for (const parameter of webhook.parameters ?? []) {
          expect(parameter).toMatchObject({ in: 'header', required: true });
          for (const error of check(parameter.schema ?? {}, headers[parameter.name])) problems.push(`${parameter.name}: ${error}`);
        }
        expect((webhook.parameters ?? []).map((p) => p.name).sort()).toEqual(Object.keys(headers).sort());
      }
    }
    expect(problems).toEqual([]);
    // And it is strict: a reason it does not list is not a body it describes.
    const example = media.examples!.activated!.value as { data: object };
    expect(check(media.schema!, { ...example, data: { ...example.data, reason: 'renamed' } })).not.toEqual([]);
  });

  it(`leaves out exactly the routes that are not API: ${NOT_API.map((n) => n.why).join('; ')}`, () => {
    const routes = registeredRoutes(service.app);
    const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
    const problems: string[] = [];
    const unused = new Set(NOT_API);
    for (const route of routes) {
      // Fastify answers HEAD for every GET route by itself; the document lists the GET.
      if (route.method === 'HEAD' && gets.has(route.url)) continue;
      const key = `${route.method} ${route.url}`;
      const excluded = NOT_API.find((n) => n.route.test(key));
      const documented = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] !== undefined;
      if (excluded) unused.delete(excluded);
      if (excluded && documented) problems.push(`${key} is in the document but listed as not API`);
      if (!excluded && !documented) problems.push(`${key} is neither in the document nor listed as not API`);
    }
    for (const entry of unused) problems.push(`no route matches the not-API entry ${entry.route}`);
    expect(problems).toEqual([]);
  });
});

describe('status-code coverage', () => {
  for (const [key, why] of Object.entries(UNPROBED)) it.todo(`probe ${key} (left out: ${why})`);

  it('has a probe for every documented status of every operation, and only for those', () => {
    const problems: string[] = [];
    const documented = new Set<string>();
    for (const { key, operation } of operations(document)) {
      documented.add(key);
      if (UNPROBED[key] !== undefined) continue;
      const probes = PROBES[key];
      if (!probes) {
        problems.push(`no probe for ${key}`);
        continue;
      }
      const probed = probes.map((p) => p.status);
      for (const status of Object.keys(operation.responses)) {
        const covered = /^\dXX$/.test(status)
          ? probed.some((p) => String(p)[0] === status[0] && !operation.responses[String(p)])
          : probed.includes(Number(status));
        if (!covered) problems.push(`${key}: no probe for ${status}`);
      }
      for (const probe of probes) {
        if (!documentedResponse(operation, probe.status))
          problems.push(`${key}: probe for ${probe.status}, which the document does not list`);
      }
    }
    for (const key of Object.keys(PROBES)) if (!documented.has(key)) problems.push(`probes for ${key}, which the document lacks`);
    for (const key of Object.keys(UNPROBED))
      if (!documented.has(key)) problems.push(`${key} is listed as unprobed but the document lacks it`);
    expect(problems).toEqual([]);
  });

  it('elicits every probed status from the app, with the documented body and headers', async () => {
    const check = schemaChecker(document);
    const problems: string[] = [];
    for (const { key, operation } of operations(document)) {
      for (const probe of PROBES[key] ?? []) {
        const label = `${key} (${probe.what})`;
        probe.arrange?.(fixture);
        const request = await probe.request(fixture);
        if (probe.status < 300) {
          for (const problem of requestProblems(document, key, operation, request)) problems.push(`${label}: request ${problem}`);
        }
        const response = await fixture.app.inject(request);
        vi.restoreAllMocks();
        if (response.statusCode !== probe.status) {
          problems.push(`${label}: ${response.statusCode} instead of ${probe.status}: ${response.body.slice(0, 200)}`);
        }
        const documentedAs = documentedResponse(operation, response.statusCode);
        if (!documentedAs) {
          problems.push(`${label}: answered ${response.statusCode}, which the document does not list`);
          continue;
        }
        for (const header of Object.keys(documentedAs.headers ?? {})) {
          if (response.headers[header.toLowerCase()] === undefined) problems.push(`${label}: no ${header} header`);
        }
        const media = Object.entries(documentedAs.content ?? {});
        if (media.length === 0) {
          if (response.body !== '') problems.push(`${label}: a body where the document has none`);
          continue;
        }
        const type = String(response.headers['content-type'] ?? '').split(';')[0]!;
        const schema = media.find(([t]) => t === type)?.[1].schema;
        if (!schema) {
          problems.push(`${label}: Content-Type ${type}, documented: ${media.map(([t]) => t).join(', ')}`);
          continue;
        }
        const body: unknown = type.endsWith('json') ? response.json() : response.body;
        for (const error of check(schema, body)) problems.push(`${label}: body ${error}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('without the database (a service of its own)', () => {
  it('every operation still answers, within 5 seconds, with a status its document lists', { timeout: 120_000 }, async () => {
    const { service: down, fixture: downFixture, outage } = await startFixture({ outage: true });
    try {
      // Each operation's first 2xx request, prepared while the database is up (some create what they use).
      const requests = [];
      for (const { key, operation } of operations(document)) {
        const probe = PROBES[key]?.find((p) => p.status < 300);
        if (probe) requests.push({ key, operation, options: await probe.request(downFixture) });
      }
      await outage.cut();
      const problems: string[] = [];
      for (const { key, operation, options } of requests) {
        const startedAt = performance.now();
        const response = await down.app.inject(options);
        const ms = performance.now() - startedAt;
        const label = `${key} (${outage.what})`;
        if (ms > 5000) problems.push(`${label}: answered after ${Math.round(ms)} ms`);
        if (!documentedResponse(operation, response.statusCode)) {
          problems.push(`${label}: answered ${response.statusCode}, which the document does not list`);
        }
        if (outage.forbidden.includes(response.statusCode)) problems.push(`${label}: answered ${response.statusCode}: ${response.body}`);
      }
      expect(problems).toEqual([]);
    } finally {
      await down.close().catch(() => {});
    }
  });
});
