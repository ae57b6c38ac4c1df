// The storefront script (embed.src, docs/README.md#interfaces): GET /embed/{fileName}. The name carries a hash
// of the content, so the file is immutable and cacheable for a year; any other /embed/ path is a
// 404. Storefronts on any origin load it, so it is CORS-readable (needed for `integrity` and
// `crossorigin` script tags) and allowed cross-origin by Cross-Origin-Resource-Policy.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../errors.ts';
import { etagOnSend } from '../plugins/etag.ts';

export interface EmbedBundle {
  /** `payment-components.<hash>.js` */
  fileName: string;
  body: Buffer;
}

export interface EmbedRoutesOptions {
  bundle: EmbedBundle;
}

export async function embedRoutes(app: FastifyInstance, { bundle }: EmbedRoutesOptions): Promise<void> {
  app.addHook('onSend', etagOnSend);

  app.get(`/embed/${bundle.fileName}`, async (_request, reply) =>
    reply
      .headers({
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff',
      })
      .send(bundle.body),
  );

  // Older bundle names (after a deploy) and typos answer like any unknown route, never cached.
  app.get('/embed/*', async (request) => {
    throw new Errors.ROUTE_NOT_FOUND(request.method, (request.url.split('?')[0] ?? '').slice(0, 200));
  });
}

interface Manifest {
  file: string;
  sha384: string;
}

function isManifest(value: unknown): value is Manifest {
  const m = value as Partial<Manifest> | null;
  return typeof m?.file === 'string' && /^[\w.-]+\.js$/.test(m.file) && typeof m.sha384 === 'string';
}

async function readManifest(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The bundle that `scripts/build-embed.mjs` wrote to `{distDir}/embed/`. When no manifest is
 * there yet (tests, a first `npm start` from source) it is built now; that needs esbuild, a dev
 * dependency, so production images should run the build beforehand.
 */
export async function loadEmbedBundle(distDir: string): Promise<EmbedBundle> {
  const dir = path.join(distDir, 'embed');
  const manifestFile = path.join(dir, 'manifest.json');
  let manifest = await readManifest(manifestFile);
  if (manifest === undefined) {
    const { buildEmbed } = await import('../../../scripts/build-embed.mjs');
    manifest = await buildEmbed({ outdir: dir });
  }
  if (!isManifest(manifest)) throw new Error(`${manifestFile} is not an embed manifest`);
  const body = await readFile(path.join(dir, manifest.file));
  // A manifest left over from another build would make embed.src name the wrong content.
  if (createHash('sha384').update(body).digest('base64') !== manifest.sha384) {
    throw new Error(`${manifest.file} does not match ${manifestFile}: rebuild with scripts/build-embed.mjs`);
  }
  return { fileName: manifest.file, body };
}
