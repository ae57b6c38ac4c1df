// Bearer-token authentication for the merchant-facing routes (docs/errors.md#authentication-and-permission and docs/merchant-api.md#authentication-and-store-access; RFC 6750).
// 401 when no valid token is presented, 403 when the token is valid but lacks the scope or the
// store grant. Every 401 carries WWW-Authenticate.
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../../context.ts';
import { TokenRejected, type Principal } from '../../auth/index.ts';
import { Errors, withHeaders } from '../../errors.ts';

export const REALM = 'payment-methods';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The token of `Authorization: Bearer <token>`; '' for another scheme or an empty token. */
export function bearerToken(header: string): string {
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1] ?? '';
}

function invalidToken(description: string): Error {
  // Quotes and backslashes cannot appear inside an RFC 7235 quoted-string unescaped.
  const quoted = description.replace(/["\\]/g, '');
  return withHeaders(new Errors.INVALID_TOKEN(description), {
    'www-authenticate': `Bearer realm="${REALM}", error="invalid_token", error_description="${quoted}"`,
  });
}

/**
 * How many Authorization fields the request carries. Node keeps only the first in `headers`; a
 * proxy in front may have used another, so more than one is refused (RFC 9110 §5.3: a singleton).
 */
export function authorizationFieldCount(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'authorization') count += 1;
  return count;
}

export function authenticate(ctx: AppContext, requiredScope: string): onRequestHookHandler {
  return async (request) => {
    if (authorizationFieldCount(request) > 1) throw invalidToken('the request carries more than one Authorization header');
    const header = request.headers.authorization;
    // RFC 6750 §3.1: a request without credentials gets a challenge without an error code.
    if (header === undefined || header === '') {
      throw withHeaders(new Errors.AUTHENTICATION_REQUIRED(), { 'www-authenticate': `Bearer realm="${REALM}"` });
    }
    const token = bearerToken(header);
    if (token === '') throw invalidToken('the Authorization header is not "Bearer <token>"');
    let principal: Principal;
    try {
      principal = await ctx.auth.verifyAccessToken(token);
    } catch (error) {
      if (error instanceof TokenRejected) throw invalidToken(error.message);
      throw error;
    }
    if (!principal.scopes.includes(requiredScope)) {
      throw withHeaders(new Errors.INSUFFICIENT_SCOPE(requiredScope), {
        'www-authenticate': `Bearer realm="${REALM}", error="insufficient_scope", scope="${requiredScope}"`,
      });
    }
    request.principal = principal;
  };
}

/** The caller `authenticate()` established; only for routes behind it. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Errors.INTERNAL();
  return request.principal;
}

/**
 * 403 unless the authenticated client's merchant owns the store. An unknown store is 403 too, so
 * that one merchant cannot probe for another's store ids.
 */
export async function requireStoreGrant(ctx: AppContext, request: FastifyRequest, storeId: string): Promise<void> {
  const principal = principalOf(request);
  const owner = await ctx.storeMethods.storeOwner(storeId.toLowerCase());
  if (owner === undefined || owner !== principal.merchantId) {
    // RFC 6750 §3.1: the token is valid but does not reach this resource.
    throw withHeaders(new Errors.STORE_NOT_GRANTED(storeId), {
      'www-authenticate': `Bearer realm="${REALM}", error="insufficient_scope", error_description="the client is not granted this store"`,
    });
  }
}
