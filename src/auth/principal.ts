// The caller a verified access token establishes: the routes' view of authentication.

/** Who is calling, established from a verified access token. */
export interface Principal {
  clientId: string;
  merchantId: string;
  scopes: string[];
  /** 'self' for tokens this service issued, 'external' for AUTH_ISSUER tokens. */
  issuer: 'self' | 'external';
}
