// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentJson } from '../document.ts';
import type { EditorInstance } from '../editor.ts';
import { select, type } from '../fixtures/view.ts';
import { ColorPicker } from './ColorPicker.tsx';
import { Editor, type EditorProps } from './Editor.tsx';
import { HeadingMenu } from './HeadingMenu.tsx';
import { ImagePopup } from './ImagePopup.tsx';
import { LinkPopup } from './LinkPopup.tsx';
import { Toolbar } from './Toolbar.tsx';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let container: HTMLElement;
let editor: EditorInstance;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
});

function renderEditor(props: EditorProps = {}) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(<Editor {...props} onReady={(instance) => (editor = instance)} />));
  return container;
}

const byTestId = <T extends HTMLElement = HTMLElement>(id: string) => {
  const element = container.querySelector<T>(`[data-testid="${id}"]`);
  if (!element) throw new Error(`no [data-testid="${id}"]`);
  return element;
};
const click = (id: string) => act(() => byTestId(id).click());
const fill = (id: string, value: string) =>
  act(() => {
    const input = byTestId<HTMLInputElement>(id);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
/** Submits a popup with its Insert button (`editor-link-form` → `editor-link-submit`). */
const submit = (id: string) => click(id.replace(/-form$/, '-submit'));
const pressEnter = (id: string) =>
  act(() => {
    byTestId(id).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
const typeText = (text: string) => act(() => type(editor, text));

describe('developer errors', () => {
  it.each([
    ['Toolbar', () => Toolbar({ editor: undefined })],
    ['HeadingMenu', () => HeadingMenu({ editor: null })],
    ['LinkPopup', () => LinkPopup({ editor: undefined })],
    ['ImagePopup', () => ImagePopup({ editor: undefined })],
    ['ColorPicker', () => ColorPicker({ editor: undefined, kind: 'text' })],
  ])("%s throws 'Required editor instance' without an editor", (_name, render) => {
    expect(render).toThrow('Required editor instance');
  });
});

describe('Editor', () => {
  it('shows the toolbar in the spec order with Spanish names', () => {
    renderEditor();
    const toolbar = byTestId('editor-toolbar');
    expect(toolbar.getAttribute('role')).toBe('toolbar');
    const groups = [...toolbar.querySelectorAll('.intranet-editor-group')].map((group) =>
      [...group.querySelectorAll('.intranet-editor-button')].map((b) => b.getAttribute('aria-label')),
    );
    expect(groups).toEqual([
      ['Negrita', 'Cursiva'],
      ['Código', 'Cita'],
      ['Subrayado', 'Tachado'],
      ['Lista numerada', 'Lista con viñetas'],
      ['Encabezado'],
      ['Enlace', 'Imagen'],
      ['Color de texto', 'Color de fondo'],
      ['Alinear a la izquierda', 'Centrar', 'Alinear a la derecha', 'Justificar'],
    ]);
    for (const button of toolbar.querySelectorAll('.intranet-editor-button')) {
      expect(button.getAttribute('title')).toBe(button.getAttribute('aria-label'));
    }
  });

  it('shows the placeholder while empty and starts from the empty document', () => {
    const onChange = vi.fn();
    renderEditor({ onChange });
    expect(editor.getJson()).toEqual({ type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] });
    expect(container.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toBe('Type Here...');
    typeText('a');
    expect(container.querySelector('[data-placeholder]')).toBeNull();
  });

  it('emits JSON on change, and HTML when asked', () => {
    const onChange = vi.fn<(value: DocumentJson) => void>();
    const onHtmlChange = vi.fn<(html: string) => void>();
    renderEditor({ onChange, onHtmlChange });
    typeText('hola');
    expect(onChange).toHaveBeenLastCalledWith({
      type: 'doc',
      content: [{ type: 'paragraph', attrs: { align: null }, content: [{ type: 'text', text: 'hola' }] }],
    });
    expect(onHtmlChange).toHaveBeenLastCalledWith('<p>hola</p>');
  });

  it('takes HTML as its value and replaces the content when the value changes from outside', () => {
    renderEditor({ value: '<p><b>x</b><script>alert(1)</script></p>' });
    expect(editor.getHtml()).toBe('<p><strong>x</strong></p>');
    act(() =>
      root!.render(
        <Editor
          value={{
            type: 'doc',
            content: [{ type: 'heading', attrs: { level: 2, align: null }, content: [{ type: 'text', text: 'h' }] }],
          }}
        />,
      ),
    );
    expect(editor.getHtml()).toBe('<h2>h</h2>');
  });

  it('keeps a stored document it cannot read: says so, emits nothing, and replaces it only when asked', () => {
    const onChange = vi.fn<(value: DocumentJson) => void>();
    const stored = { type: 'doc', content: [{ type: 'tabla', content: [] }] } as unknown as DocumentJson;
    renderEditor({ value: stored, onChange });
    const alert = byTestId('editor-unreadable');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('No se puede mostrar el texto guardado');
    expect(alert.textContent).toContain('«tabla» no existe');
    expect(container.querySelector('[data-testid="editor-toolbar"]')).toBeNull();
    expect(byTestId('editor-content').getAttribute('contenteditable')).toBe('false');
    expect(byTestId('editor-content').getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    click('editor-unreadable-replace');
    expect(onChange).toHaveBeenCalledWith({ type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] });
    expect(container.querySelector('[data-testid="editor-unreadable"]')).toBeNull();
    expect(byTestId('editor-content').getAttribute('contenteditable')).toBe('true');
    expect(document.activeElement).toBe(byTestId('editor-content'));
    typeText('nuevo');
    expect(editor.getHtml()).toBe('<p>nuevo</p>');
  });

  it('buttons toggle formatting and show their active state', () => {
    renderEditor();
    typeText('abc');
    act(() => select(editor, 1, 4));
    click('editor-bold');
    expect(editor.getHtml()).toBe('<p><strong>abc</strong></p>');
    expect(byTestId('editor-bold').getAttribute('aria-pressed')).toBe('true');
    expect(byTestId('editor-italic').getAttribute('aria-pressed')).toBe('false');
    click('editor-align-center');
    expect(byTestId('editor-align-center').getAttribute('aria-pressed')).toBe('true');
    click('editor-bullet-list');
    expect(editor.getHtml()).toBe('<ul><li><p style="text-align: center"><strong>abc</strong></p></li></ul>');
    expect(byTestId('editor-bullet-list').getAttribute('aria-pressed')).toBe('true');
  });

  it('chooses a heading level from the menu', () => {
    renderEditor();
    typeText('t');
    click('editor-heading');
    expect(byTestId('editor-heading-panel').getAttribute('role')).toBe('menu');
    click('editor-heading-4');
    expect(editor.getHtml()).toBe('<h4>t</h4>');
    expect(byTestId('editor-heading').textContent).toBe('H4');
    click('editor-heading');
    click('editor-heading-paragraph');
    expect(editor.getHtml()).toBe('<p>t</p>');
  });

  it('applies a palette colour (16, 8 per row) and removes it', () => {
    renderEditor();
    typeText('abc');
    act(() => select(editor, 1, 4));
    click('editor-text-color');
    const rows = byTestId('editor-text-color-panel').querySelectorAll('.intranet-editor-palette-row');
    expect([...rows].map((row) => row.querySelectorAll('button').length)).toEqual([8, 8]);
    click('editor-text-color-5319e7');
    click('editor-background-color');
    click('editor-background-color-c2e0c6');
    expect(editor.getHtml()).toBe(
      '<p><span style="color: #5319e7"><span style="background-color: #c2e0c6">abc</span></span></p>',
    );
    click('editor-text-color');
    click('editor-text-color-remove');
    expect(editor.getHtml()).toBe('<p><span style="background-color: #c2e0c6">abc</span></p>');
  });

  it('is read-only when disabled', () => {
    renderEditor({ disabled: true });
    expect(byTestId('editor-content').getAttribute('contenteditable')).toBe('false');
    expect(byTestId<HTMLButtonElement>('editor-bold').disabled).toBe(true);
  });
});

describe('link popup', () => {
  it('requires URL and text, checks the URL pattern, and inserts a new-tab link', () => {
    renderEditor();
    click('editor-link');
    // Drawn as the portal's primary button (editor.css), not the browser's own.
    expect(byTestId('editor-link-submit').className).toBe('intranet-editor-action');
    expect(byTestId('editor-link-submit').dataset.variant).toBe('filled');
    expect(byTestId('editor-link-submit').textContent).toBe('Insertar');
    submit('editor-link-form');
    expect(byTestId('editor-link-url-error').textContent).toBe('This is required');
    expect(byTestId('editor-link-text-error').textContent).toBe('This is required');
    fill('editor-link-url', 'javascript:alert(1)');
    expect(byTestId('editor-link-url-error').textContent).toBe('Please enter valid url.');
    fill('editor-link-url', 'example');
    expect(byTestId('editor-link-url-error').textContent).toBe('Please enter valid url.');
    fill('editor-link-url', 'example.com');
    fill('editor-link-text', 'Ejemplo');
    expect(byTestId<HTMLInputElement>('editor-link-new-tab').checked).toBe(true);
    submit('editor-link-form');
    expect(container.querySelector('[data-testid="editor-link-form"]')).toBeNull();
    expect(editor.getHtml()).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">Ejemplo</a></p>',
    );
  });

  it('prefills and locks the text of a selection; unchecked new tab writes _self', () => {
    renderEditor();
    typeText('ver sitio');
    act(() => select(editor, 5, 10));
    click('editor-link');
    const text = byTestId<HTMLInputElement>('editor-link-text');
    expect(text.value).toBe('sitio');
    expect(text.disabled).toBe(true);
    fill('editor-link-url', 'https://www.google.com/');
    act(() => byTestId<HTMLInputElement>('editor-link-new-tab').click());
    submit('editor-link-form');
    expect(editor.getHtml()).toBe('<p>ver <a href="https://www.google.com/" target="_self">sitio</a></p>');
  });
});

describe('inside a page form', () => {
  it('the popups are not forms: Enter and Insert submit the popup, never the form around the editor', () => {
    const outer = vi.fn((event: Event) => event.preventDefault());
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root!.render(
        <form onSubmit={(e) => outer(e.nativeEvent)}>
          <Editor onReady={(instance) => (editor = instance)} />
        </form>,
      ),
    );
    expect(container.querySelectorAll('form form')).toHaveLength(0);
    click('editor-link');
    expect(container.querySelector('[data-testid="editor-link-form"]')?.tagName).toBe('DIV');
    fill('editor-link-url', 'example.com');
    fill('editor-link-text', 'sitio');
    pressEnter('editor-link-url');
    expect(editor.getHtml()).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">sitio</a></p>',
    );
    click('editor-image');
    fill('editor-image-src', 'example.com/a.png');
    click('editor-image-submit');
    expect(editor.getHtml()).toContain('<img src="https://example.com/a.png"');
    expect(outer).not.toHaveBeenCalled();
    expect(byTestId('editor-link').getAttribute('type')).toBe('button');
  });
});

describe('image popup', () => {
  it('requires a valid source and inserts alt and title', () => {
    renderEditor();
    click('editor-image');
    submit('editor-image-form');
    expect(byTestId('editor-image-src-error').textContent).toBe('This is required');
    fill('editor-image-src', 'ftp://example.com/a.png');
    expect(byTestId('editor-image-src-error').textContent).toBe('Please enter valid url.');
    fill('editor-image-src', 'https://example.com/logo.png');
    fill('editor-image-alt', 'Logo');
    fill('editor-image-title', 'El logo');
    submit('editor-image-form');
    expect(editor.getHtml()).toBe('<p><img src="https://example.com/logo.png" alt="Logo" title="El logo"></p>');
  });

  it('resizes by dragging the handle, between 20 px and the editor width, keeping alt and title', () => {
    renderEditor({
      value: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'image', attrs: { src: '/a.png', alt: 'A', title: 'T', width: '100px' } }],
          },
        ],
      },
    });
    Object.defineProperty(editor.view.dom, 'clientWidth', { value: 600, configurable: true });
    const img = container.querySelector('.intranet-editor-image img') as HTMLImageElement;
    img.getBoundingClientRect = () => ({ width: 100 }) as DOMRect;
    const handle = byTestId('editor-image-resize-handle');
    const drag = (dx: number) =>
      act(() => {
        handle.dispatchEvent(new MouseEvent('mousedown', { clientX: 0, bubbles: true, cancelable: true }));
        document.dispatchEvent(new MouseEvent('mousemove', { clientX: dx, bubbles: true }));
        document.dispatchEvent(new MouseEvent('mouseup', { clientX: dx, bubbles: true }));
      });
    const imageAttrs = () => editor.getJson().content![0]!.content![0]!.attrs;
    drag(300);
    expect(imageAttrs()).toEqual({ src: '/a.png', alt: 'A', title: 'T', width: '400px' });
    drag(5000);
    expect(imageAttrs()!.width).toBe('600px');
    drag(-5000);
    expect(imageAttrs()!.width).toBe('20px');
  });
});
