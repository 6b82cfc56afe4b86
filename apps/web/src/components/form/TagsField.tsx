import { TagsInput, type TagsInputProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps, ControlledProps } from './boundField.ts';

type TagsFieldProps<T extends FieldValues, O> = BoundFieldProps<T, O> & Omit<TagsInputProps, ControlledProps>;

/** A list of words (tags) bound to the form; its error is the schema's or the server's. */
export function TagsField<T extends FieldValues, O>({ control, name, label, ...input }: TagsFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  return (
    <TagsInput
      comboboxProps={{ withinPortal: true }}
      {...input}
      ref={field.ref}
      name={field.name}
      label={label}
      value={Array.isArray(value) ? (value as string[]) : []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message ?? primerError(fieldState.error)}
    />
  );
}

/** A word's own error (`campo.2`: "Máximo 100 caracteres"), when the list as a whole has none. */
function primerError(error: unknown): string | undefined {
  if (!Array.isArray(error)) return undefined;
  for (const e of error as unknown[]) {
    const message = (e as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
