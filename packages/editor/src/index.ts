// DOM-free entry: schema, documents, HTML rendering, URL rules. Safe to import on the server.
export { schema } from './schema/index.ts';
export type { MarkName, NodeName } from './schema/index.ts';
export { ALIGNMENTS, type Alignment } from './schema/values.ts';
export {
  emptyDocument,
  isEmptyDocument,
  validateDocument,
  documentFromJson,
  documentToJson,
  type DocumentJson,
  type NodeJson,
  type MarkJson,
  type Validation,
} from './document.ts';
export { renderHtml } from './render-html.ts';
export { parseHtmlWith } from './parse-html.ts';
export { POPUP_URL_PATTERN, isValidPopupUrl, popupUrlToHref, safeUrl } from './url.ts';
export { PALETTE, PALETTE_ROWS } from './palette.ts';
