// Settings read once at start-up (src/config.ts): tracing's, webhooks', an external issuer's and the
// console's client sign-in, each refused with a message naming the variable and what it takes, so
// that a process with a typo in its environment stops at once instead of running otherwise than meant.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config.ts';

const OTLP = 'http://collector:4318';
const SSO = { CONSOLE_OIDC_ISSUER: 'https://id.example.com/realms/ops', CONSOLE_OIDC_CLIENT_ID: 'c', CONSOLE_OIDC_CLIENT_SECRET: 's' };

describe('configuration', () => {
  it('turns tracing on with an OTLP endpoint, over protobuf unless told json, and off when disabled', () => {
    expect(readConfig({}).tracing).toBeUndefined();
    // The span queue's OTEL_BSP_* settings: the SDK's defaults unless set (observability/span-queue.ts).
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: OTLP }).tracing).toEqual({
      protocol: 'http/protobuf',
      queue: { scheduledDelayMs: 5000, maxQueueSize: 2048, maxExportBatchSize: 512, exportTimeoutMs: 30_000 },
    });
    expect(readConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: OTLP, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }).tracing).toMatchObject({
      protocol: 'http/json',
    });
    expect(
      readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: OTLP, OTEL_BSP_MAX_QUEUE_SIZE: '100', OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '4096' }).tracing
        ?.queue,
    ).toMatchObject({ maxQueueSize: 100, maxExportBatchSize: 100 });
    // The traces' own protocol setting wins over the general one.
    expect(
      readConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: OTLP,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      }).tracing,
    ).toMatchObject({ protocol: 'http/json' });
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: OTLP, OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: OTLP, OTEL_TRACES_EXPORTER: 'none' }).tracing).toBeUndefined();
  });

  it('reads the webhooks’ settings: private addresses refused unless allowed, the retry schedule in seconds', () => {
    expect(readConfig({}).webhooks).toMatchObject({ allowPrivate: false });
    expect(readConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: ' 5, 300 ,1800' }).webhooks).toMatchObject({
      allowPrivate: true,
      retrySchedule: [5, 300, 1800],
    });
    expect(readConfig({ WEBHOOK_ALLOW_PRIVATE: '0' }).webhooks.allowPrivate).toBe(false);
  });

  it('lets the console’s client sign-in be turned off beside single sign-on only, on by default with or without it', () => {
    expect(readConfig({}).consoleClientSignIn).toBe(true);
    expect(readConfig(SSO).consoleClientSignIn).toBe(true);
    expect(readConfig({ ...SSO, CONSOLE_CLIENT_SIGN_IN: 'false' }).consoleClientSignIn).toBe(false);
    expect(readConfig({ ...SSO, CONSOLE_CLIENT_SIGN_IN: '0' }).consoleClientSignIn).toBe(false);
    expect(readConfig({ CONSOLE_CLIENT_SIGN_IN: 'true' }).consoleClientSignIn).toBe(true);
  });

  it('reads every setting from its schema: defaults applied, an empty variable unset (a Redis key prefix may be empty)', () => {
    const config = readConfig({ PORT: '', HOST: '', SHUTDOWN_DELAY_SECONDS: '1.5', REDIS_KEY_PREFIX: '' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://127.0.0.1:3000',
      shutdownDelaySeconds: 1.5,
      redisKeyPrefix: '',
    });
    expect(config.settings).toMatchObject({
      PORT: 3000,
      DATABASE_POOLER: 'none',
      WEBHOOK_ALLOW_PRIVATE: false,
      CONSOLE_CLIENT_SIGN_IN: true,
    });
    expect(readConfig({ HOST: '::1', PORT: '8080', PUBLIC_URL: 'https://pay.example.com//' })).toMatchObject({
      port: 8080,
      publicUrl: 'https://pay.example.com',
    });
    expect(readConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000');
  });

  it.each([
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535, got 70000'],
    [{ PORT: '1e3' }, 'PORT must be a whole number, got "1e3"'],
    [{ PORT: ' 80' }, 'PORT must be a whole number, got " 80"'],
    [{ SESSION_TTL_SECONDS: '-1' }, 'SESSION_TTL_SECONDS must be a whole number, got "-1"'],
    [{ SHUTDOWN_DELAY_SECONDS: '1,5' }, 'SHUTDOWN_DELAY_SECONDS must be a number of seconds, got "1,5"'],
    [{ PUBLIC_URL: 'pay.example.com' }, 'PUBLIC_URL must be an absolute URL, got "pay.example.com"'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be true, false, a hop count, or comma-separated addresses\/CIDRs/],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: OTLP, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc' },
      'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL must be http/protobuf or http/json (grpc is not supported), got "grpc"',
    ],
    [
      { CONSOLE_CLIENT_SIGN_IN: 'false' },
      'CONSOLE_CLIENT_SIGN_IN=false leaves no way to sign in to the console: set CONSOLE_OIDC_ISSUER, CONSOLE_OIDC_CLIENT_ID and CONSOLE_OIDC_CLIENT_SECRET too, or leave it unset',
    ],
    [{ ...SSO, CONSOLE_CLIENT_SIGN_IN: 'off' }, /CONSOLE_CLIENT_SIGN_IN must be true or false, got "off"/],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: OTLP, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
      /OTEL_EXPORTER_OTLP_PROTOCOL must be http\/protobuf or http\/json \(grpc is not supported\), got "grpc"/,
    ],
    [{ WEBHOOK_ALLOW_PRIVATE: 'yes' }, /WEBHOOK_ALLOW_PRIVATE must be true or false, got "yes"/],
    [{ WEBHOOK_RETRY_SCHEDULE: '5,0' }, /WEBHOOK_RETRY_SCHEDULE must be up to 30 comma-separated delays in whole seconds from 1 to 604800/],
    [{ WEBHOOK_RETRY_SCHEDULE: '5,1.5' }, /WEBHOOK_RETRY_SCHEDULE must be/],
    [{ WEBHOOK_RETRY_SCHEDULE: '604801' }, /WEBHOOK_RETRY_SCHEDULE must be/],
    [{ WEBHOOK_RETRY_SCHEDULE: Array.from({ length: 31 }, () => '60').join(',') }, /WEBHOOK_RETRY_SCHEDULE must be up to 30/],
    [{ AUTH_ISSUER: 'https://id.example.com' }, /AUTH_ISSUER and AUTH_JWKS_URL go together: set both or neither/],
    [{ AUTH_JWKS_URL: 'https://id.example.com/jwks' }, /AUTH_ISSUER and AUTH_JWKS_URL go together/],
    [{ AUTH_ISSUER: 'https://id.example.com', AUTH_JWKS_URL: '/jwks' }, /AUTH_JWKS_URL must be an absolute URL, got "\/jwks"/],
    [{ AUTH_ISSUER: 'https://id.example.com', AUTH_JWKS_URL: 'ftp://id.example.com/jwks' }, /AUTH_JWKS_URL must use http: or https:/],
  ])('refuses %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});
