// How a route documents itself: the prose, examples and headers of its responses travel with its
// schema (`schema.description` and `schema['x-docs']`), so adding a route touches the route's own
// files only. document.ts reads them when it finishes the document; DEFAULT_RESPONSES describes the
// statuses every operation shares unless the route says otherwise.

/** An OpenAPI Example Object. */
export interface Example {
  summary: string;
  value: unknown;
}

export interface ResponseDoc {
  description?: string;
  /** Response headers: name → description (string values). */
  headers?: Record<string, string>;
  examples?: Record<string, Example>;
  /**
   * A status the route's schema leaves out (or covers only with a range such as 4XX): its body
   * schema, by component name. A status inside a range that the route declares takes the range's
   * body; the range itself is then replaced by the statuses listed here.
   */
  body?: string;
}

/**
 * What a route's schema says for the document beyond its JSON schemas, under the schema's `x-docs`
 * key (the operation's prose goes in the schema's standard `description`).
 */
export interface RouteDocs {
  requestExamples?: Record<string, Example>;
  /**
   * The body may be left out (Fastify itself needs a body schema to validate one when it is sent,
   * so the document would otherwise mark it required).
   */
  requestBodyOptional?: boolean;
  responses?: Record<string, ResponseDoc>;
}

declare module 'fastify' {
  interface FastifySchema {
    /** Response prose, headers and examples for the OpenAPI document (http/openapi/route-docs.ts). */
    'x-docs'?: RouteDocs;
  }
}

/** An error example: `{code: {summary, value: {message, code, traceId, timestamp, parameters?}}}`. */
export function errorExample(summary: string, message: string, code: string, parameters?: Record<string, string>): Record<string, Example> {
  const value = {
    message,
    code,
    traceId: '0b9f3c8e-51a2-4d7b-9a43-6f1c2d8e7a10',
    timestamp: '2026-11-23T09:41:27.512Z',
    ...(parameters ? { parameters } : {}),
  };
  return { [code]: { summary, value } };
}

/** Descriptions of the statuses every operation shares, unless its own entry says otherwise. */
export const DEFAULT_RESPONSES: Record<string, ResponseDoc> = {
  '200': { description: 'OK.' },
  '201': { description: 'Created.' },
  '304': { description: 'Not modified: `If-None-Match` matched the current `ETag`. No body.' },
  '400': { description: 'The request cannot be understood (see `message`).' },
  '401': {
    description:
      'No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. ' +
      '`WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent.',
    headers: { 'WWW-Authenticate': 'RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`.' },
  },
  '403': {
    description:
      'The token is valid but lacks the required scope, or its client is not granted the store. An unknown store ' +
      "is 403 too, so that other merchants' store ids cannot be probed.",
  },
  '404': { description: 'Not found.' },
  '409': { description: 'Conflicts with the current state of the resource.' },
  '413': { description: 'The request body exceeds 64 KiB.' },
  '415': { description: 'Unsupported `Content-Type`: this endpoint accepts `application/json`.' },
  '422': { description: 'A query parameter is present but invalid.' },
  '429': {
    description:
      'Too many requests: the rate limit of this client (or, without one, of this address) for the current ' +
      'minute is used up. Retry after `Retry-After` seconds.',
    headers: { 'Retry-After': 'Seconds until the limit resets.' },
  },
  '500': { description: 'Unexpected server error; the message is generic. The service keeps serving.' },
  '503': { description: 'The database cannot be reached; retry shortly.' },
};
