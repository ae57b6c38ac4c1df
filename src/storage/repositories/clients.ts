import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { upsertOutcome, type WriteResult } from './write-result.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ClientRecord {
  clientId: string;
  merchantId: string;
  /** scrypt hash from auth/secrets.ts; never the secret itself. */
  secretHash: string;
  scopes: string[];
}

export class ClientsRepository {
  constructor(private readonly db: Db) {}

  async findById(clientId: string): Promise<ClientRecord | undefined> {
    const row = await this.db
      .selectFrom('clients')
      .select(['client_id', 'merchant_id', 'secret_hash', 'scopes'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row && { clientId: row.client_id, merchantId: row.merchant_id, secretHash: row.secret_hash, scopes: row.scopes };
  }

  /** Inserts or updates; a row that already holds these values is left untouched (updated_at too). */
  async upsert(client: ClientRecord): Promise<WriteResult> {
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

  /** True when a client was deleted. Its tokens stop verifying (token-verifier.ts looks it up). */
  async delete(clientId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('clients').where('client_id', '=', clientId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
