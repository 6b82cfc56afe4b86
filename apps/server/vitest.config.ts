import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // The files share a worker's modules instead of importing the whole server again each (no file mocks a
    // module; each opens its own database clone): the PostgreSQL pass took 114 s isolated and 59 s so.
    isolate: false,
    // Opening PGlite takes a second or more per file on a busy machine; the tests that walk every route took 30 s
    // beside the end-to-end tests on the slowest machine seen. The budgets cost nothing to a test that passes.
    // On a machine about three times slower (1M SHA-256 hashes in 5.2 s), restoring three bad archives, each
    // into a new PGlite folder, took 90 s and the slowest others 50 s: twice that is the budget.
    hookTimeout: 240_000,
    testTimeout: 180_000,
  },
});
