// Block formatting: blockquote, lists, headings and alignment.
import { lift, setBlockType, wrapIn } from 'prosemirror-commands';
import type { Attrs, NodeType } from 'prosemirror-model';
import { liftListItem, wrapInList } from 'prosemirror-schema-list';
import type { Command, EditorState } from 'prosemirror-state';
import { schema } from '../schema/index.ts';
import type { Alignment } from '../schema/values.ts';

const { paragraph, heading, blockquote, bullet_list, ordered_list, list_item } = schema.nodes;

/** True when the selection is inside a node of this type (with these attributes, if given). */
export function isNodeActive(state: EditorState, type: NodeType, attrs?: Attrs): boolean {
  const { $from, to } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type === type && to <= $from.end(depth)) {
      return !attrs || Object.entries(attrs).every(([key, value]) => node.attrs[key] === value);
    }
  }
  return false;
}

/** The innermost list around the selection, with its depth. */
function closestList(state: EditorState): { type: NodeType; depth: number } | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const type = $from.node(depth).type;
    if (type === bullet_list || type === ordered_list) return { type, depth };
  }
  return null;
}

export const toggleBlockquote: Command = (state, dispatch) =>
  isNodeActive(state, blockquote!) ? lift(state, dispatch) : wrapIn(blockquote!)(state, dispatch);

function toggleList(type: NodeType): Command {
  return (state, dispatch) => {
    const list = closestList(state);
    if (!list) return wrapInList(type)(state, dispatch);
    if (list.type === type) return liftListItem(list_item!)(state, dispatch);
    // The other kind of list: change the list itself, keeping its items.
    if (dispatch) {
      const pos = state.selection.$from.before(list.depth);
      dispatch(state.tr.setNodeMarkup(pos, type, type === ordered_list ? { order: 1 } : null).scrollIntoView());
    }
    return true;
  };
}

export const toggleOrderedList: Command = toggleList(ordered_list!);
export const toggleBulletList: Command = toggleList(bullet_list!);

export function headingLevelActive(state: EditorState): number | null {
  const parent = state.selection.$from.parent;
  return parent.type === heading ? (parent.attrs.level as number) : null;
}

/** Makes the block a heading of this level, or a paragraph again when it already is one. */
export function toggleHeading(level: number): Command {
  return (state, dispatch) => {
    const align = state.selection.$from.parent.attrs.align ?? null;
    if (headingLevelActive(state) === level) return setBlockType(paragraph!, { align })(state, dispatch);
    return setBlockType(heading!, { level, align })(state, dispatch);
  };
}

export const setParagraph: Command = (state, dispatch) =>
  setBlockType(paragraph!, { align: state.selection.$from.parent.attrs.align ?? null })(state, dispatch);

export function alignmentActive(state: EditorState): Alignment | null {
  const parent = state.selection.$from.parent;
  return (parent.attrs.align as Alignment | undefined) ?? null;
}

/** Aligns every paragraph and heading in the selection; the active alignment again clears it. */
export function setAlign(align: Alignment): Command {
  return (state, dispatch) => {
    const { from, to } = state.selection;
    const clear = alignmentActive(state) === align;
    const tr = state.tr;
    let changed = false;
    state.doc.nodesBetween(from, to, (node, pos) => {
      if (node.type === paragraph || node.type === heading) {
        tr.setNodeMarkup(pos, undefined, { ...node.attrs, align: clear ? null : align });
        changed = true;
      }
      return true;
    });
    if (changed && dispatch) dispatch(tr.scrollIntoView());
    return changed;
  };
}
