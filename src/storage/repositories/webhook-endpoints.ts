// Webhook endpoints' rows (services/webhooks/endpoints.ts). Secrets are read only by the dispatcher
// and by the writes that show them once; the summaries the admin API lists carry none.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface WebhookEndpoint {
  id: string;
  merchantId: string;
  url: string;
  description: string;
  enabled: boolean;
}

function endpointOf(row: { id: string; merchant_id: string; url: string; description: string; enabled: boolean }): WebhookEndpoint {
  return { id: row.id, merchantId: row.merchant_id, url: row.url, description: row.description, enabled: row.enabled };
}

const COLUMNS = ['id', 'merchant_id', 'url', 'description', 'enabled'] as const;

export class WebhookEndpointsRepository {
  constructor(private readonly db: Db) {}

  async list(filter: {
    merchantId?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<{ endpoints: WebhookEndpoint[]; totalElements: number }> {
    let query = this.db.selectFrom('webhook_endpoints');
    if (filter.merchantId !== undefined) query = query.where('merchant_id', '=', filter.merchantId);
    const [rows, count] = await Promise.all([
      query.select(COLUMNS).orderBy('merchant_id').orderBy('created_at').orderBy('id').limit(filter.limit).offset(filter.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { endpoints: rows.map(endpointOf), totalElements: Number(count.n) };
  }

  async findById(id: string): Promise<WebhookEndpoint | undefined> {
    const row = await this.db.selectFrom('webhook_endpoints').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && endpointOf(row);
  }

  async insert(endpoint: WebhookEndpoint, secret: string): Promise<void> {
    await this.db
      .insertInto('webhook_endpoints')
      .values({
        id: endpoint.id,
        merchant_id: endpoint.merchantId,
        url: endpoint.url,
        description: endpoint.description,
        enabled: endpoint.enabled,
        secret,
      })
      .execute();
  }

  /** True when a row changed (nothing is written when every field is as stored). */
  async update(endpoint: WebhookEndpoint): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({
        merchant_id: endpoint.merchantId,
        url: endpoint.url,
        description: endpoint.description,
        enabled: endpoint.enabled,
        updated_at: sql`now()`,
      })
      .where('id', '=', endpoint.id)
      .where(
        sql<boolean>`(merchant_id, url, description, enabled) is distinct from
          (${endpoint.merchantId}::text, ${endpoint.url}::text, ${endpoint.description}::text, ${endpoint.enabled}::boolean)`,
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The new secret signs from now on; the one it replaces keeps signing beside it for `overlapSeconds`. */
  async rotateSecret(id: string, secret: string, overlapSeconds: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({
        previous_secret: sql`secret`,
        previous_secret_expires_at: sql`now() + make_interval(secs => ${overlapSeconds})`,
        secret,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
