// Where the editor's bytes go: the whole editor (model, schema and view; React excluded, the web app already has
// it) built as one file, adding one piece at a time in import order, each line the gzip the piece adds. Run:
// npm run size -w @intranet/editor. esbuild's minifier gives about 3 % more than the app's build (Rolldown's);
// the figures as served are the bench's (npm run bench -- editor-bundle).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Each piece with what the editor imports of it (tree-shaking keeps only that and what it needs); all of
 * prosemirror-model and -transform, which the view uses nearly whole.
 */
const pieces = [
  ['prosemirror-model (+ orderedmap)', "export * from 'prosemirror-model';"],
  ['+ prosemirror-transform', "export * from 'prosemirror-transform';"],
  ['+ prosemirror-state', "export { EditorState, NodeSelection, Plugin, TextSelection } from 'prosemirror-state';"],
  ['+ prosemirror-view', "export { Decoration, DecorationSet, EditorView } from 'prosemirror-view';"],
  [
    '+ prosemirror-commands',
    "export { baseKeymap, chainCommands, exitCode, lift, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands';",
  ],
  ['+ prosemirror-history (+ rope-sequence)', "export { history, redo, undo } from 'prosemirror-history';"],
  [
    '+ prosemirror-inputrules',
    "export { closeDoubleQuote, closeSingleQuote, ellipsis, emDash, inputRules, openDoubleQuote, openSingleQuote, textblockTypeInputRule, undoInputRule, wrappingInputRule } from 'prosemirror-inputrules';",
  ],
  ['+ prosemirror-keymap (+ w3c-keyname)', "export { keymap } from 'prosemirror-keymap';"],
  [
    '+ prosemirror-schema-list',
    "export { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';",
  ],
  ['+ schema, validation, HTML, URL and colour rules', "export * from './src/index.ts';"],
  ['+ commands/', "export { createCommands } from './src/commands/create-commands.ts';"],
  ['+ plugins/ and editor.ts', "export { createEditor } from './src/editor.ts';"],
  ['+ react/ (field, toolbar, popups)', "export { Editor } from './src/react/Editor.tsx';"],
];

async function gzipOf(contents) {
  const result = await build({
    stdin: { contents, resolveDir: packageDir, loader: 'tsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    loader: { '.css': 'empty' },
    write: false,
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
}

const kB = (bytes) => (bytes / 1024).toFixed(1).padStart(5);
let entry = '';
let before = 0;
for (const [index, [name, line]] of pieces.entries()) {
  // Each line's names under an alias of their own, so two pieces exporting the same name do not clash.
  entry += `${line
    .replace(
      /\{ (.*) \}/,
      (_, names) =>
        `{ ${names
          .split(', ')
          .map((n) => `${n} as ${n}_${index}`)
          .join(', ')} }`,
    )
    .replace(/^export \* from (.*);$/, `export * as piece${index} from $1;`)}\n`;
  const size = await gzipOf(entry);
  console.log(`${name.padEnd(48)} ${kB(size - before)} kB gzip  (total ${kB(size)})`);
  before = size;
}
