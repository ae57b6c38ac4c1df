import { describe, expect, it } from 'vitest';
import { KeyDerivationGate } from '../../src/auth/key-derivations.ts';
import { ClientSecretVerifier } from '../../src/auth/secrets.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { hashClientSecret, verifyClientSecret } from '../../src/lib/secret-hash.ts';

describe('client secret hashes', () => {
  it('are self-describing scrypt hashes with a random salt', async () => {
    const first = await hashClientSecret('s3cret');
    const second = await hashClientSecret('s3cret');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(first).not.toContain('s3cret');
  });

  it('verify the right secret and refuse a wrong one', async () => {
    const stored = await hashClientSecret('s3cret é');
    expect(await verifyClientSecret('s3cret é', stored)).toBe(true);
    // The same text composed differently (e + combining accent) is the same secret.
    expect(await verifyClientSecret('s3cret e\u0301', stored)).toBe(true);
    expect(await verifyClientSecret('s3cret', stored)).toBe(false);
    expect(await verifyClientSecret('', stored)).toBe(false);
  });

  it('read the cost parameters from the stored hash', async () => {
    const stored = await hashClientSecret('s3cret');
    const [, , , , salt, hash] = stored.split('$');
    // Same salt and hash under other parameters: a different derivation, so no match.
    expect(await verifyClientSecret('s3cret', `scrypt$1024$8$1$${salt}$${hash}`)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['another algorithm', '$2b$10$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ012'],
    ['too few fields', 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA'],
    ['too many fields', 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA$x'],
    ['N not a power of two', 'scrypt$16385$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA'],
    ['N asking for gigabytes', 'scrypt$1048576$64$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA'],
    ['a negative parameter', 'scrypt$16384$-8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA'],
    ['salt not base64url', 'scrypt$16384$8$1$c2Fsd+Nhb/Rz$aGFzaGhhc2hoYXNoaGFzaA'],
    ['salt too short', 'scrypt$16384$8$1$c2Fs$aGFzaGhhc2hoYXNoaGFzaA'],
    ['hash too short', 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA'],
  ])('refuse a malformed stored hash (%s)', async (_name, stored) => {
    expect(await verifyClientSecret('s3cret', stored)).toBe(false);
  });
});

describe('ClientSecretVerifier', () => {
  const gate = () => new KeyDerivationGate(systemClock, { perSecond: 1000, maxConcurrent: 10 });

  it('remembers successes only, per client, stored hash and secret; a remembered secret derives nothing', async () => {
    const derivations = gate();
    const verifier = new ClientSecretVerifier(derivations);
    const stored = await hashClientSecret('s3cret');
    expect(verifier.remembered('client', 's3cret', stored)).toBe(false);
    expect(await verifier.verify('client', 's3cret', stored, { suspect: false })).toBe(true);
    expect(derivations.stats().started).toBe(1);
    expect(verifier.remembered('client', 's3cret', stored)).toBe(true);

    expect(await verifier.verify('client', 'wrong', stored, { suspect: false })).toBe(false);
    expect(verifier.remembered('client', 'wrong', stored)).toBe(false);
    expect(verifier.remembered('other-client', 's3cret', stored)).toBe(false);
    // A new secret (new stored hash) does not accept the old one from memory.
    const rotated = await hashClientSecret('new-secret');
    expect(verifier.remembered('client', 's3cret', rotated)).toBe(false);
    expect(await verifier.verify('client', 's3cret', rotated, { suspect: false })).toBe(false);
    expect(await verifier.verify('client', 'new-secret', rotated, { suspect: false })).toBe(true);
    expect(derivations.stats().started).toBe(4);
  });
});
