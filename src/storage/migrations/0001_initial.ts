import { sql, type Kysely } from 'kysely';

// Amounts: NUMERIC(20,2) holds any purchase limit or fee to the cent, exactly. Annuity factors and
// interest rates need more places; NUMERIC(20,12) keeps twelve.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('merchants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('stores')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('bundle_title', 'text', (c) => c.notNull())
    .addColumn('minimum_invoice_amount', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('stores_merchant_id_idx').on('stores').column('merchant_id').execute();

  await db.schema
    .createTable('clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id').onDelete('restrict'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('clients_merchant_id_idx').on('clients').column('merchant_id').execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('store_id', 'uuid', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('min_purchase_limit', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('max_purchase_limit', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('min_application_limit', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('max_application_limit', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('enabled_for_legal_customer', 'boolean', (c) => c.notNull())
    .addColumn('enabled_for_natural_customer', 'boolean', (c) => c.notNull())
    .addColumn('is_campaign', 'boolean', (c) => c.notNull())
    .addColumn('campaign_keywords', sql`text[]`, (c) => c.notNull())
    .addColumn('price_signage_possible', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('payment_methods_purchase_limits', sql`min_purchase_limit <= max_purchase_limit`)
    .execute();
  // Display order of a store, read by the listing and by group retrieval. Names compare byte-wise
  // (COLLATE "C") so the order is the same on every server whatever its locale.
  await sql`create index payment_methods_display_order_idx
    on payment_methods (store_id, sort_order, name collate "C", id)`.execute(db);

  await db.schema
    .createTable('payment_method_plans')
    .addColumn('payment_method_id', 'uuid', (c) => c.notNull().references('payment_methods.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('duration_months', 'integer', (c) => c.notNull())
    .addColumn('annuity_factor', sql`numeric(20,12)`, (c) => c.notNull())
    .addColumn('administration_fee', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('setup_fee', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('interest', sql`numeric(20,12)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_method_plans_pk', ['payment_method_id', 'position'])
    .execute();

  await db.schema
    .createTable('payment_method_legal_links')
    .addColumn('payment_method_id', 'uuid', (c) => c.notNull().references('payment_methods.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('append_amount', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_method_legal_links_pk', ['payment_method_id', 'position'])
    .execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();

  // Sessions reference their store by id only: deleting a store must not break (or cascade into)
  // sessions already handed to storefronts; they then simply find nothing eligible.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('campaign', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The purge job walks expired sessions oldest first.
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sessions',
    'signing_keys',
    'payment_method_legal_links',
    'payment_method_plans',
    'payment_methods',
    'clients',
    'stores',
    'merchants',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
