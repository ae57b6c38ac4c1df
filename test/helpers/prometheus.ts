// Debian's Prometheus (apt-get install prometheus: /usr/bin/prometheus and /usr/bin/promtool) for the tests of
// ops/prometheus/rules.yml and ops/grafana/dashboard.json (docs/runbook.md#how-the-rules-are-tested).
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'yaml';
import { projectRoot } from './app.ts';
import { freePort } from './process.ts';

export const PROMETHEUS = '/usr/bin/prometheus';
export const PROMTOOL = '/usr/bin/promtool';
export const RULES_FILE = path.join(projectRoot, 'ops/prometheus/rules.yml');
export const RULES_TEST_FILE = path.join(projectRoot, 'ops/prometheus/rules.test.yml');
export const DASHBOARD_FILE = path.join(projectRoot, 'ops/grafana/dashboard.json');

/** Why `binary` cannot run here, or undefined. On CI (CI=true, REQUIRE_POSTGRES=1) a missing one is a failure. */
export function prometheusUnavailable(binary: string): string | undefined {
  try {
    accessSync(binary, constants.X_OK);
    return undefined;
  } catch {
    const reason = `${binary} is not installed (apt-get install prometheus)`;
    if (process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1') throw new Error(`${reason}: .ci/run installs it`);
    process.stderr.write(`\nWARNING: SKIPPED the tests that need Prometheus: ${reason}\n\n`);
    return reason;
  }
}

export interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export async function readRules(file = RULES_FILE): Promise<Rule[]> {
  const document = parse(await readFile(file, 'utf8')) as { groups: Array<{ rules: Rule[] }> };
  return document.groups.flatMap((group) => group.rules);
}

/** Every Prometheus query of the dashboard's panels. */
export async function dashboardQueries(): Promise<Array<{ panel: string; expr: string }>> {
  const dashboard = JSON.parse(await readFile(DASHBOARD_FILE, 'utf8')) as {
    panels: Array<{ title: string; targets?: Array<{ expr?: string }> }>;
  };
  return dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).flatMap((target) => (target.expr ? [{ panel: panel.title, expr: target.expr }] : [])),
  );
}

export interface PrometheusServer {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** GET /api/v1/<path> with `params`; throws unless the answer's status is success. */
  api<T>(apiPath: string, params?: Record<string, string>): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Starts Prometheus on a free port of 127.0.0.1, its storage in a temporary folder, scraping `targets` (job pms)
 * and evaluating `rulesText` every `intervalSeconds`.
 */
export async function startPrometheus(options: {
  targets: string[];
  rulesText: string;
  intervalSeconds: number;
}): Promise<PrometheusServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pms-prometheus-'));
  const interval = `${options.intervalSeconds}s`;
  await writeFile(path.join(dir, 'rules.yml'), options.rulesText);
  await writeFile(
    path.join(dir, 'prometheus.yml'),
    [
      'global:',
      `  scrape_interval: ${interval}`,
      `  evaluation_interval: ${interval}`,
      `  scrape_timeout: ${interval}`,
      'rule_files: [rules.yml]',
      'scrape_configs:',
      '  - job_name: pms',
      '    static_configs:',
      `      - targets: [${options.targets.map((t) => `'${t}'`).join(', ')}]`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
    await rm(dir, { recursive: true, force: true });
  };
  const started = performance.now();
  for (;;) {
    const ready = await fetch(`${baseUrl}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || performance.now() - started > 30_000) {
      await stop();
      throw new Error(`Prometheus did not start:\n${output}`);
    }
    await sleep(100);
  }
  return {
    baseUrl,
    child,
    output: () => output,
    api: async <T>(apiPath: string, params: Record<string, string> = {}) => {
      const response = await fetch(`${baseUrl}/api/v1/${apiPath}?${new URLSearchParams(params).toString()}`);
      const body = (await response.json()) as { status: string; data: T; error?: string };
      if (body.status !== 'success') throw new Error(`${apiPath} ${JSON.stringify(params)}: ${body.error ?? response.status}`);
      return body.data;
    },
    stop,
  };
}
