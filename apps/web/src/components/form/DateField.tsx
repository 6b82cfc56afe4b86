import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { Ref } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { asText, type BoundFieldProps, type ControlledProps } from './boundField.ts';

dayjs.extend(customParseFormat);

/** What staff type: dd/mm/aaaa (or d/m/aa), and the ISO day a paste or a script may bring. */
const FORMATOS = ['DD/MM/YYYY', 'D/M/YYYY', 'DD/MM/YY', 'D/M/YY', 'YYYY-MM-DD'];

/** A typed day as the form keeps it (aaaa-mm-dd), or null when it is not one. */
export function leerDia(texto: string): string | null {
  const dia = dayjs(texto.trim(), FORMATOS, true);
  return dia.isValid() ? dia.format('YYYY-MM-DD') : null;
}

type DateInputEsProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** The day as aaaa-mm-dd, '' or null for none. */
  value: string | null;
  onChange: (dia: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A day picker shown dd/mm/aaaa with a Spanish calendar (DatesProvider's 'es' locale) whatever the browser's
 * language, unlike `<input type="date">`; it gives the day as aaaa-mm-dd, '' when cleared.
 */
export function DateInputEs({ value, onChange, ...input }: DateInputEsProps) {
  return (
    <DateInput
      {...input}
      value={value || null}
      onChange={(dia) => onChange(dia ?? '')}
      valueFormat="DD/MM/YYYY"
      dateParser={(texto) => leerDia(texto)}
      placeholder={input.placeholder ?? 'dd/mm/aaaa'}
      clearable={!input.withAsterisk}
      // Mantine's clear button has no name of its own: a screen reader would read only "button".
      clearButtonProps={{ 'aria-label': 'Borrar la fecha', ...input.clearButtonProps }}
    />
  );
}

type DateFieldProps<T extends FieldValues, O> = BoundFieldProps<T, O> &
  Omit<DateInputProps, ControlledProps | 'valueFormat' | 'dateParser'>;

/** A day bound to the form (aaaa-mm-dd, as the contract has it); its error is the schema's or the server's. */
export function DateField<T extends FieldValues, O>({ control, name, label, ...input }: DateFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateInputEs
      {...input}
      ref={field.ref}
      name={field.name}
      label={label}
      value={asText(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
