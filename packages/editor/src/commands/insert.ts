// Links and images, as the popups insert them.
import type { Attrs } from 'prosemirror-model';
import { TextSelection, type Command, type EditorState } from 'prosemirror-state';
import { schema } from '../schema/index.ts';
import { safeWidth } from '../schema/values.ts';
import { safeUrl } from '../url.ts';

const link = schema.marks.link!;
const image = schema.nodes.image!;

export interface LinkAttrs {
  href: string;
  title?: string | null;
  target?: '_blank' | '_self';
}

export interface ImageAttrs {
  alt?: string | null;
  title?: string | null;
  width?: string | null;
}

/** The link around the cursor (or at the start of the selection): its range, text and attributes. */
export function linkAtSelection(state: EditorState): { from: number; to: number; text: string; attrs: Attrs } | null {
  const { $from } = state.selection;
  const mark = link.isInSet($from.marks()) ?? link.isInSet($from.nodeAfter?.marks ?? []);
  if (!mark) return null;
  // Contiguous runs of text carrying this very link; the one touching the cursor is the link.
  const runs: { from: number; to: number }[] = [];
  const start = $from.start();
  $from.parent.forEach((child, offset) => {
    const pos = start + offset;
    if (!mark.isInSet(child.marks)) return;
    const last = runs[runs.length - 1];
    if (last && last.to === pos) last.to = pos + child.nodeSize;
    else runs.push({ from: pos, to: pos + child.nodeSize });
  });
  const run = runs.find((r) => r.from <= $from.pos && $from.pos <= r.to);
  if (!run) return null;
  const { from, to } = run;
  return { from, to, text: state.doc.textBetween(from, to), attrs: mark.attrs };
}

/**
 * With a selection, links the selected text; otherwise inserts `text` linked at the cursor (or replaces
 * the link the cursor is in). Refuses hrefs that are not http, https, mailto or relative.
 */
export function insertLink(text: string, attrs: LinkAttrs): Command {
  return (state, dispatch) => {
    const href = safeUrl(attrs.href);
    if (!href || href.toLowerCase().startsWith('data:')) return false;
    const mark = link.create({ href, title: attrs.title ?? null, target: attrs.target ?? '_blank' });
    const { from, to, empty } = state.selection;
    if (!empty) {
      dispatch?.(state.tr.removeMark(from, to, link).addMark(from, to, mark).scrollIntoView());
      return true;
    }
    if (!text) return false;
    if (!state.selection.$from.parent.type.allowsMarkType(link)) return false;
    if (dispatch) {
      const current = linkAtSelection(state);
      const range = current ?? { from, to };
      const marks = state.selection.$from.marks().filter((m) => m.type !== link);
      const tr = state.tr.replaceWith(range.from, range.to, schema.text(text, mark.addToSet(marks)));
      const end = range.from + text.length;
      tr.setSelection(TextSelection.create(tr.doc, end)).removeStoredMark(link);
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

export const removeLink: Command = (state, dispatch) => {
  const { from, to, empty } = state.selection;
  const range = empty ? linkAtSelection(state) : { from, to };
  if (!range) return false;
  dispatch?.(state.tr.removeMark(range.from, range.to, link).scrollIntoView());
  return true;
};

export function insertImage(src: string, attrs: ImageAttrs = {}): Command {
  return (state, dispatch) => {
    const safe = safeUrl(src);
    if (!safe) return false;
    const { $from } = state.selection;
    if (!$from.parent.inlineContent || $from.parent.type.spec.code) return false;
    const node = image.create({
      src: safe,
      alt: attrs.alt || null,
      title: attrs.title || null,
      width: safeWidth(attrs.width),
    });
    dispatch?.(state.tr.replaceSelectionWith(node).scrollIntoView());
    return true;
  };
}
