// Table types for Kysely. Amount columns are NUMERIC and arrive as strings (both drivers):
// they are parsed into exact decimals by the repositories, never into floats.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<string, string, string>;
/** JSONB translations (domain/catalog.ts, Translations): written as JSON text, read as the parsed value (both drivers). */
type TranslationsColumn = ColumnType<Record<string, Record<string, string>>, string | undefined, string>;

export interface MerchantsTable {
  id: string;
  name: string;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface StoresTable {
  id: string;
  merchant_id: string;
  name: string;
  currency: string;
  bundle_title: string;
  minimum_invoice_amount: Numeric;
  country_code: ColumnType<string, string | undefined, string>;
  /** Left out (or null) on insert: a trigger assigns the next free number. */
  national_store_id: ColumnType<number, number | null | undefined, number>;
  organization_number: string | null;
  translations: TranslationsColumn;
  /** migrations/0013_credit_warning.ts: null gives the language's default, '' none. */
  credit_warning: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface ClientsTable {
  client_id: string;
  merchant_id: string;
  secret_hash: string;
  scopes: string[];
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface PaymentMethodsTable {
  id: string;
  store_id: string;
  sort_order: number;
  name: string;
  description: string;
  type: string;
  min_purchase_limit: Numeric;
  max_purchase_limit: Numeric;
  min_application_limit: Numeric;
  max_application_limit: Numeric;
  enabled_for_legal_customer: boolean;
  enabled_for_natural_customer: boolean;
  is_campaign: boolean;
  campaign_keywords: string[];
  price_signage_possible: boolean;
  translations: TranslationsColumn;
  active_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
  active_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Kinds of goods (domain/order-rules.ts, PRODUCT_TYPES); '{}': none. */
  excluded_product_types: ColumnType<string[], string[] | undefined, string[]>;
  /** ISO 3166-1 alpha-2 codes; null: the store's country alone. */
  countries: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface PaymentMethodPlansTable {
  payment_method_id: string;
  position: number;
  name: string;
  duration_months: number;
  annuity_factor: Numeric;
  administration_fee: Numeric;
  setup_fee: Numeric;
  interest: Numeric;
  description: ColumnType<string, string | undefined, string>;
  translations: TranslationsColumn;
}

export interface PaymentMethodLegalLinksTable {
  payment_method_id: string;
  position: number;
  url: string;
  type: string;
  append_amount: boolean;
  /** ISO 639-1; null: the default of the store's country. */
  language: string | null;
}

export interface SigningKeysTable {
  kid: string;
  algorithm: string;
  public_jwk: ColumnType<Record<string, unknown>, string, string>;
  private_jwk: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
  /** When set, the key no longer signs; it still verifies until every token it signed has expired. */
  retired_at: Date | null;
}

export interface SessionsTable {
  id: string;
  store_id: string;
  campaign: string | null;
  /** The session's `locale` as sent (docs/languages.md); null without one. */
  locale: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  /**
   * The order's rules and the session's own lifetime (migrations/0015_session_rules.ts): written as
   * JSON text, read as the parsed value (both drivers); null without them (and for every session an
   * older release made).
   */
  rules: ColumnType<StoredSessionRules | null, string | null | undefined, string | null>;
}

/** The `rules` column of a session, as repositories/sessions.ts writes it. */
export interface StoredSessionRules {
  allowedPaymentMethods?: string[];
  blockedPaymentMethods?: string[];
  productTypes?: string[];
  country?: string;
  customerType?: string;
  ttlSeconds?: number;
}

/** An idempotency key of session creation (migrations/0005_session_idempotency_keys.ts). */
export interface SessionIdempotencyKeysTable {
  client_id: string;
  key: string;
  fingerprint: string;
  /** Null while the request that claimed the key is in flight. */
  session_id: string | null;
  created_at: Timestamp;
}

/** INT8: a string from PostgreSQL; compared in SQL only. */
type Int8 = ColumnType<string, string | number, string | number>;

/** One row: the number of catalog writes so far (services/catalog-changes.ts). */
export interface CatalogGenerationTable {
  id: Generated<boolean>;
  generation: Int8;
}

/** The catalog file last applied from each source (services/catalog-import.ts). */
export interface CatalogApplicationsTable {
  source: string;
  digest: string;
  /** catalog_generation.generation as the application committed it. */
  generation: Int8;
  applied_at: Generated<Date>;
}

/** One catalog write's effect on one entity (services/audit.ts); never updated, deleted only by the retention purge. */
export interface AuditEventsTable {
  /** bigserial: assigned by the database, read as text. */
  id: ColumnType<string, never, never>;
  occurred_at: Generated<Date>;
  actor_type: string;
  actor: string;
  /** migrations/0011_console_sign_ins.ts: a console person's name or e-mail; null for other actors. */
  actor_name: string | null;
  entity: string;
  entity_id: string;
  action: string;
  /** JSONB: written as JSON text, read as the parsed value (both drivers). */
  changes: ColumnType<Record<string, unknown>, string, never>;
  trace_id: string | null;
}

export interface Database {
  merchants: MerchantsTable;
  stores: StoresTable;
  clients: ClientsTable;
  payment_methods: PaymentMethodsTable;
  payment_method_plans: PaymentMethodPlansTable;
  payment_method_legal_links: PaymentMethodLegalLinksTable;
  signing_keys: SigningKeysTable;
  sessions: SessionsTable;
  session_idempotency_keys: SessionIdempotencyKeysTable;
  catalog_generation: CatalogGenerationTable;
  catalog_applications: CatalogApplicationsTable;
  audit_events: AuditEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  console_sessions: ConsoleSessionsTable;
  console_sign_ins: ConsoleSignInsTable;
}

/** A signed-in person of the operator console (migrations/0010_console.ts): the cookie's token only as its SHA-256. */
export interface ConsoleSessionsTable {
  token_hash: string;
  actor_type: string;
  actor_id: string;
  display_name: string;
  role: string;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  idle_expires_at: Timestamp;
  /** migrations/0012_console_session_client.ts: SHA-256 of the client's secret hash at sign-in; null for single sign-on. */
  client_secret_digest: string | null;
}

/** A console sign-in waiting for its callback (migrations/0011_console_sign_ins.ts): keyed by the SHA-256 of the cookie's key. */
export interface ConsoleSignInsTable {
  key_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  expires_at: Timestamp;
}

/** A merchant's webhook receiver (migrations/0009_webhooks.ts). */
export interface WebhookEndpointsTable {
  id: string;
  merchant_id: string;
  url: string;
  description: string;
  enabled: boolean;
  /** `whsec_…`: signs every delivery, so kept as given, never a hash. */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The outbox: an event, written in the transaction of the change it announces. */
export interface WebhookEventsTable {
  /** `msg_…`: the `webhook-id` of every delivery of it. */
  id: string;
  type: string;
  store_id: string;
  merchant_id: string;
  reason: string;
  /** JSONB: written as JSON text, read as the parsed value. */
  payment_method_ids: ColumnType<string[], string, string>;
  /** The exact body every delivery sends. */
  payload: string;
  /** Set on the events of a window's boundary: cancelled when the method's window changes before it. */
  window_method_id: string | null;
  created_at: Generated<Date>;
  due_at: Timestamp;
  fanned_out_at: Timestamp | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  state: 'pending' | 'succeeded' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  /** The claim of the attempt in progress: its result is written only while the claim is still this one. */
  claim: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WebhookAttemptsTable {
  id: ColumnType<string, never, never>;
  delivery_id: string;
  attempted_at: Timestamp;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  succeeded: boolean;
}
