// Client secrets are stored as scrypt hashes in a self-describing format,
// `scrypt$N$r$p$salt$hash` (salt and hash base64url), so that the cost parameters can be raised
// later without invalidating the hashes already stored.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Stored parameters are data: bound the memory a hash may ask for (scrypt needs 128·N·r·p bytes). */
const MAX_SCRYPT_MEMORY = 64 * 1024 * 1024;

// NFC: the same secret, composed differently by another client library, hashes alike.
function derive(secret: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashClientSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(secret, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

interface ParsedHash {
  options: ScryptOptions;
  salt: Buffer;
  hash: Buffer;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const POSITIVE_INTEGER = /^[1-9]\d{0,7}$/;

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  if (![n, r, p].every((x) => POSITIVE_INTEGER.test(x)) || !BASE64URL.test(salt) || !BASE64URL.test(hash)) return undefined;
  const cost = Number(n);
  const blockSize = Number(r);
  const parallelization = Number(p);
  // N must be a power of two greater than 1.
  if (cost < 2 || (cost & (cost - 1)) !== 0) return undefined;
  const memory = 128 * cost * blockSize * parallelization;
  if (memory > MAX_SCRYPT_MEMORY) return undefined;
  const saltBytes = Buffer.from(salt, 'base64url');
  const hashBytes = Buffer.from(hash, 'base64url');
  if (saltBytes.length < 8 || hashBytes.length < 16 || hashBytes.length > 64) return undefined;
  return {
    options: { N: cost, r: blockSize, p: parallelization, maxmem: MAX_SCRYPT_MEMORY + 1024 * 1024 },
    salt: saltBytes,
    hash: hashBytes,
  };
}

/** True when the secret matches the stored hash; false for a wrong secret or a malformed hash. */
export async function verifyClientSecret(secret: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await derive(secret, parsed.salt, parsed.hash.length, parsed.options);
  return timingSafeEqual(candidate, parsed.hash);
}
