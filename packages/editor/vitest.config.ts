import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'editor',
    include: ['src/**/*.test.{ts,tsx}'],
    // Node by default (the server's view); DOM tests opt in with `@vitest-environment happy-dom`.
    environment: 'node',
  },
});
