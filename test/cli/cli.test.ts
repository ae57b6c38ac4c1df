// The operator CLI against a fresh database, next to the real server process: on the embedded
// database the CLI refuses to open a data directory the server holds, and runs while it is stopped.
// Next to running servers on PostgreSQL: next-to-servers.postgres.test.ts. Most commands run the
// CLI's program in process (harness.ts); `node dist/cli.js` itself applies a catalog, answers usage
// errors and help, and refuses a held data directory, with its exit statuses and output streams.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../helpers/app.ts';

import { runCliInProcess, startServer } from '../helpers/process.ts';
import { DEMO_METHODS, STORE } from '../helpers/demo.ts';
import { secretOf, startCliHarness, stop, type CliHarness } from './harness.ts';
import { tokenStatus, within } from '../helpers/http.ts';
import { startWebhookReceiver, type ReceivedEvent } from '../helpers/webhook-receiver.ts';

const INVOICE = DEMO_METHODS.invoice;

let harness: CliHarness;
let workDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  harness = await startCliHarness('cli');
  ({ workDir, env } = harness);
});

afterAll(async () => {
  await harness?.close();
});

const cli = (...args: string[]) => harness.cli(...args);
const writeJson = (name: string, value: unknown) => harness.writeJson(name, value);

describe('pms catalog apply', () => {
  it('validates and applies a catalog file, prints the summary, and changes nothing the second time', async () => {
    const file = await writeJson('catalog.json', await demoCatalog());
    const first = await harness.cliProcess('catalog', 'apply', file);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/merchants:\s+2 created, 0 updated, 0 unchanged/);
    expect(first.stdout).toMatch(/paymentMethods:\s+12 created, 0 updated, 0 unchanged/);
    const second = await cli('catalog', 'apply', file);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/clients:\s+0 created, 0 updated, 2 unchanged/);
    expect(second.stdout).toMatch(/paymentMethods:\s+0 created, 0 updated, 12 unchanged/);
  }, 60_000); // the first command on a fresh embedded database creates it (initdb)

  it('refuses an invalid catalog whole with exit status 1 and the field named', async () => {
    const catalog = await demoCatalog();
    const invalid = {
      merchants: [{ id: 'm-refused', name: 'Refused AB' }],
      paymentMethods: [{ ...(catalog.paymentMethods as Array<Record<string, unknown>>)[0]!, minPurchaseLimit: 100, maxPurchaseLimit: 10 }],
    };
    const result = await cli('catalog', 'apply', await writeJson('invalid.json', invalid));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('paymentMethods[0].maxPurchaseLimit: must be at least minPurchaseLimit');
    expect(result.stderr).toContain('nothing applied');
    // Nothing of it was applied: its merchant does not exist.
    const probe = await cli('client', 'create', 'probe', '--merchant', 'm-refused');
    expect(probe.code).toBe(1);
    expect(probe.stderr).toContain('merchantId: refers to unknown merchant "m-refused"');

    const missing = await cli('catalog', 'apply', path.join(workDir, 'missing.json'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot be read');
  });

  it('applies translations, and refuses malformed ones naming translations', async () => {
    const catalog = await demoCatalog();
    const invoice = (catalog.paymentMethods as Array<Record<string, unknown>>)[0]!;
    const translated = { paymentMethods: [{ ...invoice, translations: { en: { name: 'Invoice (CLI)' } } }] };
    const applied = await cli('catalog', 'apply', await writeJson('translated.json', translated));
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/paymentMethods:\s+0 created, 1 updated, 0 unchanged/);
    const refused = await cli(
      'catalog',
      'apply',
      await writeJson('untranslatable.json', { paymentMethods: [{ ...invoice, translations: { de: { name: 'Rechnung' } } }] }),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('paymentMethods[0].translations.de: is not a known field');
    expect(refused.stderr).toContain('nothing applied');
  });

  it('answers usage errors with exit status 1 and the usage', async () => {
    for (const run of [harness.cliProcess, harness.cli]) {
      const result = await run('client', 'create', 'x');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("required option '--merchant <id>' not specified");
      expect(result.stdout).toBe('');
      const help = await run('--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('catalog');
      expect(help.stderr).toBe('');
    }
  });
});

describe('pms on the embedded database (PGlite)', () => {
  it('refuses while the server holds the data directory, and works while it is stopped', async () => {
    const secret = secretOf(await cli('client', 'create', 'cli-backend', '--merchant', 'm-nordic-home'));

    const first = await startServer(env);
    try {
      expect(await tokenStatus(first.baseUrl, { id: 'cli-backend', secret })).toBe(200);
      const refused = await harness.cliProcess('client', 'rotate-secret', 'cli-backend');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is in use');
      expect(refused.stderr).toContain('stop the server first');
    } finally {
      await stop(first);
    }

    const rotatedSecret = secretOf(await cli('client', 'rotate-secret', 'cli-backend'));
    const keys = await cli('keys', 'rotate');
    expect(keys.code, keys.stderr).toBe(0);
    const kid = /signing key (\S+) is current/.exec(keys.stdout)![1]!;

    const second = await startServer(env);
    try {
      expect(await tokenStatus(second.baseUrl, { id: 'cli-backend', secret })).toBe(401);
      expect(await tokenStatus(second.baseUrl, { id: 'cli-backend', secret: rotatedSecret })).toBe(200);
      const jwks = (await (await fetch(`${second.baseUrl}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
      expect(jwks.keys.map((k) => k.kid)).toContain(kid);
    } finally {
      await stop(second);
    }
  }, 90_000);
});

describe('pms webhook', () => {
  it('creates an endpoint with its secret printed once, refuses a bad URL by name, lists, rotates and deletes', async () => {
    // The demo catalog's merchants (applied by the first test).
    await cli('catalog', 'apply', await writeJson('catalog.json', await demoCatalog()));
    const created = await cli('webhook', 'create', 'https://93.184.215.14/hooks', '--merchant', 'm-nordic-home', '--description', 'cache');
    expect(created.code, created.stderr).toBe(0);
    const secret = /^secret: (whsec_\S+)$/m.exec(created.stdout)?.[1];
    expect(secret, created.stdout).toBeDefined();
    const id = /webhook endpoint (\S+) created/.exec(created.stdout)![1]!;

    const refused = await cli('webhook', 'create', 'http://10.0.0.5/hooks', '--merchant', 'm-nordic-home');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: refused: url must be an https:\/\/ URL/);
    const unknown = await cli('webhook', 'create', 'https://93.184.215.14/hooks', '--merchant', 'm-nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('merchantId refers to unknown merchant "m-nobody"');

    const listed = await cli('webhook', 'list', '--merchant', 'm-nordic-home');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`${id}  m-nordic-home  enabled   https://93.184.215.14/hooks  (cache)`);
    expect(listed.stdout).not.toContain(secret!);

    const rotated = await cli('webhook', 'rotate-secret', id);
    expect(rotated.code, rotated.stderr).toBe(0);
    const newSecret = /^secret: (whsec_\S+)$/m.exec(rotated.stdout)?.[1];
    expect(newSecret).toBeDefined();
    expect(newSecret).not.toBe(secret);

    expect((await cli('webhook', 'delete', id)).code).toBe(0);
    expect((await cli('webhook', 'list')).stdout).toBe('no webhook endpoints\n');
    const again = await cli('webhook', 'delete', id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('not found');
  }, 60_000);

  it("updates an endpoint, lists its deliveries with their attempts and retries one; a disabled endpoint's retry is refused", async () => {
    // A receiver on this machine: the CLI and the server both allow private addresses here.
    const receiver = await startWebhookReceiver();
    const hooksEnv = { ...env, WEBHOOK_ALLOW_PRIVATE: 'true' };
    const hooks = (...args: string[]) => runCliInProcess(hooksEnv, args);
    /** A server runs (and delivers) until `done` holds; the CLI runs beside none (the embedded database is one process's). */
    const delivering = async (done: () => boolean) => {
      const server = await startServer(hooksEnv);
      try {
        await within(30_000, async () => done());
      } finally {
        // SIGTERM: the dispatcher records the attempts in flight before the process exits.
        await stop(server);
      }
    };
    try {
      await cli('catalog', 'apply', await writeJson('catalog.json', await demoCatalog()));
      const created = await hooks('webhook', 'create', `${receiver.url}/old`, '--merchant', 'm-nordic-home');
      expect(created.code, created.stderr).toBe(0);
      const id = /webhook endpoint (\S+) created/.exec(created.stdout)![1]!;
      receiver.secrets.push(/^secret: (whsec_\S+)$/m.exec(created.stdout)![1]!);

      const updated = await hooks('webhook', 'update', id, '--url', receiver.url, '--description', 'orders');
      expect(updated.code, updated.stderr).toBe(0);
      expect(updated.stdout).toBe(`webhook endpoint ${id} updated: enabled   ${receiver.url}  (orders)\n`);
      expect((await hooks('webhook', 'list', '--merchant', 'm-nordic-home')).stdout).toContain(
        `${id}  m-nordic-home  enabled   ${receiver.url}  (orders)`,
      );
      const nothing = await hooks('webhook', 'update', id);
      expect(nothing.code).toBe(1);
      expect(nothing.stderr).toContain('nothing to change');
      const refused = await hooks('webhook', 'update', id, '--url', 'ftp://hooks.example.com/');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^error: refused: url must be an http:\/\/ or https:\/\/ URL/);
      const unknown = await hooks('webhook', 'update', '00000000-0000-4000-8000-ffffffffffff', '--disable');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('not found');

      // A change of Nordic Home's store by the CLI: its event, delivered by a server.
      const catalog = await demoCatalog();
      const invoice = (catalog.paymentMethods as Array<Record<string, unknown>>).find((m) => m.id === INVOICE)!;
      const renamedFrom = Date.now();
      const applied = await cli(
        'catalog',
        'apply',
        await writeJson('webhook-rename.json', { paymentMethods: [{ ...invoice, name: 'Faktura (webhook)' }] }),
      );
      expect(applied.code, applied.stderr).toBe(0);
      // (Events of earlier changes no server has delivered yet may come too, the invoice's included: they go to
      // the endpoint as well. This change's event is the one stamped after it was made.)
      const renamed = (e: ReceivedEvent) =>
        e.body.data.reason === 'updated' && e.body.data.paymentMethodIds.includes(INVOICE) && Date.parse(e.body.timestamp) >= renamedFrom;
      await delivering(() => receiver.received.some(renamed));
      const event = receiver.received.find(renamed);
      expect(event!.body.data).toEqual({ storeId: STORE, paymentMethodIds: [INVOICE], reason: 'updated' });

      const listed = await hooks('webhook', 'deliveries', id);
      expect(listed.code, listed.stderr).toBe(0);
      const line = new RegExp(`^(\\S+)  ${event!.id}  succeeded  created \\S+Z$`, 'm').exec(listed.stdout);
      expect(line, listed.stdout).not.toBeNull();
      expect(listed.stdout).toMatch(/^ {4}\S+Z {2}succeeded {2}status 204 {2}\d+ ms$/m);
      expect(listed.stdout).toMatch(/^\d+ deliveries, 20 a page; this is --page 0 of 0 … \d+$/m);
      const deliveryId = line![1]!;
      const badSize = await hooks('webhook', 'deliveries', id, '--size', 'ten');
      expect(badSize.code).toBe(1);
      expect(badSize.stderr).toContain("option '--size <n>' argument 'ten' is invalid");

      // Retried: the same event, the same webhook-id, sent again by the next server that runs.
      const retried = await hooks('webhook', 'retry', deliveryId);
      expect(retried.code, retried.stderr).toBe(0);
      expect(retried.stdout).toContain(`delivery ${deliveryId} (event ${event!.id}) is due now`);
      await delivering(() => receiver.received.filter(renamed).length >= 2);
      expect(receiver.received.filter(renamed).map((e) => e.id)).toEqual([event!.id, event!.id]);
      expect(receiver.rejected).toEqual([]);

      // Disabled, it gets nothing, and a retry is refused (409 in the admin API).
      const disabled = await hooks('webhook', 'update', id, '--disable');
      expect(disabled.stdout).toBe(`webhook endpoint ${id} updated: disabled  ${receiver.url}  (orders)\n`);
      const notSent = await hooks('webhook', 'retry', deliveryId);
      expect(notSent.code).toBe(1);
      expect(notSent.stderr).toContain(`error: Webhook endpoint ${id} is disabled: nothing is sent to it.`);
      const both = await hooks('webhook', 'update', id, '--enable', '--disable');
      expect(both.code).toBe(1);
      expect((await hooks('webhook', 'delete', id)).code).toBe(0);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
