// The service's Grafana dashboard, as code (@grafana/grafana-foundation-sdk): `npm run dashboard` writes
// ops/grafana/dashboard.json from it, and test/house/ops.test.ts checks that regenerating changes nothing and
// (test/ops/alerts.postgres.test.ts) that every query evaluates on a Prometheus scraping a real instance.
// Queries read the metrics of docs/operations.md#metrics and the recording rules of ops/prometheus/rules.yml.
import {
  DashboardBuilder,
  DatasourceVariableBuilder,
  QueryVariableBuilder,
  RowBuilder,
  VariableRefresh,
} from '@grafana/grafana-foundation-sdk/dashboard';
import type { Dashboard } from '@grafana/grafana-foundation-sdk/dashboard';
import { DataqueryBuilder } from '@grafana/grafana-foundation-sdk/prometheus';
import { PanelBuilder as TimeseriesPanel } from '@grafana/grafana-foundation-sdk/timeseries';

/** Group retrieval, the storefront's hot path: the route template of the duration histogram. */
export const STOREFRONT_ROUTE = '/v1/sessions/:sessionId/payment-method-groups';

const datasource = { type: 'prometheus', uid: '${datasource}' };
const job = 'job=~"$job"';
const storefront = `${job},route="${STOREFRONT_ROUTE}"`;

interface Query {
  expr: string;
  legend: string;
}

/** A time series panel, `width` of 24 columns wide, with one query per line drawn. */
function panel(title: string, description: string, unit: string, queries: Query[], width = 12): TimeseriesPanel {
  const builder = new TimeseriesPanel()
    .title(title)
    .description(description)
    .datasource(datasource)
    .unit(unit)
    .min(0)
    .height(8)
    .span(width);
  queries.forEach(({ expr, legend }, index) =>
    builder.withTarget(
      new DataqueryBuilder()
        .expr(expr)
        .legendFormat(legend)
        .refId(String.fromCharCode(65 + index)),
    ),
  );
  return builder;
}

export function buildDashboard(): Dashboard {
  return new DashboardBuilder('Payment method sessions')
    .uid('pms-overview')
    .description('The storefront, its dependencies (PostgreSQL, Redis), webhooks, tokens and the process: docs/runbook.md')
    .tags(['pms'])
    .editable()
    .refresh('30s')
    .time({ from: 'now-3h', to: 'now' })
    .timezone('browser')
    .withVariable(new DatasourceVariableBuilder('datasource').label('Data source').type('prometheus'))
    .withVariable(
      new QueryVariableBuilder('job')
        .label('Job')
        .datasource(datasource)
        .query('label_values(pms_sessions_created_total, job)')
        .refresh(VariableRefresh.OnTimeRangeChanged)
        .multi(true)
        .includeAll(true)
        .allValue('.+'),
    )

    .withRow(new RowBuilder('Storefront: group retrieval'))
    .withPanel(
      panel('Requests by status', 'Group retrieval answers a second, all instances.', 'reqps', [
        {
          expr: `sum by (status_code) (rate(http_request_duration_seconds_count{${storefront}}[$__rate_interval]))`,
          legend: '{{status_code}}',
        },
      ]),
    )
    .withPanel(
      panel(
        'Errors: 5xx ratio and burn windows',
        'Share of group retrievals answered 5xx (recording rules); the objective is 99.95 % available, a ratio of 0.0005.',
        'percentunit',
        [
          { expr: `pms:storefront_errors:ratio_rate5m{${job}}`, legend: '5 min {{job}}' },
          { expr: `pms:storefront_errors:ratio_rate1h{${job}}`, legend: '1 h {{job}}' },
          { expr: `pms:storefront_errors:ratio_rate6h{${job}}`, legend: '6 h {{job}}' },
          { expr: '0.0005', legend: 'objective (0.05 %)' },
        ],
      ),
    )
    .withPanel(
      panel(
        'Latency percentiles',
        'Group retrieval, all instances; the objective is a p99 within 250 ms.',
        's',
        [0.5, 0.9, 0.99].map((q) => ({
          expr: `histogram_quantile(${q}, sum by (le) (rate(http_request_duration_seconds_bucket{${storefront}}[$__rate_interval])))`,
          legend: `p${q * 100}`,
        })),
      ),
    )
    .withPanel(
      panel('Error responses by code', 'Every error answered by the service, by its code (src/errors.ts).', 'reqps', [
        { expr: `sum by (code) (rate(pms_errors_total{${job}}[$__rate_interval]))`, legend: '{{code}}' },
      ]),
    )
    .withPanel(
      panel('Session creations', 'Sessions created a second (replays of an Idempotency-Key not counted).', 'ops', [
        { expr: `sum(rate(pms_sessions_created_total{${job}}[$__rate_interval]))`, legend: 'created' },
      ]),
    )
    .withPanel(
      panel('Cache hit ratio', 'Per cache: a miss is a database query (for verified_token, a signature verification).', 'percentunit', [
        {
          expr:
            `sum by (cache) (rate(pms_cache_lookups_total{${job},result="hit"}[$__rate_interval]))` +
            ` / sum by (cache) (rate(pms_cache_lookups_total{${job}}[$__rate_interval]))`,
          legend: '{{cache}}',
        },
      ]),
    )

    .withRow(new RowBuilder('Dependencies: PostgreSQL and Redis'))
    .withPanel(
      panel(
        'Database reachable',
        '1 while the database answers the instance (pms_database_up), 0 while requests needing it answer 503.',
        'none',
        [{ expr: `pms_database_up{${job}}`, legend: '{{instance}}' }],
        8,
      ),
    )
    .withPanel(
      panel(
        'Database pool',
        'Connections of all instances by state; waiting above 0 for long: the pool or the database is the bottleneck.',
        'none',
        [
          { expr: `sum by (state) (pms_db_pool_connections{${job}})`, legend: '{{state}}' },
          { expr: `sum(pms_db_pool_max{${job}})`, legend: 'max' },
        ],
        8,
      ),
    )
    .withPanel(
      panel(
        'Redis: rate-limit breaker',
        '1 while an instance counts the rate limits in its own memory because Redis does not answer; requests let through unchecked a second.',
        'none',
        [
          { expr: `pms_rate_limit_store_breaker_open{${job}}`, legend: 'breaker open {{instance}}' },
          { expr: `sum(rate(pms_rate_limit_store_errors_total{${job}}[$__rate_interval]))`, legend: 'store errors /s' },
        ],
        8,
      ),
    )

    .withRow(new RowBuilder('Webhooks'))
    .withPanel(
      panel('Backlog: oldest due event', 'Age of the oldest webhook event due and not yet delivered (the alert: 10 minutes).', 's', [
        { expr: `max(pms_webhook_oldest_pending_event_age_seconds{${job}})`, legend: 'oldest due' },
      ]),
    )
    .withPanel(
      panel('Delivery attempts by result', 'succeeded, retrying (another attempt scheduled), failed (every retry spent).', 'ops', [
        { expr: `sum by (result) (rate(pms_webhook_delivery_attempts_total{${job}}[$__rate_interval]))`, legend: '{{result}}' },
      ]),
    )

    .withRow(new RowBuilder('Tokens'))
    .withPanel(
      panel('Tokens issued', 'Access tokens issued by POST /oauth2/token.', 'ops', [
        { expr: `sum(rate(pms_access_tokens_issued_total{${job}}[$__rate_interval]))`, legend: 'issued' },
      ]),
    )
    .withPanel(
      panel(
        'Token refusals',
        'Client authentications refused, by outcome (throttled and busy growing: someone is guessing), and key derivations refused.',
        'ops',
        [
          {
            expr: `sum by (outcome) (rate(pms_client_authentications_total{${job},outcome=~"wrong_secret|unknown_client|throttled|busy"}[$__rate_interval]))`,
            legend: '{{outcome}}',
          },
          { expr: `sum(rate(pms_key_derivations_total{${job},result="refused"}[$__rate_interval]))`, legend: 'derivations refused' },
        ],
      ),
    )

    .withRow(new RowBuilder('Process'))
    .withPanel(
      panel(
        'Memory',
        'Resident set and V8 heap used, per instance.',
        'bytes',
        [
          { expr: `process_resident_memory_bytes{${job}}`, legend: 'RSS {{instance}}' },
          { expr: `nodejs_heap_size_used_bytes{${job}}`, legend: 'heap used {{instance}}' },
        ],
        8,
      ),
    )
    .withPanel(
      panel(
        'Event-loop lag',
        "Node's event-loop delay, per instance: a busy or blocked loop delays every request.",
        's',
        [
          { expr: `nodejs_eventloop_lag_p99_seconds{${job}}`, legend: 'p99 {{instance}}' },
          { expr: `nodejs_eventloop_lag_mean_seconds{${job}}`, legend: 'mean {{instance}}' },
        ],
        8,
      ),
    )
    .withPanel(
      panel(
        'Background faults',
        'Failed session purge passes and log lines dropped (each has an alert).',
        'none',
        [
          {
            expr: `sum by (instance) (increase(pms_session_purge_failures_total{${job}}[$__rate_interval]))`,
            legend: 'purge failures {{instance}}',
          },
          {
            expr: `sum by (instance) (increase(pms_log_lines_dropped_total{${job}}[$__rate_interval]))`,
            legend: 'log lines dropped {{instance}}',
          },
        ],
        8,
      ),
    )
    .build();
}

/** dashboard.json's text: what `npm run dashboard` writes and the test compares. */
export function dashboardJson(): string {
  return `${JSON.stringify(buildDashboard(), null, 2)}\n`;
}
