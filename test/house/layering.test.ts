// The house's rules, checked on every `npm test`: the import layering of .dependency-cruiser.cjs
// (docs/development.md#architecture), and that the repository documents itself (nothing outside test/ points
// at documents a clone does not have).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

describe('house rules', () => {
  it('imports follow the layering (dependency-cruiser)', async () => {
    const config = require(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const result = await cruise(['src', 'test', 'client/src'], { ruleSet: config, ...config.options, validate: true });
      const output = result.output as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
      const violations = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
      expect(violations).toEqual([]);
    } finally {
      process.chdir(cwd);
    }
  }, 60_000);

  it('the rules catch violations (a fixture tree that breaks six of them)', async () => {
    const config = require(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
    const fixture = mkdtempSync(path.join(tmpdir(), 'pms-layering-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
      writeFileSync(path.join(fixture, file), text);
    };
    write('src/domain/rule.ts', "import { rows } from '../storage/rows.ts';\nexport const rule = rows;\n");
    write('src/storage/rows.ts', "import { route } from '../http/route.ts';\nexport const rows = route;\n");
    write('src/http/route.ts', 'export const route = 1;\n');
    write('tsconfig.json', '{ "compilerOptions": { "allowImportingTsExtensions": true, "noEmit": true } }\n');
    write('src/services/a.ts', "import { b } from './b.ts';\nexport const a = b;\n");
    write('src/services/b.ts', "import { a } from './a.ts';\nexport const b = a;\n");
    // A type-only import of the query builder is refused too (sql-stays-in-storage's comment says why).
    write('src/services/query.ts', "import type { Kysely } from 'kysely';\nexport type Handle = Kysely<object>;\n");
    write('src/observability/gauge.ts', "import { a } from '../services/a.ts';\nexport const gauge = a;\n");
    const cwd = process.cwd();
    process.chdir(fixture);
    try {
      const result = await cruise(['src'], { ruleSet: config, ...config.options, validate: true });
      const output = result.output as { summary: { violations: Array<{ rule: { name: string } }> } };
      const broken = new Set(output.summary.violations.map((v) => v.rule.name));
      expect([...broken].sort()).toEqual([
        'domain-is-pure',
        'no-cycles',
        'observability-imports-no-service',
        'services-and-auth-never-import-http',
        'sql-stays-in-storage',
        'storage-imports-only-domain',
      ]);
    } finally {
      process.chdir(cwd);
      rmSync(fixture, { recursive: true, force: true });
    }
  }, 60_000);

  it('no query is built outside src/storage (the query builder is reached only through a repository)', () => {
    // sql-stays-in-storage keeps kysely's imports in storage; a Db handle still has the builder's
    // methods, so their calls are looked for too.
    const files = execFileSync('git', ['ls-files', 'src'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file.endsWith('.ts') && !file.startsWith('src/storage/'));
    const building = /\.(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(/;
    const offending = files.filter((file) => building.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('no tracked file outside test/ refers to documents outside the repository', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !file.startsWith('test/') && /\.(ts|mjs|cjs|js|md|json|html|css)$/.test(file));
    const offending = files.filter((file) => /\.\.\/shared|shared\/spec|contract §/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offending).toEqual([]);
  });
});
