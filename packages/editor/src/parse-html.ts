// HTML -> document through the schema's parse rules: whatever the schema does not know is dropped.
import { DOMParser as SchemaParser, type Node as PMNode } from 'prosemirror-model';
import { schema } from './schema/index.ts';

const schemaParser = SchemaParser.fromSchema(schema);

/**
 * Parses HTML with the given DOMParser (the browser's by default; on the server use
 * `@intranet/editor/server`). An inert document is used, so nothing in the HTML runs or loads.
 */
export function parseHtmlWith(html: string, domParser?: DOMParser): PMNode {
  const parser = domParser ?? (typeof DOMParser === 'undefined' ? null : new DOMParser());
  if (!parser) throw new Error("parseHtml necesita un DOM: en Node importe '@intranet/editor/server'");
  const dom = parser.parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  return schemaParser.parse(dom.body);
}
