// Inline formatting: toggling the simple marks, colours, and reading which are active.
import { toggleMark } from 'prosemirror-commands';
import type { MarkType } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { schema } from '../schema/index.ts';
import { safeColor } from '../schema/values.ts';

export type SimpleMark = 'strong' | 'em' | 'code' | 'u' | 's';

export function isMarkActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

/** The attributes of the mark at the cursor or start of the selection, if it is there. */
export function markAttrs(state: EditorState, type: MarkType): Record<string, unknown> | null {
  const { $from, empty } = state.selection;
  const marks = empty ? (state.storedMarks ?? $from.marks()) : ($from.nodeAfter?.marks ?? $from.marks());
  return type.isInSet(marks)?.attrs ?? null;
}

export function toggleSimpleMark(name: SimpleMark): Command {
  return toggleMark(schema.marks[name]!);
}

/** Sets a mark with attributes over the selection, or as the stored mark when the selection is empty. */
export function applyMark(type: MarkType, attrs: Record<string, unknown>): Command {
  return (state, dispatch) => {
    const { from, to, empty } = state.selection;
    if (!allowsMark(state, type)) return false;
    if (dispatch) {
      const mark = type.create(attrs);
      const tr = empty ? state.tr.addStoredMark(mark) : state.tr.addMark(from, to, mark);
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

export function removeMark(type: MarkType): Command {
  return (state, dispatch) => {
    const { from, to, empty } = state.selection;
    if (dispatch) {
      const tr = empty ? state.tr.removeStoredMark(type) : state.tr.removeMark(from, to, type);
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

function allowsMark(state: EditorState, type: MarkType): boolean {
  const { $from, from, to, empty } = state.selection;
  if (empty) return $from.parent.type.allowsMarkType(type);
  let allowed = false;
  state.doc.nodesBetween(from, to, (node) => {
    if (allowed) return false;
    if (node.inlineContent && node.type.allowsMarkType(type)) allowed = true;
    return !allowed;
  });
  return allowed;
}

export function applyTextColor(color: string): Command {
  const safe = safeColor(color);
  return safe ? applyMark(schema.marks.text_color!, { color: safe }) : () => false;
}

export function applyBackgroundColor(color: string): Command {
  const safe = safeColor(color);
  return safe ? applyMark(schema.marks.text_background_color!, { backgroundColor: safe }) : () => false;
}

export const removeTextColor: Command = removeMark(schema.marks.text_color!);
export const removeBackgroundColor: Command = removeMark(schema.marks.text_background_color!);
