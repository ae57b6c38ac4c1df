// The admin API as the webhook tests call it, injected into the test's service with its admin token
// (both made in the test file's beforeAll, hence read when a call is made).
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestService } from '../helpers/app.ts';

export interface AdminCalls {
  admin(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** A new endpoint of the merchant at `url` (201 expected), with the secret shown once. */
  endpointFor(merchantId: string, url: string): Promise<{ id: string; secret: string }>;
  /** Deletes every endpoint: each test starts with none. */
  deleteEndpoints(): Promise<void>;
}

export function adminCalls(current: () => { service: TestService; token: string }): AdminCalls {
  const admin: AdminCalls['admin'] = (method, url, payload) => {
    const { service, token } = current();
    return service.app.inject({
      method,
      url: `/admin/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };
  return {
    admin,
    async endpointFor(merchantId, url) {
      const created = await admin('POST', '/webhook-endpoints', { merchantId, url, description: 'tests' });
      expect(created.statusCode, created.body).toBe(201);
      return created.json() as { id: string; secret: string };
    },
    async deleteEndpoints() {
      const page = (await admin('GET', '/webhook-endpoints?size=1000')).json() as { content: Array<{ id: string }> };
      for (const endpoint of page.content) await admin('DELETE', `/webhook-endpoints/${endpoint.id}`);
    },
  };
}
