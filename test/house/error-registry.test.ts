// The registry of coded errors (src/errors.ts) holds only codes the service answers with: a code
// registered and never thrown is documented for clients that will never see it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { Errors } from '../../src/errors.ts';

const src = path.resolve(import.meta.dirname, '../../src');

function sourcesBesideTheRegistry(): string {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && file !== 'errors.ts')
    .map((file) => readFileSync(path.join(src, file), 'utf8'))
    .join('\n');
}

it('every registered error code is used somewhere in src/ besides the registry', () => {
  const code = sourcesBesideTheRegistry();
  const unused = Object.keys(Errors).filter((name) => !new RegExp(`\\b${name}\\b`).test(code));
  expect(unused).toEqual([]);
});
