// What a webhook event says and when (src/domain/webhook-events.ts, docs/webhooks.md): the exact bytes
// every delivery of an event sends, the window boundaries still ahead, the retry schedule's delays,
// and a receiver URL's refusals as written. Pure; the delivery itself is tested in test/webhooks.
import { describe, expect, it } from 'vitest';
import {
  boundariesAhead,
  CHANGE_REASONS,
  eventPayload,
  PAYMENT_METHODS_CHANGED,
  retryDelaySeconds,
  urlProblem,
} from '../../src/domain/webhook-events.ts';

const STORE = '84d19995-8ee7-4639-8e25-13b1691ccac6';

describe('eventPayload', () => {
  it('is the event as exact bytes: type, the change’s time, the store, its methods sorted, the reason', () => {
    const ids = ['b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001'];
    const payload = eventPayload(
      { storeId: STORE, paymentMethodIds: ids, reason: 'updated' },
      new Date(Date.UTC(2026, 10, 27, 23, 0, 0, 5)),
    );
    expect(payload).toBe(
      '{"type":"payment_methods.changed","timestamp":"2026-11-27T23:00:00.005Z",' +
        `"data":{"storeId":"${STORE}","paymentMethodIds":["${ids[1]}","${ids[0]}"],"reason":"updated"}}`,
    );
    // The caller's list is left as it was.
    expect(ids[0]).toBe('b0000000-0000-4000-8000-000000000002');
    expect(PAYMENT_METHODS_CHANGED).toBe('payment_methods.changed');
  });

  it('carries every reason as given, and a store event with no methods left', () => {
    expect(CHANGE_REASONS).toEqual(['created', 'updated', 'deleted', 'activated', 'deactivated', 'store']);
    for (const reason of CHANGE_REASONS) {
      const body = JSON.parse(eventPayload({ storeId: STORE, paymentMethodIds: [], reason }, new Date(0))) as {
        timestamp: string;
        data: { paymentMethodIds: string[]; reason: string };
      };
      expect(body.data).toEqual({ storeId: STORE, paymentMethodIds: [], reason });
      expect(body.timestamp).toBe('1970-01-01T00:00:00.000Z');
    }
  });
});

describe('boundariesAhead', () => {
  const now = Date.UTC(2026, 10, 25, 12);

  it('gives each boundary after now with the event it brings, the opening first', () => {
    expect(boundariesAhead({ activeFrom: now + 1, activeUntil: now + 2 }, now)).toEqual([
      { at: now + 1, reason: 'activated' },
      { at: now + 2, reason: 'deactivated' },
    ]);
    expect(boundariesAhead({ activeUntil: now + 1 }, now)).toEqual([{ at: now + 1, reason: 'deactivated' }]);
    expect(boundariesAhead({ activeFrom: now + 1 }, now)).toEqual([{ at: now + 1, reason: 'activated' }]);
  });

  it('leaves out a boundary at now or before (it has been reached), and a window that is not there', () => {
    expect(boundariesAhead({ activeFrom: now, activeUntil: now }, now)).toEqual([]);
    expect(boundariesAhead({ activeFrom: now - 1, activeUntil: now + 1 }, now)).toEqual([{ at: now + 1, reason: 'deactivated' }]);
    expect(boundariesAhead({}, now)).toEqual([]);
    expect(boundariesAhead({ activeFrom: undefined, activeUntil: undefined }, now)).toEqual([]);
    // Epoch 0 is a time like any other, not "no window".
    expect(boundariesAhead({ activeFrom: 0 }, -1)).toEqual([{ at: 0, reason: 'activated' }]);
  });
});

describe('retryDelaySeconds', () => {
  const schedule = [5, 300, 1800];

  it('waits the schedule’s nth delay after the nth failure, and gives up once it is spent', () => {
    expect(retryDelaySeconds(schedule, 1)).toBe(5);
    expect(retryDelaySeconds(schedule, 2)).toBe(300);
    expect(retryDelaySeconds(schedule, 3)).toBe(1800);
    expect(retryDelaySeconds(schedule, 4)).toBeUndefined();
    expect(retryDelaySeconds(schedule, 0)).toBeUndefined();
    expect(retryDelaySeconds([], 1)).toBeUndefined();
  });
});

describe('urlProblem', () => {
  it('accepts an https:// URL, with a port, a path and a query', () => {
    expect(urlProblem('https://hooks.example.com:8443/pms?tenant=7', false)).toBeUndefined();
    expect(urlProblem('https://hooks.example.com/pms', true)).toBeUndefined();
  });

  it('accepts http:// only where private addresses are allowed, and says which schemes it takes', () => {
    expect(urlProblem('http://hooks.example.com/pms', false)).toBe('must be an https:// URL');
    expect(urlProblem('http://127.0.0.1:9/pms', true)).toBeUndefined();
    expect(urlProblem('ftp://hooks.example.com/pms', true)).toBe('must be an http:// or https:// URL');
    expect(urlProblem('ftp://hooks.example.com/pms', false)).toBe('must be an https:// URL');
  });

  it('refuses what is no absolute URL, a URL over 2048 characters, credentials and a fragment', () => {
    expect(urlProblem('hooks.example.com/pms', false)).toBe('must be an absolute URL');
    expect(urlProblem('', false)).toBe('must be an absolute URL');
    const base = 'https://hooks.example.com/';
    expect(urlProblem(base + 'a'.repeat(2048 - base.length), false)).toBeUndefined();
    expect(urlProblem(base + 'a'.repeat(2049 - base.length), false)).toBe('must be at most 2048 characters');
    expect(urlProblem('https://user@hooks.example.com/pms', false)).toBe('must not carry credentials');
    expect(urlProblem('https://:secret@hooks.example.com/pms', false)).toBe('must not carry credentials');
    expect(urlProblem('https://hooks.example.com/pms#part', false)).toBe('must not have a fragment');
  });
});
