// The audit trail of the operator CLI (docs/audit.md#actors): `pms catalog apply` records one event
// per entity as the file (its absolute path), `pms client create`, `pms client rotate-secret` and
// `pms keys rotate` as the command; no trace id, and never the secrets or keys the commands make. The
// commands run the CLI's program in process (test/helpers/process.ts).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPGlite, openPostgres, type DatabaseHandle } from '../../src/storage/database.ts';
import { processEnvironment, runCliInProcess, type CliResult, type ProcessEnvironment } from '../helpers/process.ts';

let environment: ProcessEnvironment;

beforeAll(async () => {
  environment = await processEnvironment('audit-cli', { DEMO: '0' }, {}, { migrated: true });
});

afterAll(async () => {
  await environment?.close();
});

function cli(...args: string[]): Promise<CliResult> {
  return runCliInProcess(environment.env, args);
}

function secretOf(result: CliResult): string {
  expect(result.code, result.stderr).toBe(0);
  return /^clientSecret: (\S+)$/m.exec(result.stdout)![1]!;
}

/** The database the CLI wrote, opened once the commands are done (the embedded one allows one process at a time). */
async function openDatabase(): Promise<DatabaseHandle> {
  const { DATABASE_URL, DATA_DIR } = environment.env;
  return DATABASE_URL ? openPostgres({ connectionString: DATABASE_URL, poolSize: 1 }) : openPGlite(DATA_DIR);
}

it('records the catalog file and each command as the actor, without trace id or secret', async () => {
  const file = path.join(environment.workDir, 'catalog.json');
  const fileSecret = 'cli-file-secret-Hq7w3';
  await writeFile(
    file,
    JSON.stringify({
      merchants: [{ id: 'm-cli', name: 'CLI AB' }],
      clients: [{ clientId: 'cli-file-client', clientSecret: fileSecret, merchantId: 'm-cli', scopes: ['merchant-api'] }],
    }),
  );
  const applied = await cli('catalog', 'apply', file);
  expect(applied.code, applied.stderr).toBe(0);
  const created = secretOf(await cli('client', 'create', 'cli-client', '--merchant', 'm-cli'));
  const rotated = secretOf(await cli('client', 'rotate-secret', 'cli-client'));
  const keys = await cli('keys', 'rotate');
  expect(keys.code, keys.stderr).toBe(0);

  const database = await openDatabase();
  try {
    const current = await database.db
      .selectFrom('signing_keys')
      .select(['kid', 'private_jwk'])
      .where('retired_at', 'is', null)
      .executeTakeFirstOrThrow();
    const kid = current.kid;
    const rows = await database.db
      .selectFrom('audit_events')
      .select(['actor_type', 'actor', 'entity', 'entity_id', 'action', 'changes', 'trace_id'])
      .orderBy('id')
      .execute();
    const source = path.resolve(file);
    expect(rows.map((r) => [r.actor_type, r.actor, r.entity, r.entity_id, r.action, r.trace_id])).toEqual([
      ['catalog-file', source, 'merchant', 'm-cli', 'create', null],
      ['catalog-file', source, 'client', 'cli-file-client', 'create', null],
      ['cli', 'pms client create', 'client', 'cli-client', 'create', null],
      ['cli', 'pms client rotate-secret', 'client', 'cli-client', 'rotate-secret', null],
      ['cli', 'pms keys rotate', 'signing-key', kid, 'rotate', null],
    ]);
    expect(rows[4]!.changes).toEqual({ kid: { after: kid } });
    expect(rows[3]!.changes).toEqual({ clientSecret: '[changed]' });
    const table = JSON.stringify(rows);
    for (const secret of [fileSecret, created, rotated]) expect(table).not.toContain(secret);
    const hashes = await database.db.selectFrom('clients').select('secret_hash').execute();
    for (const { secret_hash } of hashes) expect(table).not.toContain(secret_hash);
    // No key material: the private key's scalar is nowhere.
    expect(table).not.toContain(String(current.private_jwk.d));
  } finally {
    await database.close();
  }
}, 60_000); // the first command on a fresh embedded database creates it (initdb)
