// MerchantClient: the service's merchant-facing API for a merchant's backend, with the access token,
// retries and idempotency handled (README.md).
import { ApiError, errorBody } from './errors.js';
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];
export type Session = Schemas['Session'];
export type SessionRecord = Schemas['SessionRecord'];
export type PaymentMethodGroup = Schemas['PaymentMethodGroup'];
export type CustomerType = Schemas['CustomerType'];
/** A kind of goods in an order (`GIFT_CARD`, …): what a session's `productTypes` lists. */
export type ProductType = Schemas['ProductType'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type PaymentMethodPage = Schemas['PaymentMethodPage'];
export type Store = Schemas['Store'];
export type StorePage = Schemas['StorePage'];
export type AnnuityFactors = Schemas['AnnuityFactors'];
export type PriceSignage = Schemas['PriceSignage'];
/** A group's credit disclosure (null when none): the representative example beside its monthly cost. */
export type CreditDisclosure = Schemas['CreditDisclosure'];
export type CreditDisclosureExample = Schemas['CreditDisclosureExample'];
export type PriceSignageDisclosure = Schemas['PriceSignageDisclosure'];

type TokenResponse = operations['issueToken']['responses'][200]['content']['application/json'];

export interface MerchantClientOptions {
  /** The service's base URL, e.g. `https://pay.example.com`. */
  baseUrl: string | URL;
  clientId: string;
  clientSecret: string;
  /** The fetch to use (default: the global one): for proxies, time-outs, logging or tests. */
  fetch?: typeof fetch;
  /** Attempts per call in all, first included, when answers are 429, 503 or network errors (default 4). */
  maxAttempts?: number;
  /** The longest single wait between attempts, in milliseconds, whatever `Retry-After` says (default 10,000). */
  maxRetryDelayMs?: number;
}

export interface CreateSessionOptions {
  /** Campaign keyword: the session is offered only that campaign's methods. */
  campaign?: string;
  /**
   * The shopper's language: the session's texts are served in it, a BCP 47 tag (`sv-SE`, `fi`, `nb-NO`, `en`); default: the store's language (its country's).
   * The service serves sv, nb (also no, nn), da, fi and en; a tag of another language gets the store's.
   */
  locale?: string;
  /**
   * The order's rules (the service's docs/session-api.md#order-rules): only the methods named here, each a
   * method type (`'PROVIDER_INVOICE'`) or the id of one of the store's methods; 1 to 50 distinct entries.
   */
  allowedPaymentMethods?: string[];
  /** Never the methods named here (as in `allowedPaymentMethods`); a method named in both is not offered. */
  blockedPaymentMethods?: string[];
  /** The kinds of goods in the order: methods excluding any of them are not offered (no credit for a gift card). */
  productTypes?: ProductType[];
  /** The shopper's billing country, ISO 3166-1 alpha-2 in upper case (`'SE'`): only methods serving it are offered. */
  country?: string;
  /** The customer type fixed for the session: the storefront is offered what that type may use. */
  customerType?: CustomerType;
  /** This session's lifetime in seconds, from 60 up to the service's SESSION_TTL_SECONDS (its default). */
  ttlSeconds?: number;
  /**
   * Makes the creation safe to repeat: within 24 hours the same key answers the same session. Default:
   * a new random UUID per call, which covers this call's own retries. Pass your own (stored with your
   * order) to make retries across processes safe too.
   */
  idempotencyKey?: string;
}

/** What createSession sends of its options: the session's own fields, never the idempotency key. */
const SESSION_FIELDS = [
  'campaign',
  'locale',
  'allowedPaymentMethods',
  'blockedPaymentMethods',
  'productTypes',
  'country',
  'customerType',
  'ttlSeconds',
] as const satisfies readonly (keyof CreateSessionOptions)[];

export interface PaymentMethodGroupsOptions {
  /** Cart amount in the store's currency, as a decimal string (`"1299.95"`) or a number. */
  amount: string | number;
  customerType?: CustomerType;
  /** true: one group per method; default: part payments bundled. */
  flattened?: boolean;
  /**
   * The language of the answer's texts, a BCP 47 tag (`sv-SE`, `fi`, `nb-NO`, `en`); default: the session's `locale`, else the store's language.
   * The service serves sv, nb (also no, nn), da, fi and en; a tag of another language gets the store's.
   */
  locale?: string;
}

export interface ListPaymentMethodsOptions {
  /** Only methods whose purchase limits include this amount. */
  amount?: string | number;
  /** 0-based page number (default 0). */
  page?: number;
  /** Page size, 1 to 1000 (default 100). */
  size?: number;
  /**
   * The language of the answer's texts, a BCP 47 tag (`sv-SE`, `fi`, `nb-NO`, `en`); default: the store's language.
   * The service serves sv, nb (also no, nn), da, fi and en; a tag of another language gets the store's.
   */
  locale?: string;
}

/** Options of the calls about one payment method (annuityFactors, priceSignage). */
export interface PaymentMethodOptions {
  /**
   * The language of the answer's texts, a BCP 47 tag (`sv-SE`, `fi`, `nb-NO`, `en`); default: the store's language.
   * The service serves sv, nb (also no, nn), da, fi and en; a tag of another language gets the store's.
   */
  locale?: string;
}

export interface ListStoresOptions {
  page?: number;
  size?: number;
  /** `name` (default) or `nationalStoreId`, optionally followed by `,asc` or `,desc`. */
  sort?: string;
}

type Query = Record<string, string | number | boolean | undefined>;

interface Call {
  method: 'GET' | 'POST';
  path: string;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /** false: no access token (the storefront's group retrieval). */
  authenticated?: boolean;
  /** Safe to send again after a network error: GETs, and POSTs with an idempotency key. */
  repeatable: boolean;
}

interface CachedToken {
  value: string;
  /** When to stop using it: shortly before it expires (ms since the epoch). */
  renewAt: number;
}

const DEFAULT_MAX_ATTEMPTS = 4;
const DEFAULT_MAX_RETRY_DELAY_MS = 10_000;
/** A token is renewed this long before it expires, or at half its lifetime when that is shorter. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;
/** The first wait when the service does not say how long (doubling from there). */
const BASE_BACKOFF_MS = 250;
const SCOPE = 'merchant-api';

/** An in-flight duplicate of an idempotent creation is worth waiting for: its session will be answered. */
const RETRYABLE_CODES = new Set(['IDEMPOTENCY_KEY_IN_FLIGHT']);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Seconds of a Retry-After header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The draft's Structured Field String form of a key: `"…"` with `"` and `\` escaped. */
function structuredString(key: string): string {
  return `"${key.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before Basic encoding. */
function basicCredentials(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${btoa(`${encode(clientId)}:${encode(clientSecret)}`)}`;
}

export class MerchantClient {
  private readonly baseUrl: string;
  private readonly clientId: string;
  private readonly clientSecret: string;
  private readonly fetch: typeof fetch;
  private readonly maxAttempts: number;
  private readonly maxRetryDelayMs: number;
  private token: CachedToken | undefined;
  /** The token request in flight: concurrent callers wait for the same one. */
  private tokenRequest: Promise<CachedToken> | undefined;

  constructor(options: MerchantClientOptions) {
    this.baseUrl = options.baseUrl.toString().replace(/\/+$/, '');
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    // Bound, so that a fetch taken from an object (globalThis) keeps its receiver.
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    this.maxRetryDelayMs = Math.max(0, options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS);
  }

  /**
   * Creates a storefront session for one of the merchant's stores; hand its `id` to the storefront.
   * Always sent with an idempotency key, so retries (429, 503, network errors) never create two.
   */
  async createSession(storeId: string, options: CreateSessionOptions = {}): Promise<Session> {
    const key = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    return this.call<Session>({
      method: 'POST',
      path: `/v1/stores/${encodeURIComponent(storeId)}/sessions`,
      body: Object.fromEntries(SESSION_FIELDS.filter((field) => options[field] !== undefined).map((field) => [field, options[field]])),
      headers: { 'idempotency-key': structuredString(key) },
      repeatable: true,
    });
  }

  /** A session created for one of the merchant's stores, expired or not (until it is purged). */
  async getSession(sessionId: string): Promise<SessionRecord> {
    return this.call<SessionRecord>({ method: 'GET', path: `/v1/sessions/${encodeURIComponent(sessionId)}`, repeatable: true });
  }

  /** What the storefront is offered for a cart amount (the same call the storefront makes; no token). */
  async paymentMethodGroups(sessionId: string, options: PaymentMethodGroupsOptions): Promise<PaymentMethodGroup[]> {
    return this.call<PaymentMethodGroup[]>({
      method: 'GET',
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/payment-method-groups`,
      query: { amount: String(options.amount), customerType: options.customerType, flattened: options.flattened, locale: options.locale },
      authenticated: false,
      repeatable: true,
    });
  }

  /** One page of the merchant's stores. */
  async listStores(options: ListStoresOptions = {}): Promise<StorePage> {
    return this.call<StorePage>({
      method: 'GET',
      path: '/v2/stores',
      query: { page: options.page, size: options.size, sort: options.sort },
      repeatable: true,
    });
  }

  /** Every store of the merchant, page after page. */
  async *stores(options: Omit<ListStoresOptions, 'page'> = {}): AsyncGenerator<Store, void, undefined> {
    for (let page = 0; ; page++) {
      const answer = await this.listStores({ ...options, page });
      yield* answer.content;
      if (answer.page.number + 1 >= answer.page.totalPages || answer.content.length === 0) return;
    }
  }

  /** One page of a store's payment methods, in display order. */
  async listPaymentMethods(storeId: string, options: ListPaymentMethodsOptions = {}): Promise<PaymentMethodPage> {
    return this.call<PaymentMethodPage>({
      method: 'GET',
      path: `/v2/stores/${encodeURIComponent(storeId)}/payment_methods`,
      query: {
        amount: options.amount === undefined ? undefined : String(options.amount),
        page: options.page,
        size: options.size,
        locale: options.locale,
      },
      repeatable: true,
    });
  }

  /** Every payment method of a store, page after page (pages of `size`, default 100). */
  async *paymentMethods(
    storeId: string,
    options: Omit<ListPaymentMethodsOptions, 'page'> = {},
  ): AsyncGenerator<PaymentMethod, void, undefined> {
    for (let page = 0; ; page++) {
      const answer = await this.listPaymentMethods(storeId, { ...options, page });
      yield* answer.content;
      if (answer.page.number + 1 >= answer.page.totalPages || answer.content.length === 0) return;
    }
  }

  /** A payment method's plans with their annuity factors. */
  async annuityFactors(storeId: string, methodId: string, options: PaymentMethodOptions = {}): Promise<AnnuityFactors> {
    return this.call<AnnuityFactors>({
      method: 'GET',
      path: `/v2/stores/${encodeURIComponent(storeId)}/payment_methods/${encodeURIComponent(methodId)}/annuity_factors`,
      query: { locale: options.locale },
      repeatable: true,
    });
  }

  /** What a product page may show for a price: monthly cost, total cost and APR per plan. */
  async priceSignage(
    storeId: string,
    methodId: string,
    amount: string | number,
    options: PaymentMethodOptions = {},
  ): Promise<PriceSignage> {
    return this.call<PriceSignage>({
      method: 'GET',
      path: `/v2/stores/${encodeURIComponent(storeId)}/payment_methods/${encodeURIComponent(methodId)}/price_signage`,
      query: { amount: String(amount), locale: options.locale },
      repeatable: true,
    });
  }

  /** Sends a call: the token, retries of 429/503 (and network errors when repeatable), one token refresh on 401. */
  private async call<T>(call: Call): Promise<T> {
    const authenticated = call.authenticated ?? true;
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const token = authenticated ? await this.accessToken() : undefined;
      const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
      if (token) headers.authorization = `Bearer ${token.value}`;
      let body: string | null = null;
      if (call.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(call.body);
      }
      const response = await this.send(this.url(call.path, call.query), { method: call.method, headers, body }, call.repeatable, attempt);
      if (response === 'retry') continue;
      if (response.ok) return (await response.json()) as T;
      const error = await this.apiError(response);
      // The token may have been revoked or its key rotated away: one new token, once.
      if (response.status === 401 && token && !refreshed) {
        refreshed = true;
        if (this.token === token) this.token = undefined;
        attempt -= 1;
        continue;
      }
      if (this.retryable(error) && attempt < this.maxAttempts) {
        await sleep(this.delay(attempt, error.retryAfterSeconds));
        continue;
      }
      throw error;
    }
  }

  /** fetch, with the network error retried when the request may be repeated; 'retry' after waiting. */
  private async send(url: string, init: RequestInit, repeatable: boolean, attempt: number): Promise<Response | 'retry'> {
    try {
      return await this.fetch(url, init);
    } catch (error) {
      if (!repeatable || attempt >= this.maxAttempts) throw error;
      await sleep(this.delay(attempt, undefined));
      return 'retry';
    }
  }

  private retryable(error: ApiError): boolean {
    return error.status === 429 || error.status === 503 || (error.status === 409 && RETRYABLE_CODES.has(error.code));
  }

  /** Retry-After when the service said (capped), else exponential backoff with jitter. */
  private delay(attempt: number, retryAfter: number | undefined): number {
    const wanted = retryAfter !== undefined ? retryAfter * 1000 : BASE_BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
    return Math.min(wanted, this.maxRetryDelayMs);
  }

  private url(path: string, query: Query | undefined): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, String(value));
    const search = params.toString();
    return `${this.baseUrl}${path}${search === '' ? '' : `?${search}`}`;
  }

  private async apiError(response: Response): Promise<ApiError> {
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return new ApiError(response.status, errorBody(response.status, parsed), {
      traceId: response.headers.get('x-request-id') ?? undefined,
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
    });
  }

  /** The cached token while it is fresh; else one token request, shared by every caller meanwhile. */
  private async accessToken(): Promise<CachedToken> {
    if (this.token && Date.now() < this.token.renewAt) return this.token;
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<CachedToken> {
    for (let attempt = 1; ; attempt++) {
      const requestedAt = Date.now();
      // Repeatable: a token request changes nothing on the service.
      const response = await this.send(
        this.url('/oauth2/token', undefined),
        {
          method: 'POST',
          headers: {
            accept: 'application/json',
            authorization: basicCredentials(this.clientId, this.clientSecret),
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE }).toString(),
        },
        true,
        attempt,
      );
      if (response === 'retry') continue;
      if (response.ok) {
        const answer = (await response.json()) as TokenResponse;
        const lifetimeMs = answer.expires_in * 1000;
        const margin = Math.min(TOKEN_RENEWAL_MARGIN_MS, lifetimeMs / 2);
        this.token = { value: answer.access_token, renewAt: requestedAt + lifetimeMs - margin };
        return this.token;
      }
      const error = await this.apiError(response);
      if (this.retryable(error) && attempt < this.maxAttempts) {
        await sleep(this.delay(attempt, error.retryAfterSeconds));
        continue;
      }
      throw error;
    }
  }
}
