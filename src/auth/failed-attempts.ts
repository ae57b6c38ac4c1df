// Failed client authentications, counted per (client id, address) in fixed one-minute windows.
//
// Only failures count, and only against the pair that failed: a client presenting its right
// secret is never refused by this (others' failures are others' pairs; its own right secret does
// not count), and an attacker guessing one client's secret from one address is stopped after
// `limit` guesses a minute without making the process derive anything more. Counted per instance,
// not in Redis: what it protects is this process's CPU, and guessing stays as slow (N instances,
// N × limit a minute, each a full scrypt).
import type { Clock } from '../lib/clock.ts';

const WINDOW_MS = 60_000;
/** Pairs remembered at most (least recently failed go first): a flood of made-up pairs stays bounded. */
const MAX_PAIRS = 50_000;

interface Window {
  startedAt: number;
  failures: number;
}

export class FailedAttempts {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: Clock,
    /** Failures a minute per pair; 0 turns the limit off. */
    private readonly limit: number,
  ) {}

  /**
   * The pair's current window, read once per attempt: `blockedFor`, the seconds until it may try
   * again when it is over its limit (undefined when it may try now); `suspect`, whether it failed
   * in this window (its next attempt is suspect).
   */
  standing(clientId: string, address: string): { blockedFor: number | undefined; suspect: boolean } {
    const window = this.current(clientId, address);
    if (!window) return { blockedFor: undefined, suspect: false };
    const blocked = this.limit !== 0 && window.failures >= this.limit;
    return {
      blockedFor: blocked ? Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - this.clock()) / 1000)) : undefined,
      suspect: true,
    };
  }

  record(clientId: string, address: string): void {
    const key = JSON.stringify([clientId, address]);
    const now = this.clock();
    const window = this.current(clientId, address) ?? { startedAt: now, failures: 0 };
    window.failures += 1;
    // Re-inserted: the Map's order is the order of last failure, oldest first.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > MAX_PAIRS) this.windows.delete(this.windows.keys().next().value!);
  }

  private current(clientId: string, address: string): Window | undefined {
    const key = JSON.stringify([clientId, address]);
    const window = this.windows.get(key);
    if (window && this.clock() - window.startedAt >= WINDOW_MS) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }
}
