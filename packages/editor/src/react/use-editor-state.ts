// Re-renders a component on every editor transaction and hands it the current state.
import type { EditorState } from 'prosemirror-state';
import { useSyncExternalStore } from 'react';
import type { EditorInstance } from '../editor.ts';

export function requireEditor(editor: EditorInstance | null | undefined): EditorInstance {
  if (!editor) throw new Error('Required editor instance');
  return editor;
}

export function useEditorState(editor: EditorInstance): EditorState {
  return useSyncExternalStore(
    editor.subscribe,
    () => editor.view.state,
    () => editor.view.state,
  );
}
