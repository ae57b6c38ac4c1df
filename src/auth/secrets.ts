// Verifies client credentials at the token endpoint. The hash format itself is lib/secret-hash.ts.
import { createHash } from 'node:crypto';
import { verifyClientSecret } from '../lib/secret-hash.ts';

/**
 * A hash of a random secret nobody knows, with the current parameters: an unknown client is
 * verified against it so that it costs the same time as a known one with a wrong secret.
 */
const UNKNOWN_CLIENT_HASH = 'scrypt$16384$8$1$KvPdKMn-lkQIOR0Y51h-7w$Y0H0UWepT8yzmyZ3s0y-N0Ox1UuQHGzw9PVvHrkc-FU';

const MAX_CACHED_VERIFICATIONS = 1000;

/**
 * Verifies client credentials for the token endpoint.
 *
 * Successful verifications are remembered (bounded, least recently used dropped first) under a
 * SHA-256 of (client id, stored hash, secret), so a client fetching a token again does not cost
 * another full scrypt. The trade-off: for a remembered secret the in-memory SHA-256 is a much
 * cheaper guessing target than the scrypt hash, should someone be able to read this process's
 * memory (who could then as well read secrets in flight). Online guessing gains nothing: a wrong
 * secret never hits the cache and always pays the full scrypt, the same as an unknown client, so
 * timing reveals neither. Keying on the stored hash makes a changed secret miss by itself; a
 * deleted client is not looked up here at all.
 */
export class ClientSecretVerifier {
  private readonly verified = new Map<string, true>();

  /** storedHash undefined: an unknown client, checked against a dummy hash for equal timing. */
  async verify(clientId: string, secret: string, storedHash: string | undefined): Promise<boolean> {
    if (storedHash === undefined) {
      await verifyClientSecret(secret, UNKNOWN_CLIENT_HASH);
      return false;
    }
    const key = createHash('sha256')
      .update(JSON.stringify([clientId, storedHash, secret]))
      .digest('base64url');
    if (this.verified.delete(key)) {
      this.verified.set(key, true);
      return true;
    }
    if (!(await verifyClientSecret(secret, storedHash))) return false;
    if (this.verified.size >= MAX_CACHED_VERIFICATIONS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(key, true);
    return true;
  }
}
