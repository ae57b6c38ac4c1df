// Group commit for small independent writes (session creation): callers that arrive while earlier
// writes are in flight are written together, in one statement and one transaction, instead of one
// round trip and one commit each. Measured under 64 concurrent session creations
// (bench/REPORT.md): the per-row INSERT spent most of the service's and PostgreSQL's time on
// round trips and commits.
//
// Nothing waits for a batch to fill: with a slot free, a write starts at once (a lone caller is not
// delayed); only while `maxConcurrent` writes are in flight do later callers queue, and the next
// free slot takes up to `maxBatch` of them. Each caller's promise settles when its own row is
// committed, or fails; a failed batch is retried one item at a time, so one bad item (a store
// deleted meanwhile) fails only its own caller.

export interface WriteBatcherOptions {
  /** Most items in one write. */
  maxBatch: number;
  /** Most writes in flight at once (each holds one pooled connection). */
  maxConcurrent: number;
}

interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class WriteBatcher<T> {
  private readonly queue: Pending<T>[] = [];
  private inFlight = 0;
  private batches = 0;
  private items = 0;

  constructor(
    private readonly writeMany: (items: T[]) => Promise<void>,
    private readonly options: WriteBatcherOptions,
  ) {
    if (!(options.maxBatch >= 1 && options.maxConcurrent >= 1)) throw new RangeError('maxBatch and maxConcurrent must be at least 1');
  }

  /** Resolves once `item` is written (committed). */
  write(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.next();
    });
  }

  /** Writes and items written so far: items / batches is the mean batch size. */
  stats(): { batches: number; items: number } {
    return { batches: this.batches, items: this.items };
  }

  private next(): void {
    while (this.inFlight < this.options.maxConcurrent && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.inFlight += 1;
      void this.flush(batch).finally(() => {
        this.inFlight -= 1;
        this.next();
      });
    }
  }

  private async flush(batch: Pending<T>[]): Promise<void> {
    this.batches += 1;
    this.items += batch.length;
    try {
      await this.writeMany(batch.map((p) => p.item));
      for (const pending of batch) pending.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Which item failed is unknown: each is written on its own, and only its own failure counts.
      await Promise.all(batch.map((pending) => this.writeMany([pending.item]).then(pending.resolve, pending.reject)));
    }
  }
}
