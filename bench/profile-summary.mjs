#!/usr/bin/env node
// Summarizes a V8 CPU profile (node --cpu-prof, or `npm run bench -- --profile`): self time by
// function and by package, the text form of a flame graph's widest frames. Open the same file in
// Chrome DevTools (Performance panel) or https://www.speedscope.app for the flame graph itself.
//
//   node bench/profile-summary.mjs bench/profiles/<file>.cpuprofile [--top 30] [--window 5 --rate 14000]
//   node bench/profile-summary.mjs <service>.cpuprofile --window 5 --rate R --categories [--json]
//
// --rate R (requests per second served during the window) adds CPU µs per request to each line:
// what a change saves per request, comparable across runs of different throughput.
//
// --categories: where a storefront request's CPU goes, by duty (bench/analysis.md's table of issue 45):
// each sample is charged to the innermost frame of its stack that names a duty (CATEGORIES below),
// our bundled code placed in its source file through the bundle's source map (dist/main.js.map).
// Within the offer's writing loop (offer-template.ts `write`), whose callees V8 often inlines, the
// self time is split by source line (the profile's line ticks): costs, base64, JSON bytes, disclosure.
// --cpu-us U shares out U µs a request (the server's CPU per request, measured from outside) instead of --rate.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '30' },
    window: { type: 'string' },
    callers: { type: 'string' },
    rate: { type: 'string' },
    categories: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'cpu-us': { type: 'string' },
    detail: { type: 'boolean', default: false },
    loaded: { type: 'string' },
  },
});
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const top = Number(values.top);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);

// --window S: only the busiest S seconds (the load, not start-up and the idle time around it).
let samples = profile.samples;
if (values.window) {
  const times = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((t += delta));
  const span = Number(values.window) * 1e6;
  const isBusy = samples.map((id) => (byId.get(id).callFrame.functionName === '(idle)' ? 0 : 1));
  let best = [0, 0];
  let busyInWindow = 0;
  for (let end = 0, start = 0; end < samples.length; end += 1) {
    busyInWindow += isBusy[end];
    while (times[end] - times[start] > span) busyInWindow -= isBusy[start++];
    if (busyInWindow > best[0]) best = [busyInWindow, start, end];
  }
  samples = samples.slice(best[1], best[2] + 1);
}
// --loaded F: only the seconds in which the process was busy at least F of the time (the load's
// rounds, not start-up, recording and the pauses between rounds), wherever they are in the profile.
if (values.loaded) {
  const times = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((t += delta));
  const second = (i) => Math.floor((times[i] - profile.startTime) / 1e6);
  const busyIn = new Map();
  const allIn = new Map();
  profile.samples.forEach((id, i) => {
    const s = second(i);
    allIn.set(s, (allIn.get(s) ?? 0) + 1);
    if (byId.get(id).callFrame.functionName !== '(idle)') busyIn.set(s, (busyIn.get(s) ?? 0) + 1);
  });
  const keep = (s) => (busyIn.get(s) ?? 0) >= Number(values.loaded) * allIn.get(s);
  samples = profile.samples.filter((_, i) => keep(second(i)));
}
const selfSamples = new Map();
for (const id of samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
const total = samples.length;

function where(url) {
  if (!url) return '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  if (url.startsWith('node:')) return 'node';
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(dist|src|bench)\//, '$1/');
}

const functions = new Map();
const packages = new Map();
let busy = 0;
for (const [id, count] of selfSamples) {
  const { callFrame } = byId.get(id);
  const name = callFrame.functionName || '(anonymous)';
  if (!idle.has(name)) busy += count;
  const key = `${name}  ${where(callFrame.url)}:${callFrame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + count);
  const pkg = idle.has(name) ? name : where(callFrame.url);
  packages.set(pkg, (packages.get(pkg) ?? 0) + count);
}

// Sampling interval (µs) and the requests served over the samples considered, for --rate.
const interval = (profile.endTime - profile.startTime) / profile.samples.length;
const requests = values.rate ? Number(values.rate) * ((samples.length * interval) / 1e6) : undefined;
const perRequest = (count) => (requests ? `  ${((count * interval) / requests).toFixed(2).padStart(6)} µs/req` : '');
const percent = (count) => `${((100 * count) / total).toFixed(1).padStart(5)} %${perRequest(count)}`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${percent(count)}  ${key}`);
};
if (!values.categories) {
  console.log(`${total} samples, ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s; busy ${percent(busy)}`);
  print('Self time by package or file', packages);
  print('Self time by function', functions);
}

// --callers NAME: the call paths (innermost first) of the samples spent in functions named NAME.
if (values.callers && !values.categories) {
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stacks = new Map();
  for (const id of samples) {
    if (byId.get(id).callFrame.functionName !== values.callers) continue;
    const frames = [];
    for (let at = parent.get(id); at !== undefined && frames.length < 12; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at).callFrame;
      frames.push(`${functionName || '(anonymous)'}@${where(url)}:${lineNumber + 1}`);
    }
    const key = frames.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + 1);
  }
  print(`Callers of ${values.callers}`, stacks);
}

/**
 * The duties of a storefront request, in the order of bench/analysis.md's table. `file` matches our
 * code's source file (through the source map) or a package's or Node's module; `name` the function.
 * A frame matching none is passed over for its caller; a stack matching none is `other`.
 */
const NODE_OR_FASTIFY = /^(node|\(native\)|fastify)$/;
const CATEGORIES = [
  ['ETag', [{ file: /src\/(http\/plugins\/etag|lib\/body-etag)\.ts/ }]],
  ['base64 internalData', [{ file: /src\/domain\/(base64-template|internal-data)\.ts/ }]],
  ['disclosure text and APR', [{ file: /src\/domain\/(credit-disclosure|annual-percentage-rate|price-information|price-signage)\.ts/ }]],
  ['monthly costs', [{ file: /src\/domain\/money\.ts/ }]],
  [
    'JSON (the answer\u2019s bytes)',
    [
      { file: /src\/domain\/byte-writer\.ts/ },
      { file: /fast-json-stringify/ },
      // The answer's own writing (its self time split by line when it is the leaf: printCategories).
      { file: /src\/domain\/offer-template\.ts/, name: /^(fill|write|render|renderOpen)$/ },
    ],
  ],
  [
    'grouping',
    [{ file: /src\/domain\/(grouping|offer|group-id)\.ts/ }, { file: /src\/domain\/offer-template\.ts/, name: /^compileRegion$/ }],
  ],
  [
    'eligibility',
    [
      { file: /src\/domain\/offer-template\.ts/, name: /^(regionOf|compileOffer)$/ },
      { file: /src\/domain\/(eligibility|order-rules)\.ts/ },
    ],
  ],
  [
    'session and catalog caches',
    [
      { file: /src\/services\/(sessions|store-methods-reader|offer-renderer)\.ts/ },
      { file: /src\/lib\/cache\.ts/ },
      { file: /src\/storage\/repositories\/sessions\.ts/ },
      { file: /src\/http\/session-api\/payment-method-groups\.ts/, name: /^sessionLink$/ },
    ],
  ],
  [
    'query validation',
    [
      { file: /src\/http\/plugins\/(query-guards|validation)\.ts/ },
      { file: /src\/domain\/offer-template\.ts/, name: /^cartAmountOf$/ },
      { file: /^ajv/ },
      { name: /^validate\d*$/ },
    ],
  ],
  [
    'logging (one storefront answer in 100)',
    [{ file: /^(pino|pino-std-serializers|sonic-boom|thread-stream)$/ }, { file: /src\/observability\/(logging|log-destination)\.ts/ }],
  ],
  ['metrics', [{ file: /^prom-client$/ }, { file: /src\/observability\/(metrics|counting-histogram)\.ts/ }]],
  [
    'rate limit',
    [
      { file: /src\/(http\/plugins\/rate-limit|lib\/(fixed-window-counter|shared-window-counter|circuit-breaker|token-bucket))\.ts/ },
      { file: /@fastify\/rate-limit/ },
    ],
  ],
  [
    'tracing decision and request context',
    [
      { file: /src\/observability\/(request-tracing|request-context|server-timing)\.ts/ },
      { file: /^@opentelemetry/ },
      { name: /^(run|enterWith|getStore)$/, file: /^node:async_hooks|async_local_storage/ },
    ],
  ],
  [
    'headers',
    [
      { file: /src\/http\/(session-api\/storefront-cors|plugins\/http-limits)\.ts/ },
      {
        file: NODE_OR_FASTIFY,
        name: /^(?:Reply\.|ServerResponse\.|OutgoingMessage\.)?(setHeader|_storeHeader|processHeader|validateHeaderName|validateHeaderValue|checkIsHttpToken|checkInvalidHeaderChar|writeHead|_implicitHeader|matchHeader|header|headers|getHeader|hasHeader|removeHeader|randomUUID|genReqId)$/,
      },
    ],
  ],
  [
    'the write',
    [
      {
        file: NODE_OR_FASTIFY,
        name: /^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeAsciiString|writeString|writeGeneric|writevGeneric|_writeGeneric|_writev|_write|doWrite|writeOrBuffer|write|end|_send|_writeRaw|_flush|_flushOutput|afterWrite|afterWriteTick|onwrite|clearBuffer|_finish|resOnFinish|onFinish|socketOnDrain|updateOutgoingData|cork|uncork|onSendEnd|sendStream|onWriteComplete)$/,
      },
    ],
  ],
  [
    'HTTP parsing and routing',
    [
      { file: /^node:_http_(server|incoming|common)|^node:internal\/http/ },
      {
        name: /^(execute|parserOnHeadersComplete|parserOnIncoming|parserOnBody|parserOnMessageComplete|onParserExecute|onParserExecuteCommon|socketOnData|readableAddChunk)$/,
      },
      {
        file: /^(fastify|find-my-way|fast-querystring|light-my-request|avvio|fastq|process-warning|fast-decode-uri-component|abstract-logging)$/,
      },
      { file: /src\/http\/session-api\/(payment-method-groups|routes)\.ts/ },
    ],
  ],
  ['garbage collection', [{ name: /^\(garbage collector\)$/ }]],
];

/** Our bundle's functions placed in their source files: dist/main.js.map, read once per script. */
const maps = new Map();
function sourceFileOf(url, line, column) {
  if (!url.startsWith('file://')) return undefined;
  const file = url.slice('file://'.length);
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  const map = maps.get(file);
  const entry = map?.findEntry(line, column);
  return entry && 'originalSource' in entry
    ? { source: entry.originalSource.replace(/^.*?\/src\//, 'src/'), line: entry.originalLine }
    : undefined;
}

const frameInfo = new Map();
function infoOf(node) {
  let info = frameInfo.get(node.id);
  if (info) return info;
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  const original = sourceFileOf(url, lineNumber, columnNumber);
  const file = original ? original.source : where(url);
  let category;
  for (const [title, rules] of CATEGORIES) {
    if (rules.some((rule) => (!rule.file || rule.file.test(file)) && (!rule.name || rule.name.test(name)))) {
      category = title;
      break;
    }
  }
  info = { name, file, category, original };
  frameInfo.set(node.id, info);
  return info;
}

/** The offer's writing loop: its lines by what they write (source lines of offer-template.ts `write`). */
function lineCategory(sourceLine) {
  if (/disclosureParts|planCostsAt|priceInformationUrl|parts\.|named\.|disclosed/.test(sourceLine)) return 'disclosure text and APR';
  if (/cost|lowest|cents \*|multiplier|divisor/.test(sourceLine)) return 'monthly costs';
  if (/writer\.|base64|data\[|cut/.test(sourceLine)) return 'base64 internalData';
  if (/out\.|pieceBytes|JSON\.stringify/.test(sourceLine)) return 'JSON (the answer\u2019s bytes)';
  return 'JSON (the answer\u2019s bytes)';
}

function printCategories() {
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const sources = new Map();
  const sourceLines = (file) => {
    if (!sources.has(file)) {
      const path = new URL(`../${file}`, import.meta.url);
      sources.set(file, existsSync(path) ? readFileSync(path, 'utf8').split('\n') : []);
    }
    return sources.get(file);
  };
  const totals = new Map(CATEGORIES.map(([title]) => [title, 0]));
  const charge = (title, count) => totals.set(title, (totals.get(title) ?? 0) + count);
  let busySamples = 0;
  const leaves = new Map();
  for (const [id, count] of selfSamples) {
    const leaf = byId.get(id);
    const leafName = leaf.callFrame.functionName;
    if (leafName === '(idle)' || leafName === '(program)') {
      if (leafName === '(program)') charge('V8 and the event loop (program)', count);
      continue;
    }
    busySamples += count;
    let category;
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      const info = infoOf(node);
      // The writing loop's own time, by line.
      if (at === id && info.original?.source === 'src/domain/offer-template.ts' && info.name === 'write' && node.positionTicks?.length) {
        const lines = sourceLines('src/domain/offer-template.ts');
        const ticks = node.positionTicks.reduce((sum, t) => sum + t.ticks, 0);
        for (const { line, ticks: lineTicks } of node.positionTicks) {
          const original = sourceFileOf(node.callFrame.url, line - 1, 0) ?? sourceFileOf(node.callFrame.url, line - 1, 40);
          charge(lineCategory(original ? (lines[original.line] ?? '') : ''), (count * lineTicks) / ticks);
        }
        category = null;
        break;
      }
      if (info.category) {
        category = info.category;
        break;
      }
    }
    if (category === null) continue;
    charge(category ?? `other: ${infoOf(leaf).file}`, count);
    const key = `${category ?? 'other'}\u0000${infoOf(leaf).name} ${infoOf(leaf).file}`;
    leaves.set(key, (leaves.get(key) ?? 0) + count);
  }
  const rows = [...totals].filter(([, count]) => count > 0);
  // --cpu-us U: the server's CPU per request measured from outside (the benchmark's /proc figure, results'
  // cpuMicrosPerRequest), shared out by the samples: on a loaded machine a sample's interval is wall
  // time, not CPU time, so the shares are what the profile says best.
  const charged = busySamples + (totals.get('V8 and the event loop (program)') ?? 0);
  const us = (count) => (values['cpu-us'] ? (count / charged) * Number(values['cpu-us']) : requests ? (count * interval) / requests : NaN);
  if (values.json) {
    console.log(
      JSON.stringify({
        samples: total,
        busySamples,
        intervalUs: interval,
        requests,
        categories: Object.fromEntries(rows.map(([t, c]) => [t, us(c)])),
      }),
    );
    return;
  }
  console.log(
    `${total} samples (${busySamples} busy), ${interval.toFixed(0)} µs apart; ${requests ? `${requests.toFixed(0)} requests` : 'no --rate: no µs/request'}`,
  );
  for (const [title, count] of rows.sort((a, b) => b[1] - a[1]))
    console.log(`${us(count).toFixed(2).padStart(7)} µs/req  ${((100 * count) / busySamples).toFixed(1).padStart(5)} %  ${title}`);
  console.log(
    `${us(busySamples + (totals.get('V8 and the event loop (program)') ?? 0))
      .toFixed(2)
      .padStart(7)} µs/req  in all (busy and program)`,
  );
  // --detail: each duty's widest leaf functions.
  if (values.detail) {
    for (const [key, count] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
      const [title, frame] = key.split('\u0000');
      console.log(`${us(count).toFixed(2).padStart(7)} µs/req  ${title}: ${frame}`);
    }
  }
}

if (values.categories) printCategories();
