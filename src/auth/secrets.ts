// Verifies client credentials at the token endpoint. The hash format itself is lib/secret-hash.ts.
import { createHash } from 'node:crypto';
import { verifyClientSecret } from '../lib/secret-hash.ts';
import type { KeyDerivationGate } from './key-derivations.ts';

const MAX_CACHED_VERIFICATIONS = 1000;

/**
 * Verifies client secrets for the token endpoint.
 *
 * Successful verifications are remembered (bounded, least recently used dropped first) under a
 * SHA-256 of (client id, stored hash, secret), so a client fetching a token again costs a SHA-256,
 * not another scrypt, and is never held up by the bound on derivations (key-derivations.ts) or by
 * others' failures. The trade-off: for a remembered secret the in-memory SHA-256 is a much cheaper
 * guessing target than the scrypt hash, should someone be able to read this process's memory (who
 * could then as well read secrets in flight). Online guessing gains nothing: a wrong secret never
 * matches and goes to the bounded scrypt. Keying on the stored hash makes a changed secret miss by
 * itself; a deleted client is not looked up here at all.
 */
export class ClientSecretVerifier {
  private readonly verified = new Map<string, true>();

  constructor(private readonly derivations: KeyDerivationGate) {}

  /** True when this exact secret of this client was verified before (a SHA-256, no derivation). */
  remembered(clientId: string, secret: string, storedHash: string): boolean {
    const key = this.key(clientId, secret, storedHash);
    if (!this.verified.delete(key)) return false;
    this.verified.set(key, true);
    return true;
  }

  /**
   * Derives and compares, within the bound on derivations (throws KeyDerivationsBusy when it is
   * full). `suspect`: the attempt comes from a pair that failed recently.
   */
  async verify(clientId: string, secret: string, storedHash: string, { suspect }: { suspect: boolean }): Promise<boolean> {
    if (!(await this.derivations.run(() => verifyClientSecret(secret, storedHash), { suspect }))) return false;
    if (this.verified.size >= MAX_CACHED_VERIFICATIONS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(this.key(clientId, secret, storedHash), true);
    return true;
  }

  private key(clientId: string, secret: string, storedHash: string): string {
    return createHash('sha256')
      .update(JSON.stringify([clientId, storedHash, secret]))
      .digest('base64url');
  }
}
