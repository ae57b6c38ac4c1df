// The house's import rules (README, "Architecture"), checked by `npm test` (test/house/layering.test.ts)
// and `npm run lint`. Imports flow one way: entry points → http → services/auth → domain/storage → lib.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle makes two modules one: neither can be read, tested or moved alone.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'lib-is-generic',
      severity: 'error',
      comment: 'src/lib holds generic pieces (caches, batching, ids, hashing): they know nothing of this service.',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'The domain imports nothing of ours but itself, and no package with I/O or a framework.',
      from: { path: '^src/domain/' },
      to: { pathNot: '^src/domain/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'domain-does-no-io',
      severity: 'error',
      comment: 'Domain rules are computed, never fetched: no Node I/O modules.',
      from: { path: '^src/domain/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(fs|net|http|https|http2|child_process|dgram|dns|tls|worker_threads|cluster)(/|$)' },
    },
    {
      name: 'storage-imports-only-domain',
      severity: 'error',
      comment: 'Repositories hold queries; what they return is domain types. Generic helpers come from lib.',
      from: { path: '^src/storage/' },
      to: { path: '^src/', pathNot: '^src/(storage|domain|lib)/' },
    },
    {
      name: 'catalog-input-below-services',
      severity: 'error',
      comment: 'The shapes and validation of catalog writes are used by services and routes, never the reverse.',
      from: { path: '^src/catalog-input/' },
      to: { path: '^src/', pathNot: '^src/(catalog-input|domain|lib)/' },
    },
    {
      name: 'services-and-auth-never-import-http',
      severity: 'error',
      comment: 'The logic does not know it is served over HTTP: routes call services, never the reverse.',
      from: { path: '^src/(services|auth|storage|domain|lib|catalog-input|observability)/' },
      to: { path: '^src/(http/|app\\.ts|context\\.ts|main\\.ts|cli\\.ts|openapi-generator\\.ts)' },
    },
    {
      name: 'auth-and-services-are-siblings',
      severity: 'error',
      comment: 'Authentication and the catalog services meet only in context.ts and the routes.',
      from: { path: '^src/auth/' },
      to: { path: '^src/services/' },
    },
    {
      name: 'services-do-not-reach-into-auth',
      severity: 'error',
      comment: 'See auth-and-services-are-siblings.',
      from: { path: '^src/services/' },
      to: { path: '^src/auth/' },
    },
    {
      name: 'http-is-not-an-entry-point',
      severity: 'error',
      comment: 'Routes are built by app.ts; they never import the process entry points.',
      from: { path: '^src/http/' },
      to: { path: '^src/(app|main|cli|openapi-generator)\\.ts$' },
    },
    {
      name: 'src-never-imports-tests',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'tests-import-shared-helpers-only',
      severity: 'error',
      comment: 'Shared fixtures live in test/helpers/; a test folder never imports from another one.',
      from: { path: '^test/([^/]+)/' },
      to: { path: '^test/', pathNot: ['^test/$1/', '^test/helpers/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.js', '.json'] },
  },
};
