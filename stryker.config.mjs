// Mutation testing of the code where a wrong number costs money (`npm run test:mutation`;
// docs/mutation.md): every mutant StrykerJS makes of src/domain/ must make a test fail.
//
// Each mutant runs the pure domain tests (vitest.mutation.config.ts) in a process of its own, by
// the command runner: StrykerJS 9.6's Vitest runner (the last line that runs on Node 20) misreports
// on Vitest 4.1. A mutant that breaks a module's import, or one evaluated at import, came out as
// "survived" while the same mutant applied by hand fails the tests (upstream issues
// stryker-mutator/stryker-js#6144, #6150, #6213). A process per mutant is slower, never wrong:
// its exit code is the verdict.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'command',
  commandRunner: { command: 'node node_modules/vitest/vitest.mjs run --config vitest.mutation.config.ts --reporter=dot --bail=1' },
  mutate: ['src/domain/**/*.ts'],
  coverageAnalysis: 'off',
  // Two cores: one test process per core.
  concurrency: 2,
  // A mutant that loops (a bound turned around) is stopped well after the tests' own few seconds.
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
