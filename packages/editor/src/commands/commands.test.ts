// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EditorInstance } from '../editor.ts';
import { html, mountEditor, select, type } from '../fixtures/view.ts';
import { clampImageWidth } from '../plugins/image-resize.ts';
import { createCommands } from './create-commands.ts';
import { linkAtSelection } from './insert.ts';

let editor: EditorInstance;
afterEach(() => editor?.destroy());

function withText(text: string): EditorInstance {
  editor = mountEditor();
  type(editor, text);
  return editor;
}

describe('createCommands', () => {
  it("throws 'Required view to initialize commands' without a view", () => {
    expect(() => createCommands(undefined)).toThrow('Required view to initialize commands');
    expect(() => createCommands(null)).toThrow('Required view to initialize commands');
  });

  it('toggles every mark over the selection, chainable', () => {
    withText('abc');
    select(editor, 1, 4);
    editor.commands.toggleBold().toggleItalic().toggleUnderline().toggleStrike();
    expect(html(editor)).toBe('<p><em><strong><u><s>abc</s></u></strong></em></p>');
    editor.commands.toggleBold().toggleItalic().toggleUnderline().toggleStrike().toggleCode();
    expect(html(editor)).toBe('<p><code>abc</code></p>');
  });

  it('toggles blockquote, lists and headings', () => {
    withText('abc');
    editor.commands.toggleBlockquote();
    expect(html(editor)).toBe('<blockquote><p>abc</p></blockquote>');
    editor.commands.toggleBlockquote().toggleOrderedList();
    expect(html(editor)).toBe('<ol><li><p>abc</p></li></ol>');
    editor.commands.toggleBulletList();
    expect(html(editor)).toBe('<ul><li><p>abc</p></li></ul>');
    editor.commands.toggleBulletList().toggleHeading(3);
    expect(html(editor)).toBe('<h3>abc</h3>');
    editor.commands.toggleHeading(3);
    expect(html(editor)).toBe('<p>abc</p>');
  });

  it('aligns, keeping alignment through a heading change; the active alignment again clears it', () => {
    withText('abc');
    editor.commands.align('center').toggleHeading(2);
    expect(html(editor)).toBe('<h2 style="text-align: center">abc</h2>');
    editor.commands.align('justify');
    expect(editor.getJson().content![0]!.attrs).toEqual({ level: 2, align: 'justify' });
    editor.commands.align('justify');
    expect(html(editor)).toBe('<h2>abc</h2>');
    editor.commands.align('left');
    expect(editor.getJson().content![0]!.attrs!.align).toBe('left');
    expect(html(editor)).toBe('<h2>abc</h2>');
  });

  it('applies and removes colours, and refuses unsafe ones', () => {
    withText('abc');
    select(editor, 1, 3);
    editor.commands.textColor('#b60205').backgroundColor('#fef2c0');
    expect(html(editor)).toBe(
      '<p><span style="color: #b60205"><span style="background-color: #fef2c0">ab</span></span>c</p>',
    );
    editor.commands.removeTextColor().removeBackgroundColor();
    expect(html(editor)).toBe('<p>abc</p>');
    expect(editor.commands.textColor('red;background:url(x)').applied).toBe(false);
  });

  it('inserts a link at the cursor, links a selection, updates and removes a link', () => {
    withText('ver ');
    editor.commands.insertLink('aquí', { href: 'https://example.com' });
    type(editor, '!');
    expect(html(editor)).toBe(
      '<p>ver <a href="https://example.com" target="_blank" rel="noopener noreferrer">aquí</a>!</p>',
    );

    select(editor, 1, 4);
    editor.commands.insertLink('', { href: '/interno', target: '_self', title: 'Interno' });
    expect(html(editor)).toContain('<a href="/interno" title="Interno" target="_self">ver</a>');

    select(editor, 7);
    expect(linkAtSelection(editor.view.state)).toMatchObject({ from: 5, to: 9, text: 'aquí' });
    editor.commands.insertLink('allá', { href: 'https://example.org' });
    expect(html(editor)).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">allá</a>!');
    select(editor, 6);
    editor.commands.removeLink();
    expect(html(editor)).toBe('<p><a href="/interno" title="Interno" target="_self">ver</a> allá!</p>');
  });

  it('refuses javascript: and data: links and images', () => {
    withText('a');
    expect(editor.commands.insertLink('x', { href: 'javascript:alert(1)' }).applied).toBe(false);
    expect(editor.commands.insertLink('x', { href: 'data:text/html,x' }).applied).toBe(false);
    expect(editor.commands.insertImage('javascript:alert(1)').applied).toBe(false);
    expect(html(editor)).toBe('<p>a</p>');
  });

  it('inserts an image with alt, title and width', () => {
    withText('a');
    editor.commands.insertImage('https://example.com/a.png', { alt: 'Logo', title: '', width: '300px' });
    expect(html(editor)).toBe('<p>a<img src="https://example.com/a.png" alt="Logo" width="300px"></p>');
  });
});

describe('image resize', () => {
  it('keeps the width between 20 px and the editor width', () => {
    expect(clampImageWidth(5, 600)).toBe(20);
    expect(clampImageWidth(-100, 600)).toBe(20);
    expect(clampImageWidth(400.4, 600)).toBe(400);
    expect(clampImageWidth(900, 600)).toBe(600);
  });
});
