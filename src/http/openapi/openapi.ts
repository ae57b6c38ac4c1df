// The OpenAPI 3.1 document of every route (@fastify/swagger), served at /openapi.json, and the docs
// page at /docs (@fastify/swagger-ui, its assets served from the installed package). Register it
// before any route: the document describes the routes registered after it.
import { ErrorResponse } from '../schemas/common.ts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { OperatorTypes } from '../../domain/payment-method-types.ts';
import { baseDocument, finishDocument, transformRouteSchema } from './document.ts';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

export interface OpenApiOptions {
  /** External base URL (PUBLIC_URL): the document's server and token URL. */
  publicUrl: string;
  /** The configured operator's types: the document lists the known types with its prefix. */
  operator: OperatorTypes;
}

export interface RegisteredRoute {
  method: string;
  /** Fastify's path, prefix included (`/v1/sessions/:sessionId/…`). */
  url: string;
}

const routesByApp = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * The one inline style of the page: the <style> in Swagger UI's top-bar logo (swagger-ui-dist
 * 5.32.1, `.logo_small_svg__cls-2{fill:#fff}…`). After an upgrade of @fastify/swagger-ui,
 * test/embed/docs.browser.test.ts names the new hash if it changed.
 */
const SWAGGER_UI_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The docs page's Content-Security-Policy: only this origin's files, no inline script, no inline
 * style but the logo's (by hash); fetches to this origin and to PUBLIC_URL (the document and, from
 * "Authorize", the token URL).
 */
export function docsContentSecurityPolicy(publicUrl: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' ${SWAGGER_UI_LOGO_STYLE}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${new URL(publicUrl).origin}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function registerOpenApi(app: FastifyInstance, { publicUrl, operator }: OpenApiOptions): Promise<void> {
  const routes: RegisteredRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url });
  });

  await app.register(swagger, {
    openapi: baseDocument(publicUrl),
    stripBasePath: false,
    transform: ({ schema, url }) => ({ schema: transformRouteSchema(schema, url), url }),
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) throw new Error('OpenAPI: expected an OpenAPI document');
      return finishDocument(documentObject.openapiObject, operator);
    },
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: docsContentSecurityPolicy(publicUrl),
    theme: { title: 'Payment method sessions API' },
    uiConfig: {
      // `urls` (not `url`, which the plugin points at its own copy) makes the page load /openapi.json.
      urls: [{ url: OPENAPI_PATH, name: 'Payment method sessions' }],
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
    },
    uiHooks: {
      onRequest: async (_request, reply) => {
        void reply.headers({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
      },
    },
  });

  // Kept as bytes: a string would be encoded into a new 120 KB buffer for every answer (garbage the
  // allocator holds on to under a flood of them: bench/analysis.md).
  let documentJson: Buffer | undefined;
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        operationId: 'getOpenApiDocument',
        // Public: no credentials (an explicit empty requirement, not an omission).
        security: [],
        description: 'This document. Readable from any origin; rendered for people at `/docs`.',
        'x-docs': {
          responses: { '200': { headers: { 'Cache-Control': '`no-cache`.' } } },
        },
        summary: 'The OpenAPI 3.1 document of this service',
        tags: ['Operations'],
        response: { 200: Type.Object({}, { additionalProperties: true, description: 'OpenAPI 3.1.0 document.' }), 429: ErrorResponse },
      },
      // Its bytes cost about 6 storefront requests (SECURITY.md): per address, like the storefront.
      config: { rateLimitPolicy: 'public' },
    },
    async (_request, reply) => {
      documentJson ??= Buffer.from(JSON.stringify(openApiDocument(app)));
      // Bytes are sent as they are, not through the response schema's serializer.
      return reply
        .headers({
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-cache',
          'access-control-allow-origin': '*',
        })
        .send(documentJson);
    },
  );
  // Built once the routes are all there, so that a route the document cannot describe stops the start.
  app.addHook('onReady', async () => {
    documentJson = Buffer.from(JSON.stringify(openApiDocument(app)));
  });
}

/** Fastify's `/a/:b` as OpenAPI's `/a/{b}`. */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

/** The document, after `app.ready()`. */
export function openApiDocument(app: FastifyInstance): object {
  return app.swagger();
}

/** Every route of the app (HEAD ones included), after `app.ready()`. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes = routesByApp.get(app);
  if (!routes) throw new Error('registeredRoutes: registerOpenApi was not called on this app');
  return routes;
}
