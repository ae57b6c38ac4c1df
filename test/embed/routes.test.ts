// GET /embed/{fileName} and loading the bundle the server serves.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../src/http/plugins/error-handler.ts';
import { embedRoutes, loadEmbedBundle } from '../../src/http/embed/routes.ts';

const bundle = { fileName: 'payment-components.0123456789abcdef.js', body: Buffer.from('"use strict";(()=>{})();\n') };

describe('embed routes', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    await app.register(embedRoutes, { bundle });
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves the script, cacheable for a year and readable from any origin', async () => {
    const response = await app.inject({ method: 'GET', url: `/embed/${bundle.fileName}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(bundle.body);
    expect(response.headers).toMatchObject({
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const url = `/embed/${bundle.fileName}`;
    const { headers } = await app.inject({ method: 'GET', url });
    const revalidated = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers HEAD like GET, without the body', async () => {
    const response = await app.inject({ method: 'HEAD', url: `/embed/${bundle.fileName}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
  });

  it.each(['/embed/payment-components.ffffffffffffffff.js', '/embed/', '/embed/a/b?x=1'])('404s %s, uncached', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      message: `No route GET ${url.split('?')[0]}`,
      code: 'ROUTE_NOT_FOUND',
      traceId: response.headers['x-request-id'],
      timestamp: expect.any(String),
    });
  });
});

describe('loadEmbedBundle', { timeout: 30_000 }, () => {
  let distDir: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'embed-dist-'));
  });
  afterAll(() => rm(distDir, { recursive: true, force: true }));

  it('builds when there is no manifest, then reads what was built', async () => {
    const built = await loadEmbedBundle(distDir);
    const manifest = JSON.parse(await readFile(path.join(distDir, 'embed', 'manifest.json'), 'utf8'));
    expect(built.fileName).toBe(manifest.file);
    expect(built.body).toEqual(await readFile(path.join(distDir, 'embed', manifest.file)));
    await expect(loadEmbedBundle(distDir)).resolves.toEqual(built);
  });

  it('refuses a bundle that does not match its manifest', async () => {
    const { fileName } = await loadEmbedBundle(distDir);
    await writeFile(path.join(distDir, 'embed', fileName), 'tampered');
    await expect(loadEmbedBundle(distDir)).rejects.toThrow(/does not match/);
  });
});
