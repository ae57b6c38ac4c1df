// A token bucket: up to `burst` takes at once, refilled at `perSecond`. Used to bound how often
// expensive work (a key derivation) may start, whoever asks.
import type { Clock } from './clock.ts';

export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly clock: Clock,
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
    this.updatedAt = clock();
  }

  /** Takes one token when there is one; never waits. */
  tryTake(): boolean {
    const now = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whole seconds until a token is available again (at least 1). */
  secondsUntilNext(): number {
    return Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
  }
}
