// Link popup, as specified: URL required and matching the pattern, text required unless text is selected,
// 'open in new tab' on by default. The cursor inside a link edits that link.
import { useState } from 'react';
import { isMarkActive } from '../commands/marks.ts';
import { linkAtSelection } from '../commands/insert.ts';
import type { EditorInstance } from '../editor.ts';
import { schema } from '../schema/index.ts';
import { isValidPopupUrl, popupUrlToHref } from '../url.ts';
import { Field } from './Field.tsx';
import { Icon } from './icons.tsx';
import { messages } from './messages.ts';
import { Popover } from './Popover.tsx';
import { keepFocus, PopupForm } from './PopupForm.tsx';
import { requireEditor, useEditorState } from './use-editor-state.ts';

export function urlError(url: string): string | null {
  if (!url.trim()) return messages.required;
  return isValidPopupUrl(url) ? null : messages.invalidUrl;
}

export function LinkPopup({
  editor: given,
  disabled,
}: {
  editor: EditorInstance | null | undefined;
  disabled?: boolean;
}) {
  const editor = requireEditor(given);
  const state = useEditorState(editor);
  return (
    <Popover
      label={messages.link}
      testId="editor-link"
      role="dialog"
      active={isMarkActive(state, schema.marks.link!)}
      disabled={disabled}
      button={<Icon name="link" />}
    >
      {(close) => <LinkForm editor={editor} close={close} />}
    </Popover>
  );
}

function LinkForm({ editor, close }: { editor: EditorInstance; close: () => void }) {
  // Read once when the popup opens: the form edits that selection or that link.
  const [initial] = useState(() => {
    const { state } = editor.view;
    const { from, to, empty } = state.selection;
    const current = linkAtSelection(state);
    return {
      locked: !empty,
      text: empty ? (current?.text ?? '') : state.doc.textBetween(from, to, ' '),
      href: (current?.attrs.href as string | undefined) ?? '',
      newTab: current ? current.attrs.target !== '_self' : true,
      editing: Boolean(current),
    };
  });
  const [href, setHref] = useState(initial.href);
  const [text, setText] = useState(initial.text);
  const [newTab, setNewTab] = useState(initial.newTab);
  const [touched, setTouched] = useState({ href: false, text: false });

  const hrefError = urlError(href);
  const textError = !initial.locked && !text.trim() ? messages.required : null;

  const submit = () => {
    setTouched({ href: true, text: true });
    if (hrefError || textError) return;
    editor.commands.insertLink(text, { href: popupUrlToHref(href), target: newTab ? '_blank' : '_self' });
    close();
    editor.view.focus();
  };

  return (
    <PopupForm label={messages.linkDialog} testId="editor-link-form" onSubmit={submit}>
      <Field label={messages.linkUrl} error={touched.href ? hrefError : null} testId="editor-link-url">
        {(props) => (
          <input
            {...props}
            type="url"
            value={href}
            autoComplete="off"
            onChange={(e) => {
              setHref(e.target.value);
              setTouched((t) => ({ ...t, href: true }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, href: true }))}
          />
        )}
      </Field>
      <Field label={messages.linkText} error={touched.text ? textError : null} testId="editor-link-text">
        {(props) => (
          <input
            {...props}
            type="text"
            value={text}
            disabled={initial.locked}
            onChange={(e) => {
              setText(e.target.value);
              setTouched((t) => ({ ...t, text: true }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, text: true }))}
          />
        )}
      </Field>
      <label className="intranet-editor-check">
        <input
          type="checkbox"
          checked={newTab}
          data-testid="editor-link-new-tab"
          onChange={(e) => setNewTab(e.target.checked)}
        />
        {messages.linkNewTab}
      </label>
      <div className="intranet-editor-actions">
        {initial.editing && (
          <button
            type="button"
            className="intranet-editor-action"
            data-variant="default"
            data-testid="editor-link-remove"
            onClick={() => {
              editor.commands.removeLink();
              close();
              editor.view.focus();
            }}
          >
            {messages.linkRemove}
          </button>
        )}
        <button
          type="button"
          className="intranet-editor-action"
          data-variant="filled"
          data-testid="editor-link-submit"
          onClick={submit}
          onMouseDown={keepFocus}
        >
          {messages.insert}
        </button>
      </div>
    </PopupForm>
  );
}
