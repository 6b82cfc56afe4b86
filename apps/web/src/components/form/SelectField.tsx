import { Select, type SelectProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps, ControlledProps } from './boundField.ts';

type SelectFieldProps<T extends FieldValues, O> = BoundFieldProps<T, O> &
  Omit<SelectProps, ControlledProps> & {
    /** The form holds a number (an id) while the options carry strings. */
    numeric?: boolean;
  };

/** A choice among options, bound to the form. */
export function SelectField<T extends FieldValues, O>({
  control,
  name,
  label,
  numeric = false,
  ...input
}: SelectFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  return (
    <Select
      allowDeselect={false}
      {...input}
      ref={field.ref}
      name={field.name}
      label={label}
      value={value === null || value === undefined || value === '' ? null : String(value)}
      onChange={(next) => field.onChange(next === null ? null : numeric ? Number(next) : next)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
