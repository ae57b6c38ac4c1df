// Types of build-embed.mjs for the TypeScript files that import it (server and tests).
export interface EmbedManifest {
  /** File name of the bundle, `payment-components.<hash>.js`, beside manifest.json. */
  file: string;
  /** Base64 SHA-384 of the bundle; `sha384-${sha384}` is its Subresource Integrity value. */
  sha384: string;
  bytes: number;
  gzipBytes: number;
}

export const DEFAULT_OUTDIR: string;

export function buildEmbed(options?: { outdir?: string }): Promise<EmbedManifest>;
