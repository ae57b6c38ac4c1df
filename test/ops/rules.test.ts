// The Prometheus rules (ops/prometheus/rules.yml): valid for Debian's promtool, their unit tests
// (ops/prometheus/rules.test.yml: every alert fires on its fault and stays silent on a healthy
// instance) pass, and every runbook link lands on a section of docs/runbook.md. Run once, in the
// PGlite project (no database involved); without promtool: skipped with a warning, a failure on CI.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/app.ts';
import { testDatabaseKind } from '../helpers/database.ts';
import { PROMTOOL, prometheusRequired, prometheusUnavailable } from '../helpers/prometheus.ts';

const once = testDatabaseKind === 'pglite';
const unavailable = once ? prometheusUnavailable() : undefined;
if (unavailable && prometheusRequired) throw new Error(`${unavailable}: .ci/run installs it (apt-get install prometheus)`);
if (unavailable) process.stderr.write(`\nWARNING: the Prometheus rules' tests are skipped: ${unavailable}\n\n`);

const RULES = path.join(projectRoot, 'ops/prometheus/rules.yml');

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
}

function promtool(...args: string[]): string {
  try {
    return execFileSync(PROMTOOL, args, { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`promtool ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

describe.skipIf(!once || unavailable !== undefined)('Prometheus rules', () => {
  it('are valid (promtool check rules)', () => {
    expect(promtool('check', 'rules', RULES)).toMatch(/SUCCESS/);
  });

  it('fire on their faults and stay silent on a healthy instance (promtool test rules)', () => {
    expect(promtool('test', 'rules', path.join(projectRoot, 'ops/prometheus/rules.test.yml'))).toMatch(/SUCCESS/);
  });

  it('name the alerts the runbook explains, each with a severity, a summary and a runbook link to its section', () => {
    const rules = readFileSync(RULES, 'utf8');
    const runbook = readFileSync(path.join(projectRoot, 'docs/runbook.md'), 'utf8');
    const sections = new Set([...runbook.matchAll(/^#{2,4} (.+)$/gm)].map((match) => anchor(match[1]!)));
    const alerts = rules.split(/^ {6}- alert: /m).slice(1);
    const names = new Set(alerts.map((text) => text.split('\n')[0]!.trim()));
    expect([...names].sort()).toEqual(
      [
        'PmsDatabaseReplicaLagging',
        'PmsDatabaseUnavailable',
        'PmsInstanceDown',
        'PmsLogLinesDropped',
        'PmsRateLimitStoreDown',
        'PmsSessionPurgeFailing',
        'PmsStorefrontErrorBudgetBurn',
        'PmsStorefrontLatency',
        'PmsWebhookBacklog',
      ].sort(),
    );
    for (const text of alerts) {
      const name = text.split('\n')[0]!.trim();
      expect(text, name).toMatch(/^ {10}severity: (page|ticket)$/m);
      expect(text, name).toMatch(/^ {10}summary: \S/m);
      const link = /^ {10}runbook_url: docs\/runbook\.md#(\S+)$/m.exec(text)?.[1];
      expect(link, name).toBe(name.toLowerCase());
      expect(sections.has(link!), `docs/runbook.md has no section #${link}`).toBe(true);
    }
  });
});
