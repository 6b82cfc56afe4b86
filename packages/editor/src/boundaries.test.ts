// The server imports the schema side of the package: it must not pull in a DOM library, a view or React.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const serverSide = [
  'index.ts',
  'url.ts',
  'palette.ts',
  'document.ts',
  'render-html.ts',
  'parse-html.ts',
  'schema/index.ts',
  'schema/nodes.ts',
  'schema/marks.ts',
  'schema/values.ts',
];

describe('module boundaries', () => {
  it.each(serverSide)('%s imports no DOM library, view or React', (file) => {
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    for (const name of imports) {
      expect(name).not.toMatch(/^(react|react-dom|happy-dom|jsdom|prosemirror-view)(\/|$)/);
      if (name!.startsWith('.')) expect(name).not.toMatch(/react\/|plugins\/|editor\.ts|server\.ts/);
    }
  });
});
