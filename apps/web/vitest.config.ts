import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/test/setup.ts'],
    // A screen rendered in jsdom takes a few seconds when the machine is busy (the whole suite runs beside the
    // server's tests on two cores): vitest's 5 s default failed DnsList.test under load.
    testTimeout: 30_000,
  },
});
