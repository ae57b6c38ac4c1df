// The operations artefacts: ops/prometheus/rules.yml passes `promtool check rules` and its unit tests
// (ops/prometheus/rules.test.yml: every alert fires on its fault and stays silent on a healthy instance),
// every alert carries what docs/runbook.md promises, and ops/grafana/dashboard.json is what its code writes.
// Needs Debian's promtool: skipped with a warning where it is missing, a failure on CI.
// (The rules against a real Prometheus scraping a real instance: test/ops/alerts.postgres.test.ts.)
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { dashboardJson } from '../../ops/grafana/dashboard.ts';
import { projectRoot } from '../helpers/app.ts';
import {
  DASHBOARD_FILE,
  PROMTOOL,
  RULES_FILE,
  RULES_TEST_FILE,
  dashboardQueries,
  prometheusUnavailable,
  readRules,
} from '../helpers/prometheus.ts';

const run = promisify(execFile);
const promtoolMissing = prometheusUnavailable(PROMTOOL);

/** The alerts the runbook documents, each with its section. */
const ALERTS = [
  'PmsStorefrontErrorBudgetBurn',
  'PmsStorefrontLatency',
  'PmsDatabaseUnavailable',
  'PmsRateLimitStoreDown',
  'PmsWebhookBacklog',
  'PmsInstanceDown',
  'PmsSessionPurgeFailing',
  'PmsLogLinesDropped',
];

describe.skipIf(promtoolMissing !== undefined)('ops/prometheus/rules.yml under promtool', () => {
  it('passes promtool check rules', async () => {
    const { stdout } = await run(PROMTOOL, ['check', 'rules', RULES_FILE]);
    expect(stdout).toContain('SUCCESS');
  });

  it('passes its unit tests (promtool test rules)', async () => {
    const result = await run(PROMTOOL, ['test', 'rules', RULES_TEST_FILE]).catch((error: { stdout: string; stderr: string }) => error);
    expect(`${result.stdout}${result.stderr}`).toMatch(/SUCCESS/);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/FAILED/);
  });
});

describe('the alerts', () => {
  it('are the runbook’s, each with a severity, a summary and a runbook_url into its section', async () => {
    const runbook = await readFile(path.join(projectRoot, 'docs/runbook.md'), 'utf8');
    // GitHub's anchors of "## Name" headings: lower case.
    const anchors = new Set(
      [...runbook.matchAll(/^#{2,3} (.+)$/gm)].map((m) =>
        m[1]!
          .trim()
          .toLowerCase()
          .replace(/[^\w\- ]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    const alerts = (await readRules()).filter((rule) => rule.alert);
    expect([...new Set(alerts.map((rule) => rule.alert))]).toEqual(ALERTS);
    for (const rule of alerts) {
      expect(rule.labels?.severity, rule.alert).toMatch(/^(page|ticket)$/);
      expect(rule.annotations?.summary, rule.alert).toEqual(expect.any(String));
      const url = rule.annotations?.runbook_url ?? '';
      expect(url, rule.alert).toBe(`docs/runbook.md#${rule.alert!.toLowerCase()}`);
      expect(anchors.has(url.split('#')[1]!), `docs/runbook.md has no section ${url}`).toBe(true);
    }
  });

  it('every test of rules.test.yml names an alert of rules.yml', async () => {
    const tested = new Set([...(await readFile(RULES_TEST_FILE, 'utf8')).matchAll(/alertname: (\w+)/g)].map((m) => m[1]));
    expect([...tested].toSorted()).toEqual(ALERTS.toSorted());
  });
});

describe('ops/grafana/dashboard.json', () => {
  it('is current: regenerating it changes nothing', async () => {
    const committed = await readFile(DASHBOARD_FILE, 'utf8').catch(() => '');
    expect(committed, 'ops/grafana/dashboard.json is stale: run npm run dashboard').toBe(dashboardJson());
  });

  it('shows what operating the service needs', async () => {
    const queries = (await dashboardQueries()).map((q) => q.expr).join('\n');
    for (const metric of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'pms:storefront_errors:ratio_rate5m',
      'pms_sessions_created_total',
      'pms_cache_lookups_total',
      'pms_database_up',
      'pms_db_pool_connections',
      'pms_rate_limit_store_breaker_open',
      'pms_webhook_oldest_pending_event_age_seconds',
      'pms_webhook_delivery_attempts_total',
      'pms_access_tokens_issued_total',
      'pms_client_authentications_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(queries, metric).toContain(metric);
    }
  });
});
