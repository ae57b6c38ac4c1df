// Server processes for the benchmark: the service (node dist/main.js) and the bare Fastify route,
// each a child process whose output goes to a log file, ready when its health URL answers.
import { execFileSync, spawn } from 'node:child_process';
import { openSync, closeSync, readFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Peak and current resident set of a process, in MB (Linux /proc; VmHWM is the peak since start). */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { peakRssMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  } catch {
    return { peakRssMb: NaN, rssMb: NaN };
  }
}

/**
 * `--pin` (bench/README.md#pinned-cores): the CPU every server started from now on is bound to, every
 * thread of it (taskset); undefined, the scheduler's choice.
 */
let serverCpu;
export function pinServersTo(cpu) {
  serverCpu = cpu;
}

/** Binds every thread of `pid` to `cpus` (a taskset list, `0` or `0-1`). */
export function pinProcess(pid, cpus) {
  execFileSync('taskset', ['-apc', String(cpus), String(pid)], { stdio: 'ignore' });
}

/** CPU time (user and system, every thread) a process has used, in seconds (Linux /proc; clock ticks of 1/100 s). */
export function cpuSecondsOf(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

async function waitUntilReady(url, child, logFile, timeoutMs) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not become ready; log ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
}

/**
 * A log reader slower than the lines: the child's standard output is a pipe this process reads at
 * most `bytesPerSecond` of (in 20 slices a second) into the log file `fd`, as a stalled log shipper
 * or a container runtime's busy pipe would. Returns the function that stops throttling; its promise
 * settles once the pipe has closed and `fd` with it.
 */
function throttledReader(stream, fd, bytesPerSecond) {
  stream.pause();
  const slice = Math.max(1, Math.round(bytesPerSecond / 20));
  const timer = setInterval(() => {
    let budget = slice;
    while (budget > 0) {
      // read(n) in paused mode: at most what is buffered; read(0) asks the pipe for more.
      const chunk = stream.read(Math.min(budget, stream.readableLength)) ?? stream.read(0);
      if (!chunk || chunk.length === 0) break;
      writeSync(fd, chunk);
      budget -= chunk.length;
    }
  }, 50);
  // Stops throttling: the rest goes to the file as it comes, until the pipe closes.
  return () => {
    clearInterval(timer);
    const ended = new Promise((resolve) => stream.once('close', resolve)).then(() => closeSync(fd));
    stream.on('data', (chunk) => writeSync(fd, chunk));
    stream.resume();
    return ended;
  };
}

/**
 * Spawns `node <script>` with `env` (plus PATH), waits until GET readyPath answers 2xx and returns
 * { pid, baseUrl, readyMs, stop() }. readyMs runs from spawn to the first 2xx. With
 * `logBytesPerSecond`, its standard output is read no faster than that (throttledReader).
 */
export async function startProcess({
  name,
  script,
  args = [],
  env,
  readyPath,
  logDir,
  nodeArgs = [],
  timeoutMs = 60_000,
  logBytesPerSecond,
}) {
  const port = Number(env.PORT ?? (await freePort()));
  const logFile = path.join(logDir, `${name}-${port}.log`);
  const fd = openSync(logFile, 'a');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: projectRoot,
    // No drain delay on SIGTERM (docs/operations.md#deploys): no load balancer watches a benchmark's processes.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', SHUTDOWN_DELAY_SECONDS: '0', ...env, PORT: String(port) },
    stdio: ['ignore', logBytesPerSecond ? 'pipe' : fd, fd],
  });
  if (serverCpu !== undefined) pinProcess(child.pid, serverCpu);
  // The child holds its own copy of the log file; ours goes now, or with the throttled reader.
  let stopReading = async () => {};
  if (logBytesPerSecond) stopReading = throttledReader(child.stdout, fd, logBytesPerSecond);
  else closeSync(fd);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${baseUrl}${readyPath}`, child, logFile, timeoutMs);
  const readyMs = performance.now() - spawnedAt;
  return {
    name,
    pid: child.pid,
    baseUrl,
    readyMs,
    logFile,
    memory: () => memoryOf(child.pid),
    cpuSeconds: () => cpuSecondsOf(child.pid),
    async stop() {
      // Read freely again: the process flushes what it still holds before it exits.
      const drained = stopReading();
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exited;
      clearTimeout(timer);
      await drained;
      return result;
    },
  };
}
