// Traffic at a fixed, modest rate for the tests that load real server processes (a rolling deploy, a
// SIGTERM under load, a failover, a migration while serving): loops that sent as fast as the machine
// allowed cost more CPU the slower the machine, for no more meaning (issue 46). A paced loop sends,
// then sleeps until its next slot; a slower machine makes the scenario longer, so its phases see as
// many requests as on a fast one, or more. Where a test depends on requests falling in a phase, it
// marks the phases on a Timeline and asserts a minimum in each.
import { setTimeout as sleep } from 'node:timers/promises';

export interface PacedLoopsOptions {
  /** How many loops send concurrently (each its own request in flight: keep-alive connections, queues). */
  loops: number;
  /** Requests a second of each loop, at most: a loop whose request takes longer sends the next at once. */
  perSecond: number;
  /** Whether to go on; checked before every request. */
  running: () => boolean;
  /** One request of loop `loop` (its `n`th); `'stop'` ends that loop (a refused connection, say). */
  send: (loop: number, n: number) => Promise<unknown>;
}

/**
 * `loops` loops, each sending at most `perSecond` requests a second while `running()` holds, started
 * spread over one interval so that they do not send in step. Resolves when every loop has ended.
 */
export async function pacedLoops({ loops, perSecond, running, send }: PacedLoopsOptions): Promise<void> {
  const intervalMs = 1000 / perSecond;
  const loop = async (index: number) => {
    await sleep((intervalMs * index) / loops);
    let next = performance.now();
    for (let n = 0; running(); n++) {
      if ((await send(index, n)) === 'stop') return;
      next += intervalMs;
      const wait = next - performance.now();
      // Behind schedule (a slow answer): the next request now, and no burst to catch up.
      if (wait > 0) await sleep(wait);
      else next = performance.now();
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, index) => loop(index)));
}

export interface Phase {
  name: string;
  from: number;
  /** performance.now() at its end; Infinity while it lasts. */
  to: number;
}

/**
 * Named phases of a scenario on performance.now()'s clock, so that a test can show that each saw
 * traffic: `begin(name)` ends the phase before and starts the next, `end()` ends the last.
 */
export class Timeline {
  readonly phases: Phase[] = [];

  begin(name: string): void {
    this.end();
    this.phases.push({ name, from: performance.now(), to: Number.POSITIVE_INFINITY });
  }

  end(): void {
    const last = this.phases.at(-1);
    if (last && last.to === Number.POSITIVE_INFINITY) last.to = performance.now();
  }

  /** Per phase, how many of `times` (a request's send time) fell in it: `name: count` lines, for a failure message too. */
  counts(times: number[]): Array<{ name: string; count: number; ms: number }> {
    return this.phases.map(({ name, from, to }) => ({
      name,
      count: times.filter((t) => t >= from && t < to).length,
      ms: Math.round(to - from),
    }));
  }

  /** The phases in which fewer than `min` of `times` fell (an empty list when each saw enough). */
  short(times: number[], min: number): string[] {
    return this.counts(times)
      .filter(({ count }) => count < min)
      .map(({ name, count, ms }) => `${name}: ${count} requests in ${ms} ms`);
  }
}
