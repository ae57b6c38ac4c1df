// The client's types are generated from openapi.json (scripts/generate-client-types.mjs): the
// committed file must be what a generation gives now, so the client cannot drift from the API.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { GENERATED_TYPES, generateClientTypes } from '../../scripts/generate-client-types.mjs';

it('client/src/generated/openapi.ts is current (else: npm run openapi, and commit it)', async () => {
  expect(await readFile(GENERATED_TYPES, 'utf8')).toBe(await generateClientTypes());
});
