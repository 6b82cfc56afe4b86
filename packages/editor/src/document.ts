// Stored documents: the empty value, loading legacy JSON, and validation with Spanish messages.
import type { Node as PMNode } from 'prosemirror-model';
import { schema } from './schema/index.ts';
import { safeAlign, safeColor, safeWidth } from './schema/values.ts';
import { safeUrl } from './url.ts';

export interface MarkJson {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface NodeJson {
  type: string;
  attrs?: Record<string, unknown>;
  content?: NodeJson[];
  marks?: MarkJson[];
  text?: string;
}

export interface DocumentJson extends NodeJson {
  type: 'doc';
}

/** The value of an empty rich-text field. */
export function emptyDocument(): DocumentJson {
  return { type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] };
}

export function isEmptyDocument(doc: PMNode): boolean {
  const only = doc.childCount === 1 ? doc.firstChild : null;
  return only !== null && only.type === schema.nodes.paragraph && only.content.size === 0;
}

export type Validation = { ok: true; value: DocumentJson } | { ok: false; error: string };

const PREFIX = 'El documento de texto enriquecido no es válido';

class InvalidDocument extends Error {}

function fail(detail: string): never {
  throw new InvalidDocument(`${PREFIX}: ${detail}.`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps only the attributes the schema knows, so legacy extras (such as `indent`) are dropped, not fatal. */
function knownAttrs(
  known: Record<string, unknown>,
  attrs: unknown,
  where: string,
): Record<string, unknown> | undefined {
  if (attrs === undefined || attrs === null) return undefined;
  if (!isObject(attrs)) fail(`los atributos de «${where}» deben ser un objeto`);
  const kept: Record<string, unknown> = {};
  for (const name of Object.keys(known)) if (name in attrs) kept[name] = attrs[name];
  return kept;
}

function normalizeMark(json: unknown): MarkJson {
  if (!isObject(json) || typeof json.type !== 'string') fail('hay una marca sin tipo');
  const type = schema.marks[json.type];
  if (!type) fail(`la marca «${json.type}» no existe`);
  const attrs = knownAttrs(type.spec.attrs ?? {}, json.attrs, json.type);
  return attrs ? { type: type.name, attrs } : { type: type.name };
}

function normalizeNode(json: unknown): NodeJson {
  if (!isObject(json) || typeof json.type !== 'string') fail('hay un nodo sin tipo');
  const type = schema.nodes[json.type];
  if (!type) fail(`el tipo de nodo «${json.type}» no existe`);
  const out: NodeJson = { type: type.name };
  const attrs = knownAttrs(type.spec.attrs ?? {}, json.attrs, type.name);
  // The earlier editor could store a null start number or level; both mean the default.
  if (attrs && type.name === 'ordered_list' && attrs.order == null) attrs.order = 1;
  if (attrs && type.name === 'heading' && attrs.level == null) attrs.level = 1;
  if (attrs) out.attrs = attrs;
  if (type.name === 'text') {
    if (typeof json.text !== 'string' || json.text === '') fail('hay un texto vacío o sin contenido');
    out.text = json.text;
  }
  if (json.content !== undefined) {
    if (!Array.isArray(json.content)) fail(`el contenido de «${type.name}» debe ser una lista`);
    out.content = json.content.map(normalizeNode);
  }
  if ((type.name === 'bullet_list' || type.name === 'ordered_list') && !out.content?.length) {
    fail('una lista debe tener al menos un elemento');
  }
  if (json.marks !== undefined) {
    if (!Array.isArray(json.marks)) fail(`las marcas de «${type.name}» deben ser una lista`);
    out.marks = json.marks.map(normalizeMark);
  }
  return out;
}

function checkAttrs(node: PMNode): void {
  const { attrs } = node;
  switch (node.type.name) {
    case 'heading': {
      const level = attrs.level;
      if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > 6) {
        fail('el nivel de un encabezado debe ser un número de 1 a 6');
      }
      break;
    }
    case 'ordered_list':
      if (typeof attrs.order !== 'number' || !Number.isInteger(attrs.order)) {
        fail('el número inicial de una lista numerada debe ser un entero');
      }
      break;
    case 'image':
      if (!safeUrl(attrs.src)) fail('una imagen debe tener una dirección http, https o relativa');
      if (attrs.width != null && !safeWidth(attrs.width)) fail('el ancho de una imagen debe ser como "400px"');
      break;
  }
  if ('align' in attrs && attrs.align != null && !safeAlign(attrs.align)) {
    fail('la alineación debe ser left, center, right o justify');
  }
  for (const mark of node.marks) {
    const name = mark.type.name;
    if (name === 'link' && !safeUrl(mark.attrs.href)) {
      fail('un enlace debe tener una dirección http, https, mailto o relativa');
    }
    if (name === 'text_color' && !safeColor(mark.attrs.color)) fail('un color de texto no es válido');
    if (name === 'text_background_color' && !safeColor(mark.attrs.backgroundColor)) {
      fail('un color de fondo no es válido');
    }
  }
}

function toDocument(json: unknown): PMNode {
  if (!isObject(json) || json.type !== 'doc') fail('se esperaba un objeto con "type": "doc"');
  const normalized = normalizeNode(json);
  if (!normalized.content?.length) fail('debe tener al menos un bloque');
  let doc: PMNode;
  try {
    doc = schema.nodeFromJSON(normalized);
    doc.check();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const node = /node (?:type )?(\w+)/.exec(message)?.[1];
    fail(node ? `el contenido de «${node}» no está permitido ahí` : 'la estructura no respeta el esquema');
  }
  doc.descendants((node) => checkAttrs(node));
  return doc;
}

/**
 * Checks a stored or submitted document against the schema. On success `value` is the document as it
 * will be stored (legacy extra attributes dropped, defaults filled in).
 */
export function validateDocument(json: unknown): Validation {
  try {
    return { ok: true, value: toDocument(json).toJSON() as DocumentJson };
  } catch (error) {
    if (error instanceof InvalidDocument) return { ok: false, error: error.message };
    throw error;
  }
}

/** Loads a JSON document into a ProseMirror node; throws an Error with the Spanish message when invalid. */
export function documentFromJson(json: unknown): PMNode {
  return toDocument(json);
}

export function documentToJson(doc: PMNode): DocumentJson {
  return doc.toJSON() as DocumentJson;
}
