import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Opening PGlite takes a second or more per file on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
