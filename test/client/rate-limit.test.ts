// The client over the service's real rate limit: 429 with Retry-After, retried up to the attempts
// allowed, then thrown as an ApiError (its own file: the limit is the service's configuration).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiError, MerchantClient } from '../../client/src/index.ts';
import { NORDIC } from '../helpers/demo.ts';
import { recordingFetch, startListening, type ListeningService } from './harness.ts';

let service: ListeningService;

beforeAll(async () => {
  service = await startListening({ env: { RATE_LIMIT_MERCHANT_PER_MINUTE: '3' } });
});

afterAll(async () => {
  await service?.close();
});

it('429 RATE_LIMITED: retried honouring Retry-After (capped), then thrown with the service’s answer', async () => {
  const recorder = recordingFetch();
  const merchant = new MerchantClient({
    baseUrl: service.baseUrl,
    clientId: NORDIC.id,
    clientSecret: NORDIC.secret,
    fetch: recorder.fetch,
    maxAttempts: 3,
    maxRetryDelayMs: 0,
  });
  for (let i = 0; i < 3; i++) await merchant.listStores();
  const error = await merchant.listStores().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  expect((error as ApiError).retryAfterSeconds).toBeGreaterThan(0);
  expect((error as ApiError).message).toMatch(/^Too many requests/);
  expect(recorder.exchanges.filter((e) => e.method === 'GET').map((e) => e.status)).toEqual([200, 200, 200, 429, 429, 429]);
});
