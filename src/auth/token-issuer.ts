// Access tokens as JWTs per RFC 9068, signed with the current key of signing-keys.ts.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from '../lib/clock.ts';
import type { Config } from '../config.ts';
import { SIGNING_ALGORITHM, type SigningKeys } from './signing-keys.ts';

/** RFC 9068 §2.1: the media type of a JWT access token, in its short form. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface IssuedToken {
  accessToken: string;
  /** Seconds until the token expires. */
  expiresIn: number;
  /** The granted scopes, space-separated (RFC 6749 §3.3). */
  scope: string;
}

export class TokenIssuer {
  constructor(
    private readonly config: Config,
    private readonly keys: SigningKeys,
    private readonly clock: Clock,
  ) {}

  async issue(clientId: string, scopes: string[]): Promise<IssuedToken> {
    const signer = await this.keys.currentSigner();
    const issuedAt = Math.floor(this.clock() / 1000);
    const expiresIn = this.config.tokenTtlSeconds;
    const scope = scopes.join(' ');
    // RFC 9068 §2.2: iss, exp, aud, sub, client_id, iat and jti; sub is the client itself in
    // the client credentials grant.
    const accessToken = await new SignJWT({ client_id: clientId, scope })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: ACCESS_TOKEN_TYPE, kid: signer.kid })
      .setIssuer(this.config.publicUrl)
      .setSubject(clientId)
      .setAudience(this.config.publicUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expiresIn)
      .setJti(randomUUID())
      .sign(signer.privateKey);
    return { accessToken, expiresIn, scope };
  }
}
