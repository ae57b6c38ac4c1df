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

  get(key: K, load: (key: K) => Promise<V>): Promise<V> {
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
   * The value a get() would answer at once from a fresh, loaded entry, without a promise (counted
   * as a hit); undefined when get() would have to load or wait (then ask get()).
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
