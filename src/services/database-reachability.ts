// Whether this instance reaches its database now, for an alert to read (pms_database_up): /readyz
// knows it per probe, but a 503 of the balancer's probe is seen by the balancer, not by Prometheus.
// Kept current by a cheap round trip every few seconds (the database handle's ping, bounded) and by
// every readiness check, which uses the same bounded ping.
import type { DatabaseHandle } from '../storage/database.ts';

/** A database that has not answered within this long counts as unreachable (/readyz's bound too). */
export const DATABASE_PROBE_TIMEOUT_MS = 2000;
/** Between background probes: a cut database shows within this plus the time-out, however idle the instance. */
export const DATABASE_PROBE_INTERVAL_MS = 5000;

export class DatabaseReachability {
  // The instance connected (and migrated) before serving: up until a probe says otherwise.
  private up = true;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<boolean> | undefined;
  private stopped = false;

  constructor(private readonly database: Pick<DatabaseHandle, 'ping'>) {}

  /** The last probe's answer: what the gauge exports. */
  get reachable(): boolean {
    return this.up;
  }

  /** One bounded round trip; concurrent callers share it. Records and returns whether the database answered. */
  check(): Promise<boolean> {
    this.inFlight ??= this.probe().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  /** Probes every DATABASE_PROBE_INTERVAL_MS in the background (main.ts); stop() ends it. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.check(), DATABASE_PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database probe timed out')), DATABASE_PROBE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.database.ping(), timeout]);
      this.up = true;
    } catch {
      this.up = false;
    } finally {
      clearTimeout(timer);
    }
    return this.up;
  }
}
