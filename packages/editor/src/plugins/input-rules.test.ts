// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EditorInstance } from '../editor.ts';
import { html, mountEditor, press, type } from '../fixtures/view.ts';

let editor: EditorInstance;
afterEach(() => editor?.destroy());

function typed(text: string): string {
  editor = mountEditor();
  type(editor, text);
  return html(editor);
}

describe('input rules', () => {
  it.each([
    ['a--b', '<p>a—b</p>'],
    ['wait...', '<p>wait…</p>'],
    ['"hola" dijo', '<p>“hola” dijo</p>'],
    ["it's 'x'", '<p>it’s ‘x’</p>'],
    ['> cita', '<blockquote><p>cita</p></blockquote>'],
    ['1. uno', '<ol><li><p>uno</p></li></ol>'],
    ['5. cinco', '<ol start="5"><li><p>cinco</p></li></ol>'],
    ['- a', '<ul><li><p>a</p></li></ul>'],
    ['+ a', '<ul><li><p>a</p></li></ul>'],
    ['* a', '<ul><li><p>a</p></li></ul>'],
    ['```x', '<pre><code>x</code></pre>'],
    ['# uno', '<h1>uno</h1>'],
    ['## dos', '<h2>dos</h2>'],
    ['### tres', '<h3>tres</h3>'],
    ['#### cuatro', '<h4>cuatro</h4>'],
    ['##### cinco', '<h5>cinco</h5>'],
    ['###### seis', '<h6>seis</h6>'],
    ['####### siete', '<p>####### siete</p>'],
  ])('%s -> %s', (text, expected) => {
    expect(typed(text)).toBe(expected);
  });

  it('does not make typography inside a code block', () => {
    expect(typed('```a--b "c" ...')).toBe('<pre><code>a--b "c" ...</code></pre>');
  });

  it('does not make typography inside inline code', () => {
    editor = mountEditor();
    press(editor, 'Mod-`');
    type(editor, 'a--"b"');
    expect(html(editor)).toBe('<p><code>a--"b"</code></p>');
  });

  it('continues a numbered list from where it starts', () => {
    editor = mountEditor();
    type(editor, '3. tres');
    press(editor, 'Enter');
    type(editor, 'cuatro');
    expect(html(editor)).toBe('<ol start="3"><li><p>tres</p></li><li><p>cuatro</p></li></ol>');
  });

  it('Backspace right after a rule undoes it', () => {
    editor = mountEditor();
    type(editor, 'a--');
    press(editor, 'Backspace');
    expect(html(editor)).toBe('<p>a--</p>');
  });
});
