import { sql, type Kysely, type Transaction } from 'kysely';
import type { Client } from '../../domain/catalog.ts';
import type { Database } from '../schema.ts';
import { upsertOutcome, type WriteResult } from './write-result.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A client without its secret hash: what the admin API shows. */
export type ClientSummary = Omit<Client, 'secretHash'>;

export class ClientsRepository {
  constructor(private readonly db: Db) {}

  async findById(clientId: string): Promise<Client | undefined> {
    // PostgreSQL text cannot hold NUL: no client has such an id, and the query would fail (a 500).
    if (clientId.includes('\u0000')) return undefined;
    const row = await this.db
      .selectFrom('clients')
      .select(['client_id', 'merchant_id', 'secret_hash', 'scopes'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row && { clientId: row.client_id, merchantId: row.merchant_id, secretHash: row.secret_hash, scopes: row.scopes };
  }

  /** Inserts or updates; a row that already holds these values is left untouched (updated_at too). */
  async upsert(client: Client): Promise<WriteResult> {
    const row = await this.db
      .insertInto('clients')
      .values({
        client_id: client.clientId,
        merchant_id: client.merchantId,
        secret_hash: client.secretHash,
        scopes: client.scopes,
      })
      .onConflict((oc) =>
        oc
          .column('client_id')
          .doUpdateSet({
            merchant_id: (eb) => eb.ref('excluded.merchant_id'),
            secret_hash: (eb) => eb.ref('excluded.secret_hash'),
            scopes: (eb) => eb.ref('excluded.scopes'),
            updated_at: sql`now()`,
          })
          .where((eb) =>
            eb.or([
              eb('clients.merchant_id', 'is distinct from', eb.ref('excluded.merchant_id')),
              eb('clients.secret_hash', 'is distinct from', eb.ref('excluded.secret_hash')),
              eb('clients.scopes', 'is distinct from', eb.ref('excluded.scopes')),
            ]),
          ),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirst();
    return upsertOutcome(row);
  }

  /** One page of clients (admin API), optionally of one merchant, ordered by id; never the secret hash. */
  async list(options: {
    merchantId?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<{ clients: ClientSummary[]; totalElements: number }> {
    let filtered = this.db.selectFrom('clients');
    if (options.merchantId !== undefined) filtered = filtered.where('merchant_id', '=', options.merchantId);
    const [rows, count] = await Promise.all([
      filtered
        .select(['client_id', 'merchant_id', 'scopes'])
        .orderBy(sql`client_id collate "C"`)
        .limit(options.limit)
        .offset(options.offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      clients: rows.map((r) => ({ clientId: r.client_id, merchantId: r.merchant_id, scopes: r.scopes })),
      totalElements: Number(count.total),
    };
  }

  /** Replaces a client's secret hash; false for an unknown client. */
  async setSecretHash(clientId: string, secretHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('clients')
      .set({ secret_hash: secretHash, updated_at: sql`now()` })
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** True when a client was deleted. Its tokens stop verifying (token-verifier.ts looks it up). */
  async delete(clientId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('clients').where('client_id', '=', clientId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
