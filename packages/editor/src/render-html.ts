// Document -> HTML through the schema's toDOM specs, as a string, so it runs on the server without a DOM.
import type { DOMOutputSpec, Mark, Node as PMNode } from 'prosemirror-model';
import { documentFromJson } from './document.ts';

const VOID_ELEMENTS = new Set(['br', 'hr', 'img']);

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/**
 * The HTML of a spec, split at its hole: [before, after]. `after` is null when the spec has no hole
 * (a leaf such as <img> or <hr>).
 */
function renderSpec(spec: DOMOutputSpec): [string, string | null] {
  if (typeof spec === 'string') return [escapeText(spec), null];
  if (!Array.isArray(spec)) throw new Error('El esquema solo debe devolver especificaciones en forma de lista');
  const [tag, ...rest] = spec as [string, ...unknown[]];
  let before = `<${tag}`;
  let children = rest;
  const first = rest[0];
  if (first && typeof first === 'object' && !Array.isArray(first)) {
    for (const [name, value] of Object.entries(first as Record<string, unknown>)) {
      if (value != null) before += ` ${name}="${escapeAttr(String(value))}"`;
    }
    children = rest.slice(1);
  }
  before += '>';
  let after: string | null = null;
  for (const child of children) {
    if (child === 0) {
      after = '';
      continue;
    }
    const [childBefore, childAfter] = renderSpec(child as DOMOutputSpec);
    if (childAfter !== null) {
      before += childBefore;
      after = childAfter;
    } else if (after === null) before += childBefore;
    else after += childBefore;
  }
  const close = VOID_ELEMENTS.has(tag) ? '' : `</${tag}>`;
  return after === null ? [before + close, null] : [before, after + close];
}

function renderMark(mark: Mark): { open: string; close: string } {
  const [open, close] = renderSpec(mark.type.spec.toDOM!(mark, true));
  return { open, close: close ?? '' };
}

function renderNode(node: PMNode): string {
  if (node.isText) return escapeText(node.text ?? '');
  const toDOM = node.type.spec.toDOM;
  if (!toDOM) return renderFragment(node);
  const [before, after] = renderSpec(toDOM(node));
  return after === null ? before : before + renderFragment(node) + after;
}

/** Children of a node, opening and closing marks the way ProseMirror's DOMSerializer nests them. */
function renderFragment(parent: PMNode): string {
  let html = '';
  const active: { mark: Mark; close: string }[] = [];
  parent.forEach((child) => {
    const marks = child.marks;
    let keep = 0;
    while (keep < active.length && keep < marks.length && marks[keep]!.eq(active[keep]!.mark)) keep++;
    while (active.length > keep) html += active.pop()!.close;
    for (let i = keep; i < marks.length; i++) {
      const { open, close } = renderMark(marks[i]!);
      html += open;
      active.push({ mark: marks[i]!, close });
    }
    html += renderNode(child);
  });
  while (active.length) html += active.pop()!.close;
  return html;
}

/** HTML of a document (a ProseMirror node, or JSON that is validated first). */
export function renderHtml(doc: PMNode | unknown): string {
  const node = isNode(doc) ? doc : documentFromJson(doc);
  return renderFragment(node);
}

function isNode(value: unknown): value is PMNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    'nodeSize' in value &&
    'type' in value &&
    typeof (value as PMNode).type === 'object'
  );
}
