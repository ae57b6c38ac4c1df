// Two instances on one PostgreSQL database (docs/admin-api.md): a change made through one reaches the
// other by notification (LISTEN/NOTIFY, PostgreSQL's alone), within 2 s, also after the listening
// connections drop; a rotated secret and a deleted client stop working there.
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/app.ts';
import { readConfig } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { loadEmbedBundle } from '../../src/http/embed/routes.ts';
import { LISTENER_APPLICATION_NAME } from '../../src/storage/change-channel.ts';
import { applyCatalog } from '../../src/services/catalog-import.ts';
import { openPostgres } from '../../src/storage/database.ts';
import { demoCatalog, manualClock, projectRoot, withAdminClient } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { DEMO_METHODS, NORDIC, STORE } from '../helpers/demo.ts';
import { bearer, createSession, issueToken, within } from '../helpers/http.ts';

const INVOICE = DEMO_METHODS.invoice;
const ADMIN = { id: 'ops-admin', secret: 'ops-admin-secret-4f9b1c7e2d', merchantId: 'm-operator' };

function admin(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload: unknown, app: FastifyInstance, token: string) {
  return app.inject({
    method,
    url: `/admin/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function groupTitles(app: FastifyInstance, sessionId: string, amount = '1000'): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/payment-method-groups?amount=${amount}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Array<{ title: string }>).map((g) => g.title);
}

describe('two instances on one PostgreSQL database', () => {
  it('a change through A reaches B within 2 s by notification; a rotated secret and a deleted client stop working on B', async () => {
    const BOUND_MS = 2000;
    const database = await createTestDatabase('postgres');
    await applyCatalog(database.handle.db, withAdminClient(await demoCatalog(), ADMIN));
    const env = { PUBLIC_URL: 'http://pms.test', DATABASE_URL: database.url! };
    const embedBundle = await loadEmbedBundle(path.join(projectRoot, 'dist'));
    const handleB = openPostgres({ connectionString: database.url!, poolSize: 4 });
    let ctxA: AppContext | undefined;
    let ctxB: AppContext | undefined;
    const apps: FastifyInstance[] = [];
    try {
      ctxA = await createContext(readConfig(env), database.handle);
      // B's clock stands still: its 1-second cache time-to-live never runs out, so only the
      // notification can make A's changes visible there.
      ctxB = await createContext(readConfig(env), handleB, manualClock(Date.now()));
      const appA = await build(ctxA, { embedBundle });
      const appB = await build(ctxB, { embedBundle });
      apps.push(appA, appB);
      const tokenA = await issueToken(appA, ADMIN.id, ADMIN.secret);
      const merchantB = await issueToken(appB, NORDIC.id, NORDIC.secret);
      const session = await createSession(appB, merchantB);
      const listingB = () =>
        appB.inject({ method: 'GET', url: `/v2/stores/${STORE}/payment_methods`, headers: { authorization: `Bearer ${merchantB}` } });
      const invoiceNameOnB = async () =>
        ((await listingB()).json() as { content: Array<{ id: string; name: string }> }).content.find((m) => m.id === INVOICE)?.name;
      expect(await groupTitles(appB, session)).toContain('Faktura');
      expect(await invoiceNameOnB()).toBe('Faktura');

      // Control: a write that announces nothing stays invisible on B (its cache does not expire).
      await database.handle.db.updateTable('payment_methods').set({ name: 'Faktura (tyst)' }).where('id', '=', INVOICE).execute();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await groupTitles(appB, session)).toContain('Faktura');

      const invoice = (await admin('GET', `/payment-methods/${INVOICE}`, undefined, appA, tokenA)).json() as Record<string, unknown>;
      const renamed = await admin('PUT', `/payment-methods/${INVOICE}`, { ...invoice, name: 'Faktura 30 dagar' }, appA, tokenA);
      expect(renamed.statusCode, renamed.body).toBe(200);
      const groupsMs = await within(BOUND_MS, async () => (await groupTitles(appB, session)).includes('Faktura 30 dagar'));
      const listingMs = await within(BOUND_MS, async () => (await invoiceNameOnB()) === 'Faktura 30 dagar');
      console.info(`[postgres] rename seen by B's groups after ${groupsMs.toFixed(0)} ms, listing ${listingMs.toFixed(0)} ms`);
      expect(groupsMs).toBeLessThan(BOUND_MS);

      // The listening connections drop: each instance reconnects (with backoff), clears its caches
      // and hears the changes made after that.
      const listeners = async () =>
        (
          await sql<{ pid: number }>`select pid from pg_stat_activity
              where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(database.handle.db)
        ).rows.map((r) => r.pid);
      const dropped = await listeners();
      expect(dropped).toHaveLength(2);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(database.handle.db);
      const reconnectStarted = performance.now();
      while ((await listeners()).filter((pid) => !dropped.includes(pid)).length < 2) {
        if (performance.now() - reconnectStarted > 5000) throw new Error('the listeners did not reconnect within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      console.info(`[postgres] listeners reconnected after ${(performance.now() - reconnectStarted).toFixed(0)} ms`);
      expect(await groupTitles(appB, session)).toContain('Faktura 30 dagar'); // cached again on B
      expect((await admin('DELETE', `/payment-methods/${INVOICE}`, undefined, appA, tokenA)).statusCode).toBe(204);
      const afterDropMs = await within(BOUND_MS, async () => !(await groupTitles(appB, session)).some((t) => t.startsWith('Faktura')));
      console.info(`[postgres] delete after a dropped listener seen by B after ${afterDropMs.toFixed(0)} ms`);

      // A client created, rotated and deleted through A.
      const created = (
        await admin('PUT', '/clients/cross-backend', { merchantId: 'm-nordic-home', scopes: ['merchant-api'] }, appA, tokenA)
      ).json() as {
        clientSecret: string;
      };
      const tokenB = await issueToken(appB, 'cross-backend', created.clientSecret);
      const rotated = (await admin('POST', '/clients/cross-backend/secret', undefined, appA, tokenA)).json() as { clientSecret: string };
      await within(BOUND_MS, async () => (await issueTokenStatus(appB, 'cross-backend', created.clientSecret)) === 401);
      expect(await issueTokenStatus(appB, 'cross-backend', rotated.clientSecret)).toBe(200);
      const listWith = (token: string) =>
        appB.inject({ method: 'GET', url: `/v2/stores/${STORE}/payment_methods`, headers: { authorization: `Bearer ${token}` } });
      expect((await listWith(tokenB)).statusCode).toBe(200); // B caches the client now
      expect((await admin('DELETE', '/clients/cross-backend', undefined, appA, tokenA)).statusCode).toBe(204);
      const deletedMs = await within(BOUND_MS, async () => (await listWith(tokenB)).statusCode === 401);
      console.info(`[postgres] deleted client refused by B after ${deletedMs.toFixed(0)} ms`);
    } finally {
      for (const app of apps) await app.close();
      if (apps.length < 2) await Promise.all([ctxA?.close(), ctxB?.close()]);
      await handleB.close();
      await database.drop();
    }
  });
});

async function issueTokenStatus(app: FastifyInstance, clientId: string, clientSecret: string): Promise<number> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
  const response = await app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  return response.statusCode;
}
