// The Grafana dashboard of the service, as code (Grafana's foundation SDK): `npm run dashboard` writes
// ops/grafana/dashboard.json from it; test/ops/dashboard.test.ts fails when the file is stale.
// Every expression is PromQL over what the service exports (src/observability/metrics.ts) and what
// ops/prometheus/rules.yml records; the service's scrape job is `pms` (docs/runbook.md#loading-the-rules).
import { DashboardBuilder, DatasourceVariableBuilder, RowBuilder, type Dashboard } from '@grafana/grafana-foundation-sdk/dashboard';
import { DataqueryBuilder } from '@grafana/grafana-foundation-sdk/prometheus';
import { PanelBuilder } from '@grafana/grafana-foundation-sdk/timeseries';

const DATASOURCE = { type: 'prometheus', uid: '${datasource}' };
const GROUPS = 'route="/v1/sessions/:sessionId/payment-method-groups"';

interface Query {
  expr: string;
  legend: string;
}
interface Panel {
  title: string;
  description: string;
  unit: string;
  queries: Query[];
}

/** The rows and their panels; exported so that the tests evaluate every expression against a real Prometheus. */
export const ROWS: { title: string; panels: Panel[] }[] = [
  {
    title: 'Storefront (group retrieval)',
    panels: [
      {
        title: 'Requests by status',
        description: 'GET /v1/sessions/{sessionId}/payment-method-groups answers per second, by status code.',
        unit: 'reqps',
        queries: [
          {
            expr: `sum by (status_code) (rate(http_request_duration_seconds_count{job="pms", ${GROUPS}}[$__rate_interval]))`,
            legend: '{{status_code}}',
          },
        ],
      },
      {
        title: 'Error ratio against the 99.95 % objective',
        description: 'Share of group retrievals answered with a 5xx (recording rules of ops/prometheus/rules.yml); the budget is 0.05 %.',
        unit: 'percentunit',
        queries: [
          { expr: 'pms:storefront_group_retrieval_errors:ratio_rate5m{job="pms"}', legend: '5 min' },
          { expr: 'pms:storefront_group_retrieval_errors:ratio_rate1h{job="pms"}', legend: '1 h' },
          { expr: 'vector(0.0005)', legend: 'budget (0.05 %)' },
        ],
      },
      {
        title: 'Latency percentiles',
        description: 'p50, p90 and p99 of group retrieval; the objective is a p99 at most 250 ms.',
        unit: 's',
        queries: [0.5, 0.9, 0.99].map((quantile) => ({
          expr: `histogram_quantile(${quantile}, sum by (le) (rate(http_request_duration_seconds_bucket{job="pms", ${GROUPS}}[$__rate_interval])))`,
          legend: `p${quantile * 100}`,
        })),
      },
      {
        title: 'Sessions created',
        description: 'Sessions created per second (201 answers, idempotent replays excluded).',
        unit: 'ops',
        queries: [{ expr: 'sum(rate(pms_sessions_created_total{job="pms"}[$__rate_interval]))', legend: 'created' }],
      },
      {
        title: 'Cache hit ratio',
        description: 'Share of cache lookups answered without the database, by cache.',
        unit: 'percentunit',
        queries: [
          {
            expr:
              'sum by (cache) (rate(pms_cache_lookups_total{job="pms", result="hit"}[$__rate_interval])) / ' +
              'sum by (cache) (rate(pms_cache_lookups_total{job="pms"}[$__rate_interval]))',
            legend: '{{cache}}',
          },
        ],
      },
    ],
  },
  {
    title: 'Dependencies',
    panels: [
      {
        title: 'Database reachable',
        description: '1 while the instance reaches its database (pms_database_up); 0 means /readyz answers 503.',
        unit: 'none',
        queries: [{ expr: 'pms_database_up{job="pms"}', legend: '{{instance}}' }],
      },
      {
        title: 'Database pool',
        description: 'PostgreSQL connections by state, and the pool size (DATABASE_POOL_SIZE).',
        unit: 'none',
        queries: [
          { expr: 'sum by (state) (pms_db_pool_connections{job="pms"})', legend: '{{state}}' },
          { expr: 'sum(pms_db_pool_max{job="pms"})', legend: 'max' },
        ],
      },
      {
        title: 'Database unavailable, by role',
        description:
          'Connection attempts and queries that found a database unavailable (refused, reset, shutting down, read-only after a failover, or refused at once for a second after such a failure): primary (DATABASE_URL), replica (DATABASE_REPLICA_URL). A failover shows as a burst on the primary.',
        unit: 'ops',
        queries: [{ expr: 'sum by (role) (rate(pms_db_unavailable_total{job="pms"}[$__rate_interval]))', legend: '{{role}}' }],
      },
      {
        title: 'Session reads by database',
        description:
          'Session lookups that missed the cache, by the database asked: the primary, or the replica (when the primary cannot answer, or first with DATABASE_READ_FROM_REPLICA=true).',
        unit: 'reqps',
        queries: [{ expr: 'sum by (target) (rate(pms_db_reads_total{job="pms"}[$__rate_interval]))', legend: '{{target}}' }],
      },
      {
        title: 'Replica lag',
        description:
          'How far the replica (DATABASE_REPLICA_URL) is behind as each instance sees it: the age of its last replayed transaction, 0 when it has replayed all it received. PmsDatabaseReplicaLagging above 30 s for 5 minutes.',
        unit: 's',
        queries: [{ expr: 'pms_db_replica_lag_seconds{job="pms"}', legend: '{{instance}}' }],
      },
      {
        title: 'Redis breaker (rate limits)',
        description:
          '1 while the instance counts rate limits in its own memory because Redis does not answer; limits then hold per instance, not across instances.',
        unit: 'none',
        queries: [
          { expr: 'pms_rate_limit_store_breaker_open{job="pms"}', legend: 'breaker open {{instance}}' },
          { expr: 'sum(rate(pms_rate_limit_store_errors_total{job="pms"}[$__rate_interval]))', legend: 'failed exchanges/s' },
        ],
      },
    ],
  },
  {
    title: 'Webhooks',
    panels: [
      {
        title: 'Webhook backlog',
        description: 'Age of the oldest due webhook event not yet delivered to every enabled endpoint (alert above 10 minutes).',
        unit: 's',
        queries: [{ expr: 'max(pms_webhook_oldest_pending_event_age_seconds{job="pms"})', legend: 'oldest due event' }],
      },
      {
        title: 'Webhook delivery outcomes',
        description: 'Delivery attempts per second by result: succeeded, retrying, failed (every retry spent).',
        unit: 'ops',
        queries: [
          { expr: 'sum by (result) (rate(pms_webhook_delivery_attempts_total{job="pms"}[$__rate_interval]))', legend: '{{result}}' },
        ],
      },
    ],
  },
  {
    title: 'Tokens',
    panels: [
      {
        title: 'Token issuance and refusals',
        description: 'Access tokens issued, and client authentications at the token endpoint by outcome.',
        unit: 'ops',
        queries: [
          { expr: 'sum(rate(pms_access_tokens_issued_total{job="pms"}[$__rate_interval]))', legend: 'issued' },
          { expr: 'sum by (outcome) (rate(pms_client_authentications_total{job="pms"}[$__rate_interval]))', legend: '{{outcome}}' },
          { expr: 'sum(rate(pms_key_derivations_total{job="pms", result="refused"}[$__rate_interval]))', legend: 'derivations refused' },
        ],
      },
    ],
  },
  {
    title: 'Process',
    panels: [
      {
        title: 'Process memory',
        description: 'Resident memory and V8 heap in use, by instance.',
        unit: 'bytes',
        queries: [
          { expr: 'process_resident_memory_bytes{job="pms"}', legend: 'resident {{instance}}' },
          { expr: 'nodejs_heap_size_used_bytes{job="pms"}', legend: 'heap used {{instance}}' },
        ],
      },
      {
        title: 'Event-loop lag',
        description: 'p99 of the event-loop delay, by instance.',
        unit: 's',
        queries: [{ expr: 'nodejs_eventloop_lag_p99_seconds{job="pms"}', legend: 'p99 {{instance}}' }],
      },
      {
        title: 'Log lines dropped and purge failures',
        description: 'Log lines dropped because the log reader fell behind, and failed session purge passes, over 10 minutes.',
        unit: 'none',
        queries: [
          { expr: 'sum by (instance) (increase(pms_log_lines_dropped_total{job="pms"}[10m]))', legend: 'log lines dropped {{instance}}' },
          { expr: 'sum by (instance) (increase(pms_session_purge_failures_total{job="pms"}[10m]))', legend: 'purge failures {{instance}}' },
        ],
      },
    ],
  },
];

export function buildDashboard(): Dashboard {
  const builder = new DashboardBuilder('Payment method sessions')
    .uid('pms-service')
    .tags(['pms', 'generated'])
    .description('Generated by ops/grafana/dashboard.ts (npm run dashboard); alerts and objectives: docs/runbook.md.')
    .refresh('30s')
    .time({ from: 'now-3h', to: 'now' })
    .timezone('browser')
    .withVariable(new DatasourceVariableBuilder('datasource').label('Prometheus').type('prometheus'));
  for (const row of ROWS) {
    builder.withRow(new RowBuilder(row.title));
    for (const panel of row.panels) {
      const built = new PanelBuilder()
        .title(panel.title)
        .description(panel.description)
        .unit(panel.unit)
        .datasource(DATASOURCE)
        .height(8)
        .span(8);
      for (const query of panel.queries)
        built.withTarget(new DataqueryBuilder().expr(query.expr).legendFormat(query.legend).datasource(DATASOURCE));
      builder.withPanel(built);
    }
  }
  return builder.build();
}

/** The file's text: stable (2-space JSON, a final newline) so that regenerating changes nothing. */
export function dashboardJson(): string {
  return `${JSON.stringify(buildDashboard(), null, 2)}\n`;
}
