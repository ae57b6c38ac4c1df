// The console's protections (docs/console.md): its cookies, the headers every page carries, and
// the checks every change (POST) passes before its handler runs — same-origin (Origin and
// Sec-Fetch-Site), the session's CSRF token, and the role.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleSession } from '../../services/console/sessions.ts';
import { CONSOLE_SESSION_ABSOLUTE_MS } from '../../services/console/sessions.ts';
import { ErrorResponse } from '../schemas/common.ts';

export const SESSION_COOKIE = 'pms_console_session';
/** Before sign-in there is no session: the sign-in form's token is paired with this cookie instead. */
export const SIGN_IN_COOKIE = 'pms_console_sign_in';

/**
 * No script, style or frame from anywhere but the console itself, and no inline script or style at
 * all; forms post only here; no page may be framed (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The options of a console route anyone may call that costs more than a page: a sign-in (a key
 * derivation) or a step of single sign-on (a database row, a call to the provider). Limited per
 * address like the other unauthenticated routes (the `public` policy, plugins/rate-limit.ts); its 429
 * is a console page like any refusal, with Retry-After.
 */
export const PUBLIC_LIMITED_ROUTE = {
  config: { consoleAccess: 'public', rateLimitPolicy: 'public' },
  schema: { response: { 429: ErrorResponse } },
} as const;

export function securityHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  reply.header('x-frame-options', 'DENY');
  reply.header('cache-control', 'no-store');
  // Same-origin: a form's Origin header names the console (under no-referrer, browsers send `null`),
  // and no address of the console ever reaches another site.
  reply.header('referrer-policy', 'same-origin');
  reply.header('cross-origin-opener-policy', 'same-origin');
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  secure: boolean;
  maxAgeSeconds: number;
  sameSite: 'Lax' | 'Strict';
}

export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const attributes = [
    `${name}=${value}`,
    'Path=/console',
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    ...(options.secure ? ['Secure'] : []),
  ];
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, attributes.join('; ')]);
}

export function sessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  setCookie(reply, SESSION_COOKIE, token, { secure, maxAgeSeconds: CONSOLE_SESSION_ABSOLUTE_MS / 1000, sameSite: 'Lax' });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  setCookie(reply, SESSION_COOKIE, '', { secure, maxAgeSeconds: 0, sameSite: 'Lax' });
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sameToken(given: string | undefined | null, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a POST comes from a console page: a browser says where a request comes from
 * (Sec-Fetch-Site, Origin); a cross-site one is refused whatever else it carries. A request that
 * says neither (not a browser's) still needs the CSRF token, which only a console page holds.
 */
export function sameOriginPost(request: FastifyRequest, publicUrl: string): boolean {
  // Set by the browser itself, never by a page: when present it decides.
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === new URL(publicUrl).origin) return true;
  // Reached by another name than PUBLIC_URL (a port-forward, the address itself): the browser
  // addressed this Host, so a page of this Host is same-origin.
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.host === request.headers.host && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
}

/** The signed-in session of a request, set by the console's hook (routes.ts). */
const sessions = new WeakMap<FastifyRequest, ConsoleSession>();

export function setSessionOf(request: FastifyRequest, session: ConsoleSession): void {
  sessions.set(request, session);
}

export function sessionOf(request: FastifyRequest): ConsoleSession | undefined {
  return sessions.get(request);
}

/** The session of a route that requires one (the hook has already refused requests without). */
export function requireSession(request: FastifyRequest): ConsoleSession {
  const session = sessions.get(request);
  if (!session) throw new Error('console: a signed-in route ran without a session');
  return session;
}
