import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace that has tests keeps its own vitest.config.ts; this runs them all as projects.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
    // Every core: vitest's default leaves one free, which on a 2-core machine runs the files one at a time (the
    // unit pass took 367 s with one worker, 265 s with two).
    maxWorkers: availableParallelism(),
  },
});
