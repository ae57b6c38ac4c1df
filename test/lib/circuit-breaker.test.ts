// CircuitBreaker (src/lib/circuit-breaker.ts): opens after failures in a row, probes in the
// background while open, closes on the first probe that succeeds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CircuitBreaker } from '../../src/lib/circuit-breaker.ts';

describe('CircuitBreaker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function breaker(probe: () => Promise<unknown>) {
    const changes: boolean[] = [];
    const instance = new CircuitBreaker({ failuresToOpen: 3, probeIntervalMs: 1000, probe, onChange: (open) => changes.push(open) });
    return { instance, changes };
  }

  it('opens after the set number of failures in a row, not before, and a success resets the count', async () => {
    const probe = vi.fn(() => Promise.reject(new Error('down')));
    const { instance, changes } = breaker(probe);
    instance.failed();
    instance.failed();
    instance.succeeded();
    instance.failed();
    instance.failed();
    expect(instance.open).toBe(false);
    instance.failed();
    expect(instance.open).toBe(true);
    // Further failures while open neither re-announce nor start a second probe loop.
    instance.failed();
    expect(changes).toEqual([true]);
    expect(probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(probe).toHaveBeenCalledTimes(1);
    instance.stop();
  });

  it('probes every interval while the store stays down, and closes on the first answer', async () => {
    let up = false;
    const probe = vi.fn(() => (up ? Promise.resolve('PONG') : Promise.reject(new Error('timed out'))));
    const { instance, changes } = breaker(probe);
    for (let i = 0; i < 3; i++) instance.failed();
    await vi.advanceTimersByTimeAsync(3000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(instance.open).toBe(true);
    up = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(instance.open).toBe(false);
    expect(changes).toEqual([true, false]);
    // Closed: no more probes, and it takes three new failures to open again.
    await vi.advanceTimersByTimeAsync(5000);
    expect(probe).toHaveBeenCalledTimes(4);
    instance.failed();
    instance.failed();
    expect(instance.open).toBe(false);
    instance.failed();
    expect(instance.open).toBe(true);
    instance.stop();
  });

  it('stops probing once stopped', async () => {
    const probe = vi.fn(() => Promise.reject(new Error('down')));
    const { instance } = breaker(probe);
    for (let i = 0; i < 3; i++) instance.failed();
    instance.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(probe).not.toHaveBeenCalled();
  });

  it('refuses settings that could never open or would probe in a loop', () => {
    const probe = () => Promise.resolve();
    expect(() => new CircuitBreaker({ failuresToOpen: 0, probeIntervalMs: 1000, probe })).toThrow(RangeError);
    expect(() => new CircuitBreaker({ failuresToOpen: 1, probeIntervalMs: 0, probe })).toThrow(RangeError);
  });
});
