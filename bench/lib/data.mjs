// Benchmark data: scratch PostgreSQL databases, a generated catalog built from the demo store's
// methods, and sessions inserted in bulk.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from './processes.mjs';

/**
 * Drops and creates `name` on the server of `adminUrl` (a copy of `template` when given, which
 * nobody may be connected to); returns the new database's URL.
 */
export async function freshDatabase(adminUrl, name, template) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * A catalog with one merchant, its client and one store per entry of `storeSizes` ({ key: count }).
 * Each store has the demo store's ten everyday methods; methods beyond ten are campaign methods,
 * ten per campaign keyword (C1, C2, …), copies of the same ten. So a store of 500 methods is one a
 * merchant has after a year of campaigns: a session sees its ten everyday methods (or its
 * campaign's ten), while the service still goes through all 500. Answers stay the same size, and
 * what scenario 4 compares is the cost of the catalog's size, not of longer answers.
 */
export function generateCatalog(storeSizes) {
  const demo = JSON.parse(readFileSync(path.join(projectRoot, 'demo/catalog.json'), 'utf8'));
  const demoStoreId = demo.stores[0].id;
  const templates = demo.paymentMethods.filter((method) => method.storeId === demoStoreId);
  const merchantId = 'm-bench';
  const client = { clientId: 'bench-backend', clientSecret: randomBytes(24).toString('base64url'), merchantId, scopes: ['merchant-api'] };
  const stores = {};
  const paymentMethods = [];
  for (const [key, count] of Object.entries(storeSizes)) {
    const storeId = randomUUID();
    stores[key] = { id: storeId, methods: count };
    for (let index = 0; index < count; index += 1) {
      const template = templates[index % templates.length];
      const campaignNumber = Math.floor(index / templates.length);
      // The demo catalog's translations come along (docs/languages.md); BENCH_UNTRANSLATED=1 leaves
      // them out, to measure what translations in the catalog cost (bench/README.md).
      const { translations, plans, ...fields } = template;
      const untranslated = process.env.BENCH_UNTRANSLATED === '1';
      paymentMethods.push({
        ...fields,
        ...(untranslated ? {} : { translations }),
        plans: untranslated ? plans?.map(({ translations: _dropped, ...plan }) => plan) : plans,
        id: randomUUID(),
        storeId,
        sortOrder: (index + 1) * 10,
        name: campaignNumber === 0 ? template.name : `${template.name} (C${campaignNumber})`,
        campaign: campaignNumber === 0 ? template.campaign : { campaign: true, keywords: [`C${campaignNumber}`] },
      });
    }
  }
  const catalog = {
    merchants: [{ id: merchantId, name: 'Bench Merchant AB' }],
    stores: Object.entries(stores).map(([key, store]) => ({
      id: store.id,
      merchantId,
      name: `Bench store ${key}`,
      currency: 'SEK',
      bundleTitle: 'Part payment',
      minimumInvoiceAmount: 50,
    })),
    clients: [client],
    paymentMethods,
  };
  return { catalog, client, stores };
}

/** Applies a catalog file to a database with the service's own CLI (validated whole, upserted). */
export function applyCatalogFile(databaseUrl, catalog, file) {
  writeFileSync(file, JSON.stringify(catalog));
  execFileSync(process.execPath, [path.join(projectRoot, 'dist/cli.js'), 'catalog', 'apply', file], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Inserts `live` sessions created now for each store (the ones the benchmark's requests use;
 * returned with their campaign) and `old` more spread over the last 23 hours, expired but within
 * the 24-hour minimum retention, so that the purge job leaves them: a table as a busy day leaves it.
 */
export async function insertSessions(databaseUrl, { storeIds, live, old, campaignOf }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sessions = [];
    for (const storeId of storeIds) {
      for (let index = 0; index < live; index += 1) sessions.push({ id: randomUUID(), storeId, campaign: campaignOf(storeId, index) });
    }
    await client.query(
      `insert into sessions (id, store_id, campaign, created_at, expires_at)
       select id, store_id, campaign, now(), now() + interval '1 hour'
       from unnest($1::uuid[], $2::uuid[], $3::text[]) as s(id, store_id, campaign)`,
      [sessions.map((s) => s.id), sessions.map((s) => s.storeId), sessions.map((s) => s.campaign ?? null)],
    );
    if (old > 0) {
      await client.query(
        `insert into sessions (id, store_id, campaign, created_at, expires_at)
         select gen_random_uuid(), ($1::uuid[])[1 + i % cardinality($1::uuid[])], null, t, t + interval '1 hour'
         from generate_series(1, $2::int) as i, lateral (select now() - interval '23 hours' + (i::float / $2) * interval '21 hours' as t) as created`,
        [storeIds, old],
      );
    }
    // Statistics as autovacuum would have them on a database in service (the planner's choice of
    // index for the listing depends on them).
    await client.query('vacuum analyze');
    const { rows } = await client.query('select count(*)::int as count from sessions');
    return { sessions, total: rows[0].count };
  } finally {
    await client.end();
  }
}
