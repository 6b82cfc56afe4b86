import { Textarea, type TextareaProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import { asText, type BoundFieldProps, type ControlledProps } from './boundField.ts';

type TextareaFieldProps<T extends FieldValues, O> = BoundFieldProps<T, O> & Omit<TextareaProps, ControlledProps>;

/** A multi-line text field bound to the form. */
export function TextareaField<T extends FieldValues, O>({ control, name, label, ...input }: TextareaFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Textarea
      autosize
      minRows={3}
      {...input}
      ref={field.ref}
      name={field.name}
      label={label}
      value={asText(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
