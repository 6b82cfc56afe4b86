import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    // Logic runs in node; a file that renders says `// @vitest-environment happy-dom` on its first line: happy-dom
    // builds a file's DOM for a third of jsdom's cost (the 80 files: 202 CPU-s with jsdom, 159 with happy-dom).
    environment: 'node',
    // Each file in its own VM context of a reused process, instead of a new process per file: the files import the
    // same Mantine, React and icon modules, and paid Node's start and those imports each time (the 82 files: 238
    // CPU-s in forks, 144 in vmForks, every test passing). The files still share nothing: each context has its own
    // globals and module registry, so each file's vi.mock holds (isolate: false broke them).
    pool: 'vmForks',
    setupFiles: ['src/test/setup.ts'],
    // A screen rendered in the test DOM takes a few seconds when the machine is busy (the whole suite runs beside the
    // server's tests on two cores): vitest's 5 s default failed DnsList.test under load.
    testTimeout: 30_000,
  },
});
