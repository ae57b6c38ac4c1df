// Group retrieval (docs/session-api.md#group-retrieval) as the storefront sees it: the URL, the request, and
// the response sorted into the few outcomes the selector can show.

export interface PaymentMethodGroup {
  id: string;
  methodIds: string[];
  title: string;
  subtitle: string;
  /**
   * Extensible enum (docs/payment-method-types.md#unknown-types): any string is accepted. Operator types carry the operator's
   * name as prefix, which each deployment sets (`RESURS_INVOICE`, `ACME_INVOICE`), so the
   * components never decide anything by a type: a bundle is known by its internalData's methods.
   */
  type: string;
  customerTypes: string[];
  internalData: string;
  /**
   * The credit disclosure (null without one; absent from older services). The components show it
   * from internalData; of this they read only which member the example is of, unchecked.
   */
  disclosure?: { example?: { paymentMethodId?: unknown } | null } | null;
}

export interface GroupsQuery {
  sessionId: string;
  amount: string;
  customerType: string | undefined;
  flattened: boolean;
  /** The page's language (its `lang`), sent so that the service's texts are in it; undefined: the session's. */
  locale?: string | undefined;
}

export type GroupsOutcome =
  /** `language`: the answer's Content-Language (docs/languages.md#the-storefront), when it names one. */
  | { kind: 'groups'; groups: PaymentMethodGroup[]; language?: string | undefined }
  | { kind: 'expired'; message: string | undefined }
  /** status 0: no HTTP answer (network failure, CORS refusal). */
  | { kind: 'error'; status: number; message: string | undefined };

/**
 * The service base for a script URL. The script is served at `{PUBLIC_URL}/embed/{file}`, so the
 * base is the folder above the script's: this keeps a PUBLIC_URL with a path prefix working,
 * where the bare origin would not.
 */
export function apiBaseOfScript(scriptUrl: string): string {
  return new URL('../', scriptUrl).href;
}

/** `{base}/v1/sessions/{id}/payment-method-groups?…`; parameters not set are left out. */
export function groupsUrl(apiBase: string, query: GroupsQuery): string {
  const base = apiBase.endsWith('/') ? apiBase : `${apiBase}/`;
  const url = new URL(`v1/sessions/${encodeURIComponent(query.sessionId)}/payment-method-groups`, base);
  url.searchParams.set('amount', query.amount);
  if (query.customerType) url.searchParams.set('customerType', query.customerType);
  if (query.flattened) url.searchParams.set('flattened', 'true');
  if (query.locale) url.searchParams.set('locale', query.locale);
  return url.href;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function isGroup(value: unknown): value is PaymentMethodGroup {
  if (typeof value !== 'object' || value === null) return false;
  const g = value as Record<string, unknown>;
  return (
    typeof g.id === 'string' &&
    isStringArray(g.methodIds) &&
    typeof g.title === 'string' &&
    typeof g.subtitle === 'string' &&
    typeof g.type === 'string' &&
    isStringArray(g.customerTypes) &&
    typeof g.internalData === 'string'
  );
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** Sorts an HTTP answer (status and parsed JSON body, undefined when not JSON) into an outcome. */
export function classifyResponse(status: number, body: unknown): GroupsOutcome {
  if (status >= 200 && status < 300) {
    // Only the fields we show are checked; a body of another shape is a fault, not "no groups".
    if (Array.isArray(body) && body.every(isGroup)) return { kind: 'groups', groups: body };
    return { kind: 'error', status, message: undefined };
  }
  if (status === 409) return { kind: 'expired', message: messageOf(body) };
  return { kind: 'error', status, message: messageOf(body) };
}

/**
 * Fetches the groups. Never rejects: a network failure is an outcome too. The caller drops the
 * outcome when it aborted the request, since a newer one has taken its place.
 */
export async function fetchGroups(url: string, signal: AbortSignal): Promise<GroupsOutcome> {
  try {
    // Cookies are never needed (the session id is the credential) and would make the request
    // a credentialed cross-origin one, which a wildcard Access-Control-Allow-Origin refuses.
    const response = await fetch(url, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
    const body: unknown = await response.json().catch(() => undefined);
    const outcome = classifyResponse(response.status, body);
    // Content-Language is CORS-safelisted: readable cross-origin without Access-Control-Expose-Headers.
    const language = response.headers.get('content-language');
    return outcome.kind === 'groups' && language ? { ...outcome, language } : outcome;
  } catch {
    return { kind: 'error', status: 0, message: undefined };
  }
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** The amount format group retrieval accepts (docs/session-api.md#group-retrieval). */
export function isAmount(text: string): boolean {
  return AMOUNT.test(text);
}
