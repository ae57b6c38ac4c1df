// The house's rules, checked on every `npm test`: the import layering of .dependency-cruiser.cjs
// (README, "Architecture"), and that the repository documents itself (nothing outside test/ points
// at documents a clone does not have).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
      const result = await cruise(['src', 'test'], { ruleSet: config, ...config.options, validate: true });
      const output = result.output as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
      const violations = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
      expect(violations).toEqual([]);
    } finally {
      process.chdir(cwd);
    }
  }, 60_000);

  it('the rules catch a violation (a domain module importing storage)', async () => {
    const config = require(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
    const rule = config.forbidden!.find((r) => r.name === 'domain-is-pure')!;
    expect(new RegExp(rule.from.path as string).test('src/domain/money.ts')).toBe(true);
    // (A `forbidden` rule's type is a union; this one has `to`.)
    expect(new RegExp((rule as { to: { pathNot?: unknown } }).to.pathNot as string).test('src/storage/database.ts')).toBe(false);
  });

  it('no tracked file outside test/ refers to documents outside the repository', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !file.startsWith('test/') && /\.(ts|mjs|cjs|js|md|json|html|css)$/.test(file));
    const offending = files.filter((file) => /\.\.\/shared|shared\/spec|contract §/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offending).toEqual([]);
  });
});
