// A bounded least-recently-used cache for values that never change once they exist (sessions,
// verified access tokens). Only values that were found are kept: "not found" is never cached,
// because it may stop being true (a session created on another instance a moment later).
// Concurrent lookups of a missing key share one load. Counters for the metrics, in the shape of
// TtlCache's (pms_cache_lookups_total, pms_cache_entries).
import type { CacheStats } from './ttl-cache.ts';

/**
 * A bound by bytes besides the count: what entries hold differs by orders of magnitude (a session
 * vs a rendered catalog), so the count alone does not bound memory. `sizeOf` is an estimate of the
 * bytes an entry keeps alive; it must give the same figure for the same entry every time.
 */
export interface ByteBound<K, V> {
  maxBytes: number;
  sizeOf: (key: K, value: V) => number;
  /** Told of each entry dropped to make room (not of those deleted or replaced). */
  onEvict?: (key: K, value: V) => void;
}

export class LruCache<K, V> {
  /** Insertion order is recency order: a hit moves its key to the end, eviction takes the first. */
  private readonly entries = new Map<K, V>();
  private readonly loading = new Map<K, Promise<V | undefined>>();
  private hits = 0;
  private misses = 0;
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    readonly name: string,
    private readonly byteBound?: ByteBound<K, V>,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`${name}: maxEntries must be a positive integer`);
  }

  /** The cached value, without counting or touching it. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /**
   * The cached value (counted as a hit, and made most recent), or undefined (counted as a miss).
   * A value `valid` refuses is dropped and counts as a miss.
   */
  get(key: K, valid?: (value: V) => boolean): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && valid && !valid(value)) this.delete(key);
    if (value === undefined || !this.entries.has(key)) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /**
   * The cached value, counted as a hit and made most recent; undefined, not counted, when it is not
   * cached: for a caller that then asks getOrLoad (which counts the miss).
   */
  lookup(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.hits += 1;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Counts a miss of a caller that found nothing to look up (and loads it itself: lookup, set). */
  countMiss(): void {
    this.misses += 1;
  }

  /**
   * The cached value, or the result of `load` (shared by concurrent callers); a result is kept
   * when it is defined and `keep` (default: always) accepts it.
   */
  async getOrLoad(key: K, load: (key: K) => Promise<V | undefined>, keep: (value: V) => boolean = () => true): Promise<V | undefined> {
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const inFlight = this.loading.get(key);
    if (inFlight) {
      this.hits += 1;
      return inFlight;
    }
    this.misses += 1;
    const loaded = load(key).then((value) => {
      if (value !== undefined && keep(value)) this.set(key, value);
      return value;
    });
    this.loading.set(key, loaded);
    try {
      return await loaded;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }

  set(key: K, value: V): void {
    this.delete(key);
    if (this.byteBound) {
      const size = this.byteBound.sizeOf(key, value);
      // An entry larger than the whole bound is not kept (it would evict everything else).
      if (size > this.byteBound.maxBytes) return;
      while (this.entries.size > 0 && (this.bytes + size > this.byteBound.maxBytes || this.entries.size >= this.maxEntries)) {
        const [oldest, evicted] = this.entries.entries().next().value as [K, V];
        this.delete(oldest);
        this.byteBound.onEvict?.(oldest, evicted);
      }
      this.bytes += size;
    } else if (this.entries.size >= this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as K);
    }
    this.entries.set(key, value);
  }

  delete(key: K): void {
    if (this.byteBound) {
      const value = this.entries.get(key);
      if (value === undefined) return;
      this.bytes -= this.byteBound.sizeOf(key, value);
    }
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  stats(): CacheStats {
    return {
      name: this.name,
      hits: this.hits,
      misses: this.misses,
      size: this.entries.size,
      ...(this.byteBound ? { bytes: this.bytes } : {}),
    };
  }
}
