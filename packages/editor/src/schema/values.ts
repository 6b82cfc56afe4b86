// Attribute values read from HTML or stored JSON are checked here, so only safe values reach the page.

export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

const LINK_TARGETS = new Set(['_blank', '_self', '_parent', '_top']);

export function safeAlign(value: unknown): Alignment | null {
  return typeof value === 'string' && (ALIGNMENTS as readonly string[]).includes(value) ? (value as Alignment) : null;
}

/** Hex, rgb()/rgba()/hsl()/hsla() with plain numbers, or a colour keyword; never url(), expression() or a ';'. */
export function safeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const color = value.trim().toLowerCase();
  if (/^#[\da-f]{3,8}$/.test(color)) return color;
  if (/^(rgb|hsl)a?\(\s*[\d.%\s,/-]+\)$/.test(color)) return color;
  if (/^[a-z]{3,20}$/.test(color)) return color;
  return null;
}

/** Image width as stored by the resize handle ("400px"), also a bare number or a percentage. */
export function safeWidth(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return `${Math.round(value)}px`;
  if (typeof value !== 'string') return null;
  const width = value.trim();
  return /^\d+(\.\d+)?(px|%)?$/.test(width) ? width : null;
}

export function safeTarget(value: unknown): string | null {
  return typeof value === 'string' && LINK_TARGETS.has(value) ? value : null;
}

/**
 * What the parse rules read of an element. Declared here rather than using the DOM lib's HTMLElement, so
 * the schema type-checks in programs without DOM types (the server).
 */
export interface ParsedElement {
  getAttribute(name: string): string | null;
}

/** A parse rule's element, read through ParsedElement (whatever DOM types the program has, if any). */
export const parsed = (node: unknown): ParsedElement => node as ParsedElement;

/** One property of an element's inline style, read from the attribute so any DOM implementation works. */
export function inlineStyle(dom: ParsedElement, property: string): string | null {
  const style = dom.getAttribute('style');
  if (!style) return null;
  let found: string | null = null;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    if (declaration.slice(0, colon).trim().toLowerCase() === property) {
      found = declaration
        .slice(colon + 1)
        .replace(/!important/i, '')
        .trim();
    }
  }
  return found;
}
