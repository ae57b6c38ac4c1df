// A bounded least-recently-used cache for values that never change once they exist (sessions,
// verified access tokens). Only values that were found are kept: "not found" is never cached,
// because it may stop being true (a session created on another instance a moment later).
// Concurrent lookups of a missing key share one load. Counters for the metrics, in the shape of
// TtlCache's (pms_cache_lookups_total, pms_cache_entries).
//
// Recency is kept by generations (the scheme of quick-lru): entries go into the recent generation;
// when it holds half the bound, it becomes the older one and the older one is dropped. A hit in the
// recent generation is one Map lookup; a hit in the older one moves the entry to the recent one.
// Moving every hit to the end of one Map (delete, then set) cost about 5 µs of the storefront's
// hot path, whose three lookups all hit. The bound is exact (at most maxEntries and maxBytes in
// all); recency is approximate: what is dropped is what was not used for a whole generation.
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
  private recent = new Map<K, V>();
  private older = new Map<K, V>();
  private recentBytes = 0;
  private olderBytes = 0;
  private readonly loading = new Map<K, Promise<V | undefined>>();
  private hits = 0;
  private misses = 0;
  /** What one generation may hold. */
  private readonly generationEntries: number;
  private readonly generationBytes: number;

  constructor(
    maxEntries: number,
    readonly name: string,
    private readonly byteBound?: ByteBound<K, V>,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 2) throw new RangeError(`${name}: maxEntries must be an integer of at least 2`);
    this.generationEntries = Math.floor(maxEntries / 2);
    this.generationBytes = (byteBound?.maxBytes ?? Number.POSITIVE_INFINITY) / 2;
  }

  /** The cached value, without counting or touching it. */
  peek(key: K): V | undefined {
    return this.recent.get(key) ?? this.older.get(key);
  }

  /**
   * The cached value (counted as a hit, and made recent), or undefined (counted as a miss). A value
   * `valid` refuses is dropped and counts as a miss.
   */
  get(key: K, valid?: (value: V) => boolean): V | undefined {
    const value = this.peek(key);
    if (value === undefined || (valid && !valid(value))) {
      if (value !== undefined) this.delete(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    this.touch(key, value);
    return value;
  }

  /**
   * The cached value, counted as a hit and made recent; undefined, not counted, when it is not
   * cached: for a caller that then asks getOrLoad (which counts the miss).
   */
  lookup(key: K): V | undefined {
    const value = this.recent.get(key);
    if (value !== undefined) {
      this.hits += 1;
      return value;
    }
    const old = this.older.get(key);
    if (old === undefined) return undefined;
    this.hits += 1;
    this.touch(key, old);
    return old;
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
    const cached = this.lookup(key);
    if (cached !== undefined) return cached;
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
    // An entry larger than a generation is not kept (it would evict everything else).
    if (this.sizeOf(key, value) > this.generationBytes) return;
    this.addRecent(key, value);
  }

  delete(key: K): void {
    const value = this.recent.get(key);
    if (value !== undefined) {
      this.recent.delete(key);
      this.recentBytes -= this.sizeOf(key, value);
      return;
    }
    const old = this.older.get(key);
    if (old !== undefined) {
      this.older.delete(key);
      this.olderBytes -= this.sizeOf(key, old);
    }
  }

  clear(): void {
    this.recent.clear();
    this.older.clear();
    this.recentBytes = 0;
    this.olderBytes = 0;
  }

  stats(): CacheStats {
    return {
      name: this.name,
      hits: this.hits,
      misses: this.misses,
      size: this.recent.size + this.older.size,
      ...(this.byteBound ? { bytes: this.recentBytes + this.olderBytes } : {}),
    };
  }

  private sizeOf(key: K, value: V): number {
    return this.byteBound ? this.byteBound.sizeOf(key, value) : 0;
  }

  /** Makes a value found in either generation recent. */
  private touch(key: K, value: V): void {
    if (this.recent.has(key)) return;
    this.older.delete(key);
    const size = this.sizeOf(key, value);
    this.olderBytes -= size;
    this.addRecent(key, value, size);
  }

  private addRecent(key: K, value: V, size = this.sizeOf(key, value)): void {
    if (this.recent.size >= this.generationEntries || this.recentBytes + size > this.generationBytes) {
      // The recent generation is full: it becomes the older one, and the older one is dropped.
      const dropped = this.older;
      this.older = this.recent;
      this.olderBytes = this.recentBytes;
      this.recent = new Map();
      this.recentBytes = 0;
      const onEvict = this.byteBound?.onEvict;
      if (onEvict) for (const [k, v] of dropped) onEvict(k, v);
    }
    this.recent.set(key, value);
    this.recentBytes += size;
  }
}
