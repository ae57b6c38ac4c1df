// Configuration is read once, at start-up, from the environment (docs/README.md#configuration). Everything else
// receives a Config object; nothing below this file reads process.env.
import { isIP } from 'node:net';
import { DEFAULT_PROVIDER_PREFIX, isValidProviderPrefix } from './domain/payment-method-types.ts';
import { DEFAULT_SYSTEM_BUNDLE, type AuthoritySources } from './lib/certificate-authorities.ts';

export interface Config {
  host: string;
  port: number;
  /** External base URL: used in embed.src and as the `iss` of the access tokens we issue. */
  publicUrl: string;
  /** `postgres://…` selects PostgreSQL; undefined selects the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /**
   * What DATABASE_URL reaches: PostgreSQL itself (`none`), or a transaction-mode pooler
   * (PgBouncer, RDS Proxy, Supavisor, pgcat) that keeps no session state between transactions
   * (docs/operations.md#behind-a-connection-pooler).
   */
  databasePooler: 'none' | 'transaction';
  /** A direct PostgreSQL connection for what needs a real session (migrations, LISTEN); undefined: DATABASE_URL. */
  databaseDirectUrl: string | undefined;
  /** Connections of this instance's pool (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  dataDir: string;
  /** Catalog JSON applied at start-up; undefined applies nothing (unless demo is set). */
  catalogFile: string | undefined;
  /** Serve the bundled demo catalog (npm start with nothing configured). */
  demo: boolean;
  sessionTtlSeconds: number;
  /** Expired sessions are kept (answering 409) this long past expiresAt, then purged (at least 24: docs/session-api.md#session-lifetime-and-retention). */
  sessionRetentionHours: number;
  /** How often the purge job runs (services/session-purge.ts); 0 turns it off. */
  sessionPurgeIntervalSeconds: number;
  /** Audit events are kept this many days, then deleted by the purge job (docs/audit.md#retention). */
  auditRetentionDays: number;
  tokenTtlSeconds: number;
  /**
   * On SIGTERM, how long the instance keeps serving while answering /readyz 503, so that load
   * balancers stop routing to it before it stops listening (docs/operations.md#deploys). SIGINT skips it.
   */
  shutdownDelaySeconds: number;
  /** Client-secret derivations (scrypt) a second this process starts at most, whoever asks (auth/key-derivations.ts). */
  keyDerivationsPerSecond: number;
  externalAuth: ExternalAuthConfig | undefined;
  logLevel: string;
  /** `redis://…`: rate-limit counters shared by every instance; undefined keeps them in memory. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key this service writes (several environments may share one Redis). */
  redisKeyPrefix: string;
  /** Requests per minute; 0 turns a limit off (src/http/plugins/rate-limit.ts). */
  rateLimits: RateLimitConfig;
  /** Fastify's trustProxy: whose X-Forwarded-For to believe for the client address (per-IP limits, logs). */
  trustProxy: boolean | number | string;
  /**
   * The operator's own name in the known payment method types (`RESURS` → `RESURS_INVOICE`), as
   * written: case is kept, since type identifiers are compared exactly. context.ts builds the
   * OperatorTypes (domain/payment-method-types.ts) from it once.
   */
  providerPrefix: string;
  /**
   * OpenTelemetry traces (docs/operations.md#traces): on when OTEL_EXPORTER_OTLP_ENDPOINT or
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set. The SDK reads the other OTEL_* variables itself.
   */
  tracing: TracingConfig | undefined;
  /**
   * The sampling of request traces (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG), decided by the
   * service before the SDK is asked for anything (observability/request-tracing.ts).
   */
  traceSampler: TraceSamplerConfig;
  /**
   * STOREFRONT_LOG_SAMPLE: storefront answers (group retrieval, price information) with status 2xx or
   * 304 get an access line one in this many; 1 logs every one (observability/logging.ts).
   */
  storefrontLogSample: number;
  /** SERVER_TIMING=true: storefront answers carry Server-Timing (off by default: its cost is on every answer). */
  serverTiming: boolean;
  webhooks: WebhookConfig;
  /** The console's single sign-on (docs/console.md#single-sign-on); undefined: the console signs in with an admin client's secret. */
  consoleOidc: ConsoleOidcConfig | undefined;
  /**
   * CONSOLE_CLIENT_SIGN_IN: whether people may sign in to the console with an admin client's id and
   * secret (docs/console.md#sign-in). On by default; off only beside single sign-on.
   */
  consoleClientSignIn: boolean;
}

export interface ConsoleOidcConfig {
  /** CONSOLE_OIDC_ISSUER: the provider's issuer identifier (https), where its discovery document is found. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** CONSOLE_OIDC_ROLES_CLAIM: the claim carrying the person's roles (an array or a space-separated string). */
  rolesClaim: string;
  /**
   * What the provider's TLS certificate is checked against besides Node's bundled roots: the system's
   * bundle (SSL_CERT_FILE, else /etc/ssl/certs/ca-certificates.crt) and NODE_EXTRA_CA_CERTS' file.
   */
  authorities: AuthoritySources;
}

export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE=true: endpoints may be http:// and reach private, loopback and link-local addresses. */
  allowPrivate: boolean;
  /** WEBHOOK_RETRY_SCHEDULE: seconds before each retry of a failed delivery; after the last, it has failed. */
  retrySchedule: number[];
  /** Finished deliveries (and their events) are kept this many days, then purged (WEBHOOK_DELIVERY_RETENTION_DAYS). */
  deliveryRetentionDays: number;
}

export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];

export interface TracingConfig {
  protocol: 'http/protobuf' | 'http/json';
  /** The span queue's OTEL_BSP_* settings (observability/span-queue.ts), the SDK's defaults unless set. */
  queue: { scheduledDelayMs: number; maxQueueSize: number; maxExportBatchSize: number; exportTimeoutMs: number };
}

/** OTEL_TRACES_SAMPLER's standard values (the SDK's own `jaeger_remote` is not supported). */
export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

export interface TraceSamplerConfig {
  sampler: (typeof TRACE_SAMPLERS)[number];
  /** The ratio of the traceidratio samplers (OTEL_TRACES_SAMPLER_ARG, 0 … 1; default 1). */
  ratio: number;
}

export interface RateLimitConfig {
  /** Per client, session creation and /v2 together. */
  merchantPerMinute: number;
  /** Failed client authentications per (client id, address) on POST /oauth2/token (auth/failed-attempts.ts). */
  tokenPerMinute: number;
  /** Per IP address (IPv6: per /64), group retrieval. */
  storefrontPerMinute: number;
}

export interface ExternalAuthConfig {
  issuer: string;
  jwksUrl: string;
  audience: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** A number of seconds, fractions allowed (`1.5`). */
function seconds(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new ConfigError(`${name} must be a number of seconds, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** Seconds between attempts, comma-separated: whole numbers from 1 to a week, at most 30 of them. */
function retrySchedule(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_WEBHOOK_RETRY_SCHEDULE];
  const delays = raw.split(',').map((part) => part.trim());
  if (delays.length > 30 || !delays.every((d) => /^[0-9]+$/.test(d) && Number(d) >= 1 && Number(d) <= 604800)) {
    throw new ConfigError(
      `WEBHOOK_RETRY_SCHEDULE must be up to 30 comma-separated delays in whole seconds from 1 to 604800 (e.g. 5,300,1800), got "${raw}"`,
    );
  }
  return delays.map(Number);
}

function tracing(env: Env): TracingConfig | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return undefined;
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    throw new ConfigError(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (grpc is not supported), got "${protocol}"`);
  }
  const maxQueueSize = integer(env, 'OTEL_BSP_MAX_QUEUE_SIZE', 2048, 1, 1_000_000);
  return {
    protocol,
    queue: {
      scheduledDelayMs: integer(env, 'OTEL_BSP_SCHEDULE_DELAY', 5000, 0, 3_600_000),
      maxQueueSize,
      // As the SDK: a batch is never larger than the queue.
      maxExportBatchSize: Math.min(maxQueueSize, integer(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 512, 1, 1_000_000)),
      exportTimeoutMs: integer(env, 'OTEL_BSP_EXPORT_TIMEOUT', 30_000, 1, 3_600_000),
    },
  };
}

function traceSampler(env: Env): TraceSamplerConfig {
  const raw = env.OTEL_TRACES_SAMPLER || 'parentbased_always_on';
  const sampler = TRACE_SAMPLERS.find((name) => name === raw);
  if (sampler === undefined) throw new ConfigError(`OTEL_TRACES_SAMPLER must be one of ${TRACE_SAMPLERS.join(', ')}, got "${raw}"`);
  const arg = env.OTEL_TRACES_SAMPLER_ARG;
  if (!sampler.endsWith('traceidratio') || arg === undefined || arg === '') return { sampler, ratio: 1 };
  const ratio = Number(arg);
  if (!/^\d+(\.\d+)?$/.test(arg) || ratio > 1) throw new ConfigError(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, got "${arg}"`);
  return { sampler, ratio };
}

function url(name: string, raw: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset or `false`; `true` (every hop: only when nothing reaches us but the proxy); a hop count; or addresses/CIDRs. */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const valid =
      PROXY_NAMES.has(entry) ||
      (isIP(address) !== 0 &&
        rest.length === 0 &&
        (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128))));
    if (!valid) {
      throw new ConfigError(
        `TRUST_PROXY must be true, false, a hop count, or comma-separated addresses/CIDRs (or loopback, linklocal, uniquelocal), got "${raw}"`,
      );
    }
  }
  return entries.join(',');
}

/** PROVIDER_PREFIX: letters, digits and `_`, starting with a letter; not normalized (`resurs` gives `resurs_INVOICE`). */
function providerPrefix(raw: string | undefined): string {
  if (raw === undefined || raw === '') return DEFAULT_PROVIDER_PREFIX;
  if (!isValidProviderPrefix(raw)) {
    throw new ConfigError(`PROVIDER_PREFIX must be letters, digits and _, starting with a letter (e.g. RESURS), got "${raw}"`);
  }
  return raw;
}

/** CONSOLE_CLIENT_SIGN_IN: on unless `false`; off needs single sign-on, else nobody could sign in. */
function consoleClientSignIn(env: Env, oidc: ConsoleOidcConfig | undefined): boolean {
  const raw = env.CONSOLE_CLIENT_SIGN_IN;
  const on = raw === undefined || raw === '' ? true : flag(env, 'CONSOLE_CLIENT_SIGN_IN');
  if (!on && !oidc) {
    throw new ConfigError(
      'CONSOLE_CLIENT_SIGN_IN=false leaves no way to sign in to the console: set CONSOLE_OIDC_ISSUER, CONSOLE_OIDC_CLIENT_ID and CONSOLE_OIDC_CLIENT_SECRET too, or leave it unset',
    );
  }
  return on;
}

/** CONSOLE_OIDC_*: the three of issuer, client id and client secret together, or none. */
function consoleOidc(env: Env): ConsoleOidcConfig | undefined {
  const names = ['CONSOLE_OIDC_ISSUER', 'CONSOLE_OIDC_CLIENT_ID', 'CONSOLE_OIDC_CLIENT_SECRET'] as const;
  const set = names.filter((name) => env[name]);
  if (set.length === 0) return undefined;
  if (set.length < names.length) {
    throw new ConfigError(`${names.join(', ')} go together: set all three or none (missing ${names.filter((n) => !env[n]).join(', ')})`);
  }
  // openid-client talks to a provider over https only; the certificate is checked against Node's roots,
  // the system's bundle and NODE_EXTRA_CA_CERTS (lib/certificate-authorities.ts).
  const issuer = url('CONSOLE_OIDC_ISSUER', env.CONSOLE_OIDC_ISSUER!, ['https:']);
  const rolesClaim = env.CONSOLE_OIDC_ROLES_CLAIM || 'roles';
  const authorities: AuthoritySources = {
    systemBundle: env.SSL_CERT_FILE ? { path: env.SSL_CERT_FILE, required: true } : { path: DEFAULT_SYSTEM_BUNDLE, required: false },
    extraFile: env.NODE_EXTRA_CA_CERTS || undefined,
  };
  return { issuer, clientId: env.CONSOLE_OIDC_CLIENT_ID!, clientSecret: env.CONSOLE_OIDC_CLIENT_SECRET!, rolesClaim, authorities };
}

export function readConfig(env: Env = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  const publicUrl = url('PUBLIC_URL', env.PUBLIC_URL || `http://${hostInUrl}:${port}`, ['http:', 'https:']).replace(/\/+$/, '');
  const databaseUrl = env.DATABASE_URL ? url('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']) : undefined;
  const databaseDirectUrl = env.DATABASE_DIRECT_URL
    ? url('DATABASE_DIRECT_URL', env.DATABASE_DIRECT_URL, ['postgres:', 'postgresql:'])
    : undefined;
  const databasePooler = env.DATABASE_POOLER || 'none';
  if (databasePooler !== 'none' && databasePooler !== 'transaction') {
    throw new ConfigError(`DATABASE_POOLER must be none or transaction, got "${databasePooler}"`);
  }
  if (!databaseUrl && (databaseDirectUrl || databasePooler !== 'none')) {
    throw new ConfigError('DATABASE_POOLER and DATABASE_DIRECT_URL need DATABASE_URL (PostgreSQL)');
  }

  const issuer = env.AUTH_ISSUER || undefined;
  const jwksUrl = env.AUTH_JWKS_URL || undefined;
  if ((issuer === undefined) !== (jwksUrl === undefined)) {
    throw new ConfigError('AUTH_ISSUER and AUTH_JWKS_URL go together: set both or neither');
  }
  const externalAuth =
    issuer && jwksUrl
      ? { issuer, jwksUrl: url('AUTH_JWKS_URL', jwksUrl, ['http:', 'https:']), audience: env.AUTH_AUDIENCE || 'merchant-api' }
      : undefined;

  const oidc = consoleOidc(env);

  const catalogFile = env.CATALOG_FILE || undefined;
  return {
    host,
    port,
    publicUrl,
    databaseUrl,
    databasePooler,
    databaseDirectUrl,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    dataDir: env.DATA_DIR || './data',
    catalogFile,
    // `npm start` with nothing configured serves the demo; DEMO=0 turns that off, DEMO=1 forces it on.
    demo: env.DEMO !== undefined ? env.DEMO === '1' || env.DEMO === 'true' : catalogFile === undefined && databaseUrl === undefined,
    sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 3600, 1, 86400),
    sessionRetentionHours: integer(env, 'SESSION_RETENTION_HOURS', 24, 24, 24 * 366),
    sessionPurgeIntervalSeconds: integer(env, 'SESSION_PURGE_INTERVAL_SECONDS', 60, 0, 86400),
    // 400 days: a year of review plus a month's slack; at least a month, so that a typo cannot empty the trail.
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 400, 30, 36500),
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 3600, 1, 86400),
    shutdownDelaySeconds: seconds(env, 'SHUTDOWN_DELAY_SECONDS', 5, 0, 300),
    keyDerivationsPerSecond: integer(env, 'TOKEN_KEY_DERIVATIONS_PER_SECOND', 2, 1, 1000),
    externalAuth,
    logLevel: env.LOG_LEVEL || 'info',
    redisUrl: env.REDIS_URL ? url('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']) : undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'pms:',
    rateLimits: {
      merchantPerMinute: integer(env, 'RATE_LIMIT_MERCHANT_PER_MINUTE', 600, 0, 1_000_000),
      tokenPerMinute: integer(env, 'RATE_LIMIT_TOKEN_PER_MINUTE', 60, 0, 1_000_000),
      storefrontPerMinute: integer(env, 'RATE_LIMIT_STOREFRONT_PER_MINUTE', 1200, 0, 1_000_000),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    providerPrefix: providerPrefix(env.PROVIDER_PREFIX),
    tracing: tracing(env),
    traceSampler: traceSampler(env),
    storefrontLogSample: integer(env, 'STOREFRONT_LOG_SAMPLE', 100, 1, 1_000_000),
    serverTiming: flag(env, 'SERVER_TIMING'),
    webhooks: {
      allowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
      retrySchedule: retrySchedule(env.WEBHOOK_RETRY_SCHEDULE),
      deliveryRetentionDays: integer(env, 'WEBHOOK_DELIVERY_RETENTION_DAYS', 30, 1, 3650),
    },
    consoleOidc: oidc,
    consoleClientSignIn: consoleClientSignIn(env, oidc),
  };
}
