// CPU time per test file (docs/testing.md#where-the-cpu-goes), for `npm run test:cpu`: a setup file
// that Vitest runs in the worker before each test file, so the worker's own CPU and that of the
// children it has waited for (Linux /proc/self/stat: utime, stime, cutime, cstime) are read when the
// file starts (before its imports) and when it ends. Every server, CLI, Chromium and cluster a test
// starts is a child (or a grandchild reaped by one) that has exited by the file's end, so its CPU is
// the file's; but the worker's Chromium (test/helpers/chromium.ts) outlives the file, so the CPU its
// process tree spent meanwhile is read from the live processes and added. PostgreSQL's own server is
// not a child: its work is not counted, as /usr/bin/time does not count it for `npm test` either.
// Not part of `npm test` (TEST_CPU_REPORT unset).
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

const TICKS_PER_SECOND = 100;

/** This process's CPU seconds and its waited-for children's, from /proc/self/stat. */
function cpuSeconds(): { own: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The fields after the command's closing parenthesis: utime is the 12th, stime, cutime, cstime follow.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { own: (fields[11]! + fields[12]!) / TICKS_PER_SECOND, children: (fields[13]! + fields[14]!) / TICKS_PER_SECOND };
}

/** utime, stime, cutime, cstime of a process, or 0 once it is gone. */
function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return (fields[11]! + fields[12]! + fields[13]! + fields[14]!) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** The CPU seconds of this process's live descendants, each with the children it has reaped. */
function liveDescendantsSeconds(pid = process.pid): number {
  return childPids(pid).reduce((sum, child) => sum + processSeconds(child) + liveDescendantsSeconds(child), 0);
}

const report = process.env.TEST_CPU_REPORT;
if (report) {
  const started = cpuSeconds();
  const startedLive = liveDescendantsSeconds();
  const startedAt = performance.now();
  afterAll(() => {
    const ended = cpuSeconds();
    const endedLive = liveDescendantsSeconds();
    const file = expect.getState().testPath ?? 'unknown';
    const line = {
      file: file.slice(file.indexOf('/test/') + 1),
      project: process.env.TEST_DB ?? 'unit',
      // The worker: how many files each worker ran (and so how often modules were loaded again).
      pid: process.pid,
      ownSeconds: +(ended.own - started.own).toFixed(2),
      childrenSeconds: +(ended.children - started.children + endedLive - startedLive).toFixed(2),
      wallSeconds: +((performance.now() - startedAt) / 1000).toFixed(2),
    };
    appendFileSync(report, `${JSON.stringify(line)}\n`);
  });
}
