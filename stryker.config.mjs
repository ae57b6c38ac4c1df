// Mutation testing of the code where a wrong number costs money (`npm run test:mutation`;
// docs/mutation.md): every mutant StrykerJS makes of src/domain/ must make a test fail.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: ['src/domain/**/*.ts'],
  coverageAnalysis: 'perTest',
  // Two cores: one test process per core.
  concurrency: 2,
  // A mutant that loops (a bound turned around) is stopped soon after the tests' own time.
  timeoutMS: 3_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
