// Verifies the bearer tokens of protected routes: our own RFC 9068 access tokens and, when
// configured, those of an external authorization server (docs/oauth.md#external-authorization-server). Every failure is a
// TokenRejected whose message is safe to show the caller; it never contains the token.
//
// A token's signature is verified once per lifetime: the claims of a verified token are kept in a
// bounded cache keyed by the SHA-256 of the token (the token itself is not kept) until it expires.
// Every use still checks exp/nbf/iat against the clock and looks the client up (a deleted client
// or withdrawn scope applies at once). Key rotation does not invalidate the cache: a retired key
// keeps verifying for as long as a token it signed can be valid (signing-keys.ts), so a cached
// verification never outlives what a fresh one would accept.
import { createHash } from 'node:crypto';
import { inSpan, SpanKind } from '../lib/spans.ts';
import {
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Clock } from '../lib/clock.ts';
import type { Config, ExternalAuthConfig } from '../config.ts';
import type { Client } from '../domain/catalog.ts';
import type { ClientsRepository } from '../storage/repositories/clients.ts';
import type { Principal } from './principal.ts';
import { SIGNING_ALGORITHM, type SigningKeys } from './signing-keys.ts';
import { ACCESS_TOKEN_TYPE } from './token-issuer.ts';
import { LruCache, MAX_STALE_ON_ERROR_MS, TtlCache, type CacheStats } from '../lib/cache.ts';
import { isDatabaseUnavailable } from '../storage/unavailable.ts';

/** A presented access token that does not verify; the message says why (safe to show the caller). */
export class TokenRejected extends Error {}

/** Longer tokens are refused before any parsing: no work for oversized input. */
export const MAX_TOKEN_LENGTH = 8 * 1024;
/** Allowed clock skew between issuers and this instance for exp, nbf and iat. */
export const CLOCK_TOLERANCE_SECONDS = 5;

/** Asymmetric JWS algorithms only: a symmetric one would let anyone holding the public key sign. */
const EXTERNAL_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
/** RFC 9068 §2.1 `at+jwt`, or plain JWT (RFC 7519 §5.1) which many servers send; compared lowercased. */
const EXTERNAL_TYPES = new Set(['at+jwt', 'application/at+jwt', 'jwt', 'application/jwt']);
/** Time-out for fetching the external JWKS, inside the 5-second answer bound (docs/errors.md#database-unavailable). */
const JWKS_TIMEOUT_MS = 3000;

/** A client deleted on another instance stops verifying within this time (docs/catalog.md#visibility-across-instances: 2 s). */
const CLIENT_CACHE_MS = 1000;
const MAX_CACHED_CLIENTS = 10_000;
/** Verified tokens kept (about 500 bytes each, 5 MB at most): merchant backends reuse a token until it expires. */
const MAX_CACHED_TOKENS = 10_000;

/** What a verified token establishes, independent of time and of the client's registration. */
interface VerifiedToken {
  issuer: 'self' | 'external';
  clientId: string;
  /** The token's scopes (ours are narrowed to the client's current scopes on every use). */
  scopes: string[];
  exp: number;
  nbf: number | undefined;
  iat: number | undefined;
  /** maxTokenAge of our own tokens (seconds); undefined for external ones. */
  maxAge: number | undefined;
}

function scopesOf(payload: JWTPayload): string[] {
  return typeof payload.scope === 'string' ? payload.scope.split(' ').filter((s) => s !== '') : [];
}

/** Maps jose's failures to short reasons; anything else (a database fault) propagates as it is. */
function asRejection(error: unknown): unknown {
  if (error instanceof TokenRejected || !(error instanceof errors.JOSEError)) return error;
  if (error instanceof errors.JWTExpired) return new TokenRejected('the token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const what = error.claim === 'typ' ? 'the "typ" header' : `the "${error.claim}" claim`;
    return new TokenRejected(error.reason === 'missing' ? `${what} is missing` : `${what} is not accepted`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return new TokenRejected('the signing algorithm is not accepted');
  if (error instanceof errors.JWSSignatureVerificationFailed) return new TokenRejected('the signature does not verify');
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return new TokenRejected("no key of the issuer's key set matches the token");
  }
  // JWSInvalid, JWTInvalid, JOSENotSupported (for example an unknown `crit` header) …
  return new TokenRejected('the token is malformed');
}

interface ExternalIssuer {
  config: ExternalAuthConfig;
  keys: JWTVerifyGetKey;
}

export class TokenVerifier {
  /** Registered clients by id, cached briefly: every protected request looks its client up. */
  private readonly clients: TtlCache<string, Client | undefined>;
  /** Tokens whose signature and claims verified, by SHA-256 of the token. */
  private readonly verified = new LruCache<string, VerifiedToken>(MAX_CACHED_TOKENS, 'verified_token');
  private readonly external: ExternalIssuer | undefined;

  constructor(
    private readonly config: Config,
    private readonly keys: SigningKeys,
    private readonly clientsRepository: ClientsRepository,
    private readonly clock: Clock,
  ) {
    // While the database is unreachable a client known before keeps being recognized (stale-on-error).
    this.clients = new TtlCache(clock, CLIENT_CACHE_MS, MAX_CACHED_CLIENTS, 'registered_client', {
      maxStaleMs: MAX_STALE_ON_ERROR_MS,
      when: isDatabaseUnavailable,
    });
    const external = config.externalAuth;
    if (external) {
      // jose fetches and caches the key set itself (refetching, rate-limited, for an unknown kid);
      // it never fetches the URLs of jku or x5u headers.
      const remote = createRemoteJWKSet(new URL(external.jwksUrl), {
        timeoutDuration: JWKS_TIMEOUT_MS,
        // Each fetch of the issuer's key set in a span (docs/operations.md#traces); only the URL, which is public.
        [customFetch]: (url, options) =>
          inSpan('JWKS fetch', SpanKind.CLIENT, { 'url.full': url, 'http.request.method': 'GET' }, () => fetch(url, options)),
      });
      const keys: JWTVerifyGetKey = async (header, token) => {
        try {
          return await remote(header, token);
        } catch (error) {
          if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
          throw new TokenRejected("the issuer's signing keys could not be fetched");
        }
      };
      this.external = { config: external, keys };
    }
  }

  /** A client's registration, from the cache every protected request uses (CLIENT_CACHE_MS, forgotten at every catalog change). */
  currentClient(clientId: string): Promise<Client | undefined> {
    return this.clients.getOrLoad(clientId, (id) => this.clientsRepository.findById(id));
  }

  /** Forgets the cached clients: a catalog change (catalog-changes.ts) calls it on every instance. */
  invalidate(): void {
    this.clients.invalidate();
  }

  /** For the metrics (pms_cache_lookups_total). */
  cacheStats(): CacheStats[] {
    return [this.clients.stats(), this.verified.stats()];
  }

  async verify(token: string): Promise<Principal> {
    if (token.length > MAX_TOKEN_LENGTH) throw new TokenRejected('the token is too long');
    try {
      const key = createHash('sha256').update(token).digest('base64url');
      // A token that no longer passes the time checks is verified in full again, which rejects it
      // with the precise reason.
      let verified = this.verified.get(key, (cached) => this.timely(cached));
      if (!verified) {
        verified = await this.verifySignatureAndClaims(token);
        this.verified.set(key, verified);
      }
      return await this.principal(verified);
    } catch (error) {
      throw asRejection(error);
    }
  }

  private async verifySignatureAndClaims(token: string): Promise<VerifiedToken> {
    // The unverified issuer only chooses the verifier; the chosen verifier checks it again.
    const { issuer, header } = this.unverifiedIssuer(token);
    // A token carrying its own verification key could be signed by anyone: refuse it outright
    // rather than rely on no code path ever using that key.
    if (header.jwk !== undefined) throw new TokenRejected('embedded keys are not accepted');
    if (issuer === this.config.publicUrl) return await this.verifyOwn(token);
    if (this.external && issuer === this.external.config.issuer) return await this.verifyExternal(token, this.external);
    throw new TokenRejected('the issuer is not accepted');
  }

  /** jose's time checks (exp, nbf, and iat for our own tokens), with the same tolerance, for a cached token. */
  private timely(token: VerifiedToken): boolean {
    const now = Math.floor(this.clock() / 1000);
    const tolerance = CLOCK_TOLERANCE_SECONDS;
    if (token.exp <= now - tolerance) return false;
    if (token.nbf !== undefined && token.nbf > now + tolerance) return false;
    if (token.maxAge !== undefined && token.iat !== undefined) {
      const age = now - token.iat;
      if (age - tolerance > token.maxAge || age < -tolerance) return false;
    }
    return true;
  }

  /** The caller, from a verified token and the client's current registration. */
  private async principal(token: VerifiedToken): Promise<Principal> {
    const client = await this.currentClient(token.clientId);
    if (token.issuer === 'external') {
      if (!client) throw new TokenRejected('the client is not registered');
      return { clientId: client.clientId, merchantId: client.merchantId, scopes: token.scopes, issuer: 'external' };
    }
    if (!client) throw new TokenRejected('the client is no longer registered');
    // Scopes withdrawn from the client since issuance no longer apply.
    const granted = new Set(client.scopes);
    return {
      clientId: client.clientId,
      merchantId: client.merchantId,
      scopes: token.scopes.filter((scope) => granted.has(scope)),
      issuer: 'self',
    };
  }

  private unverifiedIssuer(token: string) {
    let payload: JWTPayload;
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
      payload = decodeJwt(token);
    } catch {
      throw new TokenRejected('the token is malformed');
    }
    if (typeof payload.iss !== 'string') throw new TokenRejected('the "iss" claim is missing');
    return { issuer: payload.iss, header };
  }

  private async verifyOwn(token: string): Promise<VerifiedToken> {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        if (typeof header.kid !== 'string') throw new TokenRejected('the "kid" header is missing');
        const key = await this.keys.verificationKey(header.kid);
        if (!key) throw new TokenRejected('the signing key is unknown or retired');
        return key;
      },
      {
        algorithms: [SIGNING_ALGORITHM],
        // RFC 9068 §4: typ must be at+jwt (jose compares case-insensitively, `application/` optional).
        typ: ACCESS_TOKEN_TYPE,
        issuer: this.config.publicUrl,
        audience: this.config.publicUrl,
        requiredClaims: ['exp', 'iat', 'sub', 'client_id', 'jti'],
        // Also refuses an iat in the future beyond the tolerance.
        maxTokenAge: this.config.tokenTtlSeconds,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(this.clock()),
      },
    );
    if (typeof payload.client_id !== 'string') throw new TokenRejected('the "client_id" claim is not accepted');
    return {
      issuer: 'self',
      clientId: payload.client_id,
      scopes: scopesOf(payload),
      exp: payload.exp!,
      nbf: payload.nbf,
      iat: payload.iat,
      maxAge: this.config.tokenTtlSeconds,
    };
  }

  private async verifyExternal(token: string, external: ExternalIssuer): Promise<VerifiedToken> {
    const { payload, protectedHeader } = await jwtVerify(token, external.keys, {
      algorithms: EXTERNAL_ALGORITHMS,
      issuer: external.config.issuer,
      audience: external.config.audience,
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(this.clock()),
    });
    if (protectedHeader.typ !== undefined && !EXTERNAL_TYPES.has(protectedHeader.typ.toLowerCase())) {
      throw new TokenRejected('the "typ" header is not accepted');
    }
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : payload.sub;
    if (clientId === undefined) throw new TokenRejected('the token names no client');
    return {
      issuer: 'external',
      clientId,
      scopes: scopesOf(payload),
      exp: payload.exp!,
      nbf: payload.nbf,
      iat: payload.iat,
      maxAge: undefined,
    };
  }
}
