// Node specs with the JSON names of the portal's earlier editor, so its documents load unchanged.
import type { DOMOutputSpec, Node as PMNode, NodeSpec } from 'prosemirror-model';
import { safeUrl } from '../url.ts';
import { inlineStyle, parsed, type ParsedElement, safeAlign, safeWidth } from './values.ts';

/** Left is the default alignment, so it is written as no style at all. */
function alignStyle(node: PMNode): string | null {
  const align = safeAlign(node.attrs.align);
  return align && align !== 'left' ? `text-align: ${align}` : null;
}

function readAlign(dom: ParsedElement) {
  return safeAlign(dom.getAttribute('align') ?? inlineStyle(dom, 'text-align'));
}

const doc: NodeSpec = { content: 'block+' };

const paragraph: NodeSpec = {
  content: 'inline*',
  group: 'block',
  attrs: { align: { default: null } },
  parseDOM: [{ tag: 'p', getAttrs: (node) => ({ align: readAlign(parsed(node)) }) }],
  toDOM: (node): DOMOutputSpec => ['p', { style: alignStyle(node) }, 0],
};

const heading: NodeSpec = {
  content: 'inline*',
  group: 'block',
  defining: true,
  attrs: { level: { default: 1 }, align: { default: null } },
  parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({
    tag: `h${level}`,
    getAttrs: (node) => ({ level, align: readAlign(parsed(node)) }),
  })),
  toDOM: (node): DOMOutputSpec => [`h${headingLevel(node.attrs.level)}`, { style: alignStyle(node) }, 0],
};

export function headingLevel(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6 ? value : 1;
}

const blockquote: NodeSpec = {
  content: 'block+',
  group: 'block',
  defining: true,
  parseDOM: [{ tag: 'blockquote' }],
  toDOM: () => ['blockquote', 0],
};

const horizontal_rule: NodeSpec = {
  group: 'block',
  parseDOM: [{ tag: 'hr' }],
  toDOM: () => ['hr'],
};

const code_block: NodeSpec = {
  content: 'text*',
  marks: '',
  group: 'block',
  code: true,
  defining: true,
  parseDOM: [{ tag: 'pre', preserveWhitespace: 'full' }],
  toDOM: () => ['pre', ['code', 0]],
};

const text: NodeSpec = { group: 'inline' };

const hard_break: NodeSpec = {
  inline: true,
  group: 'inline',
  selectable: false,
  parseDOM: [{ tag: 'br' }],
  toDOM: () => ['br'],
};

const image: NodeSpec = {
  inline: true,
  group: 'inline',
  draggable: true,
  attrs: { src: {}, alt: { default: null }, title: { default: null }, width: { default: null } },
  parseDOM: [
    {
      tag: 'img[src]',
      getAttrs: (node) => {
        const dom = parsed(node);
        const src = safeUrl(dom.getAttribute('src'));
        if (!src) return false;
        return {
          src,
          alt: dom.getAttribute('alt'),
          title: dom.getAttribute('title'),
          width: safeWidth(dom.getAttribute('width') ?? inlineStyle(dom, 'width')),
        };
      },
    },
  ],
  toDOM: (node): DOMOutputSpec => {
    const { alt, title } = node.attrs as { alt: string | null; title: string | null };
    return ['img', { src: safeUrl(node.attrs.src), alt, title, width: safeWidth(node.attrs.width) }];
  },
};

const list_item: NodeSpec = {
  content: 'paragraph block*',
  defining: true,
  parseDOM: [{ tag: 'li' }],
  toDOM: () => ['li', 0],
};

const bullet_list: NodeSpec = {
  content: 'list_item+',
  group: 'block',
  parseDOM: [{ tag: 'ul' }],
  toDOM: () => ['ul', 0],
};

const ordered_list: NodeSpec = {
  content: 'list_item+',
  group: 'block',
  attrs: { order: { default: 1 } },
  parseDOM: [
    {
      tag: 'ol',
      getAttrs: (node) => {
        const dom = parsed(node);
        const start = Number.parseInt(dom.getAttribute('start') ?? '', 10);
        return { order: Number.isFinite(start) ? start : 1 };
      },
    },
  ],
  toDOM: (node): DOMOutputSpec => {
    const order = listOrder(node.attrs.order);
    return order === 1 ? ['ol', 0] : ['ol', { start: String(order) }, 0];
  },
};

export function listOrder(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : 1;
}

// Order matters: it is the order of the schema, and `doc` must come first.
export const nodes = {
  doc,
  paragraph,
  blockquote,
  horizontal_rule,
  heading,
  code_block,
  text,
  hard_break,
  image,
  list_item,
  ordered_list,
  bullet_list,
};
