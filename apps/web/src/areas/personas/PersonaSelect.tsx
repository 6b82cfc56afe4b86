import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps, ControlledProps } from '../../components/form/boundField.ts';
import { listMessages } from '../../components/messages.ts';
import { usePersonaOpciones } from './api.ts';
import { personasMessages as t } from './messages.ts';

type PersonaSelectProps<T extends FieldValues, O> = BoundFieldProps<T, O> &
  Omit<SelectProps, ControlledProps | 'data' | 'searchable'> & {
    /** Offer only active people (assigning a machine). */
    soloActivas?: boolean;
    /** A person that may not be chosen (the person themself as their own responsable). */
    excluir?: number;
  };

/** A person chosen by typing part of the name; the server searches, at most 50 at a time. */
export function PersonaSelect<T extends FieldValues, O>({ control, name, label, soloActivas = false, excluir, ...input }: PersonaSelectProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'number' ? field.value : null;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const opciones = usePersonaOpciones(q, value, soloActivas);
  const data = (opciones.data ?? [])
    .filter((p) => p.id !== excluir)
    .map((p) => ({ value: String(p.id), label: p.activo ? p.nombre_completo : `${p.nombre_completo} (${t.inactiva.toLowerCase()})` }));
  return (
    <Select
      placeholder={t.buscarPersona}
      nothingFoundMessage={opciones.isFetching ? listMessages.cargando : listMessages.sinResultados}
      clearable
      {...input}
      ref={field.ref}
      name={field.name}
      label={label}
      data={data}
      searchable
      // The server already filtered by the text typed; the select must not filter again by label.
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
