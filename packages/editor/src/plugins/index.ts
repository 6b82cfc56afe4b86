// Every behaviour of the editor, one plugin each.
import { history } from 'prosemirror-history';
import type { Plugin } from 'prosemirror-state';
import { imageResizePlugin } from './image-resize.ts';
import { editorInputRules } from './input-rules.ts';
import { editorKeymap } from './keymap.ts';
import { pasteLinkPlugin } from './paste-link.ts';
import { placeholderPlugin } from './placeholder.ts';

export const HISTORY_DEPTH = 100;
export const NEW_GROUP_DELAY = 500;
export const PLACEHOLDER = 'Type Here...';

export function editorPlugins(options: { placeholder?: string } = {}): Plugin[] {
  return [
    history({ depth: HISTORY_DEPTH, newGroupDelay: NEW_GROUP_DELAY }),
    editorInputRules(),
    ...editorKeymap(),
    pasteLinkPlugin(),
    placeholderPlugin(options.placeholder ?? PLACEHOLDER),
    imageResizePlugin(),
  ];
}
