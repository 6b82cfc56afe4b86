// `npm run build -w @intranet/server`: the server as one ES module, `dist/main.js`, run by `npm start`.
// The workspace packages (contract, editor) and the server's own sources are bundled; the packages of
// node_modules stay imports. Running the bundle instead of the TypeScript sources through tsx spares every
// process the transpiler, its module hooks thread and the transpiled copies: about 40 MB of memory.
// Stack traces name dist/main.js (kept readable: not minified); the source map beside it turns
// them into TypeScript lines with NODE_OPTIONS=--enable-source-maps, at about 15 MB of memory.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(`${here}package.json`, 'utf8'));
// The workspace packages are TypeScript sources: bundled, never left as imports.
const external = Object.keys(pkg.dependencies ?? {})
  .filter((name) => !name.startsWith('@intranet/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [`${here}src/main.ts`],
  outfile: `${here}dist/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
});
