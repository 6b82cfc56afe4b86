import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps, ControlledProps } from '../../../components/form/boundField.ts';
import { listMessages } from '../../../components/messages.ts';
import { useContactoOpciones } from './api.ts';
import { clientesMessages as t } from './messages.ts';

type ContactoSelectProps<T extends FieldValues, O> = BoundFieldProps<T, O> & Omit<SelectProps, ControlledProps | 'data' | 'searchable'>;

/** The client's contact: a Persona chosen by typing part of the name (the Personas area searches). */
export function ContactoSelect<T extends FieldValues, O>({ control, name, label, ...input }: ContactoSelectProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'number' ? field.value : null;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const opciones = useContactoOpciones(q, value);
  const data = (opciones.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre_completo }));
  return (
    <Select
      placeholder={t.buscarContacto}
      nothingFoundMessage={opciones.isFetching ? listMessages.cargando : listMessages.sinResultados}
      clearable
      {...input}
      ref={field.ref}
      name={field.name}
      label={label}
      data={data}
      searchable
      filter={({ options }) => options}
      onSearchChange={setSearch}
      value={value === null ? null : String(value)}
      onChange={(next) => field.onChange(next === null ? null : Number(next))}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
