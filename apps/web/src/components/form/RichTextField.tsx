import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { EditorValue } from '@intranet/editor/editor';
import { formMessages } from '../messages.ts';
import type { BoundFieldProps } from './boundField.ts';

// The editor (ProseMirror and its toolbar) is its own chunk, fetched only when a rich-text field shows.
const Editor = lazy(() => import('@intranet/editor/react/Editor').then((m) => ({ default: m.Editor })));

interface RichTextFieldProps<T extends FieldValues, O> extends BoundFieldProps<T, O> {
  withAsterisk?: boolean;
  description?: string;
}

/**
 * A rich-text field bound to the form: the editor's JSON document is the field's value, its errors (the
 * contract's or the server's) show under it. A stored document the editor cannot read is kept as it is
 * (the editor says so) until the user chooses to replace it.
 */
export function RichTextField<T extends FieldValues, O>({
  control,
  name,
  label,
  withAsterisk,
  description,
}: RichTextFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const errorId = `${id}-error`;
  const error = fieldState.error?.message;
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      withAsterisk={withAsterisk}
      description={description}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Suspense fallback={<Skeleton height={170} radius="sm" role="status" aria-label={formMessages.cargandoEditor} />}>
        <Editor
          value={field.value as EditorValue}
          onChange={field.onChange}
          onBlur={field.onBlur}
          onReady={(editor) => field.ref({ focus: () => editor.view.focus() })}
          label={label}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          disabled={field.disabled}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
