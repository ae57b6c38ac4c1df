// A Redis server of one's own (Debian's redis-server), for the benchmark's Redis fault scenarios and
// the frozen-Redis test (test/operations/rate-limit.test.ts imports it). Faults are real: frozen is
// the process stopped with SIGSTOP (connections open, no answer, as in a failover or a partition),
// refusing is the process gone (connections refused until it is started again on the same port).
import { execFileSync, spawn } from 'node:child_process';
import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './processes.mjs';

/** True when redis-server is installed. */
export function redisServerInstalled() {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Resolves once a PING on `port` is answered with PONG (10 s at most). */
async function answering(port) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pong = await new Promise((resolve) => {
      const socket = new Socket();
      socket.setTimeout(500, () => resolve(socket.destroy() && false));
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
    if (pong) return;
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer`);
    await sleep(50);
  }
}

/**
 * Starts redis-server on a free port (no persistence). Returns { url, freeze(), thaw(), stop(),
 * start() }: stop() ends the process (refused connections), start() brings it back on the same port.
 */
export async function startRedis() {
  const port = await freePort();
  let child;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await answering(port);
  };
  await start();
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    start,
    stop: async () => {
      if (!running()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
