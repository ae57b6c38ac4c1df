// The tests StrykerJS runs against each mutant of src/domain (`npm run test:mutation`,
// stryker.config.mjs): the pure tests that exercise the domain (and the offer caches' byte
// accounting of compiled templates), in one project, no database.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/domain/**/*.test.ts', 'test/embed/internal-data.test.ts', 'test/lib/caches.test.ts'],
    testTimeout: 60_000,
  },
});
