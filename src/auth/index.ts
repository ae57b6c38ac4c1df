// Authorization server and token verification: the interface the rest of the service uses.
// (Implementation in this folder: secrets.ts, signing-keys.ts, token-issuer.ts, token-verifier.ts,
// oauth.ts.)
import type { Clock } from '../lib/clock.ts';
import type { Config } from '../config.ts';
import type { Client } from '../domain/catalog.ts';
import type { DatabaseHandle } from '../storage/database.ts';
import type { CacheStats } from '../lib/cache.ts';
import { ClientsRepository } from '../storage/repositories/clients.ts';
import { FailedAttempts } from './failed-attempts.ts';
import { KeyDerivationGate, type KeyDerivationStats } from './key-derivations.ts';
import { ClientCredentialsGrant, type AuthenticatedClient, type AuthenticationOutcome, type TokenRequest } from './oauth.ts';
import { ClientSecretVerifier } from './secrets.ts';
import { SigningKeys, type PublicJwk } from './signing-keys.ts';
import { TokenIssuer, type IssuedToken } from './token-issuer.ts';
import type { Principal } from './principal.ts';
import { CLOCK_TOLERANCE_SECONDS, TokenVerifier } from './token-verifier.ts';

export { TokenRejected } from './token-verifier.ts';
export type { Principal } from './principal.ts';
export type { IssuedToken } from './token-issuer.ts';
export type { PublicJwk } from './signing-keys.ts';
export {
  AUTHENTICATION_OUTCOMES,
  OAuthError,
  SUPPORTED_SCOPES,
  authorizationServerMetadata,
  parseForm,
  parseJsonParameters,
  readTokenRequest,
  type AuthenticatedClient,
  type AuthenticationOutcome,
  type FormParameters,
  type OAuthErrorCode,
  type RegisteredClient,
  type TokenRequest,
} from './oauth.ts';

export interface AuthServices {
  /** Verifies a bearer token (signature, alg, typ, iss, aud, exp/nbf, registered client). Throws TokenRejected when it fails. */
  verifyAccessToken(token: string): Promise<Principal>;
  /**
   * RFC 6749 §4.4: authenticates the client and issues an access token. Throws OAuthError when
   * refused. `address`: the caller's, for the failure budget per (client id, address).
   */
  clientCredentialsGrant(request: TokenRequest, address: string): Promise<IssuedToken>;
  /**
   * Verifies a client's id and secret as the token endpoint does, failure budget and bounds
   * included (the operator console's sign-in). Throws OAuthError when refused.
   */
  authenticateClient(clientId: string, clientSecret: string, address: string): Promise<AuthenticatedClient>;
  /**
   * A client's registration as protected routes see it: cached for at most a second and forgotten at
   * every catalog change on every instance (the console's sessions of a client check it on every request).
   */
  currentClient(clientId: string): Promise<Client | undefined>;
  /** Token requests by how their client authentication ended, and the key derivations' bound, for the metrics. */
  authenticationStats(): { outcomes: Record<AuthenticationOutcome, number>; derivations: KeyDerivationStats };
  /** The public keys that verify our tokens (RFC 7517 JWK Set): the current key and retired ones still in use. */
  jwks(): Promise<{ keys: PublicJwk[] }>;
  /**
   * Makes a new signing key current on every instance; the old one verifies until its tokens expire. Returns the new kid.
   * `actor` is recorded in the audit trail (docs/audit.md).
   */
  rotateSigningKey(actor: { type: string; id: string }): Promise<string>;
  /** Hit/miss counters of the registered-client cache, for the metrics. */
  cacheStats(): CacheStats[];
  /** Forgets cached client registrations (a catalog change: services/catalog-changes.ts). */
  invalidateClients(): void;
  /** Reloads the signing keys on their next use (a rotation announced by another instance or the CLI). */
  reloadSigningKeys(): void;
}

export async function createAuthServices(config: Config, database: DatabaseHandle, clock: Clock): Promise<AuthServices> {
  // A retired key verifies as long as a token it signed can be valid, clock tolerance included.
  const keys = await SigningKeys.open(database, clock, config.tokenTtlSeconds + CLOCK_TOLERANCE_SECONDS);
  const clients = new ClientsRepository(database.db);
  const verifier = new TokenVerifier(config, keys, clients, clock);
  const derivations = new KeyDerivationGate(clock, { perSecond: config.keyDerivationsPerSecond, maxConcurrent: 2 });
  const failures = new FailedAttempts(clock, config.rateLimits.tokenPerMinute);
  const grant = new ClientCredentialsGrant(clients, new ClientSecretVerifier(derivations), failures, new TokenIssuer(config, keys, clock));
  return {
    verifyAccessToken: (token) => verifier.verify(token),
    clientCredentialsGrant: (request, address) => grant.handle(request, address),
    authenticateClient: (clientId, clientSecret, address) => grant.authenticate(clientId, clientSecret, address),
    currentClient: (clientId) => verifier.currentClient(clientId),
    authenticationStats: () => ({ outcomes: grant.stats(), derivations: derivations.stats() }),
    jwks: async () => ({ keys: await keys.publicJwks() }),
    rotateSigningKey: (actor) => keys.rotate(actor),
    cacheStats: () => verifier.cacheStats(),
    invalidateClients: () => verifier.invalidate(),
    reloadSigningKeys: () => keys.expire(),
  };
}
