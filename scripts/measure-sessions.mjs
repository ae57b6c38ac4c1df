#!/usr/bin/env node
// Measures session lookups and purge batches on PostgreSQL at 1,000 and 1,000,000 rows, for
// docs/sessions-at-scale.md. A measurement, not a test: it prints figures, asserts nothing.
//
//   node scripts/measure-sessions.mjs [postgres://postgres@127.0.0.1:5432/postgres]
//
// It creates a scratch database (dropped at the end) with the sessions table exactly as the
// migration makes it (src/storage/migrations/0001_initial.ts), fills it with generate_series, and
// times primary-key lookups from one connection (what one pooled connection of an instance does).
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.argv[2] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOOKUPS = 10_000;
const SIZES = [1_000, 1_000_000];

const name = `pms_measure_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const client = new pg.Client({ connectionString: url.toString() });

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const f = (ms) => `${(ms * 1000).toFixed(0)} µs`;
  return `mean ${f(mean)}, p50 ${f(percentile(sorted, 50))}, p95 ${f(percentile(sorted, 95))}, p99 ${f(percentile(sorted, 99))}`;
}

async function timedLookups(ids) {
  const samples = [];
  for (const id of ids) {
    const started = performance.now();
    const result = await client.query({ name: 'find-session', text: 'select * from sessions where id = $1', values: [id] });
    samples.push(performance.now() - started);
    if (result.rowCount > 1) throw new Error('duplicate id');
  }
  return samples;
}

try {
  await client.connect();
  const {
    rows: [{ version }],
  } = await client.query('select version()');
  console.log(`# ${version}`);
  // As the migration creates it.
  await client.query(`create table sessions (
    id uuid primary key, store_id uuid not null, campaign text,
    created_at timestamptz not null, expires_at timestamptz not null)`);
  await client.query('create index sessions_expires_at_idx on sessions (expires_at)');

  for (const size of SIZES) {
    await client.query('truncate sessions');
    // Sessions created over the last 30 days, each living one hour: most expired, the newest live.
    const fill = performance.now();
    await client.query(
      `insert into sessions (id, store_id, campaign, created_at, expires_at)
       select gen_random_uuid(), '84d19995-8ee7-4639-8e25-13b1691ccac6', case when i % 10 = 0 then 'BLACKWEEK' end,
              now() - (30 * interval '1 day') * (1 - i::float8 / $1), now() - (30 * interval '1 day') * (1 - i::float8 / $1) + interval '1 hour'
       from generate_series(1, $1) as i`,
      [size],
    );
    const fillMs = performance.now() - fill;
    await client.query('vacuum analyze sessions');
    const { rows: sizes } = await client.query(
      `select pg_size_pretty(pg_table_size('sessions')) as heap, pg_size_pretty(pg_relation_size('sessions_pkey')) as pkey,
              pg_size_pretty(pg_relation_size('sessions_expires_at_idx')) as expires_idx`,
    );
    const { rows: sample } = await client.query(`select id from sessions order by random() limit ${LOOKUPS}`);
    const ids = sample.map((row) => row.id);
    while (ids.length < LOOKUPS) ids.push(ids[ids.length % sample.length]);

    await timedLookups(ids.slice(0, 1000)); // warm-up: connection, plan, buffers
    const found = await timedLookups(ids);
    const missing = await timedLookups(Array.from({ length: LOOKUPS }, () => randomUUID()));
    const { rows: plan } = await client.query({
      text: 'explain (analyze, buffers, costs off) select * from sessions where id = $1',
      values: [ids[0]],
    });

    console.log(
      `\n## ${size.toLocaleString('en')} sessions (filled in ${(fillMs / 1000).toFixed(1)} s; heap ${sizes[0].heap}, primary key ${sizes[0].pkey}, expires_at index ${sizes[0].expires_idx})`,
    );
    console.log(`lookup of an existing id (${LOOKUPS} random): ${summary(found)}`);
    console.log(`lookup of an unknown id (${LOOKUPS}):         ${summary(missing)}`);
    console.log(plan.map((row) => `    ${row['QUERY PLAN']}`).join('\n'));

    // The purge: sessions expired more than 24 hours ago, 1000 per statement, as session-purge.ts does.
    const purge = `delete from sessions where id in (select id from sessions where expires_at < now() - interval '24 hours'
                   order by expires_at limit 1000 for update skip locked)`;
    const {
      rows: [{ due }],
    } = await client.query(`select count(*)::int as due from sessions where expires_at < now() - interval '24 hours'`);
    const { rows: purgePlan } = await client.query(`explain (costs off) ${purge}`);
    // One whole pass, until a batch comes back short (what one instance's job does after a backlog).
    const batches = [];
    const pass = performance.now();
    for (;;) {
      const started = performance.now();
      const result = await client.query(purge);
      batches.push(performance.now() - started);
      if (result.rowCount < 1000) break;
    }
    const passMs = performance.now() - pass;
    console.log(
      `purge: ${due.toLocaleString('en')} rows due, deleted in ${batches.length} batches of up to 1000 rows ` +
        `in ${(passMs / 1000).toFixed(1)} s; per batch ${summary(batches)}`,
    );
    console.log(purgePlan.map((row) => `    ${row['QUERY PLAN']}`).join('\n'));
  }
} finally {
  await client.end().catch(() => {});
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
