// The bound on key derivations: the one expensive thing an unauthenticated request can make this
// process do (a client secret's scrypt, about 50 ms of a core and 16 MB). Whatever an attacker
// varies (client ids, addresses, secrets), derivations start at most `perSecond` times a second
// (with a small burst) and at most `maxConcurrent` at a time; a request that finds the bound full
// is refused at once (503 temporarily_unavailable, Retry-After) instead of queueing.
//
// Two budgets, so that a flood of wrong secrets cannot use up the derivations of clients that
// have not failed: attempts of a (client, address) pair that failed recently (`suspect`) draw from
// a small budget of their own; every other attempt from the main one.
import { inSpan, SpanKind } from '../lib/spans.ts';
import type { Clock } from '../lib/clock.ts';
import { TokenBucket } from '../lib/token-bucket.ts';

export interface KeyDerivationLimits {
  /** Derivations a second for attempts not known to fail (the main budget); a burst of five times that. */
  perSecond: number;
  /** At most this many at a time (the scrypt runs on libuv's thread pool, off the event loop). */
  maxConcurrent: number;
}

/** The bound is full: nothing was derived. */
export class KeyDerivationsBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many client authentications in progress; retry shortly');
  }
}

export interface KeyDerivationStats {
  /** Derivations started. */
  started: number;
  /** Attempts refused because the bound was full. */
  refused: number;
}

export class KeyDerivationGate {
  private readonly main: TokenBucket;
  private readonly suspect: TokenBucket;
  private running = 0;
  private readonly counts: KeyDerivationStats = { started: 0, refused: 0 };

  constructor(
    clock: Clock,
    private readonly limits: KeyDerivationLimits,
  ) {
    // A burst of five seconds' worth: instances starting during a deploy see their clients' first
    // token requests arrive together.
    this.main = new TokenBucket(clock, limits.perSecond, limits.perSecond * 5);
    // A quarter of the main budget, at least one a second: a failing pair still gets an answer.
    const suspectRate = Math.max(1, limits.perSecond / 4);
    this.suspect = new TokenBucket(clock, suspectRate, suspectRate);
  }

  /** Runs `derive` within the bound, or throws KeyDerivationsBusy at once. */
  async run<T>(derive: () => Promise<T>, { suspect }: { suspect: boolean }): Promise<T> {
    const bucket = suspect ? this.suspect : this.main;
    if (this.running >= this.limits.maxConcurrent) this.refuse(1);
    if (!bucket.tryTake()) this.refuse(bucket.secondsUntilNext());
    this.running += 1;
    this.counts.started += 1;
    try {
      // A span of its own: a derivation costs tens of milliseconds of the thread pool, worth seeing in a trace.
      return await inSpan('client secret key derivation', SpanKind.INTERNAL, { 'pms.key_derivation.suspect': suspect }, derive);
    } finally {
      this.running -= 1;
    }
  }

  stats(): KeyDerivationStats {
    return { ...this.counts };
  }

  private refuse(retryAfterSeconds: number): never {
    this.counts.refused += 1;
    throw new KeyDerivationsBusy(retryAfterSeconds);
  }
}
