// Rolling forward and back (docs/migrations.md): the real process starts and serves on a database a
// newer release migrated, and refuses, applying nothing, one migrated by a release it does not
// descend from (an unknown migration applied, one of ours not).
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { migrateConfiguredDatabase, openConfiguredDatabase } from '../../src/database-setup.ts';
import { MIGRATIONS, migrateTo } from '../../src/storage/migrate.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import { buildDist, processEnvironment, runServerToExit, startServer, type ProcessEnvironment } from '../helpers/process.ts';

const BASIC = `Basic ${Buffer.from(`${NORDIC.id}:${NORDIC.secret}`).toString('base64')}`;

/** What a newer release would add: an expand-only migration this code does not know. */
const FROM_A_NEWER_RELEASE: Migration = {
  up: async (db: Kysely<any>) => {
    await sql`create table newer_release_notes (id integer primary key, note text not null default '')`.execute(db);
    await sql`alter table sessions add column newer_release_flag boolean not null default false`.execute(db);
  },
};

let environment: ProcessEnvironment | undefined;

afterEach(async () => {
  await environment?.close();
  environment = undefined;
});

/** Migrates the test's database as another release would, on a connection of its own. */
async function migrateAs(
  env: Record<string, string>,
  migrations: Readonly<Record<string, Migration>>,
  { downTo }: { downTo?: string } = {},
): Promise<string[]> {
  const config = readConfig(env);
  const database = await openConfiguredDatabase(config);
  try {
    // The PostgreSQL test database comes migrated to this release: back to where the other release branched off.
    if (downTo) {
      await migrateConfiguredDatabase(config, database);
      await migrateTo(database, downTo);
    }
    await migrateConfiguredDatabase(config, database, migrations);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    return rows.map((r) => r.name);
  } finally {
    await database.close();
  }
}

describe('a database migrated by another release', () => {
  it('a newer release migrated it: this release starts, says so, and serves reads and writes', async () => {
    buildDist();
    environment = await processEnvironment('migrations-ahead', {}, { DEMO: '1' }, { migrated: true });
    const applied = await migrateAs(environment.env, { ...MIGRATIONS, '9999_from_a_newer_release': FROM_A_NEWER_RELEASE });
    expect(applied).toContain('9999_from_a_newer_release');

    const server = await startServer(environment.env);
    try {
      expect(server.output()).toContain('database is ahead (1 unknown migration: 9999_from_a_newer_release), serving');
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      const tokenResponse = await fetch(`${server.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      expect(tokenResponse.status).toBe(200);
      const { access_token: accessToken } = (await tokenResponse.json()) as { access_token: string };
      // A write into the table the newer release widened: its column's default fills in.
      const created = await fetch(`${server.baseUrl}/v1/stores/${STORE}/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const groups = await fetch(`${server.baseUrl}/v1/sessions/${id}/payment-method-groups?amount=250.00`);
      expect(groups.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }
  });

  it('one of ours missing and an unknown one applied: refuses to start and applies nothing', async () => {
    buildDist();
    environment = await processEnvironment('migrations-diverged', {}, { DEMO: '1' }, { migrated: true });
    const { '0005_session_idempotency_keys': ours, ...withoutOurs } = MIGRATIONS;
    expect(ours).toBeDefined();
    await migrateAs(
      environment.env,
      { ...withoutOurs, '9999_from_a_newer_release': FROM_A_NEWER_RELEASE },
      { downTo: '0004_store_identity_links_plans' },
    );

    const { code, output } = await runServerToExit(environment.env);
    expect(code).toBe(1);
    expect(output).toContain('this release does not know (9999_from_a_newer_release)');
    expect(output).toContain('lacks 1 of this release');
    expect(output).toContain('(0005_session_idempotency_keys); nothing applied');
    // Still as the other release left it.
    expect(await migrateAs(environment.env, {})).not.toContain('0005_session_idempotency_keys');
  });
});
