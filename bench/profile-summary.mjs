#!/usr/bin/env node
// Summarizes a V8 CPU profile (node --cpu-prof, or `npm run bench -- --profile`): self time by
// function and by package, the text form of a flame graph's widest frames. Open the same file in
// Chrome DevTools (Performance panel) or https://www.speedscope.app for the flame graph itself.
//
//   node bench/profile-summary.mjs bench/profiles/<file>.cpuprofile [--top 30] [--window 5 --rate 14000]
//
// --rate R (requests per second served during the window) adds CPU µs per request to each line:
// what a change saves per request, comparable across runs of different throughput.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' }, window: { type: 'string' }, callers: { type: 'string' }, rate: { type: 'string' } },
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
console.log(`${total} samples, ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s; busy ${percent(busy)}`);
print('Self time by package or file', packages);
print('Self time by function', functions);

// --callers NAME: the call paths (innermost first) of the samples spent in functions named NAME.
if (values.callers) {
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
