// Server entry: validate, render and parse documents in Node (HTML parsing through happy-dom, no browser).
import { Window } from 'happy-dom';
import type { Node as PMNode } from 'prosemirror-model';
import { type HtmlParser, parseHtmlWith } from './parse-html.ts';

export { emptyDocument, validateDocument, documentFromJson, documentToJson } from './document.ts';
export type { DocumentJson, Validation } from './document.ts';
export { renderHtml } from './render-html.ts';

let domParser: HtmlParser | null = null;

function serverDomParser(): HtmlParser {
  if (!domParser) {
    // Scripts, resources and navigation are all off: the window only parses.
    const window = new Window({
      settings: {
        disableJavaScriptFileLoading: true,
        disableComputedStyleRendering: true,
        navigation: {
          disableMainFrameNavigation: true,
          disableChildFrameNavigation: true,
          disableChildPageNavigation: true,
          disableFallbackToSetURL: true,
        },
      },
    });
    domParser = new window.DOMParser() as unknown as HtmlParser;
  }
  return domParser;
}

/** HTML -> ProseMirror document in Node. */
export function parseHtml(html: string): PMNode {
  return parseHtmlWith(html, serverDomParser());
}
