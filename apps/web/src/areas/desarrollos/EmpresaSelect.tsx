import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps, ControlledProps } from '../../components/form/boundField.ts';
import { listMessages } from '../../components/messages.ts';
import { useEmpresaOpciones } from './api.ts';
import { desarrollosMessages as t } from './messages.ts';

/** The clients matching what is typed (the server searches), as select options. */
function useEmpresaData(value: number | null) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const opciones = useEmpresaOpciones(q, value);
  return {
    data: (opciones.data ?? []).map((e) => ({ value: String(e.id), label: e.razon_social })),
    onSearchChange: setSearch,
    nothingFoundMessage: opciones.isFetching ? listMessages.cargando : listMessages.sinResultados,
  };
}

type EmpresaSelectProps<T extends FieldValues, O> = BoundFieldProps<T, O> & Omit<SelectProps, ControlledProps | 'data' | 'searchable'>;

/** The development's client, chosen by typing part of its name or CUIT; empty for internal work. */
export function EmpresaSelect<T extends FieldValues, O>({ control, name, label, ...input }: EmpresaSelectProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'number' ? field.value : null;
  const opciones = useEmpresaData(value);
  return (
    <Select
      placeholder={t.buscarCliente}
      clearable
      {...input}
      {...opciones}
      ref={field.ref}
      name={field.name}
      label={label}
      searchable
      filter={({ options }) => options}
      value={value === null ? null : String(value)}
      onChange={(next) => field.onChange(next === null ? null : Number(next))}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The list's and the board's filter by client. */
export function EmpresaFilter({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const opciones = useEmpresaData(value ?? null);
  return (
    <Select
      label={t.campos.empresa}
      placeholder={listMessages.todos}
      {...opciones}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? undefined : Number(next))}
      searchable
      clearable
      filter={({ options }) => options}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', sm: 220 }}
    />
  );
}
