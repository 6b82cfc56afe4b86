import { TextInput, type TextInputProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import { asText, type BoundFieldProps, type ControlledProps } from './boundField.ts';

type TextFieldProps<T extends FieldValues, O> = BoundFieldProps<T, O> & Omit<TextInputProps, ControlledProps>;

/** A one-line text field bound to the form; its error is the schema's or the server's. */
export function TextField<T extends FieldValues, O>({ control, name, label, ...input }: TextFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextInput
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
