// The rich-text field: toolbar plus editable area. Default export, so screens can React.lazy() it.
import 'prosemirror-view/style/prosemirror.css';
import './editor.css';
import { useEffect, useRef, useState } from 'react';
import { emptyDocument, type DocumentJson } from '../document.ts';
import { createEditor, type EditorInstance, type EditorValue } from '../editor.ts';
import { messages } from './messages.ts';
import { Toolbar } from './Toolbar.tsx';

export interface EditorProps {
  /** The stored JSON document or HTML; a new value from outside (a form reset) replaces the content. */
  value?: EditorValue;
  /** The document after each change, as JSON (what is stored). */
  onChange?: (value: DocumentJson) => void;
  /** The document after each change, as HTML rendered through the schema (only computed when given). */
  onHtmlChange?: (html: string) => void;
  onBlur?: () => void;
  /** Called with the editor instance (commands, view) once it exists. */
  onReady?: (editor: EditorInstance) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Accessible name of the editable area; defaults to 'Editor de texto'. */
  label?: string;
  /** id of the editable area, for an outside <label htmlFor>. */
  id?: string;
  invalid?: boolean;
  /** aria-describedby of the editable area (a form's error message). */
  describedBy?: string;
  toolbar?: boolean;
  className?: string;
  'data-testid'?: string;
}

export function Editor({
  value,
  onChange,
  onHtmlChange,
  onBlur,
  onReady,
  placeholder = messages.placeholder,
  disabled = false,
  label = messages.editorLabel,
  id,
  invalid,
  describedBy,
  toolbar = true,
  className,
  'data-testid': testId = 'editor',
}: EditorProps) {
  const mount = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<EditorInstance | null>(null);
  // Why the stored value could not be read; the field then keeps it untouched until the user replaces it.
  const [unreadable, setUnreadable] = useState<string | null>(null);
  // What this field last emitted, so echoing it back through `value` does not reset the content.
  const emitted = useRef<string | null>(null);
  const callbacks = useRef({ onChange, onHtmlChange, onBlur });
  callbacks.current = { onChange, onHtmlChange, onBlur };
  const initialValue = useRef(value);

  // The instance is created once, on mount, and lives as long as the component; rebuilding it when placeholder, label,
  // disabled or onReady change would drop its selection and undo history and call onReady again (an effect below
  // applies a new disabled).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reason is above
  useEffect(() => {
    const instance = createEditor(mount.current!, {
      value: initialValue.current,
      placeholder,
      label,
      editable: !disabled,
    });
    const stop = instance.onDocChange(() => {
      const json = instance.getJson();
      emitted.current = JSON.stringify(json);
      callbacks.current.onChange?.(json);
      if (callbacks.current.onHtmlChange) {
        const html = instance.getHtml();
        emitted.current = html;
        callbacks.current.onHtmlChange(html);
      }
    });
    const blur = () => callbacks.current.onBlur?.();
    instance.view.dom.addEventListener('blur', blur);
    setEditor(instance);
    setUnreadable(instance.unreadable);
    onReady?.(instance);
    return () => {
      stop();
      instance.view.dom.removeEventListener('blur', blur);
      instance.destroy();
      setEditor(null);
    };
    // The instance lives as long as the component; later prop changes are applied below.
  }, []);

  useEffect(() => {
    if (!editor || value === initialValue.current) return;
    initialValue.current = value;
    const incoming = typeof value === 'string' ? value : JSON.stringify(value ?? null);
    if (incoming === emitted.current) return;
    if (typeof value !== 'string' && incoming === JSON.stringify(editor.getJson())) return;
    editor.setContent(value);
    setUnreadable(editor.unreadable);
  }, [editor, value]);

  /** The user's explicit choice: drop the unreadable stored value for an empty document. */
  const replaceUnreadable = () => {
    if (!editor) return;
    const empty = emptyDocument();
    editor.setContent(empty);
    setUnreadable(null);
    emitted.current = JSON.stringify(empty);
    callbacks.current.onChange?.(empty);
    if (callbacks.current.onHtmlChange) callbacks.current.onHtmlChange(editor.getHtml());
    focusWhenShown.current = true;
  };

  // The editable area shows again only after the render that clears `unreadable`; focus it then.
  const focusWhenShown = useRef(false);
  useEffect(() => {
    if (!editor || unreadable || !focusWhenShown.current) return;
    focusWhenShown.current = false;
    editor.view.focus();
  }, [editor, unreadable]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  useEffect(() => {
    const dom = editor?.view.dom;
    if (!dom) return;
    const attributes: Record<string, string | undefined> = {
      id,
      'aria-invalid': invalid || unreadable ? 'true' : undefined,
      'aria-describedby': describedBy,
      'aria-disabled': disabled ? 'true' : undefined,
    };
    for (const [name, attr] of Object.entries(attributes)) {
      if (attr === undefined) dom.removeAttribute(name);
      else dom.setAttribute(name, attr);
    }
  }, [editor, id, invalid, describedBy, disabled, unreadable]);

  return (
    <div
      className={['intranet-editor', className].filter(Boolean).join(' ')}
      data-testid={testId}
      data-disabled={disabled || undefined}
      data-unreadable={unreadable ? '' : undefined}
    >
      {unreadable && (
        <div className="intranet-editor-unreadable" role="alert" data-testid={`${testId}-unreadable`}>
          <strong>{messages.unreadableTitle}</strong>
          <p>{messages.unreadableText}</p>
          <p className="intranet-editor-unreadable-detail">{unreadable}</p>
          {!disabled && (
            <button
              type="button"
              className="intranet-editor-action intranet-editor-unreadable-replace"
              data-variant="default"
              onClick={replaceUnreadable}
              data-testid={`${testId}-unreadable-replace`}
            >
              {messages.unreadableReplace}
            </button>
          )}
        </div>
      )}
      {toolbar && editor && !unreadable && <Toolbar editor={editor} disabled={disabled} />}
      <div ref={mount} className="intranet-editor-mount" hidden={Boolean(unreadable)} />
    </div>
  );
}
