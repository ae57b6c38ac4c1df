// Configuration is read once, at start-up, from the environment (contract §1). Everything else
// receives a Config object; nothing below this file reads process.env.

export interface Config {
  host: string;
  port: number;
  /** External base URL: used in embed.src and as the `iss` of the access tokens we issue. */
  publicUrl: string;
  /** `postgres://…` selects PostgreSQL; undefined selects the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Catalog JSON applied at start-up; undefined applies nothing (unless demo is set). */
  catalogFile: string | undefined;
  /** Serve the bundled demo catalog (npm start with nothing configured). */
  demo: boolean;
  sessionTtlSeconds: number;
  tokenTtlSeconds: number;
  externalAuth: ExternalAuthConfig | undefined;
  logLevel: string;
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

export function readConfig(env: Env = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  const publicUrl = url('PUBLIC_URL', env.PUBLIC_URL || `http://${hostInUrl}:${port}`, ['http:', 'https:']).replace(/\/+$/, '');
  const databaseUrl = env.DATABASE_URL ? url('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']) : undefined;

  const issuer = env.AUTH_ISSUER || undefined;
  const jwksUrl = env.AUTH_JWKS_URL || undefined;
  if ((issuer === undefined) !== (jwksUrl === undefined)) {
    throw new ConfigError('AUTH_ISSUER and AUTH_JWKS_URL go together: set both or neither');
  }
  const externalAuth =
    issuer && jwksUrl
      ? { issuer, jwksUrl: url('AUTH_JWKS_URL', jwksUrl, ['http:', 'https:']), audience: env.AUTH_AUDIENCE || 'merchant-api' }
      : undefined;

  const catalogFile = env.CATALOG_FILE || undefined;
  return {
    host,
    port,
    publicUrl,
    databaseUrl,
    dataDir: env.DATA_DIR || './data',
    catalogFile,
    // `npm start` with nothing configured serves the demo; DEMO=0 turns that off, DEMO=1 forces it on.
    demo: env.DEMO !== undefined ? env.DEMO === '1' || env.DEMO === 'true' : catalogFile === undefined && databaseUrl === undefined,
    sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 3600, 1, 86400),
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 3600, 1, 86400),
    externalAuth,
    logLevel: env.LOG_LEVEL || 'info',
  };
}
