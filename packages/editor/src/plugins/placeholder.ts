// Shows 'Type Here...' in the empty first paragraph (the stylesheet draws the data attribute).
import { Plugin } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { isEmptyDocument } from '../document.ts';

export function placeholderPlugin(text: string): Plugin {
  return new Plugin({
    props: {
      attributes: { 'aria-placeholder': text },
      decorations: (state) => {
        if (!isEmptyDocument(state.doc)) return null;
        const paragraph = Decoration.node(0, state.doc.firstChild!.nodeSize, {
          class: 'intranet-editor-placeholder',
          'data-placeholder': text,
        });
        return DecorationSet.create(state.doc, [paragraph]);
      },
    },
  });
}
