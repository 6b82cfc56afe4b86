// `npm run build -w @intranet/server`: the server as one ES module, `dist/main.js`, run by `npm start`, and the
// modules its worker threads run, in `dist/workers/`.
// The workspace packages (contract, editor) and the server's own sources are bundled; the packages of
// node_modules stay imports. Running the bundle instead of the TypeScript sources through tsx spares every
// process the transpiler, its module hooks thread and the transpiled copies: about 40 MB of memory.
// Stack traces name dist/main.js (kept readable: not minified); the source map beside it turns
// them into TypeScript lines with NODE_OPTIONS=--enable-source-maps, at about 15 MB of memory.
import { readFileSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(`${here}package.json`, 'utf8'));
// The workspace packages are TypeScript sources: bundled, never left as imports.
const external = Object.keys(pkg.dependencies ?? {})
  .filter((name) => !name.startsWith('@intranet/'))
  .flatMap((name) => [name, `${name}/*`]);

// The worker threads' modules (core/isolated.ts): their dispatcher and each `*.worker.ts`, in dist/workers/ (not
// the tests' own, in test-tasks/).
const workers = readdirSync(`${here}src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.worker.ts') && !file.includes('test-tasks'))
  .map((file) => ({ in: `${here}src/${file}`, out: `workers/${basename(file, '.ts')}` }));

await build({
  entryPoints: [
    { in: `${here}src/main.ts`, out: 'main' },
    { in: `${here}src/core/isolated-dispatch.mjs`, out: 'workers/isolated-dispatch' },
    ...workers,
  ],
  outdir: `${here}dist`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // tsx runs the worker modules from the sources only (core/isolated-dispatch.mjs): never reached in the build.
  external: [...external, 'tsx', 'tsx/*'],
  sourcemap: 'linked',
  logLevel: 'warning',
});
