// A bounded cache of promises with a time-to-live: concurrent readers of a missing key share one
// load, a failed load is not kept, and the oldest entry goes when the cache is full.
import type { Clock } from '../clock.ts';

export class TtlCache<K, V> {
  private readonly entries = new Map<K, { loadedAt: number; value: Promise<V> }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const now = this.clock();
    const cached = this.entries.get(key);
    if (cached && now - cached.loadedAt < this.ttlMs) return cached.value;
    const value = load(key);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { loadedAt: now, value });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
