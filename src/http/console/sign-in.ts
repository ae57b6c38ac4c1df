// Signing in and out of the console (docs/console.md#sign-in). A person signs in with an admin
// client's id and secret, verified as the token endpoint verifies them (the same failure budget per
// client and address); the audit trail records their changes as that client. Beside single sign-on,
// CONSOLE_CLIENT_SIGN_IN=false takes that way away: the form is not shown and its post is refused.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OAuthError } from '../../auth/index.ts';
import type { AppContext } from '../../context.ts';
import { emptyForm, text, valueAt, type FormState } from '../../services/console/form-values.ts';
import { formOf, sendPage } from './pages.ts';
import {
  SESSION_COOKIE,
  SIGN_IN_COOKIE,
  PUBLIC_LIMITED_ROUTE,
  clearSessionCookie,
  newToken,
  readCookie,
  sameToken,
  sessionCookie,
  setCookie,
  setSessionOf,
} from './security.ts';
import { HomePage, SignInPage } from './views/sign-in.tsx';

const SIGN_IN_COOKIE_SECONDS = 3600;

export interface SignInPageOptions {
  /** Whether the admin client's form is offered (CONSOLE_CLIENT_SIGN_IN). */
  clientSignIn: boolean;
  form?: FormState;
  problem?: string | undefined;
  notice?: string | undefined;
  /** Whether single sign-on is offered below the client form. */
  singleSignOn: boolean;
}

/** The sign-in page; its client form's token is paired with a cookie set here. */
export function sendSignInPage(reply: FastifyReply, secure: boolean, status: number, options: SignInPageOptions): Promise<FastifyReply> {
  let clientForm;
  if (options.clientSignIn) {
    const token = newToken();
    setCookie(reply, SIGN_IN_COOKIE, token, { secure, maxAgeSeconds: SIGN_IN_COOKIE_SECONDS, sameSite: 'Strict' });
    clientForm = { form: options.form, token };
  }
  return sendPage(reply, status, SignInPage({ ...options, clientForm }));
}

export function signInRoutes(app: FastifyInstance, ctx: AppContext): void {
  const secure = ctx.config.publicUrl.startsWith('https:');
  const singleSignOn = ctx.consoleOidc !== undefined;
  const clientSignIn = ctx.config.consoleClientSignIn;
  const signInPage = (reply: FastifyReply, status: number, options: Omit<SignInPageOptions, 'clientSignIn' | 'singleSignOn'> = {}) =>
    sendSignInPage(reply, secure, status, { ...options, clientSignIn, singleSignOn });

  app.get('/console', { config: { consoleAccess: 'public' } }, async (request, reply) => {
    const session = await ctx.consoleSessions.resolve(readCookie(request, SESSION_COOKIE));
    if (!session) return signInPage(reply, 200, { notice: signedOutNotice(request) });
    setSessionOf(request, session);
    return sendPage(reply, 200, HomePage({ session }));
  });

  app.post('/console/sign-in', PUBLIC_LIMITED_ROUTE, async (request, reply) => {
    // Turned off: refused before anything is read, no key derivation, nothing counted against a client.
    if (!clientSignIn) {
      return signInPage(reply, 403, { problem: 'Signing in with an admin client is turned off here: sign in with single sign-on.' });
    }
    const form = formOf(request);
    const clientId = text(form, 'clientId').trim();
    const clientSecret = text(form, 'clientSecret');
    const shown = emptyForm({ clientId });
    const cookie = readCookie(request, SIGN_IN_COOKIE);
    if (cookie === undefined || !sameToken(valueAt(form, '_csrf'), cookie)) {
      return signInPage(reply, 403, { form: shown, problem: 'The sign-in form had expired; try again.' });
    }
    const missing: Record<string, string> = {};
    if (clientId === '') missing.clientId = 'Enter the client ID';
    if (clientSecret === '') missing.clientSecret = 'Enter the client secret';
    if (Object.keys(missing).length > 0) {
      return signInPage(reply, 400, { form: { ...shown, errors: missing }, problem: 'Enter a client ID and its secret.' });
    }
    let client;
    try {
      client = await ctx.auth.authenticateClient(clientId, clientSecret, request.ip);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      const status = error.statusCode === 401 ? 401 : error.statusCode;
      const problem = status === 401 ? 'The client ID or the client secret is wrong.' : error.message;
      return signInPage(reply, status, { form: shown, problem });
    }
    if (!client.scopes.includes('admin')) {
      return signInPage(reply, 403, { form: shown, problem: 'This client may not use the console: it lacks the scope admin.' });
    }
    const { token } = await ctx.consoleSessions.create(
      { actorType: 'client', actorId: client.clientId, displayName: client.clientId, role: 'catalog-editor' },
      client.secretHash,
    );
    setCookie(reply, SIGN_IN_COOKIE, '', { secure, maxAgeSeconds: 0, sameSite: 'Strict' });
    sessionCookie(reply, token, secure);
    request.log.info({ console: { signedIn: client.clientId } }, 'console sign-in');
    return reply.redirect('/console', 303);
  });

  app.post('/console/sign-out', { config: { consoleAccess: 'signed-in' } }, async (request, reply) => {
    await ctx.consoleSessions.destroy(readCookie(request, SESSION_COOKIE));
    clearSessionCookie(reply, secure);
    return reply.redirect('/console?signed-out=1', 303);
  });
}

function signedOutNotice(request: FastifyRequest): string | undefined {
  return (request.query as Record<string, unknown>)['signed-out'] === '1' ? 'You have signed out.' : undefined;
}
