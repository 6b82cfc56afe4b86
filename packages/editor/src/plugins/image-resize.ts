// Images render with a drag handle; dragging sets `width` like "400px", between 20 px and the editor width.
import type { Node as PMNode } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import type { EditorView, NodeView } from 'prosemirror-view';
import { safeUrl } from '../url.ts';

export const MIN_IMAGE_WIDTH = 20;

export function clampImageWidth(width: number, editorWidth: number): number {
  const max = Math.max(MIN_IMAGE_WIDTH, editorWidth);
  return Math.round(Math.min(Math.max(width, MIN_IMAGE_WIDTH), max));
}

/** The editor's content width, the upper bound of an image. */
function editorWidth(view: EditorView): number {
  const element = view.dom as HTMLElement;
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  const padding = style ? parseFloat(style.paddingLeft || '0') + parseFloat(style.paddingRight || '0') : 0;
  return element.clientWidth - (Number.isFinite(padding) ? padding : 0);
}

class ImageView implements NodeView {
  dom: HTMLElement;
  private img: HTMLImageElement;
  private handle: HTMLElement;

  constructor(
    private node: PMNode,
    private view: EditorView,
    private getPos: () => number | undefined,
  ) {
    const doc = view.dom.ownerDocument;
    this.dom = doc.createElement('span');
    this.dom.className = 'intranet-editor-image';
    this.img = doc.createElement('img');
    this.handle = doc.createElement('span');
    this.handle.className = 'intranet-editor-image-handle';
    this.handle.setAttribute('data-testid', 'editor-image-resize-handle');
    this.handle.setAttribute('aria-hidden', 'true');
    this.handle.addEventListener('mousedown', this.startResize);
    this.dom.append(this.img, this.handle);
    this.render();
  }

  private render(): void {
    const { src, alt, title, width } = this.node.attrs as Record<string, string | null>;
    this.img.src = safeUrl(src) ?? '';
    for (const [name, value] of Object.entries({ alt, title })) {
      if (value == null) this.img.removeAttribute(name);
      else this.img.setAttribute(name, value);
    }
    this.img.style.width = width ?? '';
  }

  private startResize = (event: MouseEvent): void => {
    if (!this.view.editable) return;
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = this.img.getBoundingClientRect().width || this.img.width;
    const maxWidth = editorWidth(this.view);
    let width = startWidth;
    const win = this.view.dom.ownerDocument;
    const move = (e: MouseEvent) => {
      width = clampImageWidth(startWidth + e.clientX - startX, maxWidth);
      this.img.style.width = `${width}px`;
    };
    const up = () => {
      win.removeEventListener('mousemove', move);
      win.removeEventListener('mouseup', up);
      const pos = this.getPos();
      if (pos === undefined) return;
      this.view.dispatch(this.view.state.tr.setNodeMarkup(pos, undefined, { ...this.node.attrs, width: `${width}px` }));
    };
    win.addEventListener('mousemove', move);
    win.addEventListener('mouseup', up);
  };

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render();
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('ProseMirror-selectednode');
  }

  deselectNode(): void {
    this.dom.classList.remove('ProseMirror-selectednode');
  }

  stopEvent(event: Event): boolean {
    return event.target === this.handle;
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    this.handle.removeEventListener('mousedown', this.startResize);
  }
}

export function imageResizePlugin(): Plugin {
  return new Plugin({
    props: {
      nodeViews: { image: (node, view, getPos) => new ImageView(node, view, getPos) },
    },
  });
}
