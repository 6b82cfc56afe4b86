import { describe, expect, it } from 'vitest';
import { documentFromJson, documentToJson, emptyDocument, isEmptyDocument, validateDocument } from '../document.ts';
import { schema } from './index.ts';

describe('schema', () => {
  it('has the node names and the mark names, in order', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual(
      [
        'blockquote',
        'bullet_list',
        'code_block',
        'doc',
        'hard_break',
        'heading',
        'horizontal_rule',
        'image',
        'list_item',
        'ordered_list',
        'paragraph',
        'text',
      ].sort(),
    );
    expect(Object.keys(schema.marks)).toEqual([
      'link',
      'em',
      'strong',
      'code',
      'u',
      's',
      'text_color',
      'text_background_color',
    ]);
  });

  it('has the attributes and defaults of the spec', () => {
    const attrs = (name: string) => documentToJson(schema.nodes[name]!.createAndFill()!).attrs;
    expect(attrs('paragraph')).toEqual({ align: null });
    expect(attrs('heading')).toEqual({ level: 1, align: null });
    expect(attrs('ordered_list')).toEqual({ order: 1 });
    expect(schema.marks.link!.create({ href: 'https://a.com' }).attrs).toEqual({
      href: 'https://a.com',
      title: null,
      target: '_blank',
    });
    expect(Object.keys(schema.nodes.image!.spec.attrs!)).toEqual(['src', 'alt', 'title', 'width']);
    expect(Object.keys(schema.marks.text_color!.spec.attrs!)).toEqual(['color']);
    expect(Object.keys(schema.marks.text_background_color!.spec.attrs!)).toEqual(['backgroundColor']);
  });

  it('makes the link not inclusive and the code block plain text', () => {
    expect(schema.marks.link!.spec.inclusive).toBe(false);
    expect(schema.nodes.code_block!.spec.marks).toBe('');
    expect(schema.nodes.code_block!.contentMatch.matchType(schema.nodes.text!)).toBeTruthy();
    expect(schema.nodes.code_block!.allowsMarkType(schema.marks.strong!)).toBe(false);
  });

  it('has the empty value', () => {
    expect(emptyDocument()).toEqual({ type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] });
    const doc = documentFromJson(emptyDocument());
    expect(isEmptyDocument(doc)).toBe(true);
    expect(documentToJson(doc)).toEqual(emptyDocument());
  });
});

describe('legacy documents', () => {
  const legacy = {
    type: 'doc',
    content: [
      { type: 'paragraph', attrs: { align: null, indent: 2 }, content: [{ type: 'text', text: 'sangría' }] },
      { type: 'heading', attrs: { level: 3, align: 'center', indent: 1 }, content: [{ type: 'text', text: 'h' }] },
      {
        type: 'ordered_list',
        attrs: { order: null },
        content: [{ type: 'list_item', content: [{ type: 'paragraph', attrs: { align: null } }] }],
      },
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'https://a.com', rel: 'x' } }] }],
      },
    ],
  };

  it('load with unknown attributes (indent) dropped and order null as 1', () => {
    const json = documentToJson(documentFromJson(legacy));
    expect(json.content![0]!.attrs).toEqual({ align: null });
    expect(json.content![1]!.attrs).toEqual({ level: 3, align: 'center' });
    expect(json.content![2]!.attrs).toEqual({ order: 1 });
    expect(json.content![3]!.content![0]!.marks![0]!.attrs).toEqual({
      href: 'https://a.com',
      title: null,
      target: '_blank',
    });
  });

  it('pass validation', () => {
    const result = validateDocument(legacy);
    expect(result.ok).toBe(true);
  });
});

describe('validateDocument', () => {
  const invalid: [string, unknown, RegExp][] = [
    ['not an object', 'hola', /"type": "doc"/],
    ['no blocks', { type: 'doc', content: [] }, /al menos un bloque/],
    ['unknown node', { type: 'doc', content: [{ type: 'table' }] }, /«table» no existe/],
    [
      'unknown mark',
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [{ type: 'sup' }] }] }],
      },
      /marca «sup»/,
    ],
    ['empty list', { type: 'doc', content: [{ type: 'bullet_list', content: [] }] }, /al menos un elemento/],
    ['heading level 7', { type: 'doc', content: [{ type: 'heading', attrs: { level: 7 } }] }, /de 1 a 6/],
    [
      'marks in a code block',
      {
        type: 'doc',
        content: [{ type: 'code_block', content: [{ type: 'text', text: 'a', marks: [{ type: 'strong' }] }] }],
      },
      /no está permitido/,
    ],
    [
      'a paragraph in a list',
      { type: 'doc', content: [{ type: 'bullet_list', content: [{ type: 'paragraph' }] }] },
      /«bullet_list»/,
    ],
    [
      'a javascript: link',
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'a', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
          },
        ],
      },
      /enlace/,
    ],
    [
      'an image without src',
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'image', attrs: { src: 'data:text/html,x' } }] }],
      },
      /imagen/,
    ],
    [
      'a colour expression',
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'a', marks: [{ type: 'text_color', attrs: { color: 'expression(alert(1))' } }] },
            ],
          },
        ],
      },
      /color/,
    ],
    ['a bad alignment', { type: 'doc', content: [{ type: 'paragraph', attrs: { align: 'middle' } }] }, /alineación/],
    [
      'an empty text',
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '' }] }] },
      /texto vacío/,
    ],
  ];

  it.each(invalid)('refuses %s with a Spanish message', (_name, json, message) => {
    const result = validateDocument(json);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^El documento de texto enriquecido no es válido: /);
      expect(result.error).toMatch(message);
    }
  });

  it('answers the document as it will be stored', () => {
    expect(validateDocument(emptyDocument())).toEqual({ ok: true, value: emptyDocument() });
  });
});
