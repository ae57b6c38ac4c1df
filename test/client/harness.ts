// What the client's tests share: the service listening on a real port, and a fetch that records
// what the client sends and what it gets back.
import type { AddressInfo } from 'node:net';
import { startTestService, type TestService } from '../helpers/app.ts';
import type { Clock } from '../../src/lib/clock.ts';

export interface ListeningService extends TestService {
  baseUrl: string;
}

/** The test service (its own database, the demo catalog) listening on 127.0.0.1 and a free port. */
export async function startListening(options: { clock?: Clock; env?: Record<string, string> } = {}): Promise<ListeningService> {
  const service = await startTestService(options);
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = service.app.server.address() as AddressInfo;
  return { ...service, baseUrl: `http://127.0.0.1:${port}` };
}

export interface Exchange {
  method: string;
  path: string;
  status: number | 'network error';
  headers: Headers | undefined;
}

/**
 * A fetch that records every exchange. `intercept` may answer instead of the network or alter
 * what happens (return undefined to pass through).
 */
export function recordingFetch(
  intercept?: (request: Request, real: () => Promise<Response>, index: number) => Promise<Response | undefined>,
): { fetch: typeof fetch; exchanges: Exchange[]; count(method: string, pathPattern: RegExp): number } {
  const exchanges: Exchange[] = [];
  const recorded: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    const real = () => fetch(request.clone());
    try {
      const response = (await intercept?.(request, real, exchanges.length)) ?? (await real());
      exchanges.push({ method: request.method, path: pathname, status: response.status, headers: response.headers });
      return response;
    } catch (error) {
      exchanges.push({ method: request.method, path: pathname, status: 'network error', headers: undefined });
      throw error;
    }
  };
  return {
    fetch: recorded,
    exchanges,
    count: (method, pathPattern) => exchanges.filter((e) => e.method === method && pathPattern.test(e.path)).length,
  };
}
