// Whether this instance reaches its database, for alerts (pms_database_up): /readyz knows it per
// request, but a balancer's probes leave no series behind. A periodic ping keeps the answer fresh
// while nothing asks, and every readiness check refreshes it too.
import { Errors } from '../errors.ts';

/** A ping slower than this counts as unreachable: a hung database must not hang the probe (or /readyz). */
export const DATABASE_PING_TIMEOUT_MS = 2000;
/** How often the background probe pings: an outage shows in the metric within this plus the ping's timeout. */
export const DATABASE_PROBE_INTERVAL_MS = 5000;

export class DatabaseProbe {
  /** Unknown until the first ping answers; the instance started, so its database answered then. */
  up = true;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ping: () => Promise<void>) {}

  /** Pings once (bounded by DATABASE_PING_TIMEOUT_MS); throws DATABASE_UNAVAILABLE when it fails. */
  async check(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Errors.DATABASE_UNAVAILABLE()), DATABASE_PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.ping(), timeout]);
      this.up = true;
    } catch {
      this.up = false;
      throw new Errors.DATABASE_UNAVAILABLE();
    } finally {
      clearTimeout(timer);
    }
  }

  start(intervalMs = DATABASE_PROBE_INTERVAL_MS): void {
    if (this.timer) return;
    // unref: the probe never keeps a process alive that is otherwise done.
    this.timer = setInterval(() => void this.check().catch(() => {}), intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
