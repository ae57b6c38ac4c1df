// The keys that sign our access tokens (ES256, P-256). They live in the database so that every
// instance verifies every other instance's tokens and tokens survive restarts. Each instance
// caches the keys in memory and reloads them: at most once a second when a token names a key it
// does not know (rotated on another instance), and at least once a minute in any case (so that
// a rotation elsewhere also moves this instance's signer, and retirements are noticed). A rotation
// is also announced to every instance (topic 'signing-keys' on the change channel, storage/change-channel.ts),
// which then reload at once: expire(). While the database is unreachable, the keys already loaded
// keep verifying.
import type { Tx } from '../storage/handles.ts';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Clock } from '../lib/clock.ts';
import type { DatabaseHandle } from '../storage/database.ts';
import { AuditEventsRepository } from '../storage/repositories/audit-events.ts';
import { SigningKeysRepository, signingKeysTransaction } from '../storage/repositories/signing-keys.ts';
import { notifyChange } from '../storage/change-channel.ts';

export const SIGNING_ALGORITHM = 'ES256';

/** An unknown kid reloads the keys at most this often, so that made-up kids cannot flood the database. */
const UNKNOWN_KID_RELOAD_MS = 1000;
/** Keys are reloaded at least this often even when every kid is known. */
const REFRESH_MS = 60_000;

/** A published public key (RFC 7517): always an ES256 key on P-256. */
export type PublicJwk = {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  alg: string;
  use: string;
};

export interface Signer {
  kid: string;
  privateKey: CryptoKey;
}

interface VerificationKey {
  key: CryptoKey;
  jwk: PublicJwk;
  retiredAt: number | undefined;
}

export class SigningKeys {
  private signer: Signer | undefined;
  private readonly verification = new Map<string, VerificationKey>();
  /** When the last reload started; failed reloads count too, so an outage is not hammered. */
  private loadedAt = Number.NEGATIVE_INFINITY;
  private reloading: Promise<void> | undefined;
  /** The failure of the last reload, until one succeeds. */
  private reloadError: unknown;

  private constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    /** How long a retired key keeps verifying: every token it signed has expired by then. */
    private readonly retentionMs: number,
  ) {}

  /**
   * Loads the keys, creating the first one when the database has none. `retentionSeconds` must
   * cover the token lifetime plus the verifiers' clock tolerance.
   */
  static async open(database: DatabaseHandle, clock: Clock, retentionSeconds: number): Promise<SigningKeys> {
    // An instance still signing with a key retired elsewhere does so for at most REFRESH_MS.
    const keys = new SigningKeys(database, clock, retentionSeconds * 1000 + REFRESH_MS);
    if (!(await new SigningKeysRepository(database.db).currentSigningKey())) {
      await keys.exclusively(async (repository) => {
        if (!(await repository.currentSigningKey())) await keys.insertNewKey(repository);
      });
    }
    await keys.reload();
    return keys;
  }

  /** The key to sign with now. */
  async currentSigner(): Promise<Signer> {
    await this.refreshIfOlderThan(REFRESH_MS);
    if (!this.signer) throw new Error('signing keys used before they were loaded');
    return this.signer;
  }

  /** The public key for a token's kid, or undefined when no valid key has that kid. */
  async verificationKey(kid: string): Promise<CryptoKey | undefined> {
    // A periodic refresh that fails (the database unreachable) leaves the known keys verifying.
    await this.refreshIfOlderThan(REFRESH_MS).catch(() => undefined);
    if (!this.verification.has(kid)) await this.refreshIfOlderThan(UNKNOWN_KID_RELOAD_MS);
    const entry = this.verification.get(kid);
    // An unknown kid while the keys cannot be reloaded is an outage (503), not a bad token (401).
    if (!entry && this.reloadError !== undefined) {
      throw this.reloadError instanceof Error ? this.reloadError : new Error('the signing keys could not be reloaded');
    }
    return entry && this.stillVerifies(entry) ? entry.key : undefined;
  }

  /** Reloads the keys on their next use: another instance announced a rotation. */
  expire(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  /** Public JWKs of the current key and of retired keys whose tokens may still be valid. */
  async publicJwks(): Promise<PublicJwk[]> {
    await this.refreshIfOlderThan(UNKNOWN_KID_RELOAD_MS);
    return [...this.verification.values()].filter((entry) => this.stillVerifies(entry)).map((entry) => entry.jwk);
  }

  /**
   * Makes a new key the signer and retires the others; they keep verifying until the tokens
   * they signed have expired. Returns the new kid.
   */
  /**
   * `actor` (who rotates: the CLI command) goes into the audit trail in the rotation's transaction
   * (docs/audit.md): the new key's id only, never key material.
   */
  async rotate(actor: { type: string; id: string; name?: string | undefined }): Promise<string> {
    const kid = await this.exclusively(async (repository, tx) => {
      const created = await this.insertNewKey(repository);
      await repository.retireAllExcept(created, new Date(this.clock()));
      await new AuditEventsRepository(tx).insert({
        actorType: actor.type,
        actor: actor.id,
        actorName: actor.name,
        entity: 'signing-key',
        entityId: created,
        action: 'rotate',
        changes: { kid: { after: created } },
        traceId: undefined,
      });
      // Delivered on commit: every listening instance reloads its keys (context.ts).
      if (this.database.kind === 'postgres') await notifyChange(tx, 'signing-keys');
      return created;
    });
    // A reload that started before the commit may have read the old state: wait it out, then load anew.
    await this.reloading?.catch(() => undefined);
    await this.reload();
    return kid;
  }

  private stillVerifies(entry: VerificationKey): boolean {
    return entry.retiredAt === undefined || this.clock() - entry.retiredAt < this.retentionMs;
  }

  private exclusively<T>(work: (repository: SigningKeysRepository, tx: Tx) => Promise<T>): Promise<T> {
    return signingKeysTransaction(this.database, work);
  }

  private async insertNewKey(repository: SigningKeysRepository): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
    const exported = await exportJWK(publicKey);
    // RFC 7638 thumbprint: the kid is derived from the key itself, the same on every instance.
    const kid = await calculateJwkThumbprint(exported, 'sha256');
    const publicJwk: PublicJwk = {
      kty: exported.kty!,
      crv: exported.crv!,
      x: exported.x!,
      y: exported.y!,
      kid,
      alg: SIGNING_ALGORITHM,
      use: 'sig',
    };
    await repository.insert({
      kid,
      algorithm: SIGNING_ALGORITHM,
      publicJwk,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM },
      createdAt: new Date(this.clock()),
    });
    return kid;
  }

  private async refreshIfOlderThan(maxAgeMs: number): Promise<void> {
    if (this.clock() - this.loadedAt >= maxAgeMs) await this.reload();
  }

  /** Concurrent callers share one reload. */
  private reload(): Promise<void> {
    this.reloading ??= this.load().then(
      () => {
        this.reloadError = undefined;
        this.reloading = undefined;
      },
      (error: unknown) => {
        this.reloadError = error;
        this.reloading = undefined;
        throw error;
      },
    );
    return this.reloading;
  }

  private async load(): Promise<void> {
    this.loadedAt = this.clock();
    const repository = new SigningKeysRepository(this.database.db);
    const current = await repository.currentSigningKey();
    const valid = await repository.listVerificationKeys(new Date(this.clock() - this.retentionMs));
    if (!current) throw new Error('no active signing key in the database');
    if (current.kid !== this.signer?.kid) this.signer = { kid: current.kid, privateKey: await importKey(current.privateJwk) };

    const validKids = new Set(valid.map((key) => key.kid));
    for (const kid of this.verification.keys()) if (!validKids.has(kid)) this.verification.delete(kid);
    for (const key of valid) {
      const retiredAt = key.retiredAt?.getTime();
      const known = this.verification.get(key.kid);
      // A kid is a thumbprint of its key: a known kid needs no new import, only its retirement.
      if (known) known.retiredAt = retiredAt;
      else {
        const jwk = key.publicJwk as PublicJwk;
        this.verification.set(key.kid, { key: await importKey(jwk), jwk, retiredAt });
      }
    }
  }
}

async function importKey(jwk: Record<string, unknown>): Promise<CryptoKey> {
  const key = await importJWK(jwk as JWK, SIGNING_ALGORITHM);
  if (key instanceof Uint8Array) throw new Error('a signing key in the database is not an EC key');
  return key;
}
