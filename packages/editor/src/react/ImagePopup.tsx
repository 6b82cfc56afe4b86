// Image popup, as specified: source URL required and matching the pattern; alt and title optional.
// With an image selected, the popup edits it and keeps its width.
import { NodeSelection } from 'prosemirror-state';
import { useState } from 'react';
import type { EditorInstance } from '../editor.ts';
import { popupUrlToHref } from '../url.ts';
import { Field } from './Field.tsx';
import { Icon } from './icons.tsx';
import { urlError } from './LinkPopup.tsx';
import { messages } from './messages.ts';
import { Popover } from './Popover.tsx';
import { keepFocus, PopupForm } from './PopupForm.tsx';
import { requireEditor, useEditorState } from './use-editor-state.ts';

function selectedImage(editor: EditorInstance) {
  const { selection } = editor.view.state;
  return selection instanceof NodeSelection && selection.node.type.name === 'image' ? selection.node : null;
}

export function ImagePopup({
  editor: given,
  disabled,
}: {
  editor: EditorInstance | null | undefined;
  disabled?: boolean;
}) {
  const editor = requireEditor(given);
  useEditorState(editor);
  return (
    <Popover
      label={messages.image}
      testId="editor-image"
      role="dialog"
      active={Boolean(selectedImage(editor))}
      disabled={disabled}
      button={<Icon name="image" />}
    >
      {(close) => <ImageForm editor={editor} close={close} />}
    </Popover>
  );
}

function ImageForm({ editor, close }: { editor: EditorInstance; close: () => void }) {
  const [image] = useState(() => selectedImage(editor));
  const attr = (name: string) => (image?.attrs[name] as string | null | undefined) ?? '';
  const [src, setSrc] = useState(attr('src'));
  const [alt, setAlt] = useState(attr('alt'));
  const [title, setTitle] = useState(attr('title'));
  const [touched, setTouched] = useState(false);
  const error = urlError(src);

  const submit = () => {
    setTouched(true);
    if (error) return;
    editor.commands.insertImage(popupUrlToHref(src), {
      alt,
      title,
      width: (image?.attrs.width as string | null) ?? null,
    });
    close();
    editor.view.focus();
  };

  return (
    <PopupForm label={messages.imageDialog} testId="editor-image-form" onSubmit={submit}>
      <Field label={messages.imageSrc} error={touched ? error : null} testId="editor-image-src">
        {(props) => (
          <input
            {...props}
            type="url"
            value={src}
            autoComplete="off"
            onChange={(e) => {
              setSrc(e.target.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
          />
        )}
      </Field>
      <Field label={messages.imageAlt} error={null} testId="editor-image-alt">
        {(props) => <input {...props} type="text" value={alt} onChange={(e) => setAlt(e.target.value)} />}
      </Field>
      <Field label={messages.imageTitle} error={null} testId="editor-image-title">
        {(props) => <input {...props} type="text" value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <div className="intranet-editor-actions">
        <button
          type="button"
          className="intranet-editor-action"
          data-variant="filled"
          data-testid="editor-image-submit"
          onClick={submit}
          onMouseDown={keepFocus}
        >
          {messages.insert}
        </button>
      </div>
    </PopupForm>
  );
}
