// The console's single sign-on (docs/console.md#single-sign-on), present when CONSOLE_OIDC_* are set:
// GET /console/sign-in/sso sends the browser to the provider, GET /console/callback finishes the sign-in
// (services/console/oidc.ts) and starts a console session as the person. What the callback needs is
// kept in the database under a random key whose cookie lives 10 minutes (services/console/sign-ins.ts),
// so that any instance may receive it; it is taken once.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { SignInRefused, type ConsoleOidc, type SignInRefusalReason } from '../../services/console/oidc.ts';
import { CONSOLE_SIGN_IN_TTL_MS } from '../../services/console/sign-ins.ts';
import { PUBLIC_LIMITED_ROUTE, readCookie, sessionCookie, setCookie } from './security.ts';
import { sendSignInPage } from './sign-in.ts';

/** The pending sign-in's key. SameSite=Lax: the provider's redirect back is a top-level navigation from its site. */
export const SSO_COOKIE = 'pms_console_sso';

/** What a refusal answers: no role or the provider's own refusal 403, a foreign answer 400, the provider failing 502. */
const REFUSAL_STATUS: Record<SignInRefusalReason, number> = {
  'no-role': 403,
  state: 400,
  'provider-refused': 403,
  'provider-unreachable': 502,
  'invalid-response': 502,
};

export function singleSignOnRoutes(app: FastifyInstance, ctx: AppContext, oidc: ConsoleOidc): void {
  const secure = ctx.config.publicUrl.startsWith('https:');
  const pendingCookie = (reply: FastifyReply, key: string, maxAgeSeconds: number) =>
    setCookie(reply, SSO_COOKIE, key, { secure, maxAgeSeconds, sameSite: 'Lax' });

  function refused(reply: FastifyReply, status: number, problem: string): Promise<FastifyReply> {
    return sendSignInPage(reply, secure, status, { problem, singleSignOn: true, clientSignIn: ctx.config.consoleClientSignIn });
  }

  app.get('/console/sign-in/sso', PUBLIC_LIMITED_ROUTE, async (request, reply) => {
    const returnTo = (request.query as Record<string, unknown>).returnTo;
    let begun;
    try {
      begun = await oidc.beginSignIn(typeof returnTo === 'string' ? returnTo : '/console');
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
      request.log.warn({ err: error, console: { signIn: error.reason } }, 'console single sign-on failed');
      return refused(reply, REFUSAL_STATUS[error.reason], error.message);
    }
    pendingCookie(reply, await ctx.consoleSignIns.keep(begun.pending), CONSOLE_SIGN_IN_TTL_MS / 1000);
    return reply.redirect(begun.url.href, 303);
  });

  app.get('/console/callback', PUBLIC_LIMITED_ROUTE, async (request, reply) => {
    // Taken (deleted) before anything else: a replayed callback, here or on another instance, finds nothing.
    const pending = await ctx.consoleSignIns.take(readCookie(request, SSO_COOKIE));
    pendingCookie(reply, '', 0);
    if (!pending) {
      return refused(reply, 400, 'This sign-in is unknown, already finished or older than 10 minutes: sign in again.');
    }
    let person;
    try {
      // The URL the provider sent the browser to, as registered there ({PUBLIC_URL}/console/callback).
      person = await oidc.completeSignIn(new URL(`${ctx.config.publicUrl}${request.url}`), pending);
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
      request.log.warn({ err: error, console: { signIn: error.reason } }, 'console single sign-on refused');
      return refused(reply, REFUSAL_STATUS[error.reason], error.message);
    }
    const { token } = await ctx.consoleSessions.create({
      actorType: 'console',
      actorId: person.subject,
      displayName: person.displayName,
      role: person.role,
    });
    sessionCookie(reply, token, secure);
    request.log.info({ console: { signedIn: `console:${person.subject}`, role: person.role } }, 'console sign-in');
    return reply.redirect(pending.returnTo, 303);
  });
}
