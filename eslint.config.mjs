// ESLint (`npm run lint`): typescript-eslint's type-aware recommended rules over the service, the
// storefront script, the client package, the tests, the scripts and the benchmark. Formatting is Prettier's (.prettierrc.json),
// so no stylistic rules here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      // scripts/build.mjs's folders while it builds (or left by a build that was killed).
      'dist.*/**',
      'node_modules/**',
      'data/**',
      'bench/results/**',
      'coverage/**',
      // StrykerJS's sandbox and reports (npm run test:mutation).
      '.stryker-tmp/**',
      'reports/**',
      'src/http/demo/assets/**',
      'client/dist/**',
      'client/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `_`-prefixed parameters and caught errors are deliberately unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Fastify hooks and route handlers are async by contract even when they await nothing, and
      // Fastify awaits the promise a hook or handler returns where its types say void.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, properties: false, returns: false } }],
    },
  },
  {
    // Tests read JSON answers, which are `any` until asserted: the rules about `any` and about
    // assertions would only move `as` around there. Everything else applies to tests too.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // vi.spyOn(object, 'method') and expect(object.method) name methods without calling them.
      '@typescript-eslint/unbound-method': 'off',
      // inject() options: `url` is always a string in these tests.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  {
    // Migrations are written against Kysely<any>, as Kysely recommends: a migration must keep
    // working when the schema types change later; a dialect implements Kysely's Kysely<any> signatures.
    files: ['src/storage/migrations/**', 'src/storage/migrate.ts', 'src/storage/pglite-dialect.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Plain JavaScript (scripts, benchmark, build): no type information.
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
        crypto: 'readonly',
        AbortController: 'readonly',
        module: 'writable',
        require: 'readonly',
        __dirname: 'readonly',
      },
    },
  },
);
