// The house's import rules (docs/development.md#architecture), checked by `npm test` (test/house/layering.test.ts)
// and `npm run lint`. Imports flow one way: entry points → http → services/auth → domain/storage → lib.

/** A rule forbidding imports from the modules matching `from` to those matching `to` (dependency-cruiser's shapes). */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/** A folder that may import only from itself and the folders listed. */
const onlyFrom = (name, comment, folder, allowed) =>
  forbid(name, comment, { path: `^src/${folder}/` }, { path: '^src/', pathNot: `^src/(${[folder, ...allowed].join('|')})/` });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'no-cycles',
      'A cycle makes two modules one: neither can be read, tested or moved alone.',
      { path: '^src/' },
      { circular: true },
    ),
    onlyFrom(
      'lib-is-generic',
      'src/lib holds generic pieces (caches, batching, ids, hashing): they know nothing of this service.',
      'lib',
      [],
    ),
    forbid(
      'domain-is-pure',
      'The domain imports nothing of ours but itself, and no package with I/O or a framework.',
      { path: '^src/domain/' },
      { pathNot: '^src/domain/', dependencyTypesNot: ['core'] },
    ),
    forbid(
      'domain-does-no-io',
      'Domain rules are computed, never fetched: no Node I/O modules.',
      { path: '^src/domain/' },
      { dependencyTypes: ['core'], path: '^(node:)?(fs|net|http|https|http2|child_process|dgram|dns|tls|worker_threads|cluster)(/|$)' },
    ),
    onlyFrom(
      'storage-imports-only-domain',
      'Repositories hold queries; what they return is domain types. Generic helpers come from lib.',
      'storage',
      ['domain', 'lib'],
    ),
    forbid(
      'sql-stays-in-storage',
      'Queries live in src/storage (the repositories); only it imports the query builder and the drivers (kysely, pg, ' +
        'PGlite). Type-only imports count too: a Kysely type is what lets a service write a query, and ' +
        'dependency-cruiser could tell them apart (dependencyTypes "type-only") but the leak would stay. Code ' +
        'outside holds the database as storage/handles.ts names it (Db, Tx, Migration). Tests may query freely.',
      { path: '^src/', pathNot: '^src/storage/' },
      { path: '^(node_modules/)?(kysely|pg|pg-[a-z-]+|@electric-sql/pglite)(/|$)' },
    ),
    forbid(
      'observability-imports-no-service',
      'Metrics, logs and traces sit below the logic they observe: a service gives the metrics what they read ' +
        '(MetricsSources: callbacks and plain shapes, wired in context.ts), never the reverse.',
      { path: '^src/observability/' },
      { path: '^src/(services|auth|storage|catalog-input|http)/' },
    ),
    onlyFrom(
      'catalog-input-below-services',
      'The shapes and validation of catalog writes are used by services and routes, never the reverse.',
      'catalog-input',
      ['domain', 'lib'],
    ),
    forbid(
      'services-and-auth-never-import-http',
      'The logic does not know it is served over HTTP: routes call services, never the reverse.',
      { path: '^src/(services|auth|storage|domain|lib|catalog-input|observability)/' },
      { path: '^src/(http/|app\\.ts|context\\.ts|main\\.ts|cli\\.ts|openapi-generator\\.ts)' },
    ),
    forbid(
      'auth-and-services-are-siblings',
      'Authentication and the catalog services meet only in context.ts and the routes.',
      { path: '^src/auth/' },
      { path: '^src/services/' },
    ),
    forbid('services-do-not-reach-into-auth', 'See auth-and-services-are-siblings.', { path: '^src/services/' }, { path: '^src/auth/' }),
    forbid(
      'http-is-not-an-entry-point',
      'Routes are built by app.ts; they never import the process entry points.',
      { path: '^src/http/' },
      { path: '^src/(app|main|cli|openapi-generator)\\.ts$' },
    ),
    forbid(
      'client-stands-alone',
      'The client package (client/) is published on its own: it imports only itself, never the service or the tests.',
      { path: '^client/' },
      { path: '^(src|test|scripts|bench|embed)/' },
    ),
    forbid('src-never-imports-the-client', 'The service does not depend on its client.', { path: '^src/' }, { path: '^client/' }),
    forbid(
      'src-never-imports-tests',
      'Production code never depends on tests or benchmarks.',
      { path: '^src/' },
      { path: '^(test|bench)/' },
    ),
    forbid(
      'tests-import-shared-helpers-only',
      'Shared fixtures live in test/helpers/; a test folder never imports from another one.',
      { path: '^test/([^/]+)/' },
      { path: '^test/', pathNot: ['^test/$1/', '^test/helpers/'] },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.js', '.json'] },
  },
};
