import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { formatCuit } from '@intranet/contract/clientes';
import type { BoundFieldProps, ControlledProps } from '../../../components/form/boundField.ts';
import { listMessages } from '../../../components/messages.ts';
import { useEmpresaOpciones } from './api.ts';
import { vencimientosMessages as t } from './messages.ts';

type EmpresaSelectProps<T extends FieldValues, O> = BoundFieldProps<T, O> & Omit<SelectProps, ControlledProps | 'data' | 'searchable'>;

/** A client chosen by typing part of its name or CUIT; the server searches, at most 50 at a time. */
export function EmpresaSelect<T extends FieldValues, O>({ control, name, label, ...input }: EmpresaSelectProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'number' ? field.value : null;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const opciones = useEmpresaOpciones(q, value);
  const data = (opciones.data ?? []).map((e) => ({ value: String(e.id), label: `${e.razon_social} (${formatCuit(e.cuit)})` }));
  return (
    <Select
      placeholder={t.buscarCliente}
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

/** A list filter by client: type part of its name or CUIT, or clear it for all. */
export function EmpresaFilter({ label, value, onChange }: { label: string; value: number | undefined; onChange: (id: number | undefined) => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const opciones = useEmpresaOpciones(q, value ?? null);
  return (
    <Select
      label={label}
      placeholder={listMessages.todos}
      data={(opciones.data ?? []).map((e) => ({ value: String(e.id), label: e.razon_social }))}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? undefined : Number(next))}
      searchable
      clearable
      filter={({ options }) => options}
      onSearchChange={setSearch}
      nothingFoundMessage={opciones.isFetching ? listMessages.cargando : listMessages.sinResultados}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', sm: 220 }}
    />
  );
}
