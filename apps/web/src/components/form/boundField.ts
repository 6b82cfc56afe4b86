import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/**
 * What every form field receives: the form's control, the field's name (a path of the form's values, so a
 * typo does not compile) and its visible label, which is also its accessible name.
 */
export interface BoundFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
}

/** The props a field takes over from the input it wraps. */
export type ControlledProps = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'label' | 'checked';

/** A text input's value: blank for null and undefined (optional contract fields arrive as null). */
export const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
