// Requests counted per key in fixed windows that start at a key's first request (as
// @fastify/rate-limit's in-memory store counts), in this process only. Synchronous: the
// storefront's per-IP limit runs on every group retrieval, and the plugin's asynchronous store
// cost about 5 µs of its 55 (bench/REPORT.md). Keys are bounded (least recently used go first) by
// the lru-cache package, as fast as the service's own LruCache for this read-modify-write (1.04 to
// 1.09 times: bench/analysis.md, "One cache API").
import { LRUCache } from 'lru-cache';

interface Window {
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

export interface WindowCount {
  /** Requests in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export class FixedWindowCounter {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly windowMs: number,
    maxKeys: number,
  ) {
    this.windows = new LRUCache({ max: maxKeys });
  }

  /** Counts a request of `key` at `now`. */
  hit(key: string, now: number): WindowCount {
    let window = this.windows.get(key);
    if (!window || now >= window.resetAt) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }
}
