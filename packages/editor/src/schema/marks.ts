// Mark specs in a fixed order, which is also the nesting order of the HTML output.
import type { DOMOutputSpec, MarkSpec } from 'prosemirror-model';
import { safeUrl } from '../url.ts';
import { inlineStyle, parsed, safeColor, safeTarget } from './values.ts';

const link: MarkSpec = {
  attrs: { href: {}, title: { default: null }, target: { default: '_blank' } },
  inclusive: false,
  parseDOM: [
    {
      tag: 'a[href]',
      getAttrs: (node) => {
        const dom = parsed(node);
        const href = safeUrl(dom.getAttribute('href'));
        if (!href) return false;
        return { href, title: dom.getAttribute('title'), target: safeTarget(dom.getAttribute('target')) };
      },
    },
  ],
  toDOM: (mark): DOMOutputSpec => {
    const target = safeTarget(mark.attrs.target);
    const title = mark.attrs.title as string | null;
    const rel = target === '_blank' ? 'noopener noreferrer' : null;
    return ['a', { href: safeUrl(mark.attrs.href), title, target, rel }, 0];
  },
};

const em: MarkSpec = {
  parseDOM: [{ tag: 'i' }, { tag: 'em' }, { style: 'font-style=italic' }],
  toDOM: () => ['em', 0],
};

const strong: MarkSpec = {
  parseDOM: [
    { tag: 'strong' },
    // Google Docs wraps whole pastes in <b style="font-weight:normal">, which is not bold.
    { tag: 'b', getAttrs: (node) => inlineStyle(parsed(node), 'font-weight') !== 'normal' && null },
    { style: 'font-weight', getAttrs: (value) => /^(bold(er)?|[5-9]\d{2})$/.test(value.trim()) && null },
  ],
  toDOM: () => ['strong', 0],
};

const code: MarkSpec = {
  code: true,
  parseDOM: [{ tag: 'code' }],
  toDOM: () => ['code', 0],
};

const u: MarkSpec = {
  parseDOM: [{ tag: 'u' }, { style: 'text-decoration=underline', consuming: false }],
  toDOM: () => ['u', 0],
};

const s: MarkSpec = {
  parseDOM: [
    { tag: 's' },
    { tag: 'strike' },
    { tag: 'del' },
    { style: 'text-decoration=line-through', consuming: false },
  ],
  toDOM: () => ['s', 0],
};

const text_color: MarkSpec = {
  attrs: { color: { default: null } },
  parseDOM: [
    {
      style: 'color',
      getAttrs: (value) => {
        const color = safeColor(value);
        return color ? { color } : false;
      },
    },
  ],
  toDOM: (mark): DOMOutputSpec => {
    const color = safeColor(mark.attrs.color);
    return ['span', { style: color ? `color: ${color}` : null }, 0];
  },
};

const text_background_color: MarkSpec = {
  attrs: { backgroundColor: { default: null } },
  parseDOM: [
    {
      style: 'background-color',
      getAttrs: (value) => {
        const backgroundColor = safeColor(value);
        return backgroundColor ? { backgroundColor } : false;
      },
    },
  ],
  toDOM: (mark): DOMOutputSpec => {
    const color = safeColor(mark.attrs.backgroundColor);
    return ['span', { style: color ? `background-color: ${color}` : null }, 0];
  },
};

export const marks = { link, em, strong, code, u, s, text_color, text_background_color };
