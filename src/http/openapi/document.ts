// The parts of the OpenAPI document that are not in the route schemas (info, tags, security
// schemes, the `webhooks` the service sends), the per-route transform @fastify/swagger applies, and
// the finishing pass over the generated document: named component schemas, each route's own prose
// and examples (its schema's `x-docs`, route-docs.ts), and one canonical
// key order so that the document does not depend on the order in which routes were registered.
import type { FastifySchema } from 'fastify';
import packageJson from '../../../package.json' with { type: 'json' };
import { TOKEN_PATH } from '../../auth/oauth.ts';
import { DEFAULT_OPERATOR_TYPES, OPERATOR_TYPE_SUFFIXES, type OperatorTypes } from '../../domain/payment-method-types.ts';
import { PAYMENT_METHODS_CHANGED } from '../../domain/webhook-events.ts';
import { componentName } from '../schemas/common.ts';
import { ERROR_MESSAGE } from '../plugins/validation.ts';
import { PaymentMethodsChangedEventSchema, WEBHOOK_HEADERS } from '../schemas/webhook-events.ts';
import { DEFAULT_RESPONSES, type ResponseDoc, type RouteDocs } from './route-docs.ts';

type Json = Record<string, unknown>;

/** Marks a schema to hoist into components (removed again by finishDocument). */
const COMPONENT = 'x-pms-component';

/** Tag names routes use → the name the document shows. */
const TAG_ALIASES: Readonly<Record<string, string>> = { 'Authorization server': 'OAuth' };

/** Every tag, in display order; the document lists those some operation uses. */
const TAGS = [
  {
    name: 'Sessions',
    description:
      "Session API v1 (`{PUBLIC_URL}/v1`). A merchant's backend creates a short-lived, store-scoped session; the " +
      'storefront then reads the payment method groups to offer with the session id alone.',
  },
  {
    name: 'Merchant',
    description:
      "Merchant API v2: a store's payment methods with purchase limits, legal links, campaigns and customer-type " +
      'enablement, and the eligibility explanation. Bearer token with scope `merchant-api`.',
  },
  {
    name: 'Admin',
    description:
      "Operator admin API (`/admin/v1`): merchants, stores, OAuth clients and payment methods, in the catalog's " +
      'shapes. Bearer token with scope `admin`.',
  },
  {
    name: 'OAuth',
    description:
      'The built-in OAuth 2.0 authorization server: client credentials grant, the JWK Set that verifies its ' +
      'tokens, and its RFC 8414 metadata.',
  },
  { name: 'Operations', description: 'Liveness, readiness and this document.' },
  {
    name: 'Webhooks',
    description:
      "What the service POSTs to merchants' webhook endpoints (managed in the admin API): signed per Standard Webhooks " +
      '1.0, retried on failure with the same `webhook-id`.',
  },
];

const DESCRIPTION = `
The service behind a payment provider's checkout.

**The flow**

1. The merchant's backend gets an access token: \`POST /oauth2/token\` with its client id and secret
   (OAuth 2.0 client credentials grant, scope \`merchant-api\`).
2. With the token it creates a session for one of its stores: \`POST /v1/stores/{storeId}/sessions\`.
   The session is short-lived (\`expiresAt\`) and may carry a campaign keyword.
3. The storefront loads the script at the session's \`embed.src\` and fetches the payment method groups
   to offer for the cart amount: \`GET /v1/sessions/{sessionId}/payment-method-groups?amount=…\`. No
   credentials reach the browser: the session id is the access.

Separately, \`GET /v2/stores/{store_id}/payment_methods\` lists a store's payment methods with their limits
for the merchant's backend.

**Payment method types** are an extensible enum: besides the known values
(${DEFAULT_OPERATOR_TYPES.known.map((t) => `\`${t}\``).join(', ')}) new strings may appear at any time and
clients must accept them.

**\`internalData\`** of a group is opaque base64 for the provider's web components: pass it on unchanged,
never parse it; its structure may change without notice.

**Errors** are \`application/json\` \`{"message", "code"}\` with \`Cache-Control: no-store\`; \`message\` is for
people, \`code\` is stable. The token endpoint answers RFC 6749 errors \`{"error", "error_description"}\`
instead. Besides the statuses listed per operation, any request may get 404 \`ROUTE_NOT_FOUND\` for an
unknown path, 400 for a malformed URL, and 503 from an instance that is shutting down.
`.trim();

/** The static parts of the document, for @fastify/swagger's `openapi` option. */
export function baseDocument(publicUrl: string): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payment method sessions',
      version: packageJson.version,
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        clientSecretBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'The token endpoint only: the client id and secret, form-encoded, as HTTP Basic credentials (RFC 6749 §2.3.1).',
        },
        oauth2: {
          type: 'oauth2',
          description:
            `An access token from \`POST ${TOKEN_PATH}\` (client credentials grant), sent as ` +
            '`Authorization: Bearer <token>`. Tokens of a configured external issuer are accepted too.',
          flows: {
            clientCredentials: {
              tokenUrl: `${publicUrl}${TOKEN_PATH}`,
              scopes: {
                'merchant-api': "Merchant backends: create sessions for, and list the payment methods of, the client's stores.",
                admin: 'Operators: manage merchants, stores, clients and payment methods (admin API).',
              },
            },
          },
        },
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Per route, before @fastify/swagger converts the schema.

/** Routes without a schema of their own that are not API: hidden from the document. */
const HIDDEN_PREFIXES = ['/embed/'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy of a route schema in which every named schema carries its component name, without the
 * schemas' own validation messages (ERROR_MESSAGE: for error bodies; the descriptions say the rule).
 */
function markNamedSchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(markNamedSchemas);
  if (!isObject(node)) return node;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node))
    if (key !== ERROR_MESSAGE || typeof value !== 'string') copy[key] = markNamedSchemas(value);
  const name = componentName(node);
  if (name !== undefined) copy[COMPONENT] = name;
  return copy;
}

export function transformRouteSchema(schema: FastifySchema | undefined, url: string): FastifySchema {
  if (HIDDEN_PREFIXES.some((prefix) => url.startsWith(prefix))) return { ...schema, hide: true };
  if (!schema || schema.hide) return schema ?? {};
  const marked = markNamedSchemas(schema) as FastifySchema;
  if (marked.tags) marked.tags = marked.tags.map((tag) => TAG_ALIASES[tag] ?? tag);
  return marked;
}

// ---------------------------------------------------------------------------------------------
// Over the generated document.

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Operation extends Json {
  operationId?: string;
  'x-docs'?: RouteDocs;
  tags?: string[];
  description?: string;
  parameters?: Json[];
  requestBody?: { required?: boolean; content: Record<string, Json> };
  responses: Record<string, Json & { description: string; content?: Record<string, Json>; headers?: Json }>;
}

function operationsOf(document: Json): Array<{ path: string; method: string; operation: Operation }> {
  const result = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (isObject(operation)) result.push({ path, method, operation: operation as Operation });
    }
  }
  return result;
}

/** Canonical JSON text: object keys sorted, for comparing schemas. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

class Components {
  constructor(private readonly schemas: Json) {}

  add(name: string, schema: Json): Json {
    const existing = this.schemas[name];
    if (existing === undefined) this.schemas[name] = schema;
    else if (canonical(existing) !== canonical(schema)) {
      throw new Error(`OpenAPI: two different schemas are named ${name}`);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  ref(name: string): Json {
    if (this.schemas[name] === undefined) throw new Error(`OpenAPI: no component schema ${name}`);
    return { $ref: `#/components/schemas/${name}` };
  }

  /** Replaces every marked schema under node (node included) with a reference to its component. */
  hoist(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((item) => this.hoist(item));
    if (!isObject(node)) return node;
    const name = node[COMPONENT];
    const copy: Json = {};
    for (const [key, value] of Object.entries(node)) if (key !== COMPONENT) copy[key] = this.hoist(value);
    return typeof name === 'string' ? this.add(name, copy) : copy;
  }
}

/**
 * `anyOf: [{type: 'string', enum: ['A']}, {type: 'string', enum: ['B']}]` (TypeBox unions of
 * literals) as `{type: 'string', enum: ['A', 'B']}`: the same values, and what tools display well.
 */
function mergeEnumUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mergeEnumUnions);
  if (!isObject(node)) return node;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node)) copy[key] = mergeEnumUnions(value);
  const members = copy.anyOf;
  const isEnum = (m: unknown): m is { type: string; enum: unknown[] } =>
    isObject(m) && Object.keys(m).length === 2 && typeof m.type === 'string' && Array.isArray(m.enum);
  if (Array.isArray(members) && members.length > 0 && members.every(isEnum)) {
    const type = members[0]!.type;
    if (members.every((m) => m.type === type)) {
      delete copy.anyOf;
      return { type, enum: members.flatMap((m) => m.enum), ...copy };
    }
  }
  return copy;
}

/** Parameters keep their small schemas inline (swagger moves their descriptions out of them). */
function unmark(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(unmark);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== COMPONENT)
      .map(([k, v]) => [k, unmark(v)]),
  );
}

function headersOf(docs: ResponseDoc[]): Json | undefined {
  const headers: Json = {};
  for (const doc of docs) {
    for (const [name, description] of Object.entries(doc.headers ?? {})) {
      headers[name] = { description, schema: { type: 'string' } };
    }
  }
  return Object.keys(headers).length > 0 ? headers : undefined;
}

const rangeOf = (status: string) => `${status[0]}XX`;

function documentResponses(operation: Operation, docs: RouteDocs | undefined, components: Components): void {
  const own = docs?.responses ?? {};
  const responses = operation.responses;
  const refinedRanges = new Set<string>();

  // Statuses the route's schema leaves out or covers only with a range.
  for (const [status, doc] of Object.entries(own)) {
    if (doc.body === undefined) {
      if (!responses[status] && !responses[rangeOf(status)]) {
        throw new Error(`OpenAPI: ${operation.operationId} documents status ${status}, which its schema does not declare`);
      }
      continue;
    }
    const declared = responses[status];
    if (declared) {
      // Declared inline by the route: the same schema as the named component, referenced.
      for (const media of Object.values(declared.content ?? {})) {
        const schema = media.schema as Json;
        if (!schema.$ref) media.schema = components.add(doc.body, schema);
      }
      continue;
    }
    const range = responses[rangeOf(status)];
    if (range) {
      refinedRanges.add(rangeOf(status));
      const content: Record<string, Json> = {};
      for (const [type, media] of Object.entries(range.content ?? {})) {
        const schema = media.schema as Json;
        content[type] = { schema: schema.$ref ? schema : components.add(doc.body, schema) };
      }
      responses[status] = { description: '', content };
    } else {
      responses[status] = { description: '', content: { 'application/json': { schema: components.ref(doc.body) } } };
    }
  }
  for (const range of refinedRanges) delete responses[range];

  for (const [status, response] of Object.entries(responses)) {
    const docs = [DEFAULT_RESPONSES[status], own[status]].filter((d): d is ResponseDoc => d !== undefined);
    const fromRoute = response.description && response.description !== 'Default Response' ? response.description : undefined;
    const description =
      own[status]?.description ?? (status.startsWith('2') ? fromRoute : undefined) ?? DEFAULT_RESPONSES[status]?.description ?? fromRoute;
    response.description = description ?? 'Response.';
    const headers = headersOf(docs);
    if (headers) response.headers = headers;
    const examples = own[status]?.examples;
    if (examples) {
      const media = response.content?.['application/json'];
      if (!media) throw new Error(`OpenAPI: ${operation.operationId} ${status} has examples but no JSON body`);
      media.examples = examples;
    }
  }
}

/** Named schemas of the route schemas → components (first pass: all of them, before any refers to one). */
function hoistComponents(operation: Operation, components: Components): void {
  if (operation.parameters) operation.parameters = unmark(operation.parameters) as Json[];
  if (operation.requestBody) operation.requestBody = components.hoist(operation.requestBody) as Operation['requestBody'];
  operation.responses = components.hoist(operation.responses) as Operation['responses'];
}

/** Each route's own response prose and examples (its schema's `x-docs`; second pass). */
function documentOperation(operation: Operation, components: Components): void {
  const docs = operation['x-docs'];
  delete operation['x-docs'];
  if (docs?.requestExamples) {
    const [first] = Object.values(operation.requestBody?.content ?? {});
    if (!first) throw new Error(`OpenAPI: ${operation.operationId} has request examples but no request body`);
    first.examples = docs.requestExamples;
  }
  // @fastify/swagger marks every declared body required; a route whose body may be left out says so.
  if (docs?.requestBodyOptional && operation.requestBody) operation.requestBody.required = false;
  documentResponses(operation, docs, components);
}

// ---------------------------------------------------------------------------------------------
// The webhooks the service sends: not routes of its own, so made here from their schemas.

/** A TypeBox schema as plain JSON, named schemas marked for the components. */
function plainSchema(schema: object): Json {
  return JSON.parse(JSON.stringify(markNamedSchemas(schema))) as Json;
}

/** OpenAPI 3.1's `webhooks`: the `payment_methods.changed` event, its body and its headers. */
function webhooksSection(components: Components): Json {
  const parameters = Object.entries(WEBHOOK_HEADERS).map(([name, schema]) => {
    const { description, ...rest } = plainSchema(schema);
    return { name, in: 'header', required: true, description, schema: rest };
  });
  const example = {
    type: PAYMENT_METHODS_CHANGED,
    timestamp: '2026-11-27T00:00:00.000Z',
    data: {
      storeId: '84d19995-8ee7-4639-8e25-13b1691ccac6',
      paymentMethodIds: ['707120fd-3673-4b6e-9a91-03a5309c2a8f'],
      reason: 'activated',
    },
  };
  return {
    [PAYMENT_METHODS_CHANGED]: {
      post: {
        tags: ['Webhooks'],
        summary: 'What a store offers may have changed',
        description:
          "Sent to every enabled endpoint of the store's merchant when a method of the store is created, changed or " +
          'deleted, when a window opens or closes (at its boundary), or when the store itself changes; one event per ' +
          'store and reason for one write. Verify the signature on the raw body before parsing it (the ' +
          '`standardwebhooks` libraries do), answer 2xx within 10 seconds, then work: read the store again from the ' +
          'merchant API. At least once: deduplicate on `webhook-id`.',
        operationId: 'paymentMethodsChanged',
        // No bearer token: the signature headers authenticate the request.
        security: [],
        parameters,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: components.hoist(plainSchema(PaymentMethodsChangedEventSchema)),
              examples: { activated: { summary: 'A campaign window opened at midnight', value: example } },
            },
          },
        },
        responses: {
          '2XX': {
            description:
              'Received: the delivery has succeeded when the status comes within 10 seconds of the connection. Any body is ' +
              'read (up to 64 KiB) and dropped.',
          },
          '4XX': {
            description:
              'Refused (a signature that does not verify, a timestamp too old): a failed attempt, as any other status ' +
              '(a redirect is never followed), a time-out or a connection error is. It is retried after the delays of ' +
              'WEBHOOK_RETRY_SCHEDULE with the same `webhook-id`; after the last retry, the delivery has failed.',
          },
        },
      },
    },
  };
}

const TOP_LEVEL_ORDER = ['openapi', 'info', 'servers', 'tags', 'security', 'paths', 'webhooks', 'components'];
const OPERATION_ORDER = ['tags', 'summary', 'description', 'operationId', 'security', 'parameters', 'requestBody', 'responses'];

function ordered(object: Json, order: readonly string[]): Json {
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = Object.keys(object).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, object[key]]));
}

const sortedKeys = (object: Json) => ordered(object, []);

/** One order for everything the route registration order could otherwise change. JSON schemas keep theirs. */
function canonicalOrder(document: Json): Json {
  const paths: Json = {};
  for (const [path, item] of Object.entries(sortedKeys(document.paths as Json))) {
    const operations: Json = {};
    for (const [method, operation] of Object.entries(ordered(item as Json, METHODS))) {
      const op = ordered(operation as Json, OPERATION_ORDER) as Operation;
      const responses: Json = {};
      for (const [status, response] of Object.entries(sortedKeys(op.responses))) {
        responses[status] = ordered(response as Json, ['description', 'headers', 'content']);
      }
      operations[method] = { ...op, responses };
    }
    paths[path] = operations;
  }
  const components = document.components as Json;
  return ordered(
    {
      ...document,
      paths,
      components: sortedKeys(Object.fromEntries(Object.entries(components).map(([kind, entries]) => [kind, sortedKeys(entries as Json)]))),
    },
    TOP_LEVEL_ORDER,
  );
}

/** `PROVIDER_INVOICE`, … as whole words: the known types of the default prefix, longest suffix first. */
const DEFAULT_PREFIXED_TYPE = new RegExp(
  `\\b${DEFAULT_OPERATOR_TYPES.prefix}_(${[...OPERATOR_TYPE_SUFFIXES].sort((a, b) => b.length - a.length).join('|')})\\b`,
  'g',
);

/**
 * The document's texts (schema descriptions and examples, operation prose and examples) name the
 * known types with the default prefix; every string value is spelled here with the configured
 * operator's (`PROVIDER_INVOICE` → `RESURS_INVOICE`). Opaque values (an example's base64
 * `internalData`) are left as they are.
 */
function withOperatorTypes(node: unknown, operator: OperatorTypes): unknown {
  if (typeof node === 'string') {
    return node.replace(DEFAULT_PREFIXED_TYPE, (_match, suffix: (typeof OPERATOR_TYPE_SUFFIXES)[number]) => operator.typeOf(suffix));
  }
  if (Array.isArray(node)) return node.map((item) => withOperatorTypes(item, operator));
  if (!isObject(node)) return node;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withOperatorTypes(value, operator)]));
}

/** The finishing pass (swagger's `transformObject`); `operator`: the configured operator's types. */
export function finishDocument(generated: Json, operator: OperatorTypes): Json {
  const document = mergeEnumUnions(generated) as Json;
  const componentsObject = (document.components ??= {}) as Json;
  const components = new Components((componentsObject.schemas ??= {}) as Json);
  const operations = operationsOf(document);
  for (const { operation } of operations) hoistComponents(operation, components);
  const used = new Set<string>();
  for (const { operation } of operations) {
    documentOperation(operation, components);
    for (const tag of operation.tags ?? []) used.add(tag);
  }
  document.webhooks = webhooksSection(components);
  used.add('Webhooks');
  // Tags no operation uses would show as empty sections; unknown tags are listed after the known.
  const known = TAGS.filter((tag) => used.has(tag.name));
  const unknown = [...used]
    .filter((name) => !TAGS.some((tag) => tag.name === name))
    .sort()
    .map((name) => ({ name }));
  document.tags = [...known, ...unknown];
  const finished = canonicalOrder(document);
  return operator.prefix === DEFAULT_OPERATOR_TYPES.prefix ? finished : (withOperatorTypes(finished, operator) as Json);
}
