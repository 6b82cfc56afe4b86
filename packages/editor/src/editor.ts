// A framework-free editor instance: view, commands, change listeners and content in JSON or HTML.
import type { Node as PMNode } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { createCommands, type EditorCommands } from './commands/create-commands.ts';
import { documentFromJson, documentToJson, emptyDocument, type DocumentJson } from './document.ts';
import { parseHtmlWith } from './parse-html.ts';
import { editorPlugins } from './plugins/index.ts';
import { renderHtml } from './render-html.ts';
import { schema } from './schema/index.ts';

/** A field's value: the stored JSON document, or HTML. Empty values give the empty document. */
export type EditorValue = DocumentJson | string | null | undefined;

export interface EditorOptions {
  value?: EditorValue;
  placeholder?: string;
  editable?: boolean;
  /** Accessible name of the editable area. */
  label?: string;
}

export interface EditorInstance {
  readonly view: EditorView;
  readonly commands: EditorCommands;
  /** Called after every transaction (selection changes too); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  onDocChange(listener: (doc: PMNode) => void): () => void;
  getJson(): DocumentJson;
  getHtml(): string;
  /** Replaces the whole content and clears the undo history (a form reset, another record). */
  setContent(value: EditorValue): void;
  setEditable(editable: boolean): void;
  destroy(): void;
}

/** The document of a value; an unreadable stored document is reported and shown empty, never thrown. */
export function valueToDocument(value: EditorValue): PMNode {
  if (value == null || value === '') return documentFromJson(emptyDocument());
  if (typeof value === 'string') return parseHtmlWith(value);
  try {
    return documentFromJson(value);
  } catch (error) {
    console.error(error);
    return documentFromJson(emptyDocument());
  }
}

export function createEditor(mount: HTMLElement, options: EditorOptions = {}): EditorInstance {
  const listeners = new Set<() => void>();
  const docListeners = new Set<(doc: PMNode) => void>();
  let editable = options.editable ?? true;
  const plugins = editorPlugins({ placeholder: options.placeholder });
  const stateFor = (value: EditorValue) => EditorState.create({ schema, doc: valueToDocument(value), plugins });

  const view: EditorView = new EditorView(mount, {
    state: stateFor(options.value),
    editable: () => editable,
    attributes: {
      class: 'intranet-editor-content',
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': options.label ?? 'Editor de texto',
      'data-testid': 'editor-content',
    },
    dispatchTransaction(tr) {
      view.updateState(view.state.apply(tr));
      if (tr.docChanged) docListeners.forEach((listener) => listener(view.state.doc));
      listeners.forEach((listener) => listener());
    },
  });

  const notify = () => listeners.forEach((listener) => listener());

  return {
    view,
    commands: createCommands(view),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onDocChange(listener) {
      docListeners.add(listener);
      return () => docListeners.delete(listener);
    },
    getJson: () => documentToJson(view.state.doc),
    getHtml: () => renderHtml(view.state.doc),
    setContent(value) {
      view.updateState(stateFor(value));
      notify();
    },
    setEditable(value) {
      editable = value;
      view.setProps({});
      notify();
    },
    destroy() {
      listeners.clear();
      docListeners.clear();
      view.destroy();
    },
  };
}
