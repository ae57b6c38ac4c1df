// Prepared once per test run, before any test file: the migrated template every test database is
// copied from. A PGlite database starts from a dump of a migrated one (no initdb: 0.5 s instead of
// 2 s), a PostgreSQL database is `CREATE DATABASE … TEMPLATE` of a migrated one (no migrations).
// Tests that need an empty database (`migrate: false`) still get a new one. dist/ (the server, the
// CLI and the storefront script) is built here once, not by every test file that starts a process.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { PGliteDialect } from '../src/storage/pglite-dialect.ts';
import type { Database } from '../src/storage/schema.ts';
import { migrateToLatest } from '../src/storage/migrate.ts';
import { createTemplateDatabase, dropPostgresDatabase } from './helpers/database.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Builds nothing when dist/ is current (scripts/build.mjs keeps a digest of its sources).
  execFileSync(process.execPath, [path.join(import.meta.dirname, '../scripts/build.mjs')], { stdio: 'inherit' });
  project.provide('distBuilt', true);

  const folder = await mkdtemp(path.join(tmpdir(), 'pms-test-template-'));
  const snapshotFile = path.join(folder, 'migrated.tar');
  const pglite = await PGlite.create();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest({ kind: 'pglite', db, ping: async () => void (await sql`select 1`.execute(db)), close: () => db.destroy() });
    // A smaller buffer pool than initdb's 128 MB for every database made from this template (in the
    // tests' processes and in the servers they start): PGlite touches all of the pool's pages when it
    // opens a database, 0.6-1 s of CPU each time, for databases of a few megabytes. Written to
    // postgresql.auto.conf, which the dump carries.
    await sql`alter system set shared_buffers = '16MB'`.execute(db);
    await writeFile(snapshotFile, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.destroy();
  }
  project.provide('pgliteSnapshotFile', snapshotFile);

  const usesPostgres = project.config.env?.TEST_DB === 'postgres';
  const template = usesPostgres ? `pms_template_${randomBytes(6).toString('hex')}` : '';
  if (template) await createTemplateDatabase(template);
  project.provide('postgresTemplate', template);

  return async () => {
    if (template) await dropPostgresDatabase(template);
    await rm(folder, { recursive: true, force: true });
  };
}
