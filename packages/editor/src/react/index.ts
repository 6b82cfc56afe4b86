// React entry. Screens should load the field lazily:
// lazy(() => import('@intranet/editor/react/Editor').then((m) => ({ default: m.Editor }))).
export { Editor, type EditorProps } from './Editor.tsx';
export { Toolbar } from './Toolbar.tsx';
export { HeadingMenu } from './HeadingMenu.tsx';
export { LinkPopup } from './LinkPopup.tsx';
export { ImagePopup } from './ImagePopup.tsx';
export { ColorPicker } from './ColorPicker.tsx';
export { useEditorState } from './use-editor-state.ts';
export { messages } from './messages.ts';
export { createEditor, type EditorInstance, type EditorOptions, type EditorValue } from '../editor.ts';
export { createCommands, type EditorCommands } from '../commands/create-commands.ts';
