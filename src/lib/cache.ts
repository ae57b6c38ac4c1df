// The service's in-process caches, one module with one shape of counters (CacheStats, read by the
// metrics: pms_cache_lookups_total, pms_cache_entries, pms_cache_bytes, pms_cache_stale_total):
// - TtlCache: values loaded from the database that may change (a store's catalog, its owner, a
//   registered client): a time-to-live, a shared load, stale-on-error while the database is away.
// - LruCache: values that never change once they exist (sessions, verified tokens, rendered
//   offers): a bound by count and bytes, recency by generations.
// The lru-cache package (the rate limiter's windows, lib/fixed-window-counter.ts, where it is as
// fast) replaces neither: on these caches' hot paths it did not stay within 5 % (bench/caches.mjs,
// bench/analysis.md "One cache API"): sessions' and tokens' hits 0.81 to 0.88 of LruCache's speed,
// the rendered offers' budgets 0.87 to 0.92 with their hits counted, TtlCache's fresh read 0.71 to
// 0.84 with its entries in an LRUCache; and lru-cache's own time-to-live has no stale-on-error
// bounded in time that retries once per time-to-live (allowStaleOnFetchRejection serves stale
// without a limit and fetches again on every read), which keeps an outage at one query per key
// and period.

// TtlCache
//
// A bounded cache of promises with a time-to-live: concurrent readers of a missing key share one
// load, a failed load is not kept, and the oldest entry goes when the cache is full.
// Each cache counts its hits and misses for the metrics (pms_cache_lookups_total).
//
// Stale-on-error (optional, `staleIfError`): when an entry's time-to-live has run out (or it was
// invalidated) and reloading it fails with an error the option accepts (the database unreachable),
// the last loaded value keeps being served, for at most `maxStaleMs` past its time-to-live. While
// it does, a new reload is tried at most once per time-to-live, so that an outage costs one failed
// query per key and period, not one per request. Such answers are counted (`stale`,
// pms_cache_stale_total) and invalidate() keeps the value for this purpose (it only marks the
// entry as needing a reload).
import type { Clock } from './clock.ts';

/** A cache's counters since it was made; read when the metrics are scraped. */
export interface CacheStats {
  /** Metric label: store_catalog, store_owner, registered_client … */
  name: string;
  /** Lookups answered by a fresh entry (a load still in flight included). */
  hits: number;
  /** Lookups that started a load. */
  misses: number;
  /** Entries held now, fresh or stale. */
  size: number;
  /** Estimated bytes held, for a cache bounded by bytes (LruCache's ByteBound). */
  bytes?: number;
  /** Lookups answered with a stale value because reloading it failed (stale-on-error); 0 when not enabled. */
  stale?: number;
}

/** How long past their time-to-live the catalog, owner and client caches serve while the database is unreachable. */
export const MAX_STALE_ON_ERROR_MS = 5 * 60_000;

export interface StaleIfError {
  /** How long past its time-to-live a value may still be served while reloads fail. */
  maxStaleMs: number;
  /** Which load failures allow a stale answer (others propagate): e.g. isDatabaseUnavailable. */
  when: (error: unknown) => boolean;
}

interface Entry<V> {
  /** When the load of `value` started. */
  loadedAt: number;
  /** The latest load (maybe still in flight), or the stale value being served. */
  value: Promise<V>;
  /** False once invalidated, or while a stale value is served: the next lookup reloads. */
  fresh: boolean;
  /** The last value loaded successfully, with the start of its load: the stale-on-error fallback. */
  last: { value: V; loadedAt: number } | undefined;
  /** While serving a stale value: no reload is tried before this time. */
  retryAt: number | undefined;
  /** Set once `value` has resolved: what peekFresh answers without a promise. */
  resolved: { value: V } | undefined;
}

export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private hits = 0;
  private misses = 0;
  private stale = 0;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    readonly name = 'unnamed',
    private readonly staleIfError?: StaleIfError,
  ) {}

  /** The cached value, or the result of `load` (shared by concurrent callers); see the stale-on-error above. */
  getOrLoad(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const now = this.clock();
    const cached = this.entries.get(key);
    if (cached) {
      // A clock stepped back (NTP) must not make an entry fresh until it catches up: age < 0 reloads.
      const age = now - cached.loadedAt;
      if (cached.fresh && age >= 0 && age < this.ttlMs) {
        this.hits += 1;
        return cached.value;
      }
      if (cached.retryAt !== undefined && now < cached.retryAt && cached.last && this.usable(cached.last.loadedAt, now)) {
        this.stale += 1;
        return Promise.resolve(cached.last.value);
      }
    }
    this.misses += 1;
    const entry: Entry<V> = {
      loadedAt: now,
      value: undefined as unknown as Promise<V>,
      fresh: true,
      last: cached?.last,
      retryAt: undefined,
      resolved: undefined,
    };
    entry.value = load(key).then(
      (value) => {
        entry.last = { value, loadedAt: now };
        entry.resolved = { value };
        return value;
      },
      (error: unknown) => {
        const last = entry.last;
        const at = this.clock();
        const current = this.entries.get(key) === entry;
        if (last && this.usable(last.loadedAt, at) && this.staleIfError?.when(error)) {
          this.stale += 1;
          if (current) {
            entry.fresh = false;
            entry.retryAt = at + this.ttlMs;
          }
          return last.value;
        }
        if (current) this.entries.delete(key);
        throw error;
      },
    );
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * The value a getOrLoad() would answer at once from a fresh, loaded entry, without a promise (counted
   * as a hit); undefined when getOrLoad() would have to load or wait (then ask getOrLoad()).
   */
  peekFresh(key: K): { value: V } | undefined {
    const cached = this.entries.get(key);
    if (!cached?.resolved || !cached.fresh) return undefined;
    const age = this.clock() - cached.loadedAt;
    if (age < 0 || age >= this.ttlMs) return undefined;
    this.hits += 1;
    return cached.resolved;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry (no stale fallback is kept). */
  clear(): void {
    this.entries.clear();
  }

  /**
   * Every entry needs a reload before it is served again (a change was announced). With
   * stale-on-error, the values stay as the fallback for reloads that fail; without, they go.
   */
  invalidate(): void {
    if (!this.staleIfError) {
      this.entries.clear();
      return;
    }
    for (const entry of this.entries.values()) {
      entry.fresh = false;
      entry.retryAt = undefined;
    }
  }

  stats(): CacheStats {
    return { name: this.name, hits: this.hits, misses: this.misses, size: this.entries.size, stale: this.stale };
  }

  private usable(loadedAt: number, now: number): boolean {
    return this.staleIfError !== undefined && now - loadedAt < this.ttlMs + this.staleIfError.maxStaleMs;
  }
}

// LruCache
//
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
