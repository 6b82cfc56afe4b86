import { describe, expect, it } from 'vitest';
import { documentFromJson, documentToJson } from './document.ts';
import { fullDocument, fullDocumentHtml } from './fixtures/full-document.ts';
import { renderHtml } from './render-html.ts';
import { parseHtml } from './server.ts';

describe('round trips of a document using every node, mark and attribute', () => {
  it('JSON -> document -> JSON is unchanged', () => {
    expect(documentToJson(documentFromJson(fullDocument))).toEqual(fullDocument);
  });

  it('renders the expected HTML (left alignment and start 1 write nothing, _blank adds rel)', () => {
    expect(renderHtml(fullDocument)).toBe(fullDocumentHtml);
  });

  it('HTML -> document -> HTML is unchanged (in Node, without a browser)', () => {
    expect(renderHtml(parseHtml(fullDocumentHtml))).toBe(fullDocumentHtml);
  });

  it('HTML -> document gives the JSON back, except what HTML cannot say (explicit left, default target)', () => {
    const json = JSON.parse(JSON.stringify(fullDocument).replace('"align":"left"', '"align":null'));
    expect(documentToJson(parseHtml(fullDocumentHtml))).toEqual(json);
  });

  it('uses every node and mark type of the schema', async () => {
    const { schema } = await import('./schema/index.ts');
    const used = new Set<string>();
    documentFromJson(fullDocument).descendants((node) => {
      used.add(node.type.name);
      for (const mark of node.marks) used.add(mark.type.name);
    });
    used.add('doc');
    expect([...used].sort()).toEqual([...Object.keys(schema.nodes), ...Object.keys(schema.marks)].sort());
  });
});
