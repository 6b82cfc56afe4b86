import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'editor',
    include: ['src/**/*.test.{ts,tsx}'],
    // Node by default (the server's view); DOM tests opt in with `@vitest-environment happy-dom`.
    environment: 'node',
    // As the web project's: the DOM tests render the editor and its popups, which on two cores busy with the
    // server's tests took longer than vitest's 5 s (the heading menu, palette and link popup tests timed out so).
    testTimeout: 30_000,
  },
});
