// The operator CLI next to running servers on PostgreSQL: the server runs throughout and sees the
// CLI's changes (client secrets, signing keys, the catalog) within 2 seconds, by notification.
// On the embedded database, where the CLI and a server cannot share the data: cli.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../helpers/app.ts';
import { DEMO_METHODS, STORE } from '../helpers/demo.ts';
import { fetchToken, tokenStatus, within } from '../helpers/http.ts';
import { startServer } from '../helpers/process.ts';
import { secretOf, startCliHarness, stop, type CliHarness } from './harness.ts';

const INVOICE = DEMO_METHODS.invoice;

let harness: CliHarness;

beforeAll(async () => {
  harness = await startCliHarness('cli-postgres');
  // The demo catalog's merchants and methods, which the test changes.
  const applied = await harness.cli('catalog', 'apply', await harness.writeJson('catalog.json', await demoCatalog()));
  expect(applied.code, applied.stderr).toBe(0);
});

afterAll(async () => {
  await harness?.close();
});

const cli = (...args: string[]) => harness.cli(...args);
const writeJson = (name: string, value: unknown) => harness.writeJson(name, value);

describe('pms next to running servers (PostgreSQL)', () => {
  it('creates and rotates client secrets, rotates keys and changes the catalog; the server sees each within 2 s', async () => {
    const server = await startServer(harness.env);
    try {
      const created = await cli('client', 'create', 'cli-backend', '--merchant', 'm-nordic-home', '--scopes', 'merchant-api,admin');
      const secret = secretOf(created);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(created.stdout).toContain('with scopes merchant-api,admin');
      expect(await tokenStatus(server.baseUrl, { id: 'cli-backend', secret })).toBe(200);
      const again = await cli('client', 'create', 'cli-backend', '--merchant', 'm-nordic-home');
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exists');

      const rotated = secretOf(await cli('client', 'rotate-secret', 'cli-backend'));
      await within(2000, async () => (await tokenStatus(server.baseUrl, { id: 'cli-backend', secret })) === 401);
      expect(await tokenStatus(server.baseUrl, { id: 'cli-backend', secret: rotated })).toBe(200);
      const unknown = await cli('client', 'rotate-secret', 'nobody');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Client "nobody" not found');

      const keys = await cli('keys', 'rotate');
      expect(keys.code, keys.stderr).toBe(0);
      const kid = /signing key (\S+) is current/.exec(keys.stdout)![1]!;
      await within(2000, async () => {
        const jwks = (await (await fetch(`${server.baseUrl}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
        return jwks.keys.some((k) => k.kid === kid);
      });

      // A catalog change by the CLI reaches the running server (NOTIFY on commit).
      const merchantToken = await fetchToken(server.baseUrl, { id: 'cli-backend', secret: rotated });
      const invoiceName = async () => {
        const response = await fetch(`${server.baseUrl}/v2/stores/${STORE}/payment_methods`, {
          headers: { authorization: `Bearer ${merchantToken}` },
        });
        return ((await response.json()) as { content: Array<{ id: string; name: string }> }).content.find((m) => m.id === INVOICE)?.name;
      };
      expect(await invoiceName()).toBe('Faktura');
      const catalog = await demoCatalog();
      const invoice = (catalog.paymentMethods as Array<Record<string, unknown>>).find((m) => m.id === INVOICE)!;
      const applied = await cli(
        'catalog',
        'apply',
        await writeJson('rename.json', { paymentMethods: [{ ...invoice, name: 'Faktura (CLI)' }] }),
      );
      expect(applied.stdout).toMatch(/paymentMethods:\s+0 created, 1 updated, 0 unchanged/);
      const ms = await within(2000, async () => (await invoiceName()) === 'Faktura (CLI)');
      console.info(`[postgres] CLI catalog change seen by the server after ${ms.toFixed(0)} ms`);
    } finally {
      await stop(server);
    }
  }, 60_000);
});
