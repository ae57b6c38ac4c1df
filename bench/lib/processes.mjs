// Server processes for the benchmark: the service (node dist/main.js) and the bare Fastify route,
// each a child process whose output goes to a log file, ready when its health URL answers.
import { spawn } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
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
 * Spawns `node <script>` with `env` (plus PATH), waits until GET readyPath answers 2xx and returns
 * { pid, baseUrl, readyMs, stop() }. readyMs runs from spawn to the first 2xx.
 */
export async function startProcess({ name, script, args = [], env, readyPath, logDir, nodeArgs = [], timeoutMs = 60_000 }) {
  const port = Number(env.PORT ?? (await freePort()));
  const logFile = path.join(logDir, `${name}-${port}.log`);
  const fd = openSync(logFile, 'a');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: projectRoot,
    // No drain delay on SIGTERM (README.md#deploys): no load balancer watches a benchmark's processes.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', SHUTDOWN_DELAY_SECONDS: '0', ...env, PORT: String(port) },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
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
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}
