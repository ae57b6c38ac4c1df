// A circuit breaker for a shared store that may stop answering (Redis in a failover or behind a
// network partition: the socket stays open, no answer comes). Closed, every call goes to the store;
// after `failuresToOpen` failures in a row it opens, and callers skip the store at once instead of
// each waiting for its time-out. While open, a probe runs in the background every `probeIntervalMs`
// (never on a request's path); the first probe that succeeds closes it again.

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the breaker. */
  failuresToOpen: number;
  /** Time between background probes while open. */
  probeIntervalMs: number;
  /** Resolves if the store answers (e.g. PING), rejects otherwise. */
  probe: () => Promise<unknown>;
  /** Told when the breaker opens (true) or closes (false). */
  onChange?: (open: boolean) => void;
}

export class CircuitBreaker {
  private failures = 0;
  private opened = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: CircuitBreakerOptions) {
    if (!(options.failuresToOpen >= 1 && options.probeIntervalMs > 0)) {
      throw new RangeError('failuresToOpen must be at least 1 and probeIntervalMs positive');
    }
  }

  /** True while the store is to be skipped. */
  get open(): boolean {
    return this.opened;
  }

  /** A call to the store answered. */
  succeeded(): void {
    this.failures = 0;
  }

  /** A call to the store failed or timed out. */
  failed(): void {
    this.failures += 1;
    if (this.opened || this.failures < this.options.failuresToOpen) return;
    this.opened = true;
    this.options.onChange?.(true);
    this.scheduleProbe();
  }

  /** Stops probing (on close of the service). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private scheduleProbe(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runProbe(), this.options.probeIntervalMs);
    // A pending probe never keeps the process alive.
    this.timer.unref();
  }

  private async runProbe(): Promise<void> {
    try {
      await this.options.probe();
    } catch {
      this.scheduleProbe();
      return;
    }
    if (this.stopped) return;
    this.failures = 0;
    this.opened = false;
    this.options.onChange?.(false);
  }
}
