// The operator console at /console (docs/console.md): server-rendered pages and plain HTML forms
// (POST, then redirect to a GET), calling the same services as the admin API. This plugin holds
// what every page shares: form bodies, the security headers, the session, and the checks every
// change passes (same origin, CSRF token, role) before its handler runs.
import formBody from '@fastify/formbody';
import type { FastifyError, FastifyInstance } from 'fastify';
import type {} from '@fastify/swagger'; // its FastifySchema field `hide`
import type { AppContext } from '../../context.ts';
import { Errors, isRegisteredError, type ErrorWithHeaders } from '../../errors.ts';
import { isDatabaseUnavailable } from '../../storage/unavailable.ts';
import { BODY_LIMIT_BYTES } from '../plugins/json-body.ts';
import { CONSOLE_CSS } from './assets.ts';
import { auditRoutes } from './audit.ts';
import { clientRoutes } from './clients.ts';
import { keyRoutes } from './keys.ts';
import { merchantRoutes } from './merchants.ts';
import { paymentMethodRoutes } from './payment-methods.ts';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  readCookie,
  sameOriginPost,
  sameToken,
  securityHeaders,
  sessionOf,
  setSessionOf,
} from './security.ts';
import { formOf, refuse, sendPage } from './pages.ts';
import { HomeLink, Page } from './views/layout.tsx';
import { parseForm } from '../../services/console/form-values.ts';
import { singleSignOnRoutes } from './single-sign-on.ts';
import { signInRoutes } from './sign-in.ts';
import { storeRoutes } from './stores.ts';
import { webhookRoutes } from './webhooks.ts';

/** Who may reach a route: anyone (sign-in, the stylesheet), anyone signed in, or catalog editors (every other change). */
export type ConsoleAccess = 'public' | 'signed-in' | 'editor';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Console routes only; default: `signed-in` for GET, `editor` for POST. */
    consoleAccess?: ConsoleAccess;
  }
}

export interface ConsoleRoutesOptions {
  ctx: AppContext;
}

export async function consoleRoutes(app: FastifyInstance, { ctx }: ConsoleRoutesOptions): Promise<void> {
  // Form posts only (the app's JSON parser stays outside this plugin), nested by the fields' names
  // (`plans[0].name`) as the admin API's bodies are; the handlers read them through formOf().
  app.removeAllContentTypeParsers();
  await app.register(formBody, { parser: parseForm, bodyLimit: BODY_LIMIT_BYTES });
  const secure = ctx.config.publicUrl.startsWith('https:');

  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.addHook('onSend', async (_request, reply) => {
    securityHeaders(reply);
  });

  // A change from another site is refused before its body is read.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    if (!sameOriginPost(request, ctx.config.publicUrl)) {
      return refuse(reply, 403, 'This change came from another site and was refused; nothing was changed.');
    }
  });

  app.addHook('preHandler', async (request, reply) => {
    const access = request.routeOptions.config.consoleAccess ?? (request.method === 'POST' ? 'editor' : 'signed-in');
    if (access === 'public') return;
    const session = await ctx.consoleSessions.resolve(readCookie(request, SESSION_COOKIE));
    if (!session) {
      if (request.method === 'GET') return reply.redirect('/console', 303);
      clearSessionCookie(reply, secure);
      return refuse(reply, 403, 'Your session has ended: sign in again. Nothing was changed.');
    }
    setSessionOf(request, session);
    if (request.method === 'POST') {
      const token = formOf(request)._csrf;
      if (!sameToken(typeof token === 'string' ? token : undefined, session.csrfToken)) {
        return refuse(
          reply,
          403,
          'This form was not sent from a page of this console session; nothing was changed. Reload the page and try again.',
        );
      }
    }
    if (access === 'editor' && session.person.role !== 'catalog-editor') {
      return refuse(reply, 403, 'You may read the catalog but not change it; nothing was changed.');
    }
  });

  // Failures as pages: a registered error's message is safe to show; anything else is logged and
  // answered without detail.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const session = sessionOf(request);
    if (isRegisteredError(error) || (error.statusCode !== undefined && error.statusCode < 500)) {
      const status = error.statusCode ?? 400;
      // A registered error's own headers: a 429's Retry-After.
      for (const [name, value] of Object.entries((error as Partial<ErrorWithHeaders>).headers ?? {})) reply.header(name, value);
      const title = status === 404 ? 'Not found' : 'Request refused';
      return sendPage(reply, status, Page({ title, session, problem: error.message, children: HomeLink() }));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'console: database unavailable');
    } else {
      request.log.error({ err: error }, 'console: unexpected failure');
    }
    const problem = 'The request failed; nothing is shown of why here. Try again shortly.';
    return sendPage(
      reply,
      isDatabaseUnavailable(error) ? 503 : 500,
      Page({ title: 'Something went wrong', session, problem, children: HomeLink() }),
    );
  });

  app.get('/console/console.css', { config: { consoleAccess: 'public' } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(CONSOLE_CSS),
  );

  signInRoutes(app, ctx);
  if (ctx.consoleOidc) singleSignOnRoutes(app, ctx, ctx.consoleOidc);
  merchantRoutes(app, ctx);
  storeRoutes(app, ctx);
  paymentMethodRoutes(app, ctx);
  clientRoutes(app, ctx);
  webhookRoutes(app, ctx);
  auditRoutes(app, ctx);
  keyRoutes(app, ctx);
  // An unknown console address is a console page too (its headers, its layout), for anyone.
  app.get('/console/*', { config: { consoleAccess: 'public' } }, async (request) => {
    throw new Errors.ROUTE_NOT_FOUND(request.method, request.url.split('?')[0]);
  });
}
