// Configuration is read once, at start-up, from the environment. Everything else receives a Config
// object; nothing below this file reads process.env. What each setting means, its type, bounds and
// default: config-schema.ts (the one place), published as docs/configuration.md.
import { isIP } from 'node:net';
import { Ajv } from 'ajv';
import envSchema from 'env-schema';
import { isValidProviderPrefix } from './domain/payment-method-types.ts';
import { DEFAULT_SYSTEM_BUNDLE, type AuthoritySources } from './lib/certificate-authorities.ts';
import {
  ANNOTATION_KEYWORDS,
  DEFAULT_WEBHOOK_RETRY_SCHEDULE,
  SettingsSchema,
  type SettingAnnotations,
  type Settings,
  type TraceSampler,
} from './config-schema.ts';

export { DEFAULT_WEBHOOK_RETRY_SCHEDULE, type Settings } from './config-schema.ts';

/** The settings shaped for their users; each field's meaning is its variable's description in config-schema.ts. */
export interface Config {
  host: Settings['HOST'];
  port: Settings['PORT'];
  publicUrl: string;
  databaseUrl: Settings['DATABASE_URL'];
  databasePooler: Settings['DATABASE_POOLER'];
  databaseDirectUrl: Settings['DATABASE_DIRECT_URL'];
  databasePoolSize: Settings['DATABASE_POOL_SIZE'];
  /**
   * DATABASE_REPLICA_URL: `url` when usable; `problem` (naming the variable, never its value) when
   * not: the service then serves from the primary alone and says so at start and in /readyz.
   */
  databaseReplica: { url: string } | { problem: string } | undefined;
  databaseReadFromReplica: Settings['DATABASE_READ_FROM_REPLICA'];
  databaseConnectionMaxLifetimeSeconds: Settings['DATABASE_CONNECTION_MAX_LIFETIME_SECONDS'];
  dataDir: Settings['DATA_DIR'];
  catalogFile: Settings['CATALOG_FILE'];
  demo: boolean;
  sessionTtlSeconds: Settings['SESSION_TTL_SECONDS'];
  sessionRetentionHours: Settings['SESSION_RETENTION_HOURS'];
  sessionPurgeIntervalSeconds: Settings['SESSION_PURGE_INTERVAL_SECONDS'];
  auditRetentionDays: Settings['AUDIT_RETENTION_DAYS'];
  tokenTtlSeconds: Settings['TOKEN_TTL_SECONDS'];
  shutdownDelaySeconds: Settings['SHUTDOWN_DELAY_SECONDS'];
  keyDerivationsPerSecond: Settings['TOKEN_KEY_DERIVATIONS_PER_SECOND'];
  externalAuth: ExternalAuthConfig | undefined;
  logLevel: Settings['LOG_LEVEL'];
  redisUrl: Settings['REDIS_URL'];
  redisKeyPrefix: Settings['REDIS_KEY_PREFIX'];
  rateLimits: RateLimitConfig;
  trustProxy: boolean | number | string;
  /** context.ts builds the OperatorTypes (domain/payment-method-types.ts) from it once. */
  providerPrefix: Settings['PROVIDER_PREFIX'];
  /** Undefined: no tracing. */
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
  /** Undefined: the console signs in with an admin client's secret only. */
  consoleOidc: ConsoleOidcConfig | undefined;
  consoleClientSignIn: Settings['CONSOLE_CLIENT_SIGN_IN'];
  /** Every setting as validated, by variable name: a new setting is read from here (config-schema.ts). */
  settings: Readonly<Settings>;
}

export interface ConsoleOidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  rolesClaim: Settings['CONSOLE_OIDC_ROLES_CLAIM'];
  /** SSL_CERT_FILE (else the system's usual bundle, if present) and NODE_EXTRA_CA_CERTS. */
  authorities: AuthoritySources;
}

export interface WebhookConfig {
  allowPrivate: Settings['WEBHOOK_ALLOW_PRIVATE'];
  retrySchedule: number[];
  deliveryRetentionDays: Settings['WEBHOOK_DELIVERY_RETENTION_DAYS'];
}

export interface TracingConfig {
  protocol: 'http/protobuf' | 'http/json';
  /** The span queue's OTEL_BSP_* settings (observability/span-queue.ts), the SDK's defaults unless set. */
  queue: { scheduledDelayMs: number; maxQueueSize: number; maxExportBatchSize: number; exportTimeoutMs: number };
}

export interface TraceSamplerConfig {
  sampler: TraceSampler;
  /** The ratio of the traceidratio samplers (OTEL_TRACES_SAMPLER_ARG, 0 … 1; default 1). */
  ratio: number;
}

/** Requests per minute; 0 turns a limit off (src/http/plugins/rate-limit.ts). */
export interface RateLimitConfig {
  merchantPerMinute: Settings['RATE_LIMIT_MERCHANT_PER_MINUTE'];
  tokenPerMinute: Settings['RATE_LIMIT_TOKEN_PER_MINUTE'];
  storefrontPerMinute: Settings['RATE_LIMIT_STOREFRONT_PER_MINUTE'];
}

export interface ExternalAuthConfig {
  issuer: string;
  jwksUrl: string;
  audience: Settings['AUTH_AUDIENCE'];
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;
type SettingSchema = SettingAnnotations & {
  type?: string;
  minimum?: number;
  maximum?: number;
  enum?: string[];
};

const SETTINGS = SettingsSchema.properties as unknown as Record<string, SettingSchema>;

// env-schema's own Ajv options (defaults, coercion of the strings that remain), with our annotations known.
const ajv = new Ajv({
  allErrors: true,
  removeAdditional: true,
  useDefaults: true,
  coerceTypes: true,
  allowUnionTypes: true,
  addUsedSchema: false,
  keywords: [envSchema.keywords.separator, ...ANNOTATION_KEYWORDS],
});

function mustBe(name: string, words: string, raw: string): ConfigError {
  return new ConfigError(`${name} must be ${words}, got "${raw}"`);
}

/**
 * The environment's values of our settings, checked for what Ajv's coercion would let through or word
 * unclearly: an empty value is unset; whole numbers are digits only (no `1e3`, ` 5`, `0x10`); booleans
 * are `true`/`false`/`1`/`0`; URLs are absolute and of the schemes the setting takes.
 */
function present(env: Env): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const [name, schema] of Object.entries(SETTINGS)) {
    const raw = env[name];
    if (raw === undefined || (raw === '' && !schema.keepEmpty)) continue;
    if (schema.type === 'integer' && !/^\d+$/.test(raw)) throw mustBe(name, schema.mustBe ?? 'a whole number', raw);
    if (schema.type === 'number' && !/^\d+(\.\d+)?$/.test(raw)) throw mustBe(name, schema.mustBe ?? 'a number', raw);
    if (schema.type === 'boolean') {
      if (!['true', 'false', '1', '0'].includes(raw)) throw mustBe(name, 'true or false', raw);
      values[name] = raw === 'true' || raw === '1';
      continue;
    }
    if (schema.protocols) url(name, raw, schema.protocols);
    values[name] = raw;
  }
  return values;
}

/** One message per variable, from what the schema says of it. */
function refusal(errors: Array<{ instancePath: string; keyword: string }>, values: Record<string, unknown>): ConfigError {
  const messages = new Map<string, string>();
  for (const error of errors) {
    const name = error.instancePath.slice(1);
    const schema = SETTINGS[name];
    if (!schema || messages.has(name)) continue;
    const value = values[name];
    if (schema.minimum !== undefined && schema.maximum !== undefined) {
      messages.set(name, `${name} must be between ${schema.minimum} and ${schema.maximum}, got ${Number(value)}`);
    } else if (schema.enum) {
      messages.set(name, mustBe(name, schema.enum.join(' or '), String(value)).message);
    } else {
      messages.set(name, mustBe(name, schema.mustBe ?? `valid (${error.keyword})`, String(value)).message);
    }
  }
  return new ConfigError([...messages.values()].join('; ') || 'the configuration is invalid');
}

function readSettings(env: Env): Settings {
  const values = present(env);
  try {
    return envSchema<Settings>({ schema: SettingsSchema, data: values, env: false, ajv });
  } catch (error) {
    const errors = (error as { errors?: Array<{ instancePath: string; keyword: string }> }).errors;
    if (!errors) throw error;
    throw refusal(errors, values);
  }
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

/** Seconds between attempts, comma-separated: whole numbers from 1 to a week, at most 30 of them. */
function retrySchedule(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_WEBHOOK_RETRY_SCHEDULE];
  const delays = raw.split(',').map((part) => part.trim());
  if (delays.length > 30 || !delays.every((d) => /^[0-9]+$/.test(d) && Number(d) >= 1 && Number(d) <= 604800)) {
    throw mustBe('WEBHOOK_RETRY_SCHEDULE', SETTINGS.WEBHOOK_RETRY_SCHEDULE!.mustBe!, raw);
  }
  return delays.map(Number);
}

function tracing(settings: Settings): TracingConfig | undefined {
  if (!settings.OTEL_EXPORTER_OTLP_ENDPOINT && !settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  if (settings.OTEL_SDK_DISABLED === 'true' || settings.OTEL_TRACES_EXPORTER === 'none') return undefined;
  // The traces' own protocol wins over the general one; the refusal names the variable that was read.
  const name = settings.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL' : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = settings[name] ?? 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') throw mustBe(name, SETTINGS[name]!.mustBe!, protocol);
  return {
    protocol,
    queue: {
      scheduledDelayMs: settings.OTEL_BSP_SCHEDULE_DELAY,
      maxQueueSize: settings.OTEL_BSP_MAX_QUEUE_SIZE,
      // As the SDK: a batch is never larger than the queue.
      maxExportBatchSize: Math.min(settings.OTEL_BSP_MAX_QUEUE_SIZE, settings.OTEL_BSP_MAX_EXPORT_BATCH_SIZE),
      exportTimeoutMs: settings.OTEL_BSP_EXPORT_TIMEOUT,
    },
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false;
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
    if (!valid) throw mustBe('TRUST_PROXY', SETTINGS.TRUST_PROXY!.mustBe!, raw);
  }
  return entries.join(',');
}

/** CONSOLE_OIDC_*: the three of issuer, client id and client secret together, or none. */
function consoleOidc(settings: Settings): ConsoleOidcConfig | undefined {
  const names = ['CONSOLE_OIDC_ISSUER', 'CONSOLE_OIDC_CLIENT_ID', 'CONSOLE_OIDC_CLIENT_SECRET'] as const;
  const set = names.filter((name) => settings[name]);
  if (set.length === 0) return undefined;
  if (set.length < names.length) {
    throw new ConfigError(
      `${names.join(', ')} go together: set all three or none (missing ${names.filter((n) => !settings[n]).join(', ')})`,
    );
  }
  // openid-client talks to a provider over https only (the schema takes https: alone); the certificate is
  // checked against Node's roots, the system's bundle and NODE_EXTRA_CA_CERTS (lib/certificate-authorities.ts).
  const authorities: AuthoritySources = {
    systemBundle: settings.SSL_CERT_FILE
      ? { path: settings.SSL_CERT_FILE, required: true }
      : { path: DEFAULT_SYSTEM_BUNDLE, required: false },
    extraFile: settings.NODE_EXTRA_CA_CERTS,
  };
  return {
    issuer: settings.CONSOLE_OIDC_ISSUER!,
    clientId: settings.CONSOLE_OIDC_CLIENT_ID!,
    clientSecret: settings.CONSOLE_OIDC_CLIENT_SECRET!,
    rolesClaim: settings.CONSOLE_OIDC_ROLES_CLAIM,
    authorities,
  };
}

/** DATABASE_REPLICA_URL is optional to the service: a bad value is reported, not refused (config.databaseReplica). */
function databaseReplica(raw: string | undefined): Config['databaseReplica'] {
  if (raw === undefined) return undefined;
  // The message names the variable, never the value (a URL may hold a password).
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    return { problem: 'DATABASE_REPLICA_URL is not a URL (postgres://…)' };
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    return { problem: `DATABASE_REPLICA_URL must use postgres: or postgresql:, got "${protocol}"` };
  }
  return { url: raw };
}

export function readConfig(env: Env = process.env): Config {
  const settings = readSettings(env);
  // Checked here besides the schema's pattern: the domain owns the rule.
  if (!isValidProviderPrefix(settings.PROVIDER_PREFIX)) {
    throw mustBe('PROVIDER_PREFIX', SETTINGS.PROVIDER_PREFIX!.mustBe!, settings.PROVIDER_PREFIX);
  }
  const { HOST: host, PORT: port, DATABASE_URL: databaseUrl } = settings;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  const publicUrl = (settings.PUBLIC_URL ?? url('PUBLIC_URL', `http://${hostInUrl}:${port}`, ['http:', 'https:'])).replace(/\/+$/, '');
  if (!databaseUrl && (settings.DATABASE_DIRECT_URL || settings.DATABASE_POOLER !== 'none')) {
    throw new ConfigError('DATABASE_POOLER and DATABASE_DIRECT_URL need DATABASE_URL (PostgreSQL)');
  }

  const { AUTH_ISSUER: issuer, AUTH_JWKS_URL: jwksUrl } = settings;
  if ((issuer === undefined) !== (jwksUrl === undefined)) {
    throw new ConfigError('AUTH_ISSUER and AUTH_JWKS_URL go together: set both or neither');
  }
  const externalAuth = issuer && jwksUrl ? { issuer, jwksUrl, audience: settings.AUTH_AUDIENCE } : undefined;

  const oidc = consoleOidc(settings);
  // Off only beside single sign-on, else nobody could sign in to the console.
  if (!settings.CONSOLE_CLIENT_SIGN_IN && !oidc) {
    throw new ConfigError(
      'CONSOLE_CLIENT_SIGN_IN=false leaves no way to sign in to the console: set CONSOLE_OIDC_ISSUER, CONSOLE_OIDC_CLIENT_ID and CONSOLE_OIDC_CLIENT_SECRET too, or leave it unset',
    );
  }

  const catalogFile = settings.CATALOG_FILE;
  return {
    host,
    port,
    publicUrl,
    databaseUrl,
    databasePooler: settings.DATABASE_POOLER,
    databaseDirectUrl: settings.DATABASE_DIRECT_URL,
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    databaseReplica: databaseReplica(settings.DATABASE_REPLICA_URL),
    databaseReadFromReplica: settings.DATABASE_READ_FROM_REPLICA,
    databaseConnectionMaxLifetimeSeconds: settings.DATABASE_CONNECTION_MAX_LIFETIME_SECONDS,
    dataDir: settings.DATA_DIR,
    catalogFile,
    // `npm start` with nothing configured serves the demo; DEMO=0 turns that off, DEMO=1 forces it on.
    demo: env.DEMO !== undefined ? env.DEMO === '1' || env.DEMO === 'true' : catalogFile === undefined && databaseUrl === undefined,
    sessionTtlSeconds: settings.SESSION_TTL_SECONDS,
    sessionRetentionHours: settings.SESSION_RETENTION_HOURS,
    sessionPurgeIntervalSeconds: settings.SESSION_PURGE_INTERVAL_SECONDS,
    auditRetentionDays: settings.AUDIT_RETENTION_DAYS,
    tokenTtlSeconds: settings.TOKEN_TTL_SECONDS,
    shutdownDelaySeconds: settings.SHUTDOWN_DELAY_SECONDS,
    keyDerivationsPerSecond: settings.TOKEN_KEY_DERIVATIONS_PER_SECOND,
    externalAuth,
    logLevel: settings.LOG_LEVEL,
    redisUrl: settings.REDIS_URL,
    redisKeyPrefix: settings.REDIS_KEY_PREFIX,
    rateLimits: {
      merchantPerMinute: settings.RATE_LIMIT_MERCHANT_PER_MINUTE,
      tokenPerMinute: settings.RATE_LIMIT_TOKEN_PER_MINUTE,
      storefrontPerMinute: settings.RATE_LIMIT_STOREFRONT_PER_MINUTE,
    },
    trustProxy: trustProxy(settings.TRUST_PROXY),
    providerPrefix: settings.PROVIDER_PREFIX,
    tracing: tracing(settings),
    // Only the ratio samplers read the ratio.
    traceSampler: {
      sampler: settings.OTEL_TRACES_SAMPLER,
      ratio: settings.OTEL_TRACES_SAMPLER.endsWith('traceidratio') ? (settings.OTEL_TRACES_SAMPLER_ARG ?? 1) : 1,
    },
    storefrontLogSample: settings.STOREFRONT_LOG_SAMPLE,
    serverTiming: settings.SERVER_TIMING,
    webhooks: {
      allowPrivate: settings.WEBHOOK_ALLOW_PRIVATE,
      retrySchedule: retrySchedule(settings.WEBHOOK_RETRY_SCHEDULE),
      deliveryRetentionDays: settings.WEBHOOK_DELIVERY_RETENTION_DAYS,
    },
    consoleOidc: oidc,
    consoleClientSignIn: settings.CONSOLE_CLIENT_SIGN_IN,
    settings,
  };
}
