#!/usr/bin/env node
// Where `npm test`'s CPU goes (docs/testing.md#where-the-cpu-goes): runs the type check and the whole
// suite under the given Node, each file's CPU recorded by test/accounting/cpu-per-file.ts, and prints
// the total (this process's children, as /usr/bin/time counts them) and tables by folder and by kind.
//   npm run test:cpu                       # writes /tmp/test-cpu.jsonl and prints the tables
//   npm run test:cpu -- --report F.jsonl   # only prints the tables of an earlier run
//   npm run test:cpu -- --machine          # only prints the machine's figure
import { execFileSync, spawnSync } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { report: { type: 'string' }, machine: { type: 'boolean', default: false } } });
const out = (line = '') => process.stdout.write(`${line}\n`);

function childrenCpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return (fields[13] + fields[14]) / 100;
}

/**
 * The machine's own figure, printed beside the suite's so that runs on different machines can be told
 * apart: milliseconds for a fixed single-threaded workload (a JavaScript loop, and ten scrypt hashes
 * with the client secrets' parameters), best of three.
 */
function machineFigure() {
  const best = (work) => Math.min(...[0, 1, 2].map(() => ((started) => (work(), performance.now() - started))(performance.now())));
  const loop = best(() => {
    let x = 0;
    for (let i = 0; i < 3e8; i += 1) x += i % 7;
    return x;
  });
  const scrypt = best(() => {
    for (let i = 0; i < 10; i += 1) scryptSync('secret', 'salt-of-16-bytes', 32, { N: 16384, r: 8, p: 1 });
  });
  return { loopMs: Math.round(loop), scryptMs: Math.round(scrypt) };
}

function printMachineFigure() {
  const { loopMs, scryptMs } = machineFigure();
  out(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; loop ${loopMs} ms, 10 scrypt ${scryptMs} ms`);
}

let report = values.report;
if (values.machine) {
  printMachineFigure();
  process.exit(0);
}
if (!report) {
  report = '/tmp/test-cpu.jsonl';
  rmSync(report, { force: true });
  printMachineFigure();
  const before = childrenCpu();
  let started = performance.now();
  execFileSync('npm', ['run', 'typecheck'], { cwd: root, stdio: 'ignore' });
  const typecheck = { cpu: childrenCpu() - before, wall: (performance.now() - started) / 1000 };
  started = performance.now();
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, TEST_CPU_REPORT: report },
  });
  const suite = { cpu: childrenCpu() - before - typecheck.cpu, wall: (performance.now() - started) / 1000 };
  out(`type check: ${typecheck.cpu.toFixed(0)} s CPU, ${typecheck.wall.toFixed(0)} s wall`);
  out(`vitest run: ${suite.cpu.toFixed(0)} s CPU, ${suite.wall.toFixed(0)} s wall (exit ${run.status})`);
}
if (!existsSync(report)) throw new Error(`${report}: no such report`);
const lines = readFileSync(report, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));

/** A file's kind, by what it starts: a browser, real processes, property runs, or in-process work. */
function kindOf(file) {
  if (file.includes('.browser.')) return 'browser (Chromium)';
  const text = readFileSync(path.join(root, file), 'utf8');
  if (/startServer\(|runCli\(|spawn\(|startPatroni|startPgBouncer|startHaproxy|startPrometheus|execFile/.test(text))
    return 'real processes';
  if (/fc\.assert\(/.test(text)) return 'property tests';
  return file.startsWith('test/domain/') || file.startsWith('test/lib/') || file.startsWith('test/house/') || file.startsWith('test/embed/')
    ? 'pure code'
    : 'in-process HTTP';
}

function table(title, keyOf, limit = Number.POSITIVE_INFINITY) {
  const rows = new Map();
  for (const line of lines) {
    const key = keyOf(line);
    const row = rows.get(key) ?? { own: 0, children: 0, files: 0 };
    row.own += line.ownSeconds;
    row.children += line.childrenSeconds;
    row.files += 1;
    rows.set(key, row);
  }
  const sorted = [...rows].sort((a, b) => b[1].own + b[1].children - (a[1].own + a[1].children));
  const total = sorted.reduce((sum, [, row]) => sum + row.own + row.children, 0);
  out(`\n| ${title} | files | CPU s (in the worker) | CPU s (child processes) | CPU s | share |`);
  out('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [key, row] of sorted.slice(0, limit)) {
    const cpu = row.own + row.children;
    out(
      `| ${key} | ${row.files} | ${row.own.toFixed(1)} | ${row.children.toFixed(1)} | ${cpu.toFixed(1)} | ${((100 * cpu) / total).toFixed(0)} % |`,
    );
  }
  out(`| total | ${lines.length} | | | ${total.toFixed(1)} | |`);
}

// Each worker process loads the test modules (Fastify, PGlite, the service) once: more workers, more loading.
const workers = new Set(lines.map((line) => line.pid).filter(Boolean)).size;
if (workers) out(`\n${lines.length} files in ${workers} worker processes`);

table('Folder (project)', (line) => `${path.dirname(line.file)} (${line.project})`);
table('Kind', (line) => kindOf(line.file));
table('File (the 40 costliest)', (line) => `${line.file} (${line.project})`, 40);
