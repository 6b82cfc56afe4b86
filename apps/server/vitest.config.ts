import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Opening PGlite and building the template takes a few seconds per file.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
