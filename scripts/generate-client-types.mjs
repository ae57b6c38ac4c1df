// The client's types (client/src/generated/openapi.ts), generated from the committed openapi.json by
// openapi-typescript, so that the client cannot drift from the API description: `npm run openapi`
// regenerates both, and test/client fails while the committed file differs from a fresh generation.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GENERATED_TYPES = path.join(root, 'client/src/generated/openapi.ts');

const HEADER =
  '// Generated from openapi.json by scripts/generate-client-types.mjs (openapi-typescript); do not edit.\n' +
  '// Regenerate with `npm run openapi`.\n';

/** The file's content for the document at `openapiPath`. */
export async function generateClientTypes(openapiPath = path.join(root, 'openapi.json')) {
  const document = JSON.parse(await readFile(openapiPath, 'utf8'));
  // No Redocly config: the document is given whole, and redocly.yaml is the linter's.
  const ast = await openapiTS(document, { alphabetize: true, redocly: undefined });
  return HEADER + astToString(ast);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeFile(GENERATED_TYPES, await generateClientTypes());
  console.log(`wrote ${path.relative(root, GENERATED_TYPES)}`);
}
