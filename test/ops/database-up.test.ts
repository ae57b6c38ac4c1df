// pms_database_up, the metric PmsDatabaseUnavailable reads: 1 while the database answers, 0 from the
// first ping that fails (a readiness check, or the background probe main.ts starts), 1 again once one answers.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseProbe } from '../../src/observability/database-probe.ts';
import { startTestService, type TestService } from '../helpers/app.ts';

describe('pms_database_up', () => {
  let service: TestService;
  let ping: () => Promise<void>;
  beforeAll(async () => {
    service = await startTestService();
    ping = service.ctx.database.ping;
  });
  afterAll(async () => {
    service.ctx.database.ping = ping;
    await service.close();
  });

  const metric = async () => /^pms_database_up (\d+)$/m.exec((await service.app.inject({ method: 'GET', url: '/metrics' })).body)?.[1];

  it('follows the readiness checks', async () => {
    expect(await metric()).toBe('1');
    service.ctx.database.ping = () => Promise.reject(new Error('connection refused'));
    expect((await service.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect(await metric()).toBe('0');
    service.ctx.database.ping = ping;
    expect((await service.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect(await metric()).toBe('1');
  });
});

describe('the background database probe', () => {
  it('notices a database going and coming back without any request', async () => {
    let answers = true;
    const probe = new DatabaseProbe(() => (answers ? Promise.resolve() : Promise.reject(new Error('down'))));
    probe.start(5);
    try {
      answers = false;
      while (probe.up) await sleep(5);
      answers = true;
      while (!probe.up) await sleep(5);
    } finally {
      probe.stop();
    }
    expect(probe.up).toBe(true);
  });
});
