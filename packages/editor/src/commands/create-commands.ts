// The imperative API over a view: `createCommands(view).toggleBold().focus()`. Each call runs at once.
import { redo, undo } from 'prosemirror-history';
import type { Command } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import type { Alignment } from '../schema/values.ts';
import {
  setAlign,
  setParagraph,
  toggleBlockquote,
  toggleBulletList,
  toggleHeading,
  toggleOrderedList,
} from './blocks.ts';
import { insertImage, insertLink, removeLink, type ImageAttrs, type LinkAttrs } from './insert.ts';
import {
  applyBackgroundColor,
  applyTextColor,
  removeBackgroundColor,
  removeTextColor,
  toggleSimpleMark,
} from './marks.ts';

export interface EditorCommands {
  /** False when the last command could not apply (for example a heading inside a code block). */
  readonly applied: boolean;
  focus(): EditorCommands;
  toggleBold(): EditorCommands;
  toggleItalic(): EditorCommands;
  toggleCode(): EditorCommands;
  toggleBlockquote(): EditorCommands;
  toggleUnderline(): EditorCommands;
  toggleStrike(): EditorCommands;
  toggleOrderedList(): EditorCommands;
  toggleBulletList(): EditorCommands;
  toggleHeading(level: 1 | 2 | 3 | 4 | 5 | 6): EditorCommands;
  setParagraph(): EditorCommands;
  insertLink(text: string, attrs: LinkAttrs): EditorCommands;
  removeLink(): EditorCommands;
  insertImage(src: string, attrs?: ImageAttrs): EditorCommands;
  textColor(color: string): EditorCommands;
  removeTextColor(): EditorCommands;
  backgroundColor(color: string): EditorCommands;
  removeBackgroundColor(): EditorCommands;
  align(align: Alignment): EditorCommands;
  insertText(text: string): EditorCommands;
  undo(): EditorCommands;
  redo(): EditorCommands;
}

export function createCommands(view: EditorView | null | undefined): EditorCommands {
  if (!view) throw new Error('Required view to initialize commands');
  let applied = true;
  const run = (command: Command): EditorCommands => {
    applied = command(view.state, view.dispatch, view);
    return commands;
  };
  const commands: EditorCommands = {
    get applied() {
      return applied;
    },
    focus: () => {
      view.focus();
      return commands;
    },
    toggleBold: () => run(toggleSimpleMark('strong')),
    toggleItalic: () => run(toggleSimpleMark('em')),
    toggleCode: () => run(toggleSimpleMark('code')),
    toggleBlockquote: () => run(toggleBlockquote),
    toggleUnderline: () => run(toggleSimpleMark('u')),
    toggleStrike: () => run(toggleSimpleMark('s')),
    toggleOrderedList: () => run(toggleOrderedList),
    toggleBulletList: () => run(toggleBulletList),
    toggleHeading: (level) => run(toggleHeading(level)),
    setParagraph: () => run(setParagraph),
    insertLink: (text, attrs) => run(insertLink(text, attrs)),
    removeLink: () => run(removeLink),
    insertImage: (src, attrs) => run(insertImage(src, attrs)),
    textColor: (color) => run(applyTextColor(color)),
    removeTextColor: () => run(removeTextColor),
    backgroundColor: (color) => run(applyBackgroundColor(color)),
    removeBackgroundColor: () => run(removeBackgroundColor),
    align: (value) => run(setAlign(value)),
    insertText: (text) =>
      run((state, dispatch) => {
        dispatch?.(state.tr.insertText(text).scrollIntoView());
        return true;
      }),
    undo: () => run(undo),
    redo: () => run(redo),
  };
  return commands;
}
