// Key bindings, those the specification lists and a few more, on top of ProseMirror's base keymap.
import { baseKeymap, chainCommands, exitCode, toggleMark } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import { undoInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import { liftListItem, sinkListItem, splitListItem } from 'prosemirror-schema-list';
import type { Command, Plugin } from 'prosemirror-state';
import { schema } from '../schema/index.ts';

const { strong, em, code, u, s } = schema.marks;
const { list_item, hard_break } = schema.nodes;

const insertHardBreak: Command = (state, dispatch) => {
  dispatch?.(state.tr.replaceSelectionWith(hard_break!.create()).scrollIntoView());
  return true;
};

export function editorKeymap(): Plugin[] {
  return [
    keymap({
      'Mod-b': toggleMark(strong!),
      'Mod-i': toggleMark(em!),
      'Mod-`': toggleMark(code!),
      'Mod-u': toggleMark(u!),
      'Mod-Shift-x': toggleMark(s!),
      Backspace: undoInputRule,
      'Mod-z': undo,
      'Shift-Mod-z': redo,
      'Mod-y': redo,
      Enter: splitListItem(list_item!),
      'Shift-Enter': chainCommands(exitCode, insertHardBreak),
      'Mod-Enter': chainCommands(exitCode, insertHardBreak),
      Tab: sinkListItem(list_item!),
      'Mod-]': sinkListItem(list_item!),
      'Shift-Tab': liftListItem(list_item!),
      'Mod-[': liftListItem(list_item!),
    }),
    keymap(baseKeymap),
  ];
}
