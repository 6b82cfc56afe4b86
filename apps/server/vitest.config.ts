import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // A worker opens and closes many embedded databases (PGlite, WebAssembly) in turn, and Node 24's V8 can abort on
    // that churn ("Check failed: jit_page_->allocations_.erase(addr) == 1") when one thread frees compiled code while
    // another compiles. `--single-threaded` takes V8's background threads away (the files ran about 10 % slower on a
    // quiet machine), but not the isolated parsing's worker threads: a clean-clone run still lost a worker to the same
    // check, in `ThreadIsolation::UnregisterWasmAllocation`, in a file whose uploads those threads read.
    // `--no-wasm-code-gc` stops V8 from freeing, mid-run, the wasm code that dynamic tiering replaced (a worker keeps
    // a few MB more). That it removes the abort is not proven: it was seen once, in the second of two runs on that
    // machine. The server itself opens one database and keeps it: it runs with V8's defaults.
    execArgv: ['--single-threaded', '--no-wasm-code-gc'],
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
