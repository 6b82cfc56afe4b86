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
  /**
   * Why the last value given (at creation or by setContent) could not be read, or null. While set, the
   * editor shows the empty document, is not editable and emits nothing, so the stored value is kept.
   */
  readonly unreadable: string | null;
  /** Replaces the whole content and clears the undo history (a form reset, another record). */
  setContent(value: EditorValue): void;
  setEditable(editable: boolean): void;
  destroy(): void;
}

/**
 * The document of a value. A stored document the schema cannot read is not thrown: it answers the empty
 * document with the reason, so the field can say so and keep the stored value instead of overwriting it.
 */
export function readValue(value: EditorValue): { doc: PMNode; error: string | null } {
  if (value == null || value === '') return { doc: documentFromJson(emptyDocument()), error: null };
  if (typeof value === 'string') return { doc: parseHtmlWith(value), error: null };
  try {
    return { doc: documentFromJson(value), error: null };
  } catch (error) {
    return { doc: documentFromJson(emptyDocument()), error: error instanceof Error ? error.message : String(error) };
  }
}

export function createEditor(mount: HTMLElement, options: EditorOptions = {}): EditorInstance {
  const listeners = new Set<() => void>();
  const docListeners = new Set<(doc: PMNode) => void>();
  let editable = options.editable ?? true;
  let unreadable: string | null = null;
  const plugins = editorPlugins({ placeholder: options.placeholder });
  const stateFor = (value: EditorValue) => {
    const { doc, error } = readValue(value);
    unreadable = error;
    return EditorState.create({ schema, doc, plugins });
  };

  const view: EditorView = new EditorView(mount, {
    state: stateFor(options.value),
    editable: () => editable && unreadable === null,
    attributes: {
      class: 'intranet-editor-content',
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': options.label ?? 'Editor de texto',
      'data-testid': 'editor-content',
    },
    dispatchTransaction(tr) {
      view.updateState(view.state.apply(tr));
      if (tr.docChanged) {
        docListeners.forEach((listener) => {
          listener(view.state.doc);
        });
      }
      listeners.forEach((listener) => {
        listener();
      });
    },
  });

  const notify = () => {
    listeners.forEach((listener) => {
      listener();
    });
  };

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
    get unreadable() {
      return unreadable;
    },
    getJson: () => documentToJson(view.state.doc),
    getHtml: () => renderHtml(view.state.doc),
    setContent(value) {
      view.updateState(stateFor(value));
      view.setProps({});
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
