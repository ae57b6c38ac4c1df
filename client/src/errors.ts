// The one error the client throws for an answer that is not a success (docs/errors.md in the
// service's repository describes the body).

/** Every error answer of the API, except the token endpoint's (RFC 6749), which is mapped onto it. */
export interface ErrorBody {
  message: string;
  code: string;
  traceId?: string;
  timestamp?: string;
  parameters?: Record<string, string>;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status. */
  readonly status: number;
  /**
   * The stable error code (`SESSION_NOT_FOUND`, `RATE_LIMITED`, …); for the token endpoint its
   * RFC 6749 `error` (`invalid_client`); `UNEXPECTED_RESPONSE` when the body was not an error body.
   */
  readonly code: string;
  /** The request's id (`X-Request-Id`): quote it when asking the provider for help. */
  readonly traceId: string | undefined;
  /** On a 400 or 422 caused by named request fields: each field → what is wrong with it. */
  readonly parameters: Readonly<Record<string, string>> | undefined;
  /** Seconds the service asked to wait (`Retry-After`), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: ErrorBody, details: { traceId?: string | undefined; retryAfterSeconds?: number | undefined } = {}) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.traceId = body.traceId ?? details.traceId;
    this.parameters = body.parameters;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/** The error body of an answer, whatever shape it came in. */
export function errorBody(status: number, parsed: unknown): ErrorBody {
  if (isRecord(parsed)) {
    const message = typeof parsed.message === 'string' ? parsed.message : undefined;
    // The token endpoint: {error, error_description, message}.
    const code = typeof parsed.code === 'string' ? parsed.code : typeof parsed.error === 'string' ? parsed.error : undefined;
    if (code !== undefined) {
      const body: ErrorBody = {
        message: message ?? (typeof parsed.error_description === 'string' ? parsed.error_description : code),
        code,
      };
      if (typeof parsed.traceId === 'string') body.traceId = parsed.traceId;
      if (typeof parsed.timestamp === 'string') body.timestamp = parsed.timestamp;
      const parameters = stringRecord(parsed.parameters);
      if (parameters) body.parameters = parameters;
      return body;
    }
  }
  return { message: `Unexpected response: HTTP ${status}`, code: 'UNEXPECTED_RESPONSE' };
}
