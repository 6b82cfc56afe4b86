// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditorInstance } from '../editor.ts';
import { html, mountEditor, press, select, type } from '../fixtures/view.ts';

let editor: EditorInstance;
afterEach(() => {
  editor?.destroy();
  vi.useRealTimers();
});

describe('keys', () => {
  it.each([
    ['Mod-b', '<p><strong>a</strong></p>'],
    ['Mod-i', '<p><em>a</em></p>'],
    ['Mod-`', '<p><code>a</code></p>'],
    ['Mod-u', '<p><u>a</u></p>'],
  ])('%s toggles its mark', (key, expected) => {
    editor = mountEditor();
    expect(press(editor, key)).toBe(true);
    type(editor, 'a');
    expect(html(editor)).toBe(expected);
    press(editor, key);
    type(editor, 'b');
    expect(html(editor)).toBe(expected.replace('a</', 'a</').replace(/<\/p>$/, 'b</p>'));
  });

  it('Enter splits a list item, Shift-Enter breaks the line', () => {
    editor = mountEditor();
    type(editor, '- uno');
    press(editor, 'Enter');
    type(editor, 'dos');
    press(editor, 'Shift-Enter');
    type(editor, 'tres');
    expect(html(editor)).toBe('<ul><li><p>uno</p></li><li><p>dos<br>tres</p></li></ul>');
  });

  it('Tab and Mod-] sink a list item, Mod-[ lifts it', () => {
    editor = mountEditor();
    type(editor, '- uno');
    press(editor, 'Enter');
    type(editor, 'dos');
    expect(press(editor, 'Tab')).toBe(true);
    const nested = '<ul><li><p>uno</p><ul><li><p>dos</p></li></ul></li></ul>';
    expect(html(editor)).toBe(nested);
    press(editor, 'Mod-[');
    expect(html(editor)).toBe('<ul><li><p>uno</p></li><li><p>dos</p></li></ul>');
    press(editor, 'Mod-]');
    expect(html(editor)).toBe(nested);
  });

  it('Tab outside a list is left to the browser (focus moves on)', () => {
    editor = mountEditor();
    expect(press(editor, 'Tab')).toBe(false);
  });

  it('undo and redo (Mod-z, Shift-Mod-z, Mod-y), grouping typing within 500 ms', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    editor = mountEditor();
    type(editor, 'uno');
    vi.advanceTimersByTime(600);
    type(editor, ' dos');
    expect(html(editor)).toBe('<p>uno dos</p>');
    press(editor, 'Mod-z');
    expect(html(editor)).toBe('<p>uno</p>');
    press(editor, 'Shift-Mod-z');
    expect(html(editor)).toBe('<p>uno dos</p>');
    press(editor, 'Mod-z');
    press(editor, 'Mod-z');
    expect(html(editor)).toBe('<p></p>');
    press(editor, 'Mod-y');
    expect(html(editor)).toBe('<p>uno</p>');
  });

  // prosemirror-history trims lazily: it keeps the last 100 events, dropping the oldest in batches of 20.
  it('keeps 100 undo steps, not all of them', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    editor = mountEditor();
    for (let i = 0; i < 150; i++) {
      type(editor, 'x');
      vi.advanceTimersByTime(600);
    }
    let undone = 0;
    while (press(editor, 'Mod-z')) undone++;
    expect(undone).toBeGreaterThanOrEqual(100);
    expect(undone).toBeLessThan(121);
    expect(html(editor)).toBe(`<p>${'x'.repeat(150 - undone)}</p>`);
  });

  it('typing at the end of a link does not extend it', () => {
    editor = mountEditor({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'ir', marks: [{ type: 'link', attrs: { href: 'https://a.com' } }] }],
        },
      ],
    });
    select(editor, 3);
    type(editor, 'x');
    expect(html(editor)).toBe('<p><a href="https://a.com" target="_blank" rel="noopener noreferrer">ir</a>x</p>');
  });
});
