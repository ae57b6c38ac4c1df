// The script storefronts load: one small, content-named IIFE and a manifest that describes it.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildEmbed } from '../../scripts/build-embed.mjs';

const MAX_GZIP_BYTES = 15 * 1024;

describe('buildEmbed', { timeout: 30_000 }, () => {
  const dirs: string[] = [];
  const outdir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'embed-bundle-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it(`stays within ${MAX_GZIP_BYTES} bytes gzipped, as the manifest says`, async () => {
    const dir = await outdir();
    const manifest = await buildEmbed({ outdir: dir });
    const body = await readFile(path.join(dir, manifest.file));
    expect(gzipSync(body).byteLength).toBe(manifest.gzipBytes);
    expect(manifest.gzipBytes).toBeLessThanOrEqual(MAX_GZIP_BYTES);
    expect(manifest.bytes).toBe(body.byteLength);
    expect(manifest.sha384).toBe(createHash('sha384').update(body).digest('base64'));
    expect(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect((await readdir(dir)).sort()).toEqual([manifest.file, 'manifest.json'].sort());
  });

  it('is a classic script (an IIFE, no module syntax) named by its content', async () => {
    const [a, b] = await Promise.all([buildEmbed({ outdir: await outdir() }), buildEmbed({ outdir: await outdir() })]);
    expect(a.file).toMatch(/^payment-components\.[0-9a-f]{16}\.js$/);
    expect(b).toEqual(a);
    const body = await readFile(path.join(dirs[1]!, a.file), 'utf8');
    expect(body.startsWith('"use strict";(()=>{')).toBe(true);
    expect(body).not.toMatch(/\bimport\.meta\b|^export /m);
  });
});
