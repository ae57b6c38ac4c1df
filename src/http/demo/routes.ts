// The demo storefront (only with the bundled demo catalog): a shop checkout at /demo that uses the
// storefront script as a merchant's page would, and the shop's own backend route that creates
// sessions server-side with the demo client's credentials, so no token ever reaches the browser.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type {} from '@fastify/swagger'; // its FastifySchema field `hide`
import type { AppContext } from '../../context.ts';
import type { DemoCredentials } from '../../demo.ts';
import { Errors } from '../../errors.ts';
import { etagOnSend } from '../plugins/etag.ts';

export interface DemoRoutesOptions {
  ctx: AppContext;
  demo: DemoCredentials;
  /** Absolute URL of the storefront script (embed.src). */
  embedSrc: string;
}

// From source (tests) the assets sit beside this module; esbuild inlines it into dist/main.js and
// scripts/build.mjs copies them to dist/demo/assets.
const ASSET_DIRS = [new URL('./assets/', import.meta.url), new URL('./demo/assets/', import.meta.url)];

const DemoSessionBody = Type.Object({ campaign: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) });
const DemoSession = Type.Object({ sessionId: Type.String(), expiresAt: Type.String() });

export async function demoRoutes(app: FastifyInstance, { ctx, demo, embedSrc }: DemoRoutesOptions): Promise<void> {
  const dir = ASSET_DIRS.find((url) => existsSync(url));
  if (!dir) throw new Error('the demo storefront assets (src/http/demo/assets) are missing');
  const read = (name: string) => readFile(new URL(name, dir), 'utf8');
  const [template, script, stylesheet] = await Promise.all([read('index.html'), read('shop.js'), read('shop.css')]);
  const page = fill(template, { storeName: demo.storeName, embedSrc });
  const headers = securityHeaders(new URL(embedSrc).origin, new URL(ctx.config.publicUrl).origin);
  const serve = (reply: FastifyReply, type: string, cacheControl: string, body: string) =>
    reply.headers({ ...headers, 'content-type': `${type}; charset=utf-8`, 'cache-control': cacheControl }).send(body);

  app.get('/demo', { schema: { hide: true } }, async (_request, reply) => serve(reply, 'text/html', 'no-store', page));
  // The assets are revalidated (ETag), so an edited file shows on the next load after a restart.
  const asset = { schema: { hide: true }, onSend: etagOnSend };
  app.get('/demo/shop.js', asset, async (_request, reply) => serve(reply, 'application/javascript', 'no-cache', script));
  app.get('/demo/shop.css', asset, async (_request, reply) => serve(reply, 'text/css', 'no-cache', stylesheet));

  // The shop's backend, as a merchant's would be: a client-credentials token, then the session.
  // Both calls go through inject(): in-process, the same routes and checks as over the network.
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/demo/session',
    {
      schema: { hide: true, body: DemoSessionBody, response: { 201: DemoSession } },
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
    },
    async (request, reply) => {
      const token = await app.inject({
        method: 'POST',
        url: '/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: demo.clientId,
          client_secret: demo.clientSecret,
          scope: 'merchant-api',
        }).toString(),
      });
      if (token.statusCode !== 200) throw innerFailure(request, 'an access token', token.statusCode);
      const { campaign } = request.body;
      const created = await app.inject({
        method: 'POST',
        url: `/v1/stores/${demo.storeId}/sessions`,
        headers: {
          authorization: `Bearer ${(token.json() as { access_token: string }).access_token}`,
          'content-type': 'application/json',
          'x-request-id': request.id,
        },
        payload: JSON.stringify(campaign === undefined ? {} : { campaign }),
      });
      if (created.statusCode !== 201) throw innerFailure(request, 'a session', created.statusCode);
      const session = created.json() as { id: string; expiresAt: string };
      return reply.code(201).header('cache-control', 'no-store').send({ sessionId: session.id, expiresAt: session.expiresAt });
    },
  );
}

/** A failed inner call: the database being down stays a 503 the page may retry; else it is our fault. */
function innerFailure(request: FastifyRequest, what: string, status: number): Error {
  if (status === 503) return new Errors.DATABASE_UNAVAILABLE();
  request.log.error({ status }, `the demo shop got no ${what}`);
  return new Errors.INTERNAL();
}

/**
 * Scripts only from files (this origin and the service's), no inline script. Inline styles are
 * allowed because the components style their shadow roots with <style> elements, which CSP
 * governs like any other inline style.
 */
function securityHeaders(embedOrigin: string, apiOrigin: string): Record<string, string> {
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${embedOrigin}`,
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self' ${apiOrigin}`,
    // The page's empty data: favicon, which keeps browsers from asking for /favicon.ico.
    "img-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
  return { 'content-security-policy': policy, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Replaces each `{{name}}` of the template with the value, escaped for HTML. */
function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the demo page template names an unknown value {{${name}}}`);
    return escapeHtml(value);
  });
}
