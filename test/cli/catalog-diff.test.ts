// `pms catalog diff FILE` (the CLI's program in process: test/helpers/process.ts), on the test run's
// database: the changes a catalog file would make for shoppers, per store, human-readable and as the
// admin API's preview answers them (--json, compared with the running server's answer); exit 0
// whether or not anything changes; an invalid file refused naming the field; nothing saved.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite, openPostgres } from '../../src/storage/database.ts';
import { demoCatalog, withAdminClient } from '../helpers/app.ts';
import {
  buildDist,
  processEnvironment,
  runCliInProcess,
  startServer,
  type CliResult,
  type ProcessEnvironment,
} from '../helpers/process.ts';
import { DEMO_METHODS, OTHER_STORE, STORE } from '../helpers/demo.ts';
import type { components } from '../../client/src/generated/openapi.ts';

const ADMIN = { id: 'ops-admin', secret: 'ops-admin-secret-4f9b1c7e2d', merchantId: 'm-operator' };

type Json = Record<string, unknown>;
/** A change of what shoppers are offered, as a preview answers it. */
type Change = components['schemas']['OfferChange'];

let environment: ProcessEnvironment;
let catalog: Json;
/** The catalog applied, and a change of it: the 24-month part payment from 1000.01, Swish removed. */
let original: string;
let changed: string;
let changedMethods: Json[];

function cli(...args: string[]): Promise<CliResult> {
  return runCliInProcess(environment.env, args);
}

async function writeJson(name: string, value: unknown): Promise<string> {
  const file = path.join(environment.workDir, name);
  await writeFile(file, JSON.stringify(value));
  return file;
}

/** Runs the server on the database for `work` and stops it (the embedded database has one process at a time). */
async function withServer<T>(work: (baseUrl: string, token: string) => Promise<T>): Promise<T> {
  const server = await startServer(environment.env);
  try {
    const response = await fetch(`${server.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: ADMIN.id, client_secret: ADMIN.secret, scope: 'admin' }),
    });
    expect(response.status).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    return await work(server.baseUrl, token);
  } finally {
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }
}

/**
 * How many audit events the database holds, read from it directly (no server started for a count; the
 * embedded database is opened while no command runs, one process at a time).
 */
async function auditEvents(): Promise<number> {
  const { DATABASE_URL, DATA_DIR } = environment.env;
  const database = DATABASE_URL ? openPostgres({ connectionString: DATABASE_URL, poolSize: 1 }) : await openPGlite(DATA_DIR);
  try {
    const { count } = await database.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  buildDist();
  environment = await processEnvironment('catalog-diff', { DEMO: '0' }, {}, { migrated: true });
  catalog = withAdminClient(await demoCatalog(), ADMIN);
  const methods = catalog.paymentMethods as Json[];
  changedMethods = methods.map((m) => (m.id === DEMO_METHODS.pp24 ? { ...m, minPurchaseLimit: '1000.01' } : m));
  original = await writeJson('catalog.json', catalog);
  // Swish left out of the file: applying it would not delete Swish, so the diff does not either.
  changed = await writeJson('changed.json', { ...catalog, paymentMethods: changedMethods.filter((m) => m.id !== DEMO_METHODS.swish) });
  const applied = await cli('catalog', 'apply', original);
  expect(applied.code, applied.stderr).toBe(0);
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe('pms catalog diff', () => {
  it('prints no changes for the catalog as applied, per store, with exit status 0', async () => {
    const human = await cli('catalog', 'diff', original);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toBe(`store ${STORE}: no changes\nstore ${OTHER_STORE}: no changes\n`);
    const json = await cli('catalog', 'diff', '--json', original);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ [STORE]: { changes: [] }, [OTHER_STORE]: { changes: [] } });
  });

  it('prints each change on one line, and with --json what the admin API answers for the same proposal', async () => {
    const json = await cli('catalog', 'diff', changed, '--json');
    expect(json.code, json.stderr).toBe(0);
    const previews = JSON.parse(json.stdout) as Record<string, { changes: Change[] }>;
    expect(Object.keys(previews)).toEqual([STORE, OTHER_STORE]);
    expect(previews[OTHER_STORE]).toEqual({ changes: [] });
    const changes = previews[STORE]!.changes;
    expect(changes).toHaveLength(1);
    // The part payment's new minimum: at 1000.00 the bundle loses the 24 months; Swish, left out of the
    // file, stays offered, as it would after `pms catalog apply`.
    const at1000 = changes.find((c) => c.customerType === 'NATURAL' && c.campaign === null && c.from === '1000.00')!;
    expect(at1000.to).toBe('1000.00');
    expect(at1000.before.map((g) => g.title)).toEqual(['Faktura', 'Delbetalning', 'Flexibelt konto', 'Kort', 'Swish']);
    expect(at1000.after.map((g) => g.title)).toEqual(['Faktura', 'Delbetalning 12 månader', 'Flexibelt konto', 'Kort', 'Swish']);
    expect(changes.every((c) => c.before.some((g) => g.title === 'Swish') === c.after.some((g) => g.title === 'Swish'))).toBe(true);
    expect(at1000.after[1]!.id).not.toBe(at1000.before[1]!.id);

    const human = await cli('catalog', 'diff', changed);
    expect(human.code, human.stderr).toBe(0);
    const lines = human.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`store ${STORE}: 1 change`);
    expect(lines).toContain(
      '  NATURAL  no campaign  1000.00 to 1000.00: Faktura, Delbetalning, Flexibelt konto, Kort, Swish -> Faktura, Delbetalning 12 månader, Flexibelt konto, Kort, Swish',
    );
    // One line per change, in the JSON's order: customer type, campaign, range, titles before -> after.
    const titles = (groups: Change['before']) => (groups.length === 0 ? '(nothing)' : groups.map((g) => g.title).join(', '));
    expect(lines.slice(1, changes.length + 1)).toEqual(
      changes.map(
        (c) =>
          `  ${c.customerType.padEnd(7)}  ${c.campaign === null ? 'no campaign' : `campaign ${c.campaign}`}  ` +
          `${c.from} to ${c.to}: ${titles(c.before)} -> ${titles(c.after)}`,
      ),
    );
    expect(lines.at(-1)).toBe(`store ${OTHER_STORE}: no changes`);

    // The admin API's preview of the same proposal answers the same changes.
    const answered = await withServer(async (baseUrl, token) => {
      const response = await fetch(`${baseUrl}/admin/v1/stores/${STORE}/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          paymentMethods: changedMethods.filter((m) => m.storeId === STORE),
          store: (catalog.stores as Json[]).find((s) => s.id === STORE),
        }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { changes: Change[] };
    });
    expect(answered).toEqual(previews[STORE]);
  }, 60_000);

  it('refuses an invalid file with exit status 1 naming the field, and a file that cannot be read', async () => {
    const methods = catalog.paymentMethods as Json[];
    const invalid = await writeJson('invalid.json', {
      paymentMethods: [{ ...methods[0]!, minPurchaseLimit: 100, maxPurchaseLimit: 10 }],
    });
    const refused = await cli('catalog', 'diff', invalid);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('paymentMethods[0].maxPurchaseLimit: must be at least minPurchaseLimit');
    expect(refused.stdout).toBe('');
    const unknownStore = await cli(
      'catalog',
      'diff',
      '--json',
      await writeJson('unknown.json', { paymentMethods: [{ ...methods[0]!, storeId: '00000000-0000-4000-8000-ffffffffffff' }] }),
    );
    expect(unknownStore.code).toBe(1);
    expect(unknownStore.stderr).toContain('paymentMethods[0].storeId: refers to unknown store');
    const missing = await cli('catalog', 'diff', path.join(environment.workDir, 'missing.json'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot be read');
  });

  it('saves nothing: the catalog stays as applied and no audit event is recorded', async () => {
    const before = await auditEvents();
    // The catalog file's application and its events at least: a count that would show one more.
    expect(before).toBeGreaterThan(0);
    expect((await cli('catalog', 'diff', changed)).code).toBe(0);
    expect((await cli('catalog', 'diff', '--json', changed)).code).toBe(0);
    expect(await auditEvents()).toBe(before);
    // Still as applied: the original file changes nothing, and applying it again updates nothing.
    expect((await cli('catalog', 'diff', original)).stdout).toBe(`store ${STORE}: no changes\nstore ${OTHER_STORE}: no changes\n`);
    const again = await cli('catalog', 'apply', original);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/paymentMethods:\s+0 created, 0 updated, 12 unchanged/);
    expect(again.stdout).toMatch(/stores:\s+0 created, 0 updated, 2 unchanged/);
  }, 60_000); // four commands
});
