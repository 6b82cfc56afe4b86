import { defineConfig } from 'vitest/config';

// Each workspace that has tests keeps its own vitest.config.ts; this runs them all as projects.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
