// The token endpoint's protocol rules (RFC 6749 §4.4, client credentials grant) and the
// authorization server metadata (RFC 8414). The HTTP route only parses and answers.
import type { ClientsRepository } from '../storage/repositories/clients.ts';
import type { FailedAttempts } from './failed-attempts.ts';
import { KeyDerivationsBusy } from './key-derivations.ts';
import type { ClientSecretVerifier } from './secrets.ts';
import type { IssuedToken, TokenIssuer } from './token-issuer.ts';
import { firstRepeatedTopLevelKey } from '../lib/json-keys.ts';

/** The scopes this service knows: `merchant-api` for the merchant interfaces, `admin` for the admin API. */
export const SUPPORTED_SCOPES = ['merchant-api', 'admin'] as const;

export const TOKEN_PATH = '/oauth2/token';
export const JWKS_PATH = '/.well-known/jwks.json';
export const METADATA_PATH = '/.well-known/oauth-authorization-server';

/** RFC 6749 §5.2 error codes this server answers with (plus 503 temporarily_unavailable). */
export type OAuthErrorCode =
  'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope' | 'server_error' | 'temporarily_unavailable';

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  server_error: 500,
  temporarily_unavailable: 503,
};

/** A token request refused with an RFC 6749 §5.2 error; the message is the error_description. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
    readonly statusCode: number = STATUS[error],
    /** Sent as Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
  }
}

/** Form parameters of a token request, each present at most once and never empty. */
export type FormParameters = Record<string, string>;

const KNOWN_PARAMETERS = new Set(['grant_type', 'scope', 'client_id', 'client_secret']);

/** RFC 6749 §3.2: request parameters must not be included more than once (form and JSON alike). */
function repeatedParameter(name: string): OAuthError {
  return new OAuthError(
    'invalid_request',
    KNOWN_PARAMETERS.has(name) ? `parameter "${name}" is included more than once` : 'a parameter is included more than once',
  );
}

/** Parses an application/x-www-form-urlencoded body. */
export function parseForm(body: string): FormParameters {
  const parameters = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(body)) {
    if (parameters.has(name)) throw repeatedParameter(name);
    parameters.set(name, value);
  }
  // RFC 6749 §3.1: a parameter sent without a value is treated as if it were omitted.
  return Object.fromEntries([...parameters].filter(([, value]) => value !== ''));
}

/**
 * The parameters of a token request sent as a JSON object, as published clients of this API family
 * send them: the same names and rules as the form. Each known parameter must be a string; other
 * members are ignored, as unknown form parameters are; an empty value counts as omitted. A member
 * named twice is refused as a repeated form parameter is (JSON.parse alone would keep the last):
 * `text` is the body `value` was parsed from.
 */
export function parseJsonParameters(value: unknown, text: string): FormParameters {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new OAuthError('invalid_request', 'the request body must be a JSON object');
  }
  const repeated = firstRepeatedTopLevelKey(text);
  if (repeated !== undefined) throw repeatedParameter(repeated);
  const parameters: FormParameters = {};
  for (const name of KNOWN_PARAMETERS) {
    const given = (value as Record<string, unknown>)[name];
    if (given === undefined) continue;
    if (typeof given !== 'string') throw new OAuthError('invalid_request', `parameter "${name}" must be a string`);
    if (given !== '') parameters[name] = given;
  }
  return parameters;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** RFC 7591 names of the authentication methods; Basic failures are challenged with Basic. */
  method: 'client_secret_basic' | 'client_secret_post';
}

export interface TokenRequest {
  grantType: string | undefined;
  credentials: ClientCredentials | undefined;
  scope: string | undefined;
}

/** application/x-www-form-urlencoded decoding of one component ('+' is a space). */
function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Credentials of `Authorization: Basic …`; undefined when the header uses another scheme or is absent. */
function basicCredentials(authorization: string | undefined): ClientCredentials | undefined {
  const match = /^Basic +(\S+) *$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const malformed = () => new OAuthError('invalid_client', 'the Basic credentials are malformed');
  const encoded = match[1]!;
  if (!BASE64.test(encoded)) throw malformed();
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw malformed();
  // RFC 6749 §2.3.1: client id and secret are form-urlencoded before they are joined and encoded.
  try {
    return {
      clientId: formDecode(decoded.slice(0, colon)),
      clientSecret: formDecode(decoded.slice(colon + 1)),
      method: 'client_secret_basic',
    };
  } catch {
    throw malformed();
  }
}

/** The token request of a parsed form and the Authorization header. */
export function readTokenRequest(form: FormParameters, authorization: string | undefined): TokenRequest {
  const basic = basicCredentials(authorization);
  const { client_id: formClientId, client_secret: formClientSecret } = form;
  let credentials: ClientCredentials | undefined = basic;
  if (basic) {
    // RFC 6749 §2.3.1: a client must not use more than one authentication method. A client_id in
    // the body that repeats the Basic one is not a second method.
    if (formClientSecret !== undefined || (formClientId !== undefined && formClientId !== basic.clientId)) {
      throw new OAuthError('invalid_request', 'use one client authentication method: HTTP Basic or client_id/client_secret in the body');
    }
  } else if (formClientSecret !== undefined) {
    if (formClientId === undefined) throw new OAuthError('invalid_request', 'client_secret was sent without client_id');
    credentials = { clientId: formClientId, clientSecret: formClientSecret, method: 'client_secret_post' };
  }
  return { grantType: form.grant_type, credentials, scope: form.scope };
}

const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]{1,64}$/;

/** RFC 6749 §3.3: the requested scopes, which must all be the client's; absent means all of them. */
function grantedScopes(clientScopes: string[], requested: string | undefined): string[] {
  if (requested === undefined) return clientScopes;
  const tokens = requested.split(' ').filter((token) => token !== '');
  if (tokens.length === 0) throw new OAuthError('invalid_scope', 'the scope parameter names no scope');
  const notGranted = tokens.find((token) => !clientScopes.includes(token));
  if (notGranted !== undefined) {
    throw new OAuthError(
      'invalid_scope',
      SCOPE_TOKEN.test(notGranted)
        ? `scope "${notGranted}" is not available to this client`
        : 'a requested scope is not available to this client',
    );
  }
  return clientScopes.filter((scope) => tokens.includes(scope));
}

/** How a token request's client authentication ended, counted for the metrics (pms_client_authentications_total). */
export const AUTHENTICATION_OUTCOMES = ['remembered', 'verified', 'wrong_secret', 'unknown_client', 'throttled', 'busy'] as const;
export type AuthenticationOutcome = (typeof AUTHENTICATION_OUTCOMES)[number];

/** A client whose secret was verified. */
export interface RegisteredClient {
  clientId: string;
  merchantId: string;
  scopes: string[];
}

/** A client whose secret was verified, with the stored hash it was verified against (which a console session remembers). */
export interface AuthenticatedClient extends RegisteredClient {
  secretHash: string;
}

/** Client ids are operator-chosen and short; a longer claimed one is refused before any lookup. */
const MAX_CLIENT_ID_LENGTH = 255;

/**
 * RFC 6749 §4.4: the client credentials grant, with the token endpoint's bounds on unauthenticated
 * work (docs/oauth.md#abuse-resistance): an unknown client id costs one indexed lookup and no key
 * derivation; a secret this instance verified before costs a SHA-256 and is never refused by the
 * bounds below; a (client id, address) pair over its failure budget is refused without deriving;
 * every other attempt derives within the process-wide bound (KeyDerivationGate).
 */
export class ClientCredentialsGrant {
  private readonly outcomes = Object.fromEntries(AUTHENTICATION_OUTCOMES.map((o) => [o, 0])) as Record<AuthenticationOutcome, number>;

  constructor(
    private readonly clients: ClientsRepository,
    private readonly secrets: ClientSecretVerifier,
    private readonly failures: FailedAttempts,
    private readonly issuer: TokenIssuer,
  ) {}

  /** `address`: the caller's (request.ip, after TRUST_PROXY), the other half of the failure budget's key. */
  async handle(request: TokenRequest, address: string): Promise<IssuedToken> {
    if (request.grantType === undefined) throw new OAuthError('invalid_request', 'grant_type is required');
    if (request.grantType !== 'client_credentials') {
      throw new OAuthError('unsupported_grant_type', 'only grant_type=client_credentials is supported');
    }
    const credentials = request.credentials;
    // RFC 6749 §5.2: no client authentication at all is invalid_client too.
    if (!credentials) throw new OAuthError('invalid_client', 'client authentication is required');
    const client = await this.authenticate(credentials.clientId, credentials.clientSecret, address);
    return this.issuer.issue(client.clientId, grantedScopes(client.scopes, request.scope));
  }

  /**
   * The client whose id and secret these are, within the same bounds as a token request (the
   * operator console's sign-in uses it, so its failures count against the same budget). Throws
   * OAuthError: invalid_client, 429 when the (client id, address) pair is over its budget, 503 when busy.
   */
  async authenticate(clientId: string, clientSecret: string, address: string): Promise<AuthenticatedClient> {
    const client = clientId.length <= MAX_CLIENT_ID_LENGTH ? await this.clients.findById(clientId) : undefined;
    // No derivation for an unknown client: RFC 6749 §2.2 says client ids are not secrets, so the
    // faster answer reveals nothing worth a scrypt per made-up id (SECURITY.md).
    if (!client) return this.refuse('unknown_client', new OAuthError('invalid_client', 'client authentication failed'));
    if (!this.secrets.remembered(clientId, clientSecret, client.secretHash)) {
      const { blockedFor, suspect } = this.failures.standing(clientId, address);
      if (blockedFor !== undefined) {
        const message = `too many failed authentications of this client from this address: retry after ${blockedFor} seconds`;
        return this.refuse('throttled', new OAuthError('invalid_request', message, 429, blockedFor));
      }
      let authenticated: boolean;
      try {
        authenticated = await this.secrets.verify(clientId, clientSecret, client.secretHash, {
          suspect,
        });
      } catch (error) {
        if (!(error instanceof KeyDerivationsBusy)) throw error;
        return this.refuse('busy', new OAuthError('temporarily_unavailable', error.message, 503, error.retryAfterSeconds));
      }
      if (!authenticated) {
        this.failures.record(clientId, address);
        return this.refuse('wrong_secret', new OAuthError('invalid_client', 'client authentication failed'));
      }
      this.outcomes.verified += 1;
    } else {
      this.outcomes.remembered += 1;
    }
    return { clientId: client.clientId, merchantId: client.merchantId, scopes: [...client.scopes], secretHash: client.secretHash };
  }

  /** Counts of each outcome since start-up, for the metrics. */
  stats(): Record<AuthenticationOutcome, number> {
    return { ...this.outcomes };
  }

  private refuse(outcome: AuthenticationOutcome, error: OAuthError): never {
    this.outcomes[outcome] += 1;
    throw error;
  }
}

/** RFC 8414 §2 metadata; every URL derives from the public base URL, which is also the issuer. */
export function authorizationServerMetadata(publicUrl: string) {
  return {
    issuer: publicUrl,
    token_endpoint: `${publicUrl}${TOKEN_PATH}`,
    jwks_uri: `${publicUrl}${JWKS_PATH}`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    scopes_supported: [...SUPPORTED_SCOPES],
    // Required by RFC 8414; this server has no authorization endpoint, hence no response types.
    response_types_supported: [],
  };
}
