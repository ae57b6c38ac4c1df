// The OpenAPI document without a running service: the app is built on an in-memory PGlite, asked for
// its document and closed. `npm run openapi` (`pms openapi --out openapi.json`) writes it to openapi.json;
// test/openapi/openapi.test.ts checks that the committed file is current.
import { build } from './app.ts';
import { readConfig } from './config.ts';
import { createContext } from './context.ts';
import { openPGlite, type DatabaseHandle } from './storage/database.ts';
import { migrateToLatest } from './storage/migrate.ts';
import { openApiDocument } from './http/openapi/openapi.ts';

/** The server URL of the committed document: fixed, so that the file does not depend on the machine. */
export const DOCUMENT_PUBLIC_URL = 'http://localhost:3000';

/** The embed route is left out of the document; its content does not matter here. */
const PLACEHOLDER_BUNDLE = { fileName: 'payment-components.0000000000000000.js', body: Buffer.alloc(0) };

/**
 * `providerPrefix`: the operator's name in the known types; the committed document has the default
 * (`PROVIDER`), whatever PROVIDER_PREFIX this machine sets. `database`: a migrated database to build
 * the app on, left open (the tests have one at hand; a new PGlite costs an initdb, seconds of CPU);
 * by default a new in-memory one, closed after. No row of it reaches the document.
 */
export async function generateOpenApiDocument(
  options: { publicUrl?: string; providerPrefix?: string; database?: DatabaseHandle } = {},
): Promise<object> {
  const database = options.database ?? (await openPGlite(undefined));
  try {
    if (!options.database) await migrateToLatest(database);
    // Only these: nothing of this machine's environment reaches the document.
    const config = readConfig({ PUBLIC_URL: options.publicUrl ?? DOCUMENT_PUBLIC_URL, PROVIDER_PREFIX: options.providerPrefix });
    const ctx = await createContext(config, database);
    const app = await build(ctx, { embedBundle: PLACEHOLDER_BUNDLE });
    try {
      await app.ready();
      return openApiDocument(app);
    } finally {
      await app.close();
    }
  } finally {
    if (!options.database) await database.close();
  }
}

/** The document as openapi.json holds it. */
export function openApiJson(document: object): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
