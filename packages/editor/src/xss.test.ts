import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { safeUrl } from './url.ts';
import { renderHtml } from './render-html.ts';
import { parseHtml } from './server.ts';

// HTML -> document -> HTML must leave nothing executable: only the schema's tags, attributes and values.
const corpus = [
  '<script>alert(1)</script>',
  '<p>a<script>alert(1)</script>b</p>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src=" javascript:alert(1)" alt="x">',
  '<img """><script>alert(1)</script>">',
  '<img src="/a.png" onload="alert(1)" style="width: expression(alert(1))">',
  '<p onclick="alert(1)" onmouseover="alert(1)">click</p>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="https://ok.example" onclick="alert(1)" target="_blank">ok</a>',
  '<a href="https://ok.example" target="javascript:alert(1)">ok</a>',
  '<svg onload=alert(1)><circle r="10"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<p style="background-image: url(javascript:alert(1))">x</p>',
  '<span style="color: expression(alert(1))">x</span>',
  '<span style="color: red; background: url(javascript:alert(1))">x</span>',
  '<span style="background-color: red;-moz-binding:url(x)">x</span>',
  '<span style="color: #fff&quot; onmouseover=&quot;alert(1)">x</span>',
  '<p style="text-align: center&quot; onclick=&quot;alert(1)">x</p>',
  '<ol start="1 onclick=alert(1)"><li>x</li></ol>',
  '<div><p><b><i>unclosed <a href="https://ok.example">link',
  '<ul><li><p>a<ul><li><script>alert(1)</script></li></ul>',
  '<<script>script>alert(1)<</script>/script>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<pre><code><script>alert(1)</script></code></pre>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<img src="https://ok.example/a.png" width="400px onerror=alert(1)">',
  '<a href="https://ok.example" title="&quot;><script>alert(1)</script>">t</a>',
  '<template><script>alert(1)</script></template>',
];

const TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'hr',
  'pre',
  'code',
  'br',
  'img',
  'ul',
  'ol',
  'li',
  'a',
  'em',
  'strong',
  'u',
  's',
  'span',
]);
const ATTRIBUTES = new Set(['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'start', 'style']);
const STYLE = /^(text-align: (center|right|justify)|color: [#\w(),.% ]+|background-color: [#\w(),.% ]+)$/;

function checkOutput(html: string): void {
  const window = new Window();
  const body = new window.DOMParser().parseFromString(`<body>${html}`, 'text/html').body;
  for (const element of body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    expect(TAGS.has(tag), `tag <${tag}> in ${html}`).toBe(true);
    for (const attribute of element.attributes) {
      expect(ATTRIBUTES.has(attribute.name), `attribute ${attribute.name} in ${html}`).toBe(true);
      if (attribute.name === 'href' || attribute.name === 'src') {
        expect(safeUrl(attribute.value), `${attribute.name}=${attribute.value}`).toBe(attribute.value);
        expect(String(attribute.value).toLowerCase()).not.toMatch(/^\s*data:/);
      }
      if (attribute.name === 'style') expect(attribute.value).toMatch(STYLE);
      if (attribute.name === 'target') expect(['_blank', '_self', '_parent', '_top']).toContain(attribute.value);
      if (attribute.name === 'start') expect(attribute.value).toMatch(/^-?\d+$/);
      if (attribute.name === 'width') expect(attribute.value).toMatch(/^\d+(\.\d+)?(px|%)?$/);
    }
  }
  expect(html).not.toMatch(
    /<script|<svg|<iframe|<object|<embed|<style|<form|<input|<math|javascript:|vbscript:|expression\(|url\(/i,
  );
  expect(html).not.toMatch(/\son\w+=/i);
}

describe('XSS corpus through HTML -> document -> HTML', () => {
  it.each(corpus)('%s', (payload) => {
    const once = renderHtml(parseHtml(payload));
    checkOutput(once);
    // A second pass changes nothing: the output is already what the schema writes.
    expect(renderHtml(parseHtml(once))).toBe(once);
  });

  it('keeps the harmless parts', () => {
    expect(renderHtml(parseHtml('<a href="https://ok.example" onclick="alert(1)" target="_blank">ok</a>'))).toBe(
      '<p><a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a></p>',
    );
    expect(renderHtml(parseHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'))).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(renderHtml(parseHtml('<span style="color: red; background: url(javascript:alert(1))">x</span>'))).toBe(
      '<p><span style="color: red">x</span></p>',
    );
  });
});
