// src/observability/counting-histogram.ts: the request histogram counted by children of its own is
// written by prom-client's Registry exactly as prom-client's own Histogram is, for the same observations.
import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { CountingHistogram } from '../../src/observability/counting-histogram.ts';
import { HTTP_DURATION_BUCKETS } from '../../src/observability/metrics.ts';

const LABELS = ['method', 'route', 'status_code'] as const;
type Labels = Record<(typeof LABELS)[number], string>;

function pair() {
  const ours = new Registry();
  const theirs = new Registry();
  const options = {
    name: 'http_request_duration_seconds',
    help: 'Time "to" answer\\ a request',
    labelNames: LABELS,
    buckets: HTTP_DURATION_BUCKETS,
  };
  const counting = new CountingHistogram({ ...options, registers: [ours] });
  const reference = new Histogram({ ...options, labelNames: [...LABELS], buckets: [...HTTP_DURATION_BUCKETS], registers: [theirs] });
  return { ours, theirs, counting, reference };
}

const labelSet = fc.record({
  method: fc.constantFrom('GET', 'POST', 'OPTIONS'),
  // Label values the exposition must escape (quotes, backslashes, new lines) among plain ones.
  route: fc.oneof(fc.constantFrom('/v1/payment_method_sessions/:id/payment_method_groups', 'unmatched'), fc.string({ maxLength: 12 })),
  status_code: fc.constantFrom('200', '304', '404', '429'),
});
// Durations on, around and between the bounds, and far past the last one.
const duration = fc.oneof(fc.constantFrom(0, ...HTTP_DURATION_BUCKETS, 5.000001, 120), fc.double({ min: 0, max: 10, noNaN: true }));

describe('CountingHistogram', () => {
  it('is scraped as the same text and the same JSON as prom-client’s Histogram after the same observations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(labelSet, duration), { maxLength: 60 }), async (observations) => {
        const { ours, theirs, counting, reference } = pair();
        for (const [labels, value] of observations) {
          counting.child(labels as Labels).observe(value);
          reference.labels(labels).observe(value);
        }
        expect(await ours.metrics()).toBe(await theirs.metrics());
        // The same JSON but for prom-client's exemplar slots (null: this histogram keeps no exemplars).
        const withoutExemplars = (metrics: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
          metrics.map((metric) => ({ ...metric, values: metric.values.map((value) => ({ ...value, exemplar: undefined })) }));
        expect(withoutExemplars(await ours.getMetricsAsJSON())).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));
      }),
      { numRuns: 200, seed: 20261127 },
    );
  });

  it('counts a value equal to a bound in that bound’s bucket (le), and past the last only in +Inf', async () => {
    const { ours, counting } = pair();
    const child = counting.child({ method: 'GET', route: '/r', status_code: '200' });
    child.observe(0.001);
    child.observe(6);
    const text = await ours.metrics();
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.0005",method="GET",route="/r",status_code="200"} 0\n');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.001",method="GET",route="/r",status_code="200"} 1\n');
    expect(text).toContain('http_request_duration_seconds_bucket{le="5",method="GET",route="/r",status_code="200"} 1\n');
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/r",status_code="200"} 2\n');
    expect(text).toContain('http_request_duration_seconds_sum{method="GET",route="/r",status_code="200"} 6.001\n');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/r",status_code="200"} 2');
  });

  it('gives the same child for the same label values, and resets every count with the registry', async () => {
    const { ours, counting } = pair();
    const labels = { method: 'GET', route: '/r', status_code: '200' };
    const child = counting.child(labels);
    expect(counting.child({ status_code: '200', route: '/r', method: 'GET' })).toBe(child);
    expect(counting.child({ ...labels, status_code: '404' })).not.toBe(child);
    child.observe(0.002);
    ours.resetMetrics();
    expect(await ours.metrics()).toContain('http_request_duration_seconds_count{method="GET",route="/r",status_code="200"} 0');
  });

  it('refuses labels it does not declare, and bounds that are not finite and ascending', () => {
    const { counting } = pair();
    expect(() => counting.child({ method: 'GET', route: '/r', status_code: '200', path: '/x' } as Labels)).toThrow(
      'http_request_duration_seconds: unknown labels path',
    );
    const registers = [new Registry()];
    for (const buckets of [
      [0.1, 0.1],
      [0.2, 0.1],
      [0.1, Number.POSITIVE_INFINITY],
    ]) {
      expect(() => new CountingHistogram({ name: 'h', help: 'h', labelNames: ['a'], buckets, registers })).toThrow(
        'h: buckets must be finite and ascending',
      );
    }
  });
});
