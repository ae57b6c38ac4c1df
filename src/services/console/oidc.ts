// The console's single sign-on with OpenID Connect (docs/console.md#single-sign-on), over openid-client:
// the authorization code flow with PKCE (S256), state and nonce, the ID token verified by openid-client
// (its signature too: enableNonRepudiationChecks).
// Stateless between the two halves: beginSignIn returns what must be kept until the callback (the
// pending sign-in), and the caller keeps it where any instance finds it; completeSignIn takes it back.
// Only the provider's discovered configuration is kept, once per process.
import { timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import type { ConsoleOidcConfig } from '../../config.ts';
import { fetchTrusting, readAuthorities } from '../../lib/certificate-authorities.ts';

/** What a person signed in by single sign-on may do: change the catalog, or only read it. */
export type ConsoleOidcRole = 'catalog-editor' | 'catalog-viewer';

/** What survives from beginSignIn to the callback, on whichever instance receives it; used once. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A path of the console to show after signing in. */
  returnTo: string;
}

export interface SignedInPerson {
  /** The provider's `sub`: the audit trail's actor is `console:<subject>`. */
  subject: string;
  /** The name, else the e-mail address, else the subject. */
  displayName: string;
  role: ConsoleOidcRole;
}

/**
 * Why a sign-in did not happen: `no-role` (signed in at the provider, but neither role), `state` (the
 * callback's state is not the pending sign-in's: forged, tampered or crossed), `provider-refused` (the
 * provider answered with an error, e.g. the person cancelled), `provider-unreachable` (no connection,
 * or its TLS certificate not trusted), `invalid-response` (a token, ID token or nonce that does not verify).
 */
export type SignInRefusalReason = 'no-role' | 'state' | 'provider-refused' | 'provider-unreachable' | 'invalid-response';

export class SignInRefused extends Error {
  constructor(
    readonly reason: SignInRefusalReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SignInRefused';
  }
}

export interface ConsoleOidc {
  beginSignIn(returnTo: string): Promise<{ url: URL; pending: PendingSignIn }>;
  /** `currentUrl`: the callback's URL as the provider sent the browser to it (code, state, iss). */
  completeSignIn(currentUrl: URL, pending: PendingSignIn): Promise<SignedInPerson>;
}

export interface ConsoleOidcOptions {
  /** `{PUBLIC_URL}/console/callback`. */
  redirectUri: string;
  /**
   * Tests in one process may give a fetch of their own (one that trusts their certificate authority, or
   * changes the provider's answers); a server never does: its fetch checks the provider's certificate
   * against Node's roots, the system's bundle and NODE_EXTRA_CA_CERTS (config.consoleOidc.authorities).
   */
  fetch?: client.CustomFetch;
}

const SCOPES = 'openid profile email';
/** Seconds a request to the provider may take; a sign-in page should not hang for openid-client's default 30. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Where to go after signing in: a path of the console only, never another origin (`//evil`, `https:`). */
export function consoleReturnPath(returnTo: string): string {
  if (!/^\/console(\/|$|\?)/.test(returnTo) || returnTo.includes('\\')) return '/console';
  return returnTo;
}

/** The role a roles claim grants: an array of strings or a space-separated string; editor wins over viewer. */
export function roleFromClaims(...values: unknown[]): ConsoleOidcRole | undefined {
  const roles = new Set<string>();
  for (const value of values) {
    if (typeof value === 'string') for (const role of value.split(/\s+/)) roles.add(role);
    else if (Array.isArray(value)) for (const role of value) if (typeof role === 'string') roles.add(role);
  }
  if (roles.has('catalog-editor')) return 'catalog-editor';
  if (roles.has('catalog-viewer')) return 'catalog-viewer';
  return undefined;
}

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const TLS_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The network failure under a fetch's TypeError ("fetch failed"), in words an operator can act on. */
function unreachable(issuer: string, error: unknown): SignInRefused {
  let cause: unknown = error;
  let code: string | undefined;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    code = (cause as { code?: string }).code ?? code;
    cause = cause.cause;
  }
  const detail =
    code && TLS_CODES.has(code)
      ? `its TLS certificate is not trusted (${code}); add its certificate authority to the system's certificate store or NODE_EXTRA_CA_CERTS`
      : (code ?? (error as Error).message);
  return new SignInRefused('provider-unreachable', `The single sign-on provider ${issuer} could not be reached: ${detail}`, {
    cause: error,
  });
}

/** openid-client's errors as refusals: the provider's own error answers, network failures, what did not verify. */
function refusal(issuer: string, error: unknown): SignInRefused {
  if (error instanceof SignInRefused) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new SignInRefused('provider-refused', `The single sign-on provider refused: ${error.error}`, { cause: error });
  }
  if (error instanceof TypeError) return unreachable(issuer, error);
  if (error instanceof client.ResponseBodyError) {
    return new SignInRefused('invalid-response', `The single sign-on provider refused the code: ${error.error}`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return new SignInRefused('invalid-response', `The single sign-on provider's answer did not verify (${message}${cause})`, {
    cause: error,
  });
}

/**
 * Throws at once (at start-up) when a certificate file the operator named (SSL_CERT_FILE,
 * NODE_EXTRA_CA_CERTS) cannot be read: better than a refused sign-in later.
 */
export function createConsoleOidc(config: ConsoleOidcConfig, options: ConsoleOidcOptions): ConsoleOidc {
  let discovered: Promise<client.Configuration> | undefined;
  // Read once per process: the files are the machine's, changed by a deploy, which restarts the process.
  const fetch: client.CustomFetch = options.fetch ?? fetchTrusting(readAuthorities(config.authorities));

  /** Discovered once per process; a failed discovery is forgotten, so the next sign-in tries again. */
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(new URL(config.issuer), config.clientId, undefined, client.ClientSecretBasic(config.clientSecret), {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        [client.customFetch]: fetch,
      })
      .then((discoveredConfiguration) => {
        discoveredConfiguration.timeout = PROVIDER_TIMEOUT_SECONDS;
        // openid-client checks the ID token's claims but verifies its signature only when told to: with
        // this, by the provider's published keys (jwks_uri), on every code redeemed.
        client.enableNonRepudiationChecks(discoveredConfiguration);
        return discoveredConfiguration;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw refusal(config.issuer, error);
      });
    return discovered;
  }

  return {
    async beginSignIn(returnTo) {
      const oidc = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const pending: PendingSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        returnTo: consoleReturnPath(returnTo),
      };
      const url = client.buildAuthorizationUrl(oidc, {
        redirect_uri: options.redirectUri,
        scope: SCOPES,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url, pending };
    },

    async completeSignIn(currentUrl, pending) {
      // openid-client checks the state too; checking it first names the refusal for what it is.
      const state = currentUrl.searchParams.get('state');
      if (state === null || !sameString(state, pending.state)) {
        throw new SignInRefused('state', 'The sign-in answer does not belong to this sign-in (its state differs); start again');
      }
      const oidc = await configuration();
      let idToken: client.IDToken;
      let userinfo: client.UserInfoResponse | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(oidc, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        idToken = tokens.claims()!;
        // The roles claim may be in the ID token or only at userinfo (providers differ): both are read.
        if (oidc.serverMetadata().userinfo_endpoint) {
          userinfo = await client.fetchUserInfo(oidc, tokens.access_token, idToken.sub);
        }
      } catch (error) {
        throw refusal(config.issuer, error);
      }
      const claim = (name: string): unknown => userinfo?.[name] ?? idToken[name];
      const role = roleFromClaims(idToken[config.rolesClaim], userinfo?.[config.rolesClaim]);
      const displayName = [claim('name'), claim('email')].find((value) => typeof value === 'string' && value.trim() !== '');
      if (!role) {
        throw new SignInRefused(
          'no-role',
          `${typeof displayName === 'string' ? displayName : idToken.sub} has neither the catalog-editor nor the catalog-viewer role (claim "${config.rolesClaim}")`,
        );
      }
      return { subject: idToken.sub, displayName: typeof displayName === 'string' ? displayName : idToken.sub, role };
    },
  };
}
