// HTML -> document through the schema's parse rules: whatever the schema does not know is dropped.
import { DOMParser as SchemaParser, type Node as PMNode } from 'prosemirror-model';
import { schema } from './schema/index.ts';

const schemaParser = SchemaParser.fromSchema(schema);

/** A DOMParser (the browser's or happy-dom's); typed structurally so the schema needs no DOM lib. */
export interface HtmlParser {
  parseFromString(html: string, type: 'text/html'): { body: Parameters<typeof schemaParser.parse>[0] };
}

/**
 * Parses HTML with the given DOMParser (the browser's by default; on the server use
 * `@intranet/editor/server`). An inert document is used, so nothing in the HTML runs or loads.
 */
export function parseHtmlWith(html: string, domParser?: HtmlParser): PMNode {
  const Browser = (globalThis as { DOMParser?: new () => HtmlParser }).DOMParser;
  const parser = domParser ?? (Browser ? new Browser() : null);
  if (!parser) throw new Error("parseHtml necesita un DOM: en Node importe '@intranet/editor/server'");
  const dom = parser.parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  return schemaParser.parse(dom.body);
}
