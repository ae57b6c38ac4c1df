// Micro-benchmark of the service's caches (src/lib/cache.ts) against the lru-cache package, on the
// lookups of the hot paths (bench/analysis.md, "One cache API"): group retrieval's rendered offers
// (object keys, a byte bound, an eviction callback), the sessions' and verified tokens' caches
// (string keys, a count bound), the store catalog's fresh read (TtlCache) and the rate limiter's
// windows. Each use runs in a process of its own (a fresh JIT: one use's key types do not slow the
// next one's lookups) as A/B rounds interleaved (A B, B A, …: drift of a shared machine falls on
// both sides), and the medians of each side's ops/s are compared: ratio = B / A.
//
//   node bench/caches.mjs [--rounds 15] [--ops 400000] [--repeat 3] [--only <name>,…]
//
// Keys are many and distinct, as carts are: amounts of many stores, sessions of many shoppers; each
// round looks up one pseudo-random sequence drawn from them (the same for A and B). The bounds are
// the service's (offer-renderer.ts, sessions.ts, token-verifier.ts, store-methods-reader.ts,
// http/plugins/rate-limit.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setImmediate } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { LRUCache } from 'lru-cache';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    ops: { type: 'string', default: '400000' },
    use: { type: 'string' },
    // Processes per use: the ratio reported is their median, with the lowest and highest.
    repeat: { type: 'string', default: '3' },
    // Only these uses (comma-separated names).
    only: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const OPS = Number(values.ops);

/** The service's cache module, bundled from TypeScript for this Node. */
async function load() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pms-bench-caches-'));
  try {
    const outfile = path.join(dir, 'caches.mjs');
    await build({
      stdin: { contents: "export * from './cache.ts';", resolveDir: path.join(root, 'src/lib'), loader: 'ts' },
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

let sink = 0;

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

/** Each use: its two sides' names, and the A/B measurement. */
const USES = {
  // Group retrieval's rendered answers: object keys, bounded by bytes (8 MiB), told of evictions;
  // answers of 0.7 to 1.3 kB over 20,000 distinct carts (about half fit). B counts its hits as the
  // renderer must (pms_cache_lookups_total).
  'offer-answers': {
    a: 'LruCache+bytes',
    b: 'lru-cache',
    async run({ LruCache }) {
      const KEYS = 20_000;
      const entries = Array.from({ length: KEYS }, (_, i) => ({ amount: String(i), bytes: 700 + (i % 600) }));
      const order = sequence(1, OPS, KEYS);
      const maxBytes = 8 * 2 ** 20;
      let evicted = 0;
      let hits = 0;
      const hand = new LruCache(Number.MAX_SAFE_INTEGER, 'offer_answer', {
        maxBytes,
        sizeOf: (entry) => entry.bytes,
        onEvict: () => (evicted += 1),
      });
      const lib = new LRUCache({
        maxSize: maxBytes,
        sizeCalculation: (_value, entry) => entry.bytes,
        dispose: (_value, _key, reason) => reason === 'evict' && (evicted += 1),
      });
      const run = (lookup, set) => () => {
        for (let i = 0; i < OPS; i += 1) {
          const entry = entries[order[i]];
          if (lookup(entry)) sink += 1;
          else set(entry);
        }
        return OPS;
      };
      return abRounds(
        run(
          (k) => hand.lookup(k),
          (k) => hand.set(k, true),
        ),
        run(
          (k) => lib.get(k) !== undefined && (hits += 1) > 0,
          (k) => lib.set(k, true),
        ),
      );
    },
  },
  // Sessions (and verified tokens, the same shape): string keys, a count bound of 100,000, every
  // lookup of the hot path a hit.
  'sessions-hits': {
    a: 'LruCache',
    b: 'lru-cache',
    async run({ LruCache }) {
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
      return againstLruCache(hand, lib, run);
    },
  },
  // Sessions past the bound: 150,000 shoppers over a cache of 100,000 (a miss loads and keeps).
  'sessions-past-bound': {
    a: 'LruCache',
    b: 'lru-cache',
    async run({ LruCache }) {
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
      return againstLruCache(hand, lib, run);
    },
  },
  // The store catalog's fresh read (TtlCache.peekFresh, on every group retrieval): 2,000 stores, a
  // time-to-live of 5 s, the clock moving 1 ms every 1,000 reads; lru-cache with its own
  // time-to-live on the same clock (it has no stale-on-error bounded in time: see analysis.md).
  'catalog-fresh': {
    a: 'TtlCache',
    b: 'lru-cache',
    async run({ TtlCache }) {
      return catalogReads(
        TtlCache,
        (clock) => new LRUCache({ max: 10_000, ttl: 5_000, perf: { now: clock } }),
        (cache, key) => cache.get(key),
      );
    },
  },
  // The same reads of a TtlCache whose entries sit in an LRUCache instead of its Map (the storage
  // lru-cache would give it, the stale-on-error policy staying its own).
  'catalog-fresh-storage': {
    a: 'TtlCache (Map)',
    b: 'TtlCache (LRUCache)',
    async run({ TtlCache }) {
      const onLruCache = (clock) => {
        const cache = new TtlCache(clock, 5_000, Number.POSITIVE_INFINITY, 'store_catalog');
        cache.entries = new LRUCache({ max: 10_000 });
        return cache;
      };
      return catalogReads(TtlCache, onLruCache, (cache, key) => cache.peekFresh(key));
    },
  },
  // The rate limiter's windows: client keys, a count bound of 10,000 over 20,000 keys, a
  // read-modify-write per request.
  'rate-limit-windows': {
    a: 'LruCache',
    b: 'lru-cache',
    async run({ LruCache }) {
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
      return againstLruCache(hand, lib, run);
    },
  },
};

/** The same run over the service's LruCache (a) and lru-cache (b): `run(lookup, set)` makes a round's work. */
function againstLruCache(hand, lib, run) {
  return abRounds(
    run(
      (k) => hand.lookup(k),
      (k, v) => hand.set(k, v),
    ),
    run(
      (k) => lib.get(k),
      (k, v) => lib.set(k, v),
    ),
  );
}

/**
 * Fresh reads of 2,000 stores on one clock: from the store catalog's TtlCache (as the service makes
 * it, read by peekFresh) against the cache `makeB` makes, read by `readB`.
 */
async function catalogReads(TtlCache, makeB, readB) {
  const KEYS = 2_000;
  const keys = Array.from({ length: KEYS }, (_, i) => `store-${i}`);
  const order = sequence(4, OPS, KEYS);
  let now = 1_000_000;
  const clock = () => now;
  const a = new TtlCache(clock, 5_000, 10_000, 'store_catalog');
  const b = makeB(clock);
  for (const cache of [a, b]) {
    for (const key of keys) {
      if (typeof cache.peekFresh === 'function') void cache.getOrLoad(key, async () => ({ key }));
      else cache.set(key, { key });
    }
  }
  await setImmediate(); // the loads resolve
  const run = (cache, read) => () => {
    const start = now;
    for (let i = 0; i < OPS; i += 1) {
      if (i % 1000 === 0) now += 1;
      if (read(cache, keys[order[i]]) !== undefined) sink += 1;
    }
    now = start; // every round sees the entries equally fresh
    return OPS;
  };
  return abRounds(
    run(a, (cache, key) => cache.peekFresh(key)),
    run(b, readB),
  );
}

if (values.use) {
  const use = USES[values.use];
  const { a, b } = await use.run(await load());
  process.stdout.write(JSON.stringify({ use: values.use, a, b, sink: sink > 0 }));
} else {
  const REPEAT = Number(values.repeat);
  console.log(
    `${'use'.padEnd(22)} ${'A'.padEnd(15)} ${'A M/s'.padStart(6)}  ${'B'.padEnd(20)} ${'B M/s'.padStart(6)}  B/A (lowest–highest)`,
  );
  const only = values.only?.split(',');
  for (const [name, use] of Object.entries(USES)) {
    if (only && !only.includes(name)) continue;
    const runs = [];
    for (let i = 0; i < REPEAT; i += 1) {
      const args = [import.meta.filename, '--use', name, '--rounds', String(ROUNDS), '--ops', String(OPS)];
      runs.push(JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })));
    }
    const ratios = runs.map((r) => r.b / r.a);
    const [a, b] = [median(runs.map((r) => r.a)), median(runs.map((r) => r.b))];
    console.log(
      `${name.padEnd(22)} ${use.a.padEnd(15)} ${(a / 1e6).toFixed(2).padStart(6)}  ${use.b.padEnd(20)} ${(b / 1e6).toFixed(2).padStart(6)}  ` +
        `${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}; ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
    );
  }
  console.log(
    `\n${REPEAT} processes per use, each ${ROUNDS} interleaved rounds of ${OPS.toLocaleString('en')} operations; medians; node ${process.version}`,
  );
}
