// The probes of the operations endpoints: for every documented status of every operation, a request that elicits it.
import { vi } from 'vitest';
import { type Probe, unreachable, untilRateLimited } from '../harness.ts';

export const PROBES: Record<string, Probe[]> = {
  'GET /healthz': [{ status: 200, what: 'liveness', request: () => ({ method: 'GET', url: '/healthz' }) }],

  'GET /readyz': [
    { status: 200, what: 'the database answers', request: () => ({ method: 'GET', url: '/readyz' }) },
    {
      status: 503,
      what: 'the database does not answer',
      arrange: (f) => vi.spyOn(f.ctx.database, 'ping').mockRejectedValueOnce(unreachable()),
      request: () => ({ method: 'GET', url: '/readyz' }),
    },
  ],

  'GET /openapi.json': [
    { status: 200, what: 'the document', request: () => ({ method: 'GET', url: '/openapi.json' }) },
    {
      status: 429,
      what: 'too many from one address',
      request: untilRateLimited(() => ({ method: 'GET', url: '/openapi.json', remoteAddress: '192.0.2.21' })),
    },
  ],

  'GET /metrics': [
    { status: 200, what: 'the metrics', request: () => ({ method: 'GET', url: '/metrics' }) },
    {
      status: 429,
      what: 'too many from one address',
      request: untilRateLimited(() => ({ method: 'GET', url: '/metrics', remoteAddress: '192.0.2.22' })),
    },
  ],
};
