// Classifies driver errors that mean "the database cannot be reached or answer in time" rather than
// "this query is wrong": those become 503 so that clients retry, instead of a 500.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'connection timeout',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/** Thrown without asking the database while it is known to be unreachable (fail-fast.ts). */
export class DatabaseUnavailableError extends Error {
  constructor() {
    super('the database is unreachable (failing fast after a connection failure)');
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATEs after which the connection that got them must not be used again (a failover): class 08
 * (connection exception); 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (the
 * server is starting, or shutting down), 57P04 database dropped; 25006 read-only transaction (the
 * connection reaches a standby: the primary it was opened to was demoted, or an endpoint's DNS name
 * still points to the old primary). Each means "database unavailable" (503 with Retry-After).
 */
export function isConnectionLost(code: unknown): boolean {
  return typeof code === 'string' && (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code) || code === '25006');
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (isConnectionLost(code)) return true;
    // 57014: statement_timeout cancelled the query; 53300: too many connections.
    if (code === '57014' || code === '53300') return true;
  }
  return UNAVAILABLE_MESSAGES.some((m) => error.message.includes(m));
}
