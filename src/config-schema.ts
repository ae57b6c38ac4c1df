// Every setting of the service, once: its environment variable, type, bounds, default and description.
// readConfig (config.ts) validates the environment against this schema (env-schema, Ajv) and builds the
// Config from it; docs/configuration.md is generated from it (`npm run docs:config`, checked by
// test/house/configuration-docs.test.ts).
//
// To add a setting:
//   1. add an entry to its topic below: a TypeBox type with its bounds (`minimum`, `maximum`, `Type.Enum`),
//      its `default` (or `Type.Optional` and a `whenUnset` text) and its `description`;
//   2. read it where it is used from `config.settings.NAME` (typed from this entry), or give it a field of
//      Config in readConfig when it needs deriving;
//   3. run `npm run docs:config` and commit docs/configuration.md.
// An empty variable counts as unset (unless `keepEmpty`). Whole numbers, numbers, `true`/`false`/`1`/`0`
// and URLs (`protocols`) are checked before the schema, with a message naming the variable; `mustBe`
// words the refusal of a value the type alone does not say. Rules between settings (set together, needs
// another) live in readConfig and are written in the descriptions.
import { Type, type Static, type TSchema } from 'typebox';
import { DEFAULT_PROVIDER_PREFIX, PROVIDER_PREFIX_PATTERN } from './domain/payment-method-types.ts';

/** Annotations of ours beside JSON Schema's, read by readConfig and the documentation (Ajv knows them as such). */
export interface SettingAnnotations {
  /** What an unset variable means, for a setting without a `default`. */
  whenUnset?: string;
  /** An empty value is a value (not "unset"). */
  keepEmpty?: boolean;
  /** The URL schemes accepted (`https:`); the value must be an absolute URL. */
  protocols?: string[];
  /** What a refused value should have been, in words: `${NAME} must be ${mustBe}, got "…"`. */
  mustBe?: string;
}
/** An optional URL setting: only these protocols are accepted; unset means `whenUnset`. */
const urlSetting = (protocols: string[], whenUnset: string, description: string) =>
  Type.Optional(Type.String({ protocols, whenUnset, description }));

export const ANNOTATION_KEYWORDS = ['whenUnset', 'keepEmpty', 'protocols', 'mustBe'] as const;

export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** OTEL_TRACES_SAMPLER's standard values (the SDK's own `jaeger_remote` is not supported). */
export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TraceSampler = (typeof TRACE_SAMPLERS)[number];

const perMinute = (what: string) => Type.Integer({ minimum: 0, maximum: 1_000_000, description: `${what} (0: off)` });

const server = {
  HOST: Type.String({ default: '127.0.0.1', description: 'address to listen on' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'port to listen on' }),
  PUBLIC_URL: urlSetting(
    ['http:', 'https:'],
    '`http://{HOST}:{PORT}`',
    'external base URL (a trailing `/` is dropped): used in `embed.src`, as the issuer (`iss`) and audience of our tokens, and in the console’s single sign-on redirect URI',
  ),
  TRUST_PROXY: Type.Optional(
    Type.String({
      mustBe: 'true, false, a hop count, or comma-separated addresses/CIDRs (or loopback, linklocal, uniquelocal)',
      whenUnset: 'none',
      description:
        'whose `X-Forwarded-For` to believe for the client address (per-address rate limits, logs): `true` trusts every hop (only when nothing reaches the service but the proxy); addresses look like `10.0.0.0/8,loopback`',
    }),
  ),
  LOG_LEVEL: Type.String({ default: 'info', description: 'pino log level (`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`)' }),
  STOREFRONT_LOG_SAMPLE: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 100,
    description:
      'the storefront’s successful answers (group retrieval and the price-information page, 2xx and 304) get an access line one in this many (the first, then every n-th); `1` logs every one. Errors, answers slower than 100 ms and every other route are always logged, and the metrics count every request ([operations.md](operations.md#logs-and-request-ids))',
  }),
  SERVER_TIMING: Type.Boolean({
    default: false,
    description:
      '`true`: storefront answers carry `Server-Timing` (milliseconds spent on the session, the catalog and the offer, for browsers’ dev tools); off by default, its cost is on every answer ([operations.md](operations.md#metrics))',
  }),
  SHUTDOWN_DELAY_SECONDS: Type.Number({
    minimum: 0,
    maximum: 300,
    default: 5,
    mustBe: 'a number of seconds',
    description:
      'on `SIGTERM`, how long the instance stays unready (`/readyz` 503) while serving as usual, before it stops listening, so that load balancers stop routing to it first; fractions allowed; `SIGINT` skips it ([operations.md](operations.md#deploys))',
  }),
};

const database = {
  DATABASE_URL: urlSetting(['postgres:', 'postgresql:'], 'the embedded PGlite database in `DATA_DIR`', '`postgres://…` selects PostgreSQL'),
  DATABASE_POOLER: Type.Enum(['none', 'transaction'], {
    default: 'none',
    description:
      'what `DATABASE_URL` reaches: PostgreSQL itself (`none`), or a transaction-mode pooler (PgBouncer, RDS Proxy, Supavisor, pgcat) that keeps no session state between transactions; needs `DATABASE_URL` ([operations.md](operations.md#behind-a-connection-pooler))',
  }),
  DATABASE_DIRECT_URL: urlSetting(
    ['postgres:', 'postgresql:'],
    'migrations over `DATABASE_URL`; change notifications off behind a pooler',
    'a direct PostgreSQL connection for what needs a session of its own (migrations, `LISTEN`) when `DATABASE_URL` is a pooler; needs `DATABASE_URL`',
  ),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: 'connections of each instance’s pool' }),
  DATABASE_REPLICA_URL: Type.Optional(
    Type.String({
      whenUnset: 'every read from `DATABASE_URL`',
      description:
        'a read-only PostgreSQL endpoint (`postgres://…`: a standby, HAProxy’s replica backend, a managed reader endpoint; behind PgBouncer a second pooler database, with `DATABASE_POOLER` applying to both): session lookups (group retrieval, the price-information page, session lookup) go there when the primary cannot answer; the catalog, writes and idempotency never do. A value that is not a `postgres://` URL, or a replica that refuses connections, is reported at start and the service serves from the primary alone (`/readyz` says so); needs `DATABASE_URL` ([operations.md](operations.md#database-failover))',
    }),
  ),
  DATABASE_READ_FROM_REPLICA: Type.Boolean({
    default: false,
    description:
      '`true`: session lookups ask `DATABASE_REPLICA_URL` first, and a session not found there is asked of the primary (the newest may not have arrived yet)',
  }),
  DATABASE_CONNECTION_MAX_LIFETIME_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 86_400,
    default: 300,
    description:
      'a pooled PostgreSQL connection (of `DATABASE_URL` and `DATABASE_REPLICA_URL`) is closed after this long, so that a failover that moves a name to another server (a managed database’s DNS flip) is followed by every connection; `0`: no limit',
  }),
  DATA_DIR: Type.String({ default: './data', description: 'folder of the embedded database (without `DATABASE_URL`)' }),
};

const catalog = {
  CATALOG_FILE: Type.Optional(
    Type.String({
      whenUnset: 'nothing applied (see `DEMO`)',
      description: 'catalog JSON applied at start-up, idempotently ([catalog.md](catalog.md))',
    }),
  ),
  DEMO: Type.Optional(
    Type.String({
      whenUnset: 'on when `CATALOG_FILE` and `DATABASE_URL` are unset',
      description: 'serve the bundled demo catalog: `1` or `true` on; any other value (also empty) off',
    }),
  ),
  PROVIDER_PREFIX: Type.String({
    default: DEFAULT_PROVIDER_PREFIX,
    pattern: PROVIDER_PREFIX_PATTERN.source,
    mustBe: 'letters, digits and _, starting with a letter (e.g. RESURS)',
    description:
      'the operator’s own name in the known payment method types (`RESURS` → `RESURS_INVOICE`): taken as written, not upper-cased, since types compare exactly ([payment-method-types.md](payment-method-types.md#operator-prefix))',
  }),
};

const sessions = {
  SESSION_TTL_SECONDS: Type.Integer({ minimum: 1, maximum: 86400, default: 3600, description: 'session lifetime, in seconds' }),
  SESSION_RETENTION_HOURS: Type.Integer({
    minimum: 24,
    maximum: 24 * 366,
    default: 24,
    description:
      'how long expired sessions are kept (answering 409) before the purge deletes them ([session-api.md](session-api.md#session-lifetime-and-retention))',
  }),
  SESSION_PURGE_INTERVAL_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 86400,
    default: 60,
    description: 'how often each instance runs the purge job (0: off)',
  }),
  AUDIT_RETENTION_DAYS: Type.Integer({
    minimum: 30,
    maximum: 36500,
    default: 400,
    // 400 days: a year of review plus a month's slack; at least a month, so that a typo cannot empty the trail.
    description: 'how long audit events are kept before the purge deletes them ([audit.md](audit.md#retention))',
  }),
};

const tokens = {
  TOKEN_TTL_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 86400,
    default: 3600,
    description: 'lifetime of the access tokens we issue, in seconds',
  }),
  TOKEN_KEY_DERIVATIONS_PER_SECOND: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 2,
    description:
      'client-secret derivations (scrypt, ~50 ms of a core each) each instance starts at most a second, whoever asks; a secret the instance verified before needs none ([oauth.md](oauth.md))',
  }),
  AUTH_ISSUER: Type.Optional(
    Type.String({
      whenUnset: 'only our own tokens',
      description: 'also accept the tokens of this external authorization server; set with `AUTH_JWKS_URL`',
    }),
  ),
  AUTH_JWKS_URL: urlSetting(
    ['http:', 'https:'],
    'only our own tokens',
    'the external issuer’s signing keys (JWKS); set with `AUTH_ISSUER`',
  ),
  AUTH_AUDIENCE: Type.String({ default: 'merchant-api', description: 'audience the external issuer’s tokens must carry' }),
};

const rateLimits = {
  REDIS_URL: urlSetting(['redis:', 'rediss:'], 'counted in memory, per instance', 'rate-limit counters shared by every instance'),
  REDIS_KEY_PREFIX: Type.String({
    default: 'pms:',
    keepEmpty: true,
    description: 'prefix of every Redis key the service writes (several environments may share one Redis); may be empty',
  }),
  RATE_LIMIT_MERCHANT_PER_MINUTE: Type.Integer({
    ...perMinute('requests a minute per client: session creation and `/v2/*` together'),
    default: 600,
  }),
  RATE_LIMIT_TOKEN_PER_MINUTE: Type.Integer({
    ...perMinute(
      'failed client authentications a minute per client id and address on `POST /oauth2/token`, per instance; right secrets never count',
    ),
    default: 60,
  }),
  RATE_LIMIT_STOREFRONT_PER_MINUTE: Type.Integer({
    ...perMinute('group retrievals a minute per IP address (IPv6: per /64)'),
    default: 1200,
  }),
};

const webhooks = {
  WEBHOOK_ALLOW_PRIVATE: Type.Boolean({
    default: false,
    description:
      '`true`: webhook endpoints may be `http://` and reach private, loopback and link-local addresses ([webhooks.md](webhooks.md#safety))',
  }),
  WEBHOOK_RETRY_SCHEDULE: Type.Optional(
    Type.String({
      mustBe: 'up to 30 comma-separated delays in whole seconds from 1 to 604800 (e.g. 5,300,1800)',
      whenUnset: `\`${DEFAULT_WEBHOOK_RETRY_SCHEDULE.join(',')}\``,
      description: 'seconds before each retry of a failed delivery; after the last, it has failed',
    }),
  ),
  WEBHOOK_DELIVERY_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 30,
    description: 'days finished deliveries (and their events) are kept before the purge deletes them',
  }),
};

const consoleSignIn = {
  CONSOLE_OIDC_ISSUER: urlSetting(
    ['https:'],
    'no single sign-on',
    'the console’s single sign-on with OpenID Connect: the provider’s issuer, where its discovery document is found; set with `CONSOLE_OIDC_CLIENT_ID` and `CONSOLE_OIDC_CLIENT_SECRET`. The redirect URI is `{PUBLIC_URL}/console/callback` ([console.md](console.md#single-sign-on))',
  ),
  CONSOLE_OIDC_CLIENT_ID: Type.Optional(
    Type.String({ whenUnset: 'no single sign-on', description: 'the console’s confidential client at the provider' }),
  ),
  CONSOLE_OIDC_CLIENT_SECRET: Type.Optional(Type.String({ whenUnset: 'no single sign-on', description: 'that client’s secret' })),
  CONSOLE_OIDC_ROLES_CLAIM: Type.String({
    default: 'roles',
    description:
      'the claim (ID token or userinfo) carrying a person’s roles, an array or a space-separated string: `catalog-editor` may change, `catalog-viewer` may read, anyone else is refused',
  }),
  CONSOLE_CLIENT_SIGN_IN: Type.Boolean({
    default: true,
    description:
      '`false`: the console offers single sign-on only; an admin client’s sign-in is refused and the sessions clients had end. Needs `CONSOLE_OIDC_*` ([console.md](console.md#sign-in))',
  }),
  SSL_CERT_FILE: Type.Optional(
    Type.String({
      whenUnset: '`/etc/ssl/certs/ca-certificates.crt`, skipped when absent',
      description:
        'the system’s bundle of certificate authorities (PEM) the single sign-on provider’s certificate is checked against, besides Node’s own and `NODE_EXTRA_CA_CERTS`; a named file that cannot be read stops the start-up',
    }),
  ),
  NODE_EXTRA_CA_CERTS: Type.Optional(
    Type.String({
      whenUnset: 'none',
      description:
        'read by Node.js itself too: a PEM file of certificate authorities trusted besides Node’s bundled ones (e.g. the single sign-on provider’s)',
    }),
  ),
};

const traces = {
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(
    Type.String({
      whenUnset: 'no tracing; the SDK is not even loaded',
      description:
        'OTLP/HTTP collector base URL (`http://otel-collector:4318`): turns traces on. The SDK reads the exporter’s other standard variables itself (`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`); the sampler and the span queue are below ([operations.md](operations.md#traces))',
    }),
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: Type.Optional(
    Type.String({ whenUnset: '`OTEL_EXPORTER_OTLP_ENDPOINT`', description: 'the traces’ own endpoint; also turns traces on' }),
  ),
  OTEL_EXPORTER_OTLP_PROTOCOL: Type.Optional(
    Type.String({
      mustBe: 'http/protobuf or http/json (grpc is not supported)',
      whenUnset: '`http/protobuf`',
      description: '`http/protobuf` or `http/json`; checked only when traces are on',
    }),
  ),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: Type.Optional(
    Type.String({
      mustBe: 'http/protobuf or http/json (grpc is not supported)',
      whenUnset: '`OTEL_EXPORTER_OTLP_PROTOCOL`',
      description: 'the traces’ own protocol, winning over `OTEL_EXPORTER_OTLP_PROTOCOL`; checked only when traces are on',
    }),
  ),
  OTEL_SDK_DISABLED: Type.Optional(Type.String({ whenUnset: 'enabled', description: '`true` turns traces off' })),
  OTEL_TRACES_EXPORTER: Type.Optional(Type.String({ whenUnset: 'OTLP', description: '`none` turns traces off' })),
  OTEL_TRACES_SAMPLER: Type.Enum([...TRACE_SAMPLERS], {
    default: 'parentbased_always_on',
    description:
      'which requests are traced, decided by the service before any span is made: the `parentbased_*` samplers follow a caller’s `traceparent` and decide roots as their suffix says; `traceidratio` keeps the ratio `OTEL_TRACES_SAMPLER_ARG` of traces by trace id; a request left out makes no span and no trace id of its own (`jaeger_remote` is not supported) ([operations.md](operations.md#traces))',
  }),
  OTEL_TRACES_SAMPLER_ARG: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 1,
      whenUnset: '`1`',
      description: 'the ratio of traces the `traceidratio` samplers keep (`0.1`: one in ten); ignored by the others',
    }),
  ),
  OTEL_BSP_SCHEDULE_DELAY: Type.Integer({
    minimum: 0,
    maximum: 3_600_000,
    default: 5000,
    description: 'milliseconds between exports of the ended spans queued (a full batch leaves at once, outside any request)',
  }),
  OTEL_BSP_MAX_QUEUE_SIZE: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 2048,
    description:
      'spans the export queue holds at most, besides its bound of 16 MiB (of encoded spans with protobuf; by an estimate of each span’s size with JSON); beyond either, spans are dropped',
  }),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 512,
    description: 'spans per export at most (never more than `OTEL_BSP_MAX_QUEUE_SIZE`)',
  }),
  OTEL_BSP_EXPORT_TIMEOUT: Type.Integer({
    minimum: 1,
    maximum: 3_600_000,
    default: 30_000,
    description: 'milliseconds after which an export that has not answered is given up (one export at a time)',
  }),
};

/** The settings by topic, in the documentation's order. */
export const SETTING_TOPICS: ReadonlyArray<{ title: string; settings: Record<string, TSchema> }> = [
  { title: 'Server', settings: server },
  { title: 'Database', settings: database },
  { title: 'Catalog', settings: catalog },
  { title: 'Sessions and retention', settings: sessions },
  { title: 'Tokens and authorization servers', settings: tokens },
  { title: 'Rate limits', settings: rateLimits },
  { title: 'Webhooks', settings: webhooks },
  { title: 'Console', settings: consoleSignIn },
  { title: 'Traces (OpenTelemetry)', settings: traces },
];

export const SettingsSchema = Type.Object({
  ...server,
  ...database,
  ...catalog,
  ...sessions,
  ...tokens,
  ...rateLimits,
  ...webhooks,
  ...consoleSignIn,
  ...traces,
});

/** Every setting as read and checked: defaults applied, numbers and booleans converted. */
export type Settings = Static<typeof SettingsSchema>;
