// Debian's Prometheus for test/ops: promtool (the rules' unit tests) and a real server scraping real
// instances (the alerts under faults). Installed here when missing and possible; where it cannot be,
// prometheusUnavailable() says why, and CI (which installs it in .ci/run) fails instead of skipping.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { debianPackageUnavailable } from './debian-package.ts';
import { freePort } from './process.ts';

export const PROMTOOL = '/usr/bin/promtool';
const PROMETHEUS = '/usr/bin/prometheus';

/** Installs Debian's prometheus if it is missing; returns why it is unavailable, or undefined. */
export function prometheusUnavailable(): string | undefined {
  return debianPackageUnavailable('prometheus', 'Prometheus', () => existsSync(PROMTOOL) && existsSync(PROMETHEUS));
}

/** Whether a missing Prometheus fails the run (CI) rather than skipping its tests with a warning. */
export const prometheusRequired = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1';

export interface Alert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: 'pending' | 'firing';
}

export interface Prometheus {
  baseUrl: string;
  /** An instant query; throws with Prometheus's error when the expression does not evaluate. */
  query(expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  /** The alerts pending or firing now. */
  alerts(): Promise<Alert[]>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts Prometheus on a free port of 127.0.0.1, scraping `targets` (host:port) as job `pms` every
 * second and evaluating `rules` (the text of a rules file) every second, its database in a temporary folder.
 */
export async function startPrometheus({ targets, rules }: { targets: string[]; rules: string }): Promise<Prometheus> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pms-prometheus-'));
  const port = await freePort();
  await writeFile(path.join(dir, 'rules.yml'), rules);
  await writeFile(
    path.join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      '  evaluation_interval: 1s',
      'rule_files:',
      '  - rules.yml',
      'scrape_configs:',
      '  - job_name: pms',
      '    static_configs:',
      `      - targets: ${JSON.stringify(targets)}`,
      '',
    ].join('\n'),
  );
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const started = performance.now();
  for (;;) {
    const ready = await fetch(`${baseUrl}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || performance.now() - started > 30_000) {
      await stop();
      throw new Error(`Prometheus did not start:\n${output}`);
    }
    await sleep(100);
  }
  async function api<T>(pathAndQuery: string): Promise<T> {
    const response = await fetch(`${baseUrl}/api/v1/${pathAndQuery}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus: ${body.error ?? response.status} (${pathAndQuery})`);
    return body.data;
  }
  return {
    baseUrl,
    query: async (expr) =>
      (await api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(`query?query=${encodeURIComponent(expr)}`))
        .result,
    alerts: async () => (await api<{ alerts: Alert[] }>('alerts')).alerts,
    output: () => output,
    stop,
  };
}
