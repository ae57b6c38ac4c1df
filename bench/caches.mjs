// Micro-benchmark of the service's caches against the lru-cache package, on the lookups of the hot
// paths (bench/analysis.md, "One cache API"): group retrieval's rendered-offer caches (object keys,
// a byte bound, an eviction callback), the sessions' and verified tokens' caches (string keys, a
// count bound), the store catalog's fresh read (a time-to-live) and the rate limiter's windows.
// Each use is measured as A/B rounds interleaved (A, B, B, A, …: drift of a shared machine falls
// on both), and the median of each side's ops/s is compared.
//
//   node bench/caches.mjs [--rounds 15] [--ops 400000]
//
// Keys are many and distinct, as carts are: amounts of many stores, sessions of many shoppers;
// each round looks up a pseudo-random sequence drawn from them (the same sequence for A and B).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { LRUCache } from 'lru-cache';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '15' }, ops: { type: 'string', default: '400000' } } });
const ROUNDS = Number(values.rounds);
const OPS = Number(values.ops);

/** The service's own cache module, bundled from TypeScript for this Node. */
async function load() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pms-bench-caches-'));
  try {
    const outfile = path.join(dir, 'caches.mjs');
    await build({
      stdin: { contents: "export * from './src/lib/cache.ts';", resolveDir: root, loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile,
      logLevel: 'error',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A deterministic pseudo-random sequence (mulberry32): the same lookups for both sides. */
function sequence(seed, length, modulo) {
  const out = new Uint32Array(length);
  let a = seed;
  for (let i = 0; i < length; i += 1) {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out[i] = ((t ^ (t >>> 14)) >>> 0) % modulo;
  }
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs `a` and `b` (each: () => number of operations done) in interleaved rounds; ops/s medians. */
function abRounds(a, b) {
  const rates = { a: [], b: [] };
  const once = (side, fn) => {
    const start = process.hrtime.bigint();
    const ops = fn();
    const ns = Number(process.hrtime.bigint() - start);
    rates[side].push((ops * 1e9) / ns);
  };
  // Warm-up: both sides compiled by the JIT before anything counts.
  for (let i = 0; i < 3; i += 1) {
    a();
    b();
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round % 2 === 0) {
      once('a', a);
      once('b', b);
    } else {
      once('b', b);
      once('a', a);
    }
  }
  return { a: median(rates.a), b: median(rates.b) };
}

const results = [];
function report(use, { a, b }) {
  const ratio = b / a;
  results.push({ use, a, b, ratio });
  console.log(
    `${use.padEnd(44)} hand-written ${(a / 1e6).toFixed(2).padStart(6)} M/s   lru-cache ${(b / 1e6).toFixed(2).padStart(6)} M/s   ratio ${ratio.toFixed(3)}`,
  );
}

const { LruCache, TtlCache } = await load();
let sink = 0;

// 1. Group retrieval's rendered answers: object keys, bounded by bytes, told of evictions. 40,000
// answers of ~1 kB kept under 32 MB; lookups over 50,000 distinct carts (most hit).
{
  const KEYS = 50_000;
  const entries = Array.from({ length: KEYS }, (_, i) => ({ amount: String(i), bytes: 700 + (i % 600) }));
  const order = sequence(1, OPS, KEYS);
  const maxBytes = 32 * 1024 * 1024;
  let evicted = 0;
  const hand = new LruCache(Number.MAX_SAFE_INTEGER, 'offer_answer', {
    maxBytes,
    sizeOf: (entry) => entry.bytes,
    onEvict: () => (evicted += 1),
  });
  const lib = new LRUCache({
    max: 10_000_000,
    maxSize: maxBytes,
    sizeCalculation: (_v, entry) => entry.bytes,
    dispose: (_v, _k, reason) => reason === 'evict' && (evicted += 1),
  });
  const run = (lookup, set) => () => {
    for (let i = 0; i < OPS; i += 1) {
      const entry = entries[order[i]];
      if (lookup(entry)) sink += 1;
      else set(entry);
    }
    return OPS;
  };
  report(
    'offer answers (object keys, bytes, evictions)',
    abRounds(
      run(
        (k) => hand.lookup(k),
        (k) => hand.set(k, true),
      ),
      run(
        (k) => lib.get(k),
        (k) => lib.set(k, true),
      ),
    ),
  );
}

// 2. Sessions and verified tokens: string keys, a count bound, every lookup of the hot path hits.
{
  const KEYS = 100_000;
  const keys = Array.from({ length: KEYS }, (_, i) => `ses_${i.toString(36).padStart(20, '0')}`);
  const order = sequence(2, OPS, KEYS);
  const hand = new LruCache(KEYS, 'session');
  const lib = new LRUCache({ max: KEYS });
  for (const key of keys) {
    hand.set(key, { id: key });
    lib.set(key, { id: key });
  }
  const run = (lookup) => () => {
    for (let i = 0; i < OPS; i += 1) if (lookup(keys[order[i]]) !== undefined) sink += 1;
    return OPS;
  };
  report(
    'sessions (string keys, all hits)',
    abRounds(
      run((k) => hand.lookup(k)),
      run((k) => lib.get(k)),
    ),
  );
}

// 3. Sessions past the bound: 150,000 shoppers over a cache of 100,000 (misses load and set).
{
  const KEYS = 150_000;
  const keys = Array.from({ length: KEYS }, (_, i) => `ses_${i.toString(36).padStart(20, '0')}`);
  const order = sequence(3, OPS, KEYS);
  const hand = new LruCache(100_000, 'session');
  const lib = new LRUCache({ max: 100_000 });
  const run = (lookup, set) => () => {
    for (let i = 0; i < OPS; i += 1) {
      const key = keys[order[i]];
      if (lookup(key) === undefined) set(key, { id: key });
    }
    return OPS;
  };
  report(
    'sessions (string keys, 2/3 fit)',
    abRounds(
      run(
        (k) => hand.lookup(k),
        (k, v) => hand.set(k, v),
      ),
      run(
        (k) => lib.get(k),
        (k, v) => lib.set(k, v),
      ),
    ),
  );
}

// 4. The store catalog's fresh read (peekFresh): 2,000 stores, a time-to-live of 5 s, the clock
// moving 1 ms every 1,000 lookups; lru-cache with the same time-to-live and the same clock.
{
  const KEYS = 2_000;
  const keys = Array.from({ length: KEYS }, (_, i) => `store-${i}`);
  const order = sequence(4, OPS, KEYS);
  let now = 1_000_000;
  const clock = () => now;
  const hand = new TtlCache(clock, 5_000, 10_000, 'store_catalog');
  const lib = new LRUCache({ max: 10_000, ttl: 5_000, perf: { now: clock } });
  for (const key of keys) {
    void hand.get(key, async () => ({ key }));
    lib.set(key, { key });
  }
  await new Promise((resolve) => setImmediate(resolve)); // the loads resolve
  const run = (read) => () => {
    const start = now;
    for (let i = 0; i < OPS; i += 1) {
      if (i % 1000 === 0) now += 1;
      if (read(keys[order[i]]) !== undefined) sink += 1;
    }
    now = start; // every round sees the entries equally fresh
    return OPS;
  };
  report(
    'store catalog (fresh reads, time-to-live)',
    abRounds(
      run((k) => hand.peekFresh(k)),
      run((k) => lib.get(k)),
    ),
  );
}

// 5. The rate limiter's windows: client keys, a count bound, a read-modify-write per request.
{
  const KEYS = 20_000;
  const keys = Array.from({ length: KEYS }, (_, i) => `client-${i}|1.2.3.${i % 256}`);
  const order = sequence(5, OPS, KEYS);
  const hand = new LruCache(10_000, 'rate_limit_window');
  const lib = new LRUCache({ max: 10_000 });
  const run = (lookup, set) => () => {
    for (let i = 0; i < OPS; i += 1) {
      const key = keys[order[i]];
      const window = lookup(key);
      if (window) window.count += 1;
      else set(key, { count: 1 });
    }
    return OPS;
  };
  report(
    'rate-limit windows (20,000 keys over 10,000)',
    abRounds(
      run(
        (k) => hand.lookup(k),
        (k, v) => hand.set(k, v),
      ),
      run(
        (k) => lib.get(k),
        (k, v) => lib.set(k, v),
      ),
    ),
  );
}

console.log(
  `\n${ROUNDS} interleaved rounds of ${OPS.toLocaleString('en')} operations each; ratio = lru-cache / hand-written (medians); node ${process.version}`,
);
if (sink < 0) console.log(sink); // keeps the lookups from being optimized away
