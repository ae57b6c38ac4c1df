// Requests counted per key in fixed windows, shared by several processes through a store (Redis)
// without a round trip per request: each process counts in its own memory at once (synchronously,
// as lib/fixed-window-counter.ts does) and exchanges what it counted with the store in the
// background (flush()), learning each key's total across processes in the same exchange. A
// request is judged by the total this process knew at its last exchange plus what it has counted
// since; what other processes counted since their own last exchange is the slack
// (docs/operations.md#rate-limits). A round trip to Redis per request cost the storefront a quarter
// of its throughput (bench/analysis.md); one exchange per key and flush costs next to nothing.
import { LRUCache } from 'lru-cache';
import type { WindowCount } from './fixed-window-counter.ts';

/** A key's total across processes and the time left in its window, as the store answers. */
export interface SharedCount {
  count: number;
  ttlMs: number;
}

/** Adds each key's delta to its shared total (starting a window of windowMs where none runs) and answers the totals. */
export type Exchange = (deltas: ReadonlyArray<{ key: string; delta: number }>) => Promise<SharedCount[]>;

interface SharedWindow {
  readonly key: string;
  /** Requests in the window as this process knows them: the total at the last exchange plus its own since. */
  count: number;
  /** This process's requests not yet sent to the store. */
  pending: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

export class SharedWindowCounter {
  private readonly windows: LRUCache<string, SharedWindow>;
  private readonly dirty = new Set<SharedWindow>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
    private readonly exchange: Exchange,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new LRUCache({ max: maxKeys });
  }

  /** Counts a request of `key` now. */
  hit(key: string): WindowCount {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now >= window.resetAt) {
      window = { key, count: 0, pending: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    window.pending += 1;
    // Bounded as the windows are (while Redis is down nothing is sent): a window left out is added
    // at its next request.
    if (this.dirty.size < this.maxKeys) this.dirty.add(window);
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  /** Whether anything counted here has not reached the store yet. */
  get pending(): boolean {
    return this.dirty.size > 0;
  }

  /**
   * Sends what was counted since the last exchange and takes the totals. Rejects when the store
   * fails; what it did not take is sent with the next exchange (unless its window is over).
   */
  async flush(): Promise<void> {
    if (this.dirty.size === 0) return;
    const batch = [...this.dirty];
    this.dirty.clear();
    const deltas = batch.map((window) => {
      const delta = window.pending;
      window.pending = 0;
      return { key: window.key, delta };
    });
    let totals: SharedCount[];
    try {
      totals = await this.exchange(deltas);
    } catch (error) {
      const now = this.now();
      batch.forEach((window, i) => {
        if (now >= window.resetAt) return;
        window.pending += deltas[i]!.delta;
        this.dirty.add(window);
      });
      throw error;
    }
    const now = this.now();
    batch.forEach((window, i) => {
      const total = totals[i];
      if (!total) return;
      // What this process counted while the exchange was under way is not in the total yet.
      window.count = total.count + window.pending;
      window.resetAt = now + Math.max(0, total.ttlMs);
    });
  }
}
