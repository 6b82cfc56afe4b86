import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps, ControlledProps } from './boundField.ts';

type NumberFieldProps<T extends FieldValues, O> = BoundFieldProps<T, O> & Omit<NumberInputProps, ControlledProps>;

/** A number field bound to the form; an empty box is null and nothing is clamped, so the schema judges. */
export function NumberField<T extends FieldValues, O>({ control, name, label, ...input }: NumberFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  return (
    <NumberInput
      allowDecimal={false}
      clampBehavior="none"
      {...input}
      ref={field.ref}
      name={field.name}
      label={label}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      onChange={(next) => field.onChange(next === '' ? null : next)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
