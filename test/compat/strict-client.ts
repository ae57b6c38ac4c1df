// A client written the way the operator's published, strictly typed clients are: from the public
// description of this API family, not from this service's code. Every model is parsed strictly
// (a missing or ill-typed field, or an unknown value of a closed enum, is an error, as generated
// clients do), the token request is a JSON object, the store listing asks for everything with
// `size=999999`, and payment method types are the operator's own identifiers (RESURS_…).

/** The operator's payment method types, as its clients type them; other values are tolerated as `string`. */
export const RESURS_TYPES = [
  'RESURS_INVOICE',
  'RESURS_INVOICE_ACCOUNT',
  'RESURS_PART_PAYMENT_SELECT_LATER',
  'RESURS_PART_PAYMENT_SELECT_NOW',
  'RESURS_CARD',
  'RESURS_REVOLVING_CREDIT',
  'RESURS_NEW_REVOLVING_CREDIT',
  'GENERIC',
  'NETS',
  'D2I',
  'SWISH',
  'TRUSTLY',
  'ZERO',
  'VIPPS',
  'MOBILEPAY',
  'CARD',
] as const;
export type ResursType = (typeof RESURS_TYPES)[number];
/** A type as served: one of RESURS_TYPES or, the enum being extensible, any other string. */
export type PaymentMethodType = string;
export type CustomerType = 'NATURAL' | 'LEGAL';

export class ModelError extends Error {}

type Json = Record<string, unknown>;

function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ModelError(`${where}: not an object`);
  return value as Json;
}
function string(o: Json, key: string, where: string): string {
  if (typeof o[key] !== 'string') throw new ModelError(`${where}.${key}: not a string`);
  return o[key];
}
function optionalString(o: Json, key: string, where: string): string | undefined {
  return o[key] === undefined ? undefined : string(o, key, where);
}
function number(o: Json, key: string, where: string): number {
  if (typeof o[key] !== 'number' || !Number.isFinite(o[key])) throw new ModelError(`${where}.${key}: not a number`);
  return o[key];
}
function integer(o: Json, key: string, where: string): number {
  const n = number(o, key, where);
  if (!Number.isInteger(n)) throw new ModelError(`${where}.${key}: not an integer`);
  return n;
}
function boolean(o: Json, key: string, where: string): boolean {
  if (typeof o[key] !== 'boolean') throw new ModelError(`${where}.${key}: not a boolean`);
  return o[key];
}
function array<T>(o: Json, key: string, where: string, item: (v: unknown, w: string) => T): T[] {
  const value = o[key];
  if (!Array.isArray(value)) throw new ModelError(`${where}.${key}: not an array`);
  return value.map((v, i) => item(v, `${where}.${key}[${i}]`));
}
function uuid(o: Json, key: string, where: string): string {
  const value = string(o, key, where);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new ModelError(`${where}.${key}: not a UUID`);
  return value;
}
/** The type enum is extensible in this API family: known values typed, others kept as strings. */
function paymentMethodType(o: Json, key: string, where: string): PaymentMethodType {
  const value = string(o, key, where);
  if (value.startsWith('PROVIDER_')) throw new ModelError(`${where}.${key}: "${value}" is not an identifier of this operator`);
  return value;
}
/** A reader of an object's fields: each key of `readers` read from it by its reader, in that order. */
function model<T>(readers: { [K in keyof T]-?: (o: Json, key: string, where: string) => T[K] }): (v: unknown, where: string) => T {
  return (v, where) => {
    const o = object(v, where);
    const result = {} as T;
    for (const key of Object.keys(readers) as Array<keyof T & string>) result[key] = readers[key](o, key, where);
    return result;
  };
}
function customerType(v: unknown, where: string): CustomerType {
  if (v !== 'NATURAL' && v !== 'LEGAL') throw new ModelError(`${where}: unknown customer type ${String(v)}`);
  return v;
}

export interface Page {
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
}
const page = model<Page>({ number: integer, size: integer, totalElements: integer, totalPages: integer });

export interface Store {
  id: string;
  nationalStoreId: number;
  countryCode: string;
  name: string;
  organizationNumber?: string;
}
function store(v: unknown, where: string): Store {
  const o = object(v, where);
  const nationalStoreId = integer(o, 'nationalStoreId', where);
  if (nationalStoreId < 1) throw new ModelError(`${where}.nationalStoreId: not positive`);
  const countryCode = string(o, 'countryCode', where);
  if (!/^[A-Z]{2}$/.test(countryCode)) throw new ModelError(`${where}.countryCode: not ISO 3166-1 alpha-2`);
  const name = string(o, 'name', where);
  if (name === '') throw new ModelError(`${where}.name: empty`);
  const organizationNumber = optionalString(o, 'organizationNumber', where);
  return {
    id: uuid(o, 'id', where),
    nationalStoreId,
    countryCode,
    name,
    ...(organizationNumber === undefined ? {} : { organizationNumber }),
  };
}

export interface LegalLink {
  url: string;
  type: string;
  appendAmount: boolean;
}
export interface PaymentMethod {
  id: string;
  name: string;
  description: string;
  type: PaymentMethodType;
  minPurchaseLimit: number;
  maxPurchaseLimit: number;
  minApplicationLimit: number;
  maxApplicationLimit: number;
  legalLinks: LegalLink[];
  enabledForLegalCustomer: boolean;
  enabledForNaturalCustomer: boolean;
  campaign: { campaign: boolean; keywords: string[] };
  priceSignagePossible: boolean;
}
function paymentMethod(v: unknown, where: string): PaymentMethod {
  const o = object(v, where);
  const campaign = object(o.campaign, `${where}.campaign`);
  return {
    id: uuid(o, 'id', where),
    name: string(o, 'name', where),
    description: string(o, 'description', where),
    type: paymentMethodType(o, 'type', where),
    minPurchaseLimit: number(o, 'minPurchaseLimit', where),
    maxPurchaseLimit: number(o, 'maxPurchaseLimit', where),
    minApplicationLimit: number(o, 'minApplicationLimit', where),
    maxApplicationLimit: number(o, 'maxApplicationLimit', where),
    legalLinks: array(o, 'legalLinks', where, model<LegalLink>({ url: string, type: string, appendAmount: boolean })),
    enabledForLegalCustomer: boolean(o, 'enabledForLegalCustomer', where),
    enabledForNaturalCustomer: boolean(o, 'enabledForNaturalCustomer', where),
    campaign: {
      campaign: boolean(campaign, 'campaign', `${where}.campaign`),
      keywords: array(campaign, 'keywords', `${where}.campaign`, (k, w) => string({ k }, 'k', w)),
    },
    priceSignagePossible: boolean(o, 'priceSignagePossible', where),
  };
}

export interface AnnuityFactor {
  paymentPlanName: string;
  annuityFactor: number;
  durationMonths: number;
  administrationFee: number;
  setupFee: number;
  interest: number;
}
export interface PriceSignage {
  secciLinks: Array<{ uri: string; language: string }>;
  generalTermsLinks: Array<{ uri: string; language: string }>;
  costList: Array<{
    name: string;
    description: string;
    interest: number;
    durationMonths: number;
    monthlyCost: number;
    totalCost: number;
    administrationFee: number;
    setupFee: number;
    effectiveInterest: number;
  }>;
}
export interface Session {
  id: string;
  expiresAt: string;
  embed: { src: string };
}
export interface PaymentMethodGroup {
  id: string;
  methodIds: string[];
  title: string;
  subtitle: string;
  type: PaymentMethodType;
  customerTypes: CustomerType[];
  internalData: string;
}

/** An error answer of the service: the operator's error model. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly traceId: string,
    readonly timestamp: string,
    readonly parameters: Record<string, string> | undefined,
  ) {
    super(message);
  }
}
export class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export class StrictMerchantClient {
  private token: string | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  /** The token request as the published clients send it: a JSON object. */
  async authenticate(scope = 'merchant-api'): Promise<void> {
    const response = await fetch(`${this.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: this.clientId, client_secret: this.clientSecret, scope }),
    });
    const body = object(await response.json(), 'token response');
    if (!response.ok) {
      // Strict: the RFC 6749 fields and the message the other endpoints carry.
      if (string(body, 'message', 'token error') !== string(body, 'error_description', 'token error'))
        throw new ModelError('token error: message differs');
      throw new TokenError(response.status, string(body, 'error', 'token error'), string(body, 'error_description', 'token error'));
    }
    if (string(body, 'token_type', 'token') !== 'Bearer') throw new ModelError('token: not a Bearer token');
    integer(body, 'expires_in', 'token');
    this.token = string(body, 'access_token', 'token');
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed: unknown = await response.json();
    if (!response.ok) {
      const o = object(parsed, 'error');
      const parameters = o.parameters === undefined ? undefined : (object(o.parameters, 'error.parameters') as Record<string, string>);
      const timestamp = string(o, 'timestamp', 'error');
      if (Number.isNaN(Date.parse(timestamp))) throw new ModelError('error.timestamp: not a date');
      throw new ApiError(
        response.status,
        string(o, 'code', 'error'),
        string(o, 'message', 'error'),
        string(o, 'traceId', 'error'),
        timestamp,
        parameters,
      );
    }
    return parsed;
  }

  async getStores(): Promise<{ content: Store[]; page: Page }> {
    const o = object(await this.call('GET', '/v2/stores?size=999999'), 'stores');
    return { content: array(o, 'content', 'stores', store), page: page(o.page, 'stores.page') };
  }

  async getPaymentMethods(storeId: string, amount?: string): Promise<{ content: PaymentMethod[]; page: Page }> {
    const query = amount === undefined ? '' : `?amount=${amount}`;
    const o = object(await this.call('GET', `/v2/stores/${storeId}/payment_methods${query}`), 'payment methods');
    return { content: array(o, 'content', 'payment methods', paymentMethod), page: page(o.page, 'payment methods.page') };
  }

  async getAnnuityFactors(storeId: string, methodId: string): Promise<AnnuityFactor[]> {
    const o = object(await this.call('GET', `/v2/stores/${storeId}/payment_methods/${methodId}/annuity_factors`), 'annuity factors');
    return array(
      o,
      'content',
      'annuity factors',
      model<AnnuityFactor>({
        paymentPlanName: string,
        annuityFactor: number,
        durationMonths: integer,
        administrationFee: number,
        setupFee: number,
        interest: number,
      }),
    );
  }

  async getPriceSignage(storeId: string, methodId: string, amount: number): Promise<PriceSignage> {
    const o = object(
      await this.call('GET', `/v2/stores/${storeId}/payment_methods/${methodId}/price_signage?amount=${amount}`),
      'price signage',
    );
    const link = model<PriceSignage['secciLinks'][number]>({ uri: string, language: string });
    return {
      secciLinks: array(o, 'secciLinks', 'price signage', link),
      generalTermsLinks: array(o, 'generalTermsLinks', 'price signage', link),
      costList: array(
        o,
        'costList',
        'price signage',
        model<PriceSignage['costList'][number]>({
          name: string,
          description: string,
          interest: number,
          durationMonths: integer,
          monthlyCost: number,
          totalCost: number,
          administrationFee: number,
          setupFee: number,
          effectiveInterest: number,
        }),
      ),
    };
  }

  async createSession(storeId: string, campaign?: string): Promise<Session> {
    const o = object(await this.call('POST', `/v1/stores/${storeId}/sessions`, campaign === undefined ? {} : { campaign }), 'session');
    const embed = object(o.embed, 'session.embed');
    return {
      id: uuid(o, 'id', 'session'),
      expiresAt: string(o, 'expiresAt', 'session'),
      embed: { src: string(embed, 'src', 'session.embed') },
    };
  }

  async getPaymentMethodGroups(sessionId: string, amount: string, customerTypeFilter?: CustomerType): Promise<PaymentMethodGroup[]> {
    const query = `amount=${amount}${customerTypeFilter ? `&customerType=${customerTypeFilter}` : ''}`;
    const value = await this.call('GET', `/v1/sessions/${sessionId}/payment-method-groups?${query}`);
    if (!Array.isArray(value)) throw new ModelError('groups: not an array');
    return value.map((v, i) => {
      const w = `groups[${i}]`;
      const g = object(v, w);
      return {
        id: string(g, 'id', w),
        methodIds: array(g, 'methodIds', w, (m, mw) => string({ m }, 'm', mw)),
        title: string(g, 'title', w),
        subtitle: string(g, 'subtitle', w),
        type: paymentMethodType(g, 'type', w),
        customerTypes: array(g, 'customerTypes', w, customerType),
        internalData: string(g, 'internalData', w),
      };
    });
  }
}
