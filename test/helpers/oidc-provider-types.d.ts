// oidc-provider ships no type declarations; the little of it the test provider uses.
declare module 'oidc-provider' {
  import type { RequestListener } from 'node:http';

  export interface ProviderAccount {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface ProviderConfiguration {
    clients: Array<Record<string, unknown>>;
    claims: Record<string, string[] | null>;
    conformIdTokenClaims: boolean;
    cookies: { keys: string[] };
    features: Record<string, { enabled: boolean }>;
    jwks: { keys: Array<Record<string, unknown>> };
    pkce: { required: () => boolean };
    ttl: Record<string, number>;
    findAccount: (ctx: unknown, id: string) => ProviderAccount | undefined | Promise<ProviderAccount | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    callback(): RequestListener;
  }
}
