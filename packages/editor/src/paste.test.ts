import { Slice } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { documentToJson } from './document.ts';
import { linkTrailingUrl, trailingUrl } from './plugins/paste-link.ts';
import { renderHtml } from './render-html.ts';
import { schema } from './schema/index.ts';
import { parseHtml } from './server.ts';

/** The marks of the first text in the pasted HTML. */
function marksOf(html: string): string[] {
  let marks: string[] = [];
  let found = false;
  parseHtml(html).descendants((node) => {
    if (!found && node.isText) {
      marks = node.marks.map((mark) => mark.type.name);
      found = true;
    }
  });
  return marks;
}

describe('paste rules', () => {
  it.each([
    ['<strong>a</strong>', ['strong']],
    ['<b>a</b>', ['strong']],
    ['<b style="font-weight: normal">a</b>', []],
    ['<b style="font-weight:normal"><span>a</span></b>', []],
    ['<span style="font-weight: bold">a</span>', ['strong']],
    ['<span style="font-weight: bolder">a</span>', ['strong']],
    ['<span style="font-weight: 500">a</span>', ['strong']],
    ['<span style="font-weight: 700">a</span>', ['strong']],
    ['<span style="font-weight: 999">a</span>', ['strong']],
    ['<span style="font-weight: 400">a</span>', []],
    ['<span style="font-weight: normal">a</span>', []],
    ['<i>a</i>', ['em']],
    ['<em>a</em>', ['em']],
    ['<span style="font-style: italic">a</span>', ['em']],
    ['<u>a</u>', ['u']],
    ['<span style="text-decoration: underline">a</span>', ['u']],
    ['<s>a</s>', ['s']],
    ['<strike>a</strike>', ['s']],
    ['<span style="text-decoration: line-through">a</span>', ['s']],
    ['<code>a</code>', ['code']],
    ['<span style="color: #d93f0b">a</span>', ['text_color']],
    ['<span style="background-color: rgb(1, 2, 3)">a</span>', ['text_background_color']],
    ['<b><i><u><s>a</s></u></i></b>', ['em', 'strong', 'u', 's']],
  ])('%s gives %j', (html, marks) => {
    expect(marksOf(`<p>${html}</p>`)).toEqual(marks);
  });

  it('reads alignment from style or the align attribute, and list starts', () => {
    expect(
      renderHtml(
        parseHtml(
          '<p align="center">a</p><h3 style="text-align:left">b</h3><ol start="1"><li>c</li></ol><ol start="7"><li>d</li></ol>',
        ),
      ),
    ).toBe(
      '<p style="text-align: center">a</p><h3>b</h3><ol><li><p>c</p></li></ol><ol start="7"><li><p>d</p></li></ol>',
    );
  });

  it('keeps code blocks as plain text and whitespace', () => {
    const json = documentToJson(parseHtml('<pre><code>a  <b>b</b>\n\tc</code></pre>'));
    expect(json.content).toEqual([{ type: 'code_block', content: [{ type: 'text', text: 'a  b\n\tc' }] }]);
  });

  it('reads image width from the attribute or the style', () => {
    const html = renderHtml(parseHtml('<p><img src="/a.png" style="width: 250px"><img src="/b.png" width="50%"></p>'));
    expect(html).toBe('<p><img src="/a.png" width="250px"><img src="/b.png" width="50%"></p>');
  });
});

describe('pasted text ending in a URL', () => {
  it.each([
    ['ver https://example.com/a?b=1', 'https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['sitio: www.google.com', 'www.google.com', 'https://www.google.com'],
    ['example.com.ar.', 'example.com.ar', 'https://example.com.ar'],
  ])('%s links %s', (text, url, href) => {
    const found = trailingUrl(text);
    expect(found?.url).toBe(url);
    const slice = linkTrailingUrl(new Slice(schema.nodes.paragraph!.create(null, schema.text(text)).content, 0, 0));
    const last = slice.content.lastChild!;
    const linked = slice.content.child(slice.content.childCount - (last.text === '.' ? 2 : 1));
    expect(linked.text).toBe(url);
    expect(linked.marks[0]!.attrs).toEqual({ href, title: null, target: '_blank' });
  });

  it.each(['hola mundo', 'la versión 1.2', 'javascript:alert(1)', 'https://example.com y más'])(
    'leaves %s alone',
    (text) => {
      expect(trailingUrl(text)).toBeNull();
    },
  );

  it('links the end of the last paragraph of a pasted block', () => {
    const doc = parseHtml('<p>uno</p><p>ver <strong>example.com</strong></p>');
    const slice = linkTrailingUrl(new Slice(doc.content, 1, 1));
    const html = renderHtml(schema.nodes.doc!.create(null, slice.content));
    expect(html).toBe(
      '<p>uno</p><p>ver <a href="https://example.com" target="_blank" rel="noopener noreferrer"><strong>example.com</strong></a></p>',
    );
  });
});
