// Prints the minified and gzip size of the lazy editor chunk (editor code + ProseMirror; React excluded,
// the web app already has it) and of the DOM-free server entry. Run: npm run size -w @intranet/editor
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

const entries = {
  'editor chunk (react/Editor)': "export { default } from './src/react/Editor.tsx';",
  'ProseMirror alone': ['model', 'state', 'view', 'transform', 'commands', 'history', 'inputrules', 'keymap', 'schema-list']
    .map((name, i) => `export * as m${i} from 'prosemirror-${name}';`)
    .join('\n'),
  'server entry (validate + render)': "export { validateDocument, renderHtml } from './src/index.ts';",
};

for (const [name, contents] of Object.entries(entries)) {
  const result = await build({
    stdin: { contents, resolveDir: packageDir, loader: 'tsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    outdir: 'out',
    write: false,
  });
  for (const file of result.outputFiles) {
    const kind = file.path.endsWith('.css') ? 'css' : 'js ';
    const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
    console.log(`${name} ${kind}: ${kB(file.contents.length)} min, ${kB(gzipSync(file.contents, { level: 9 }).length)} gzip`);
  }
}
