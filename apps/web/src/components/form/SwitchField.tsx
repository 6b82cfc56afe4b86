import { Switch, type SwitchProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps, ControlledProps } from './boundField.ts';

type SwitchFieldProps<T extends FieldValues, O> = BoundFieldProps<T, O> & Omit<SwitchProps, ControlledProps>;

/** A yes/no field bound to the form. */
export function SwitchField<T extends FieldValues, O>({ control, name, label, ...input }: SwitchFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Switch
      {...input}
      ref={field.ref}
      name={field.name}
      label={label}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
